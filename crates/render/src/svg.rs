//! The board picture as an SVG document: wood, grid, star points,
//! coordinates on all four sides (stroked paths, see `glyphs`), stones and
//! marks. `paint` draws the same shapes for the PNG (a test holds the two
//! to each other); `game show --svg` writes this document.
//!
//! Deterministic: the same picture always gives the same bytes.

use std::fmt::Write;

use super::geometry::Geometry;
use super::glyphs::{self, Seg};
use super::picture::Picture;
use pbmgo_go::render::star_points;
use pbmgo_go::{Color, Point};

/// The colours of the picture, as `#rrggbb` (`paint` reads them too).
pub(super) const WOOD: &str = "#dcb35c";
pub(super) const INK: &str = "#1e1408";
pub(super) const LABEL: &str = "#4a3516";
pub(super) const BLACK: &str = "#161616";
pub(super) const WHITE: &str = "#f6f6f2";
pub(super) const WHITE_EDGE: &str = "#3c3c3c";
/// How opaque a dead stone is drawn.
pub(super) const DEAD_OPACITY: f32 = 0.4;

/// Returns the SVG document of `p`.
pub fn svg(p: &Picture) -> String {
    let g = p.geometry();
    let w = g.width();
    let mut out = String::with_capacity(8192 + 120 * p.size().points());
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{w}\" \
         viewBox=\"0 0 {w} {w}\">\n<rect width=\"{w}\" height=\"{w}\" fill=\"{WOOD}\"/>\n"
    );
    grid(&mut out, &g);
    stars(&mut out, p, &g);
    labels(&mut out, &g);
    stones(&mut out, p, &g);
    marks(&mut out, p, &g);
    out.push_str("</svg>\n");
    out
}

/// A pixel length written short: at most two decimals, no trailing zeros.
fn num(v: f32) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// The inner lines, 1 px on whole pixels (one path), and a heavier edge.
fn grid(out: &mut String, g: &Geometry) {
    let (first, last) = g.ends();
    let (f, l) = (num(first), num(last));
    let mut d = String::new();
    for i in 1..u32::from(g.lines).saturating_sub(1) {
        let at = num(g.at(i));
        let _ = write!(d, "M{f} {at}H{l}M{at} {f}V{l}");
    }
    if !d.is_empty() {
        let _ = writeln!(
            out,
            "<path d=\"{d}\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1\" \
             shape-rendering=\"crispEdges\"/>"
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{f}\" y=\"{f}\" width=\"{side}\" height=\"{side}\" fill=\"none\" \
         stroke=\"{INK}\" stroke-width=\"{edge}\"/>",
        side = num(last - first),
        edge = num(g.edge_width())
    );
}

/// Path data of circles of radius `r` around `centres`, one subpath each.
fn circles(centres: impl Iterator<Item = (f32, f32)>, r: f32) -> String {
    let mut d = String::new();
    let (rr, dd) = (num(r), num(2.0 * r));
    for (x, y) in centres {
        let _ = write!(
            d,
            "M{} {}a{rr} {rr} 0 1 0 {dd} 0a{rr} {rr} 0 1 0 -{dd} 0Z",
            num(x - r),
            num(y)
        );
    }
    d
}

/// The star points, small dots under everything else.
fn stars(out: &mut String, p: &Picture, g: &Geometry) {
    let points = star_points(p.size());
    if !points.is_empty() {
        let d = circles(points.into_iter().map(|s| g.center(s)), g.star_radius());
        let _ = writeln!(out, "<path d=\"{d}\" fill=\"{INK}\"/>");
    }
}

/// The coordinates on all four sides, every glyph in one stroked path.
fn labels(out: &mut String, g: &Geometry) {
    let scale = g.glyph_scale();
    let mut d = String::with_capacity(usize::from(g.lines) * 240);
    for (c, x, y) in g.label_glyphs() {
        for seg in glyphs::placed(c, x, y, scale) {
            let _ = match seg {
                Seg::Move(x, y) => write!(d, "M{} {}", num(x), num(y)),
                Seg::Line(x, y) => write!(d, "L{} {}", num(x), num(y)),
                Seg::Cubic(a, b, c, e, x, y) => {
                    let n = [a, b, c, e, x, y].map(num);
                    write!(d, "C{} {} {} {} {} {}", n[0], n[1], n[2], n[3], n[4], n[5])
                }
                Seg::Close => write!(d, "Z"),
            };
        }
    }
    let _ = writeln!(
        out,
        "<path d=\"{d}\" fill=\"none\" stroke=\"{LABEL}\" stroke-width=\"{}\" \
         stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        num(g.label_stroke())
    );
}

/// The points holding stones of `color`, dead or alive.
pub(super) fn stones_of(p: &Picture, color: Color, dead: bool) -> Vec<Point> {
    p.size()
        .all_points()
        .filter(|&q| p.position.get(q) == Some(color) && p.dead.contains(&q) == dead)
        .collect()
}

/// The stones: black, then white with a thin dark edge (a dark disc
/// under a slightly smaller white one); dead ones faded.
fn stones(out: &mut String, p: &Picture, g: &Geometry) {
    let r = g.stone_radius();
    for color in [Color::Black, Color::White] {
        for dead in [false, true] {
            let points: Vec<(f32, f32)> = stones_of(p, color, dead)
                .into_iter()
                .map(|q| g.center(q))
                .collect();
            if points.is_empty() {
                continue;
            }
            let faded = match dead {
                true => format!(" opacity=\"{DEAD_OPACITY}\""),
                false => String::new(),
            };
            let body = circles(points.iter().copied(), r);
            let _ = match color {
                Color::Black => writeln!(out, "<path d=\"{body}\" fill=\"{BLACK}\"{faded}/>"),
                Color::White => {
                    let inner = circles(points.iter().copied(), r - g.white_edge());
                    writeln!(
                        out,
                        "<g{faded}><path d=\"{body}\" fill=\"{WHITE_EDGE}\"/>\
                         <path d=\"{inner}\" fill=\"{WHITE}\"/></g>"
                    )
                }
            };
        }
    }
}

/// A square of half side `half` around (`x`, `y`).
fn square(x: f32, y: f32, half: f32, attrs: &str) -> String {
    format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{w}\" {attrs}/>\n",
        num(x - half),
        num(y - half),
        w = num(2.0 * half)
    )
}

/// The marks over the stones: territory squares, the ring on the last
/// stone played and the square on a ko point.
fn marks(out: &mut String, p: &Picture, g: &Geometry) {
    for (q, owner) in territory(p) {
        let (x, y) = g.center(q);
        let fill = match owner {
            Color::Black => format!("fill=\"{BLACK}\""),
            Color::White => format!("fill=\"{WHITE}\" stroke=\"{WHITE_EDGE}\" stroke-width=\"1\""),
        };
        out.push_str(&square(x, y, g.territory_half(), &fill));
    }
    let width = num(g.mark_width());
    if let Some((q, color)) = last_stone(p) {
        let (x, y) = g.center(q);
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" \
             stroke-width=\"{width}\"/>",
            num(x),
            num(y),
            num(g.ring_radius()),
            ring_color(color)
        );
    }
    if let Some(q) = ko_point(p) {
        let (x, y) = g.center(q);
        let attrs = format!("fill=\"none\" stroke=\"{INK}\" stroke-width=\"{width}\"");
        out.push_str(&square(x, y, g.ko_half(), &attrs));
    }
}

/// The territory marks on the board.
pub(super) fn territory(p: &Picture) -> impl Iterator<Item = (Point, Color)> + '_ {
    let size = p.size();
    p.territory
        .iter()
        .copied()
        .filter(move |(q, _)| size.contains(*q))
}

/// The last stone played, if it is on the board, and its colour.
pub(super) fn last_stone(p: &Picture) -> Option<(Point, Color)> {
    let q = p.last.filter(|&q| p.size().contains(q))?;
    Some((q, p.position.get(q)?))
}

/// The ring's colour: the other stone colour, to stand out.
pub(super) fn ring_color(stone: Color) -> &'static str {
    match stone {
        Color::Black => WHITE,
        Color::White => BLACK,
    }
}

/// The ko point, if it is an empty point on the board.
pub(super) fn ko_point(p: &Picture) -> Option<Point> {
    p.ko.filter(|&q| p.size().contains(q) && p.position.get(q).is_none())
}
