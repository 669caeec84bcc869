//! Draws a picture with tiny-skia: the shapes `svg` writes, painted
//! directly, so a PNG takes a few milliseconds rather than the parse and
//! rasterisation of the SVG. Every stone and every glyph of one kind looks
//! the same and sits at the same sub-pixel offset, so each is drawn once
//! into a small sprite and stamped; the rest is drawn as `svg` describes.
//! A test rasterises the SVG with resvg and holds the two together.

use tiny_skia::{
    Color as SkColor, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke,
    Transform,
};

use super::geometry::Geometry;
use super::glyphs::{self, Seg};
use super::picture::Picture;
use super::svg::{
    BLACK, DEAD_OPACITY, INK, LABEL, WHITE, WHITE_EDGE, WOOD, ko_point, last_stone, ring_color,
    stones_of, territory,
};
use crate::go::Color;
use crate::go::render::star_points;

/// Returns the pixels of `p`, or `None` for a picture without pixels.
pub(super) fn paint(p: &Picture) -> Option<Pixmap> {
    let g = p.geometry();
    let mut pixmap = Pixmap::new(g.width(), g.width())?;
    pixmap.fill(color(WOOD));
    grid(&mut pixmap, &g);
    let stars = star_points(p.size()).into_iter().map(|s| g.center(s));
    fill(&mut pixmap, circles(stars, g.star_radius()).as_ref(), INK);
    labels(&mut pixmap, &g);
    stones(&mut pixmap, p, &g);
    marks(&mut pixmap, p, &g);
    Some(pixmap)
}

/// A colour written `#rrggbb`.
fn color(hex: &str) -> SkColor {
    let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2).unwrap_or("00"), 16).unwrap_or(0);
    SkColor::from_rgba8(byte(1), byte(3), byte(5), 255)
}

fn paint_of(hex: &str, anti_alias: bool) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(hex));
    paint.anti_alias = anti_alias;
    paint
}

fn fill(pixmap: &mut Pixmap, path: Option<&Path>, hex: &str) {
    if let Some(path) = path {
        let paint = paint_of(hex, true);
        pixmap.fill_path(path, &paint, FillRule::Winding, Transform::identity(), None);
    }
}

fn stroke(pixmap: &mut Pixmap, path: Option<&Path>, hex: &str, stroke: &Stroke, aa: bool) {
    if let Some(path) = path {
        let paint = paint_of(hex, aa);
        pixmap.stroke_path(path, &paint, stroke, Transform::identity(), None);
    }
}

fn width(width: f32) -> Stroke {
    Stroke {
        width,
        ..Stroke::default()
    }
}

/// Circles of radius `r` around `centres`, in one path.
fn circles(centres: impl Iterator<Item = (f32, f32)>, r: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    for (x, y) in centres {
        pb.push_circle(x, y, r);
    }
    pb.finish()
}

/// The inner lines without anti-aliasing (`crispEdges`) and the edge.
fn grid(pixmap: &mut Pixmap, g: &Geometry) {
    let (first, last) = g.ends();
    let mut pb = PathBuilder::new();
    for i in 1..u32::from(g.lines).saturating_sub(1) {
        let at = g.at(i);
        pb.move_to(first, at);
        pb.line_to(last, at);
        pb.move_to(at, first);
        pb.line_to(at, last);
    }
    stroke(pixmap, pb.finish().as_ref(), INK, &width(1.0), false);
    let edge = Rect::from_ltrb(first, first, last, last).map(PathBuilder::from_rect);
    stroke(pixmap, edge.as_ref(), INK, &width(g.edge_width()), true);
}

/// Stamps `sprite` at each point (the sprite's centre pixel on it),
/// `opacity` times as opaque: premultiplied source-over, done here on the
/// bytes, since a sprite needs neither scaling nor filtering.
fn stamp(pixmap: &mut Pixmap, sprite: &Sprite, at: impl Iterator<Item = (i32, i32)>, opacity: f32) {
    let alpha = (opacity.clamp(0.0, 1.0) * 255.0).round() as u32;
    let (width, height) = (pixmap.width() as i32, pixmap.height() as i32);
    let side = sprite.pixmap.width() as i32;
    let src = sprite.pixmap.data();
    let dst = pixmap.data_mut();
    for (x, y) in at {
        let (left, top) = (x - sprite.offset, y - sprite.offset);
        let (from, to) = (left.max(0), (left + side).min(width));
        if from >= to {
            continue;
        }
        for row in (top.max(0) - top)..((top + side).min(height) - top) {
            let s = ((row * side + from - left) * 4) as usize;
            let d = (((top + row) * width + from) * 4) as usize;
            let n = ((to - from) * 4) as usize;
            let pairs = dst[d..d + n]
                .chunks_exact_mut(4)
                .zip(src[s..s + n].chunks_exact(4));
            for (out, px) in pairs {
                over(out, px, alpha);
            }
        }
    }
}

/// `src` (premultiplied RGBA) times `alpha` / 255, over `dst`.
#[inline]
fn over(dst: &mut [u8], src: &[u8], alpha: u32) {
    if src[3] == 0 {
        return;
    }
    if src[3] == 255 && alpha == 255 {
        dst.copy_from_slice(src);
        return;
    }
    let scaled = |v: u8| (u32::from(v) * alpha + 127) / 255;
    let keep = 255 - scaled(src[3]);
    for i in 0..4 {
        let under = (u32::from(dst[i]) * keep + 127) / 255;
        dst[i] = (scaled(src[i]) + under).min(255) as u8;
    }
}

/// A small drawing stamped many times; its origin lands `offset` pixels
/// left of and above the point it is stamped at.
struct Sprite {
    pixmap: Pixmap,
    offset: i32,
}

/// A sprite `2 * half + 1` pixels square, drawn by `draw` with its origin
/// at the centre pixel's top-left corner.
fn sprite(half: i32, draw: impl FnOnce(&mut Pixmap, f32)) -> Option<Sprite> {
    let side = u32::try_from(2 * half + 1).ok()?;
    let mut pixmap = Pixmap::new(side, side)?;
    draw(&mut pixmap, half as f32);
    Some(Sprite {
        pixmap,
        offset: half,
    })
}

/// Every glyph of the coordinates, each character drawn once.
fn labels(pixmap: &mut Pixmap, g: &Geometry) {
    let scale = g.glyph_scale();
    let line = Stroke {
        width: g.label_stroke(),
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    let half = ((glyphs::WIDTH.max(glyphs::HEIGHT) * scale + line.width) as i32) + 3;
    let mut sprites: Vec<(char, Option<Sprite>)> = Vec::new();
    for (c, x, y) in g.label_glyphs() {
        if !sprites.iter().any(|(k, _)| *k == c) {
            let drawn = sprite(half, |pm, o| {
                let path = glyph_path(&glyphs::placed(c, o, o, scale));
                stroke(pm, path.as_ref(), LABEL, &line, true);
            });
            sprites.push((c, drawn));
        }
        if let Some((_, Some(s))) = sprites.iter().find(|(k, _)| *k == c) {
            stamp(pixmap, s, std::iter::once((x as i32, y as i32)), 1.0);
        }
    }
}

fn glyph_path(segs: &[Seg]) -> Option<Path> {
    let mut pb = PathBuilder::new();
    for seg in segs {
        match *seg {
            Seg::Move(x, y) => pb.move_to(x, y),
            Seg::Line(x, y) => pb.line_to(x, y),
            Seg::Cubic(a, b, c, d, x, y) => pb.cubic_to(a, b, c, d, x, y),
            Seg::Close => pb.close(),
        }
    }
    pb.finish()
}

/// The stones, each colour drawn once as a sprite and stamped; dead ones faded.
fn stones(pixmap: &mut Pixmap, p: &Picture, g: &Geometry) {
    let r = g.stone_radius();
    let half = r.ceil() as i32 + 2;
    let centre = |o: f32| o + 0.5;
    let black = sprite(half, |pm, o| {
        fill(
            pm,
            PathBuilder::from_circle(centre(o), centre(o), r).as_ref(),
            BLACK,
        );
    });
    let white = sprite(half, |pm, o| {
        fill(
            pm,
            PathBuilder::from_circle(centre(o), centre(o), r).as_ref(),
            WHITE_EDGE,
        );
        let inner = PathBuilder::from_circle(centre(o), centre(o), r - g.white_edge());
        fill(pm, inner.as_ref(), WHITE);
    });
    for (color, sprite) in [(Color::Black, black), (Color::White, white)] {
        let Some(sprite) = sprite else { continue };
        for (dead, opacity) in [(false, 1.0), (true, DEAD_OPACITY)] {
            let at = stones_of(p, color, dead).into_iter().map(|q| {
                let (x, y) = g.center(q);
                (x as i32, y as i32)
            });
            stamp(pixmap, &sprite, at, opacity);
        }
    }
}

/// A square of half side `half` around (`x`, `y`).
fn square(x: f32, y: f32, half: f32) -> Option<Path> {
    Rect::from_xywh(x - half, y - half, 2.0 * half, 2.0 * half).map(PathBuilder::from_rect)
}

/// Territory squares, the ring on the last stone and the ko square.
fn marks(pixmap: &mut Pixmap, p: &Picture, g: &Geometry) {
    for (q, owner) in territory(p) {
        let (x, y) = g.center(q);
        let path = square(x, y, g.territory_half());
        match owner {
            Color::Black => fill(pixmap, path.as_ref(), BLACK),
            Color::White => {
                fill(pixmap, path.as_ref(), WHITE);
                stroke(pixmap, path.as_ref(), WHITE_EDGE, &width(1.0), true);
            }
        }
    }
    let line = width(g.mark_width());
    if let Some((q, stone)) = last_stone(p) {
        let (x, y) = g.center(q);
        let ring = PathBuilder::from_circle(x, y, g.ring_radius());
        stroke(pixmap, ring.as_ref(), ring_color(stone), &line, true);
    }
    if let Some(q) = ko_point(p) {
        let (x, y) = g.center(q);
        stroke(pixmap, square(x, y, g.ko_half()).as_ref(), INK, &line, true);
    }
}
