//! [`Sprite`]: a small drawing (a stone, a glyph) painted once and stamped
//! wherever it goes, and [`stamp`], which does the stamping on the bytes.
//!
//! A sprite knows, row by row, its runs of opaque pixels and of partly
//! covered ones (transparent pixels are skipped): an opaque run is copied
//! as it is, only the few pixels of its anti-aliased edge are blended.
//! That keeps a board of 300 stones cheap even where this crate is built
//! without optimisation (the debug builds the tests run).

use tiny_skia::Pixmap;

/// A run of pixels `start..end` of one sprite row, all opaque or all
/// partly covered.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: i32,
    end: i32,
    opaque: bool,
}

/// A small drawing stamped many times; its origin lands `offset` pixels
/// left of and above the point it is stamped at.
#[derive(Debug, Clone)]
pub(super) struct Sprite {
    pixmap: Pixmap,
    offset: i32,
    /// Each row's runs of pixels that are not transparent.
    runs: Vec<Vec<Run>>,
}

/// A sprite `2 * half + 1` pixels square, drawn by `draw` with its origin
/// at the centre pixel's top-left corner.
pub(super) fn sprite(half: i32, draw: impl FnOnce(&mut Pixmap, f32)) -> Option<Sprite> {
    let side = u32::try_from(2 * half + 1).ok()?;
    let mut pixmap = Pixmap::new(side, side)?;
    draw(&mut pixmap, half as f32);
    let runs = runs(pixmap.data(), side as usize);
    Some(Sprite {
        pixmap,
        offset: half,
        runs,
    })
}

/// The runs of each row of the `side` pixels square premultiplied `rgba`.
fn runs(rgba: &[u8], side: usize) -> Vec<Vec<Run>> {
    let mut rows = Vec::with_capacity(side);
    for y in 0..side {
        let mut row: Vec<Run> = Vec::new();
        for x in 0..side {
            let alpha = rgba[4 * (y * side + x) + 3];
            if alpha == 0 {
                continue;
            }
            let (x, opaque) = (x as i32, alpha == 255);
            match row.last_mut() {
                Some(run) if run.end == x && run.opaque == opaque => run.end += 1,
                _ => row.push(Run {
                    start: x,
                    end: x + 1,
                    opaque,
                }),
            }
        }
        rows.push(row);
    }
    rows
}

/// Stamps `sprite` at each point (the sprite's centre pixel on it),
/// `opacity` times as opaque: premultiplied source-over, done here on the
/// bytes, since a sprite needs neither scaling nor filtering.
pub(super) fn stamp(
    pixmap: &mut Pixmap,
    sprite: &Sprite,
    at: impl Iterator<Item = (i32, i32)>,
    opacity: f32,
) {
    let alpha = (opacity.clamp(0.0, 1.0) * 255.0).round() as u32;
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let side = sprite.pixmap.width() as i32;
    let src = sprite.pixmap.data();
    let dst = pixmap.data_mut();
    for (x, y) in at {
        let (left, top) = (x - sprite.offset, y - sprite.offset);
        for (row, runs) in (0..side).zip(&sprite.runs) {
            let py = top + row;
            if py < 0 || py >= height {
                continue;
            }
            for run in runs {
                let (from, to) = ((left + run.start).max(0), (left + run.end).min(width));
                if from >= to {
                    continue;
                }
                let s = ((row * side + from - left) * 4) as usize;
                let d = ((py * width + from) * 4) as usize;
                let n = ((to - from) * 4) as usize;
                let (out, px) = (&mut dst[d..d + n], &src[s..s + n]);
                match run.opaque && alpha == 255 {
                    true => out.copy_from_slice(px),
                    false => blend(out, px, alpha),
                }
            }
        }
    }
}

/// Each pixel of `src` (premultiplied RGBA) times `alpha` / 255, over `dst`.
fn blend(dst: &mut [u8], src: &[u8], alpha: u32) {
    let mut i = 0;
    while i + 4 <= dst.len() {
        over(&mut dst[i..i + 4], &src[i..i + 4], alpha);
        i += 4;
    }
}

/// One pixel `src` (premultiplied RGBA) times `alpha` / 255, over `dst`.
fn over(dst: &mut [u8], src: &[u8], alpha: u32) {
    let scaled = |v: u8| (u32::from(v) * alpha + 127) / 255;
    let keep = 255 - scaled(src[3]);
    for i in 0..4 {
        let under = (u32::from(dst[i]) * keep + 127) / 255;
        dst[i] = (scaled(src[i]) + under).min(255) as u8;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::{Color, FillRule, Paint, PathBuilder, Transform};

    fn disc(half: i32) -> Sprite {
        sprite(half, |pm, o| {
            let mut paint = Paint::default();
            paint.set_color(Color::from_rgba8(10, 20, 30, 255));
            let path = PathBuilder::from_circle(o + 0.5, o + 0.5, half as f32 - 0.5).unwrap();
            pm.fill_path(
                &path,
                &paint,
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        })
        .unwrap()
    }

    #[test]
    fn runs_cover_every_pixel_that_is_not_transparent_once() {
        let s = disc(6);
        let side = s.pixmap.width() as usize;
        for (y, runs) in s.runs.iter().enumerate() {
            for x in 0..side {
                let alpha = s.pixmap.data()[4 * (y * side + x) + 3];
                let x = x as i32;
                let inside: Vec<_> = runs
                    .iter()
                    .filter(|r| (r.start..r.end).contains(&x))
                    .collect();
                match alpha {
                    0 => assert!(inside.is_empty()),
                    a => assert_eq!((inside.len(), inside[0].opaque), (1, a == 255)),
                }
            }
        }
        assert!(
            s.runs[6].iter().any(|r| r.opaque),
            "the middle row has a core"
        );
    }

    #[test]
    fn stamping_is_source_over_and_clipped_at_the_edges() {
        let s = disc(6);
        let mut pm = Pixmap::new(20, 20).unwrap();
        pm.fill(Color::from_rgba8(200, 100, 50, 255));
        stamp(&mut pm, &s, [(10, 10), (0, 0), (19, 25)].into_iter(), 1.0);
        let px = |pm: &Pixmap, x: usize, y: usize| pm.data()[4 * (y * 20 + x)..][..4].to_vec();
        assert_eq!(px(&pm, 10, 10), [10, 20, 30, 255], "the core is copied");
        assert_eq!(
            px(&pm, 0, 0),
            [10, 20, 30, 255],
            "a clipped stamp still lands"
        );
        assert_eq!(
            px(&pm, 19, 10),
            [200, 100, 50, 255],
            "nothing outside the disc"
        );
        let edge = px(&pm, 6, 6);
        assert!(
            edge[0] > 10 && edge[0] < 200,
            "an edge pixel is blended: {edge:?}"
        );
        stamp(&mut pm, &s, std::iter::once((10, 10)), 0.0);
        assert_eq!(
            px(&pm, 10, 10),
            [10, 20, 30, 255],
            "opacity 0 changes nothing"
        );
    }
}
