//! Board sizes, points and moves, and their text forms.
//!
//! Owns: `BoardSize` (2..=25), `Point` (column, row from the bottom-left),
//! `Move` (a play or a pass), parsing of player text such as `c3`, `Q16` or
//! `pass`, and conversion to and from SGF points (`aa`). Columns run `A`..`Z`
//! without `I`. Nothing here knows about stones or rules.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest board pbmgo plays on.
pub(crate) const MAX_SIZE: u8 = 25;
/// The smallest board pbmgo plays on.
pub(crate) const MIN_SIZE: u8 = 2;

/// Column letters in order: `A`..`Z` without `I`.
pub const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// Why a board size, point or move could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoordError {
    /// The size is outside 2..=25.
    #[error("board size {0} is not supported (2 to 25)")]
    BadSize(u32),
    /// The letter `I` is never a column.
    #[error("there is no column I (columns skip from H to J)")]
    ColumnI,
    /// The point is well formed but outside this board.
    #[error("{point} is off the {size}x{size} board")]
    OffBoard {
        /// The point, as text.
        point: String,
        /// The board's size.
        size: u8,
    },
    /// The text is not a point at all.
    #[error(
        "'{0}' is not a point (expected a column letter and a row number, such as C3, or pass)"
    )]
    Garbage(String),
    /// An SGF point that is not two letters a..z, A..Z.
    #[error("'{0}' is not an SGF point")]
    BadSgfPoint(String),
}

/// A square board's size, checked to be within 2..=25.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardSize(u8);

impl BoardSize {
    /// Returns the size if it is within 2..=25.
    pub fn new(n: u32) -> Result<Self, CoordError> {
        if (MIN_SIZE as u32..=MAX_SIZE as u32).contains(&n) {
            Ok(BoardSize(n as u8))
        } else {
            Err(CoordError::BadSize(n))
        }
    }

    /// Returns the number of lines.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Returns the number of points on the board.
    pub fn points(self) -> usize {
        self.0 as usize * self.0 as usize
    }

    /// Returns true when `p` lies on this board.
    pub fn contains(self, p: Point) -> bool {
        p.col < self.0 && p.row < self.0
    }

    /// Returns every point, row by row from the bottom-left.
    pub fn all_points(self) -> impl Iterator<Item = Point> {
        let n = self.0;
        (0..n).flat_map(move |row| (0..n).map(move |col| Point { col, row }))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A point on the board: `col` 0 is column A, `row` 0 is row 1 (the bottom).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column index, 0 = `A`.
    pub col: u8,
    /// Row index, 0 = row `1` at the bottom.
    pub row: u8,
}

impl Point {
    /// Returns the point at column `col` and row `row` (both 0-based).
    pub const fn new(col: u8, row: u8) -> Self {
        Point { col, row }
    }

    /// Returns the row-major index `row * size + col`.
    pub fn index(self, size: BoardSize) -> usize {
        self.row as usize * size.get() as usize + self.col as usize
    }

    /// Returns the point with row-major index `i` on a board of `size`.
    pub(crate) fn from_index(i: usize, size: BoardSize) -> Self {
        let n = size.get() as usize;
        Point::new((i % n) as u8, (i / n) as u8)
    }

    /// Reads a point such as `c3` or `Q16` (case-insensitive) on a board of `size`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Self, CoordError> {
        // A row past the largest board is off this board, whatever its size.
        let p = Self::parse_unchecked(text).map_err(|e| match e {
            CoordError::OffBoard { point, .. } => CoordError::OffBoard {
                point,
                size: size.get(),
            },
            other => other,
        })?;
        if size.contains(p) {
            Ok(p)
        } else {
            Err(CoordError::OffBoard {
                point: p.to_string(),
                size: size.get(),
            })
        }
    }

    /// Reads a point without checking it against a board (up to 25x25).
    fn parse_unchecked(text: &str) -> Result<Self, CoordError> {
        let t = text.trim();
        let garbage = || CoordError::Garbage(t.chars().take(40).collect());
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(garbage)?.to_ascii_uppercase();
        if letter == 'I' {
            return Err(CoordError::ColumnI);
        }
        let col = COLUMNS
            .iter()
            .position(|&c| c as char == letter)
            .ok_or_else(garbage)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(garbage());
        }
        let row: u32 = digits.parse().map_err(|_| garbage())?;
        if row == 0 || row > MAX_SIZE as u32 {
            return Err(CoordError::OffBoard {
                point: format!("{letter}{row}"),
                size: MAX_SIZE,
            });
        }
        Ok(Point::new(col as u8, (row - 1) as u8))
    }

    /// Reads an SGF point (`aa` is the top-left corner) on a board of `size`.
    ///
    /// Returns `Ok(None)` for a pass: the empty value, or `tt` on boards of 19 or less.
    pub fn from_sgf(text: &str, size: BoardSize) -> Result<Option<Self>, CoordError> {
        let t = text.trim();
        if t.is_empty() || (t == "tt" && size.get() <= 19) {
            return Ok(None);
        }
        let b = t.as_bytes();
        let bad = || CoordError::BadSgfPoint(t.chars().take(40).collect());
        if b.len() != 2 {
            return Err(bad());
        }
        let col = sgf_coord(b[0]).ok_or_else(bad)?;
        let from_top = sgf_coord(b[1]).ok_or_else(bad)?;
        let n = size.get();
        if col >= n || from_top >= n {
            return Err(CoordError::OffBoard {
                point: t.to_string(),
                size: n,
            });
        }
        Ok(Some(Point::new(col, n - 1 - from_top)))
    }

    /// Returns the SGF form of this point on a board of `size` (`aa` = top-left).
    pub fn to_sgf(self, size: BoardSize) -> String {
        let from_top = size.get() - 1 - self.row;
        let mut s = String::with_capacity(2);
        s.push((b'a' + self.col) as char);
        s.push((b'a' + from_top) as char);
        s
    }
}

fn sgf_coord(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = COLUMNS.get(self.col as usize).copied().unwrap_or(b'?') as char;
        write!(f, "{}{}", letter, self.row as u32 + 1)
    }
}

/// A move: a stone played at a point, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a stone.
    Play(Point),
    /// Pass.
    Pass,
}

impl Move {
    /// Reads `pass` or a point such as `c3` (case-insensitive) on a board of `size`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Self, CoordError> {
        if text.trim().eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::parse(text, size).map(Move::Play)
        }
    }

    /// Returns the point played, or `None` for a pass.
    pub fn point(self) -> Option<Point> {
        match self {
            Move::Play(p) => Some(p),
            Move::Pass => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(p) => p.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Point {
    type Err = CoordError;

    /// Reads a point on the largest board (25x25); use [`Point::parse`] for a given size.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Point::parse_unchecked(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u32) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn a_row_past_every_board_is_off_the_board_of_its_size() {
        let err = Point::parse("Z99", size(13)).unwrap_err();
        assert_eq!(err.to_string(), "Z99 is off the 13x13 board");
        let err = Point::parse("a26", size(9)).unwrap_err();
        assert_eq!(err.to_string(), "A26 is off the 9x9 board");
    }

    #[test]
    fn parses_points_case_insensitively() {
        assert_eq!(Point::parse("c3", size(9)), Ok(Point::new(2, 2)));
        assert_eq!(Point::parse("C3", size(9)), Ok(Point::new(2, 2)));
        assert_eq!(Point::parse(" J9 ", size(9)), Ok(Point::new(8, 8)));
        assert_eq!(Point::parse("Z25", size(25)), Ok(Point::new(24, 24)));
        assert_eq!(Move::parse("PASS", size(9)), Ok(Move::Pass));
    }

    #[test]
    fn rejects_i_off_board_and_garbage() {
        assert_eq!(Point::parse("i5", size(19)), Err(CoordError::ColumnI));
        assert!(matches!(
            Point::parse("k5", size(9)),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::parse("a10", size(9)),
            Err(CoordError::OffBoard { .. })
        ));
        assert!(matches!(
            Point::parse("a0", size(9)),
            Err(CoordError::OffBoard { .. })
        ));
        for junk in ["", "3c", "c", "c3x", "ü3", "c-1", "c99999999999"] {
            assert!(
                matches!(Point::parse(junk, size(9)), Err(CoordError::Garbage(_))),
                "{junk}"
            );
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert!(BoardSize::new(1).is_err());
        assert!(BoardSize::new(26).is_err());
        assert_eq!(size(2).points(), 4);
    }

    #[test]
    fn sgf_points_round_trip_and_tt_is_pass() {
        let s19 = size(19);
        assert_eq!(Point::parse("A19", s19).unwrap().to_sgf(s19), "aa");
        assert_eq!(Point::from_sgf("as", s19), Ok(Some(Point::new(0, 0))));
        assert_eq!(Point::from_sgf("tt", s19), Ok(None));
        assert_eq!(Point::from_sgf("", s19), Ok(None));
        let s25 = size(25);
        assert_eq!(Point::from_sgf("tt", s25), Ok(Some(Point::new(19, 5))));
        for p in s25.all_points() {
            assert_eq!(Point::from_sgf(&p.to_sgf(s25), s25), Ok(Some(p)));
        }
        assert!(Point::from_sgf("zz", s19).is_err());
        assert!(Point::from_sgf("a", s19).is_err());
    }

    #[test]
    fn display_skips_i() {
        assert_eq!(Point::new(8, 0).to_string(), "J1");
        assert_eq!(Move::Pass.to_string(), "pass");
    }
}
