//! The layout of a board picture in pixels ([`Geometry`]): its size, where
//! each point is, and the sizes of the stones, marks and coordinates that
//! `svg` and `paint` both draw.

use super::glyphs;
use pbmgo_go::coords::COLUMNS;
use pbmgo_go::{BoardSize, Point};

/// The layout of a picture in pixels: the grid's spacing and the margin
/// on all four sides that holds the coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The board's number of lines.
    pub lines: u8,
    /// The distance between two lines, in pixels.
    pub cell: u32,
    /// The distance from the picture's edge to the outer line, in pixels.
    pub margin: u32,
}

impl Geometry {
    /// The layout for a board of `size`: about 360 px wide for 9x9, 600
    /// for 19x19, 680 for 25x25, with a line spacing of at most 40 px.
    pub fn of(size: BoardSize) -> Geometry {
        let n = size.get();
        let target = (360 + 24 * (i32::from(n) - 9)).clamp(240, 680);
        let cell = (target as f32 / f32::from(n + 1)).round().min(40.0) as u32;
        Geometry {
            lines: n,
            cell,
            margin: (cell as f32 * 1.15).round() as u32,
        }
    }

    /// The picture's width and height (it is square), in pixels.
    pub fn width(&self) -> u32 {
        2 * self.margin + (u32::from(self.lines) - 1) * self.cell
    }

    /// The centre of point `p` in pixels from the top-left corner; row 1
    /// is at the bottom, as on the ASCII board.
    pub fn center(&self, p: Point) -> (f32, f32) {
        let top = u32::from(self.lines - 1 - p.row);
        (self.at(u32::from(p.col)), self.at(top))
    }

    /// The pixel position of the line `i` lines from the left or top; lines
    /// lie on half pixels so that a 1 px line is sharp.
    pub(super) fn at(&self, i: u32) -> f32 {
        (self.margin + i * self.cell) as f32 + 0.5
    }

    /// The positions of the first and last lines.
    pub(super) fn ends(&self) -> (f32, f32) {
        (self.at(0), self.at(u32::from(self.lines) - 1))
    }

    pub(super) fn c(&self) -> f32 {
        self.cell as f32
    }

    pub(super) fn stone_radius(&self) -> f32 {
        self.c() * 0.47
    }

    /// The dark edge around a white stone.
    pub(super) fn white_edge(&self) -> f32 {
        (self.c() * 0.035).max(1.0)
    }

    pub(super) fn star_radius(&self) -> f32 {
        (self.c() * 0.1).max(2.0)
    }

    /// The width of the board's outer edge (the other lines are 1 px).
    pub(super) fn edge_width(&self) -> f32 {
        (self.c() / 18.0).max(1.5)
    }

    /// The width of the last-move ring and the ko square.
    pub(super) fn mark_width(&self) -> f32 {
        (self.c() * 0.08).max(1.5)
    }

    pub(super) fn ring_radius(&self) -> f32 {
        self.c() * 0.23
    }

    /// Half the side of the ko square.
    pub(super) fn ko_half(&self) -> f32 {
        self.c() * 0.26
    }

    /// Half the side of a territory square.
    pub(super) fn territory_half(&self) -> f32 {
        self.c() * 0.17
    }

    /// Pixels per glyph unit: a label is 0.34 of a cell high.
    pub(super) fn glyph_scale(&self) -> f32 {
        self.c() * 0.34 / glyphs::HEIGHT
    }

    pub(super) fn label_stroke(&self) -> f32 {
        (self.c() * 0.05).max(1.0)
    }

    /// Every glyph of the coordinates and its top-left corner, on whole
    /// pixels: letters (no `I`) above and below the board, row numbers
    /// (1 at the bottom) on both sides, each label centred in the margin
    /// between the edge stones and the picture's edge.
    pub(super) fn label_glyphs(&self) -> Vec<(char, f32, f32)> {
        let away = (self.stone_radius() + self.margin as f32) / 2.0;
        let (first, last) = self.ends();
        let mut out = Vec::with_capacity(usize::from(self.lines) * 6);
        for i in 0..self.lines {
            let letter = (COLUMNS[usize::from(i)] as char).to_string();
            let x = self.at(u32::from(i));
            for y in [first - away, last + away] {
                self.label(&mut out, &letter, x, y);
            }
            let number = (i + 1).to_string();
            let (_, y) = self.center(Point::new(0, i));
            for x in [first - away, last + away] {
                self.label(&mut out, &number, x, y);
            }
        }
        out
    }

    /// The glyphs of one label centred on (`x`, `y`).
    fn label(&self, out: &mut Vec<(char, f32, f32)>, text: &str, x: f32, y: f32) {
        let scale = self.glyph_scale();
        let left = x - glyphs::label_width(text.chars().count()) * scale / 2.0;
        let top = (y - glyphs::HEIGHT * scale / 2.0).round();
        for (i, c) in text.chars().enumerate() {
            let gx = left + i as f32 * (glyphs::WIDTH + glyphs::GAP) * scale;
            out.push((c, gx.round(), top));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pbmgo_go::BoardSize;

    fn size(n: u32) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn sizes_are_near_their_targets() {
        let w = |n| Geometry::of(size(n)).width();
        assert!((350..=380).contains(&w(9)), "{}", w(9));
        assert!((580..=620).contains(&w(19)), "{}", w(19));
        assert!(w(13) > w(9) && w(13) < w(19));
        assert!(w(25) > w(19) && w(25) <= 720, "{}", w(25));
        assert!(w(2) >= 100);
    }

    #[test]
    fn row_one_is_at_the_bottom() {
        let g = Geometry::of(size(9));
        let (x, y) = g.center(Point::new(0, 0));
        let (x2, y2) = g.center(Point::new(8, 8));
        assert_eq!(x, g.margin as f32 + 0.5);
        assert!(y > y2 && x2 > x);
        assert_eq!(y2, g.margin as f32 + 0.5);
    }
}
