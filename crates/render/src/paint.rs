//! Draws a picture with tiny-skia: the shapes `svg` writes, painted
//! directly, so a PNG takes a few milliseconds rather than the parse and
//! rasterisation of the SVG. Every stone and every glyph of one kind looks
//! the same and sits at the same sub-pixel offset, so each is drawn once
//! into a small sprite and stamped; the rest is drawn as `svg` describes.
//! A test rasterises the SVG with resvg and holds the two together.
//!
//! The drawing is in two steps, so that a [`Painter`](super::Painter) can
//! keep the first for every picture of a size: the empty board
//! ([`Board::new`]: wood, grid, star points, coordinates, and the two stone
//! sprites), then what one picture shows on it ([`Board::paint`]).

use tiny_skia::{
    Color as SkColor, FillRule, LineCap, LineJoin, Paint, Path, PathBuilder, Pixmap, Rect, Stroke,
    Transform,
};

use super::geometry::Geometry;
use super::glyphs::{self, Seg};
use super::picture::Picture;
use super::raster::Indexed;
use super::sprite::{Sprite, sprite, stamp};
use super::svg::{
    BLACK, DEAD_OPACITY, INK, LABEL, WHITE, WHITE_EDGE, WOOD, ko_point, last_stone, ring_color,
    stones_of, territory,
};
use pbmgo_go::render::star_points;
use pbmgo_go::{BoardSize, Color};

/// The empty board of one size, ready for the pictures of that size.
#[derive(Debug, Clone)]
pub(super) struct Board {
    size: BoardSize,
    geometry: Geometry,
    /// Wood, grid, star points and coordinates.
    empty: Pixmap,
    /// `empty` as palette indices (`None`: it has too many colours).
    indexed: Option<Indexed>,
    /// How far from a point's centre what is drawn on it reaches, in
    /// pixels: half the side of a stone's sprite, which is larger than
    /// any mark or territory square.
    reach: i32,
    black: Option<Sprite>,
    white: Option<Sprite>,
}

impl Board {
    /// The empty board of `size`, or `None` for a picture without pixels.
    pub(super) fn new(size: BoardSize) -> Option<Board> {
        let g = Geometry::of(size);
        let mut empty = Pixmap::new(g.width(), g.width())?;
        empty.fill(color(WOOD));
        grid(&mut empty, &g);
        let stars = star_points(size).into_iter().map(|s| g.center(s));
        fill(&mut empty, circles(stars, g.star_radius()).as_ref(), INK);
        labels(&mut empty, &g);
        let (reach, black, white) = stone_sprites(&g);
        Some(Board {
            size,
            geometry: g,
            indexed: Indexed::of(empty.data()),
            empty,
            reach,
            black,
            white,
        })
    }

    /// The size of board this is.
    pub(super) fn size(&self) -> BoardSize {
        self.size
    }

    /// The pixels of `p` (a picture of a board of this size): its stones
    /// and marks on a copy of the empty board.
    pub(super) fn paint(&self, p: &Picture) -> Pixmap {
        let mut pixmap = self.empty.clone();
        let g = &self.geometry;
        for (color, sprite) in [(Color::Black, &self.black), (Color::White, &self.white)] {
            let Some(sprite) = sprite else { continue };
            for (dead, opacity) in [(false, 1.0), (true, DEAD_OPACITY)] {
                let at = stones_of(p, color, dead).into_iter().map(|q| {
                    let (x, y) = g.center(q);
                    (x as i32, y as i32)
                });
                stamp(&mut pixmap, sprite, at, opacity);
            }
        }
        marks(&mut pixmap, p, g);
        pixmap
    }

    /// `pixmap`, this board's painting of `p`, as palette indices: the
    /// empty board's, indexed again only around the points `p` draws on
    /// (a stone, territory, the last move, a ko), which is all that
    /// [`Board::paint`] changes. `None` when it has too many colours.
    pub(super) fn indexed(&self, p: &Picture, pixmap: &Pixmap) -> Option<Indexed> {
        let Some(mut indexed) = self.indexed.clone() else {
            return Indexed::of(pixmap.data());
        };
        let stones = p
            .size()
            .all_points()
            .filter(|&q| p.position.get(q).is_some());
        let territory = p.territory.iter().map(|&(q, _)| q);
        let marks = [p.last, p.ko].into_iter().flatten();
        let side = pixmap.width() as i32;
        for q in stones.chain(territory).chain(marks) {
            let (x, y) = self.geometry.center(q);
            let (x, y) = (x as i32, y as i32);
            let (left, right) = ((x - self.reach).max(0), (x + self.reach + 1).min(side));
            for row in (y - self.reach).max(0)..(y + self.reach + 1).min(side) {
                let at = (row * side) as usize;
                indexed.reindex(pixmap.data(), at + left as usize, at + right as usize)?;
            }
        }
        Some(indexed)
    }
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

/// Half the side of a stone's sprite, and the black and the white stone,
/// each drawn once as a sprite.
fn stone_sprites(g: &Geometry) -> (i32, Option<Sprite>, Option<Sprite>) {
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
    (half, black, white)
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
