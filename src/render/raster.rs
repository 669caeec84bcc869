//! The board picture as a PNG: the pixels `paint` draws (what the SVG of
//! `svg` shows), encoded without alpha (the board is opaque), with a
//! palette when it fits in one.

use thiserror::Error;

use super::paint::paint;
use super::picture::Picture;

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
    /// The PNG encoder failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[from] png::EncodingError),
}

/// Returns the PNG of `p`: what its [`svg`](super::svg) shows, painted.
pub fn png(p: &Picture) -> Result<Png, RenderError> {
    let side = p.geometry().width();
    let pixmap = paint(p).ok_or(RenderError::Size(side))?;
    let bytes = encode(pixmap.data(), side)?;
    Ok(Png {
        bytes,
        width: side,
        height: side,
    })
}

/// The PNG of opaque premultiplied RGBA pixels (alpha is 255 everywhere,
/// so the colours are as they are): indexed when they hold at most 256
/// colours (a board does: wood, ink and the edges between them), which
/// makes it about three times smaller, else 8-bit RGB.
fn encode(rgba: &[u8], side: u32) -> Result<Vec<u8>, RenderError> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, side, side);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(3));
    let data = match indexed(rgba) {
        Some((palette, indices)) => {
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_palette(palette);
            encoder.set_filter(png::Filter::NoFilter);
            indices
        }
        None => {
            encoder.set_color(png::ColorType::Rgb);
            rgba.chunks_exact(4)
                .flat_map(|px| [px[0], px[1], px[2]])
                .collect()
        }
    };
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&data)?;
    writer.finish()?;
    Ok(bytes)
}

/// The palette (RGB triples) and one index per pixel, or `None` when the
/// pixels hold more than 256 colours.
fn indexed(rgba: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut palette = Palette::default();
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    let mut last = (u32::MAX, 0);
    for px in rgba.chunks_exact(4) {
        let rgb = u32::from_be_bytes([0, px[0], px[1], px[2]]);
        if rgb != last.0 {
            last = (rgb, palette.index(rgb)?);
        }
        indices.push(last.1);
    }
    Some((palette.colours, indices))
}

/// Slots in the colour table: a power of two well above 256.
const SLOTS: usize = 1024;

/// Colours seen so far, by an open-addressed table of `0x00RRGGBB` values.
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
    use super::indexed;

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
}
