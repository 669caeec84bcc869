//! The board picture as a PNG ([`Png`]): the pixels `paint` draws (what
//! the SVG of `svg` shows), encoded without alpha (the board is opaque),
//! with a palette when it fits in one.

use thiserror::Error;

/// A PNG image and its size in pixels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Png {
    /// The PNG file's bytes.
    pub bytes: Vec<u8>,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
}

/// Why a picture could not be made (none of these happens with the SVG
/// `svg` writes; they are reported rather than unwrapped).
#[derive(Debug, Error)]
pub enum RenderError {
    /// The picture has no pixels.
    #[error("cannot make a {0}x{0} pixel picture")]
    Size(u32),
}

/// How hard the deflate works: miniz's level 3, what the `png` crate was
/// asked for before (same size of file), done in one call over the whole
/// image instead of through `png`'s streaming writer and `flate2`, which
/// zeroed their output buffer again for every few kilobytes written (that
/// zeroing cost three times the compression itself).
const LEVEL: u8 = 3;

/// The PNG of opaque premultiplied RGBA pixels, `side` square (alpha is
/// 255 everywhere, so the colours are as they are): with `indexed`, their
/// palette form (a board holds few colours: wood, ink and the edges
/// between them), which makes it about three times smaller, else 8-bit RGB.
/// Rows are not filtered (filter type 0 on every row).
pub(super) fn encode(
    rgba: &[u8],
    side: u32,
    indexed: Option<Indexed>,
) -> Result<Vec<u8>, RenderError> {
    let width = side as usize;
    let (color_type, palette, rows) = match &indexed {
        Some(Indexed { palette, indices }) => (3, Some(&palette.colours), rows(indices, width)),
        None => {
            let rgb: Vec<u8> = rgba
                .chunks_exact(4)
                .flat_map(|px| [px[0], px[1], px[2]])
                .collect();
            (2, None, rows(&rgb, 3 * width))
        }
    };
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&[8, color_type, 0, 0, 0]);
    let idat = miniz_oxide::deflate::compress_to_vec_zlib(&rows, LEVEL);
    let mut png = Vec::with_capacity(idat.len() + 1024);
    png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    chunk(&mut png, b"IHDR", &header);
    if let Some(palette) = palette {
        chunk(&mut png, b"PLTE", palette);
    }
    chunk(&mut png, b"IDAT", &idat);
    chunk(&mut png, b"IEND", &[]);
    Ok(png)
}

/// `data` cut in rows of `stride` bytes, each after its filter type byte 0.
fn rows(data: &[u8], stride: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / stride.max(1) + 1);
    for row in data.chunks(stride.max(1)) {
        out.push(0);
        out.extend_from_slice(row);
    }
    out
}

/// Appends the PNG chunk `kind` holding `data`: length, type, data, CRC.
fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    let len = u32::try_from(data.len()).unwrap_or(u32::MAX);
    png.extend_from_slice(&len.to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// Pixels as indices into a palette of at most 256 colours.
#[derive(Debug, Clone, Default)]
pub(super) struct Indexed {
    palette: Palette,
    /// One palette index per pixel.
    indices: Vec<u8>,
}

impl Indexed {
    /// All the pixels of `rgba`, or `None` when they hold more than 256 colours.
    pub(super) fn of(rgba: &[u8]) -> Option<Indexed> {
        let mut all = Indexed {
            palette: Palette::default(),
            indices: vec![0; rgba.len() / 4],
        };
        all.reindex(rgba, 0, rgba.len() / 4)?;
        Some(all)
    }

    /// Indexes again the pixels `start..end` of `rgba` (the pixels this
    /// indexes, some of them changed since); `None` when that makes more
    /// than 256 colours.
    ///
    /// A plain loop over indices: iterator adaptors cost ten times as much
    /// where this crate is built without optimisation (the tests' debug
    /// builds), and a picture has up to 460,000 pixels.
    pub(super) fn reindex(&mut self, rgba: &[u8], start: usize, end: usize) -> Option<()> {
        let (mut last, mut index) = (u32::MAX, 0);
        let mut i = start;
        while i < end {
            let at = 4 * i;
            let rgb =
                u32::from(rgba[at]) << 16 | u32::from(rgba[at + 1]) << 8 | u32::from(rgba[at + 2]);
            if rgb != last {
                (last, index) = (rgb, self.palette.index(rgb)?);
            }
            self.indices[i] = index;
            i += 1;
        }
        Some(())
    }
}

/// Slots in the colour table: a power of two well above 256.
const SLOTS: usize = 1024;

/// Colours seen so far, by an open-addressed table of `0x00RRGGBB` values.
#[derive(Debug, Clone)]
struct Palette {
    slots: Vec<Option<(u32, u8)>>,
    colours: Vec<u8>,
}

impl Default for Palette {
    fn default() -> Self {
        Palette {
            slots: vec![None; SLOTS],
            colours: Vec::with_capacity(768),
        }
    }
}

impl Palette {
    /// The index of `rgb`, added if new; `None` once 256 are taken.
    fn index(&mut self, rgb: u32) -> Option<u8> {
        let mut slot = (rgb.wrapping_mul(0x9e37_79b1) >> 22) as usize % SLOTS;
        loop {
            match self.slots[slot] {
                Some((c, i)) if c == rgb => return Some(i),
                Some(_) => slot = (slot + 1) % SLOTS,
                None => {
                    let i = u8::try_from(self.colours.len() / 3).ok()?;
                    self.slots[slot] = Some((rgb, i));
                    self.colours.extend_from_slice(&rgb.to_be_bytes()[1..]);
                    return Some(i);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Indexed;

    fn indexed(rgba: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
        Indexed::of(rgba).map(|i| (i.palette.colours, i.indices))
    }

    #[test]
    fn few_colours_make_a_palette_and_many_do_not() {
        let pixels = [[1, 2, 3, 255], [4, 5, 6, 255], [1, 2, 3, 255]].concat();
        let (palette, indices) = indexed(&pixels).unwrap();
        assert_eq!(palette, [1, 2, 3, 4, 5, 6]);
        assert_eq!(indices, [0, 1, 0]);
        let many: Vec<u8> = (0..300u32)
            .flat_map(|i| [(i % 256) as u8, (i / 256) as u8, 0, 255])
            .collect();
        assert!(indexed(&many).is_none());
        let exactly: Vec<u8> = (0..256u32).flat_map(|i| [i as u8, 7, 7, 255]).collect();
        assert_eq!(indexed(&exactly).unwrap().0.len(), 768);
    }

    #[test]
    fn indexing_again_takes_the_changed_pixels_and_keeps_the_palette() {
        let mut pixels = [[1, 2, 3, 255], [4, 5, 6, 255], [1, 2, 3, 255]].concat();
        let mut indexed = Indexed::of(&pixels).unwrap();
        pixels[8..12].copy_from_slice(&[9, 9, 9, 255]);
        indexed.reindex(&pixels, 2, 3).unwrap();
        assert_eq!(indexed.palette.colours, [1, 2, 3, 4, 5, 6, 9, 9, 9]);
        assert_eq!(indexed.indices, [0, 1, 2]);
    }
}
