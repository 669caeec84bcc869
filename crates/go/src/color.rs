//! Stone colours.
//!
//! Owns: `Color` (Black or White), its opposite, and its one-letter forms
//! (`B`/`W` in SGF, `X`/`O` on the ASCII board).

use std::fmt;

/// The colour of a stone or of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, drawn `X`, moves first in an even game.
    Black,
    /// White, drawn `O`.
    White,
}

impl Color {
    /// Returns the other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Returns `B` or `W`, as in SGF and results.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// Returns `X` or `O`, as drawn on the board.
    pub fn stone_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// Returns `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Reads `B`/`W`/`black`/`white` (case-insensitive).
    pub fn parse(text: &str) -> Option<Color> {
        match text.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
