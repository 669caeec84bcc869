//! A position: the picture of a board, one cell per point, with nothing
//! derived. It is what the ko position list stores, what is drawn, scored and
//! compared cell by cell, and what the versioned binary encoding holds.
//!
//! Owns: `Position`, its row-major cell layout (bottom row first), the
//! diagram reader used by tests and tools (`X`/`O`/`.` rows, top row first),
//! and `encode`/`decode` (format version 1: a version byte, the size, then
//! two bits per point).

use thiserror::Error;

use super::{BoardSize, Color, Point};

/// Current version of the binary board encoding.
pub(crate) const ENCODING_VERSION: u8 = 1;

/// A board picture: `cells[row * size + col]` is 0 (empty), 1 (black) or 2 (white).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    size: BoardSize,
    cells: Box<[u8]>,
}

/// Why bytes or a diagram could not be read as a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DecodeError {
    /// The input is empty or shorter than its header says.
    #[error("board encoding is truncated ({0} bytes)")]
    Truncated(usize),
    /// A version this build does not know.
    #[error("board encoding version {0} is not supported")]
    Version(u8),
    /// The size byte is outside 2..=25.
    #[error("board size {0} is not supported")]
    Size(u8),
    /// Extra bytes after the last point.
    #[error("board encoding has {0} bytes too many")]
    TrailingBytes(usize),
    /// A point holds the unused two-bit value 3.
    #[error("board encoding has an invalid cell at index {0}")]
    BadCell(usize),
    /// A string with no liberty: never a legal position.
    #[error("board encoding holds a string without liberties at {0}")]
    DeadString(Point),
    /// A diagram that is not square or holds a foreign character.
    #[error("bad diagram: {0}")]
    Diagram(String),
}

impl Position {
    /// Returns the empty position of `size`.
    pub fn empty(size: BoardSize) -> Self {
        Position {
            size,
            cells: vec![0; size.points()].into_boxed_slice(),
        }
    }

    /// Returns a position from raw cells (0 empty, 1 black, 2 white), row-major from the bottom-left.
    ///
    /// The caller guarantees `cells.len() == size.points()` and values 0..=2.
    pub(crate) fn from_cells(size: BoardSize, cells: Box<[u8]>) -> Self {
        debug_assert_eq!(cells.len(), size.points());
        Position { size, cells }
    }

    /// Returns the board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Returns the raw cells, row-major from the bottom-left (0 empty, 1 black, 2 white).
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// Returns the stone at `p`, or `None` for an empty point.
    pub fn get(&self, p: Point) -> Option<Color> {
        code_color(self.cells[p.index(self.size)])
    }

    /// Puts a stone (or nothing) at `p`.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        self.cells[p.index(self.size)] = color_code(stone);
    }

    /// Returns the points that hold a stone of `color` here and are empty
    /// in `later` (the stones captured between the two), in board order
    /// from the bottom left. Empty when the sizes differ.
    pub fn removed(&self, later: &Position, color: Color) -> Vec<Point> {
        if self.size != later.size {
            return Vec::new();
        }
        let size = self.size;
        size.all_points()
            .filter(|&p| self.get(p) == Some(color) && later.get(p).is_none())
            .collect()
    }

    /// Returns the number of stones of `color` on the board.
    pub fn count(&self, color: Color) -> usize {
        let c = color_code(Some(color));
        self.cells.iter().filter(|&&v| v == c).count()
    }

    /// Returns the rows top row first, as `X`, `O` and `.`: the JSON form.
    pub fn rows(&self) -> Vec<String> {
        let n = self.size.get();
        (0..n)
            .rev()
            .map(|row| {
                (0..n)
                    .map(|col| cell_char(self.get(Point::new(col, row))))
                    .collect()
            })
            .collect()
    }

    /// Reads rows top row first (`X`/`x`/`#` black, `O`/`o` white, `.`/`+` empty; spaces ignored).
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Self, DecodeError> {
        let rows: Vec<String> = rows
            .iter()
            .map(|r| {
                r.as_ref()
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .collect::<String>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        let size = BoardSize::new(rows.len() as u32)
            .map_err(|_| DecodeError::Diagram(format!("{} rows", rows.len())))?;
        let mut pos = Position::empty(size);
        for (i, line) in rows.iter().enumerate() {
            if line.chars().count() != rows.len() {
                return Err(DecodeError::Diagram(format!(
                    "row {} is not {} wide",
                    i + 1,
                    rows.len()
                )));
            }
            let row = (rows.len() - 1 - i) as u8;
            for (col, ch) in line.chars().enumerate() {
                pos.set(Point::new(col as u8, row), diagram_stone(ch)?);
            }
        }
        Ok(pos)
    }

    /// Returns the compact binary form: version, size, two bits per point.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 + self.cells.len().div_ceil(4));
        out.push(ENCODING_VERSION);
        out.push(self.size.get());
        for chunk in self.cells.chunks(4) {
            let byte = chunk
                .iter()
                .enumerate()
                .fold(0u8, |b, (i, &v)| b | (v << (2 * i)));
            out.push(byte);
        }
        out
    }

    /// Reads the binary form back, checking every byte and that every string has a liberty.
    pub fn decode(bytes: &[u8]) -> Result<Self, DecodeError> {
        let (&version, rest) = bytes.split_first().ok_or(DecodeError::Truncated(0))?;
        if version != ENCODING_VERSION {
            return Err(DecodeError::Version(version));
        }
        let (&n, body) = rest
            .split_first()
            .ok_or(DecodeError::Truncated(bytes.len()))?;
        let size = BoardSize::new(n as u32).map_err(|_| DecodeError::Size(n))?;
        let need = size.points().div_ceil(4);
        if body.len() < need {
            return Err(DecodeError::Truncated(bytes.len()));
        }
        if body.len() > need {
            return Err(DecodeError::TrailingBytes(body.len() - need));
        }
        let mut pos = Position::empty(size);
        for i in 0..size.points() {
            let v = (body[i / 4] >> (2 * (i % 4))) & 3;
            if v == 3 {
                return Err(DecodeError::BadCell(i));
            }
            pos.cells[i] = v;
        }
        let used = size.points() % 4;
        if used != 0 && body[need - 1] >> (2 * used) != 0 {
            return Err(DecodeError::BadCell(size.points()));
        }
        match pos.first_dead_string() {
            Some(p) => Err(DecodeError::DeadString(p)),
            None => Ok(pos),
        }
    }

    /// Returns the neighbours of `p` on this board.
    pub(crate) fn neighbours(&self, p: Point) -> impl Iterator<Item = Point> + use<> {
        let n = self.size.get();
        let (c, r) = (p.col as i16, p.row as i16);
        [(c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)]
            .into_iter()
            .filter(move |&(x, y)| x >= 0 && y >= 0 && x < n as i16 && y < n as i16)
            .map(|(x, y)| Point::new(x as u8, y as u8))
    }

    /// Returns the string containing `p` and its liberties (both empty for an empty point).
    pub fn string_and_liberties(&self, p: Point) -> (Vec<Point>, Vec<Point>) {
        let Some(color) = self.get(p) else {
            return (Vec::new(), Vec::new());
        };
        let mut seen = vec![false; self.size.points()];
        let mut libs = vec![false; self.size.points()];
        let (mut stones, mut stack) = (Vec::new(), vec![p]);
        seen[p.index(self.size)] = true;
        while let Some(q) = stack.pop() {
            stones.push(q);
            for r in self.neighbours(q) {
                let i = r.index(self.size);
                match self.get(r) {
                    None => libs[i] = true,
                    Some(c) if c == color && !seen[i] => {
                        seen[i] = true;
                        stack.push(r);
                    }
                    _ => {}
                }
            }
        }
        let size = self.size;
        let libs = (0..libs.len())
            .filter(|&i| libs[i])
            .map(|i| Point::from_index(i, size))
            .collect();
        (stones, libs)
    }

    /// Returns a point of some string that has no liberty, if there is one.
    pub fn first_dead_string(&self) -> Option<Point> {
        self.size
            .all_points()
            .filter(|&p| self.get(p).is_some())
            .find(|&p| {
                self.neighbours(p).all(|q| self.get(q).is_some())
                    && self.string_and_liberties(p).1.is_empty()
            })
    }
}

fn diagram_stone(ch: char) -> Result<Option<Color>, DecodeError> {
    match ch {
        'X' | 'x' | '#' | '@' => Ok(Some(Color::Black)),
        'O' | 'o' => Ok(Some(Color::White)),
        '.' | '+' => Ok(None),
        other => Err(DecodeError::Diagram(format!(
            "unexpected character {other:?}"
        ))),
    }
}

/// Returns `X`, `O` or `.` for a point's content.
pub(crate) fn cell_char(stone: Option<Color>) -> char {
    stone.map_or('.', Color::stone_char)
}

/// Returns the cell code (0 empty, 1 black, 2 white) of a point's content.
pub(crate) fn color_code(stone: Option<Color>) -> u8 {
    match stone {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    }
}

/// Returns the point content of a cell code; anything but 1 or 2 is empty.
pub(crate) fn code_color(code: u8) -> Option<Color> {
    match code {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}
