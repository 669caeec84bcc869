//! SGF (`FF[4]`) game records: reading the main line of a record and writing one.
//!
//! Owns: the SGF tokeniser and tree parser (`grammar`), the interpretation of
//! the main line into an [`SgfGame`] (`parse`), text values and their
//! character sets (`text`), and the writer for finished or running games
//! ([`SgfRecord`], `write`). Pure: bytes in, values out, no file I/O.
//!
//! The reader follows `sgfmill` 1.1 (the parser behind the project's reference
//! checker, `ko_reference.py` `load_sgf`) on every point where the two can
//! disagree, so that a record means the same thing to both:
//!
//! - junk before the first `(;` and everything after the first game tree is
//!   ignored; only the first child of every branch is read (the main line);
//! - lower-case letters in property identifiers are dropped (`AddBlack` is
//!   `AB`, an all-lower-case identifier is ignored);
//! - a property repeated in a node adds its values to the first one;
//! - a node with both `B` and `W` plays the `B` move (sgfmill's `get_move`);
//!   only the first value of `B`/`W` counts;
//! - `B[]`, and `B[tt]` on boards up to 19x19, are passes; point values are
//!   taken raw (no trimming), lower-case only, and must lie on the board;
//! - `AB`/`AW`/`AE` may appear in any node, next to a move or not; they are
//!   point lists (compressed `aa:cc` rectangles allowed, `AB[]` is empty);
//! - `SZ` defaults to 19 and must be 2..=25 (sgfmill allows 1..=26, the
//!   checker then rejects what lies outside 2..=25).
//!
//! Known differences, none of which occurs in the test corpus: `SZ[19:19]`
//! is accepted (sgfmill refuses any `:`); an unknown `CA` character set is
//! not an error (sgfmill refuses codecs Python lacks), text is decoded as
//! UTF-8 when it is valid UTF-8, else as Latin-1 or lossily; and a bad point
//! is an error wherever it is in the main line, while `load_sgf` stops
//! reading at a play on an occupied point and never sees what follows.

mod grammar;
mod parse;
mod text;
mod write;

#[cfg(test)]
mod tests;

use thiserror::Error;

use super::color::Color;
use super::coords::{BoardSize, Move, Point};

pub use parse::parse_sgf;
pub use write::write_sgf;

/// The main line of an SGF record, with the game information of its root.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfGame {
    /// Board size (`SZ`, default 19).
    pub size: BoardSize,
    /// Komi (`KM`); `None` when absent or unreadable.
    pub komi: Option<f64>,
    /// Handicap (`HA`); `None` when absent, zero or unreadable.
    pub handicap: Option<u32>,
    /// Black's name (`PB`).
    pub black_name: Option<String>,
    /// White's name (`PW`).
    pub white_name: Option<String>,
    /// Result (`RE`), such as `B+R` or `W+3.5`.
    pub result: Option<String>,
    /// Rules (`RU`).
    pub rules: Option<String>,
    /// Date (`DT`).
    pub date: Option<String>,
    /// Every node of the main line in order, the root first (empty ones too).
    pub nodes: Vec<SgfNode>,
}

/// One node of the main line: its setup stones and its move, if any.
///
/// When a node has both, the setup comes first, then the move.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SgfNode {
    /// Present when the node has `AB`, `AW` or `AE` (even with no points).
    pub setup: Option<Setup>,
    /// The `B` or `W` move of the node (`B` wins when both are present).
    pub play: Option<(Color, Move)>,
}

/// Setup stones of a node, each list sorted and without repeats.
///
/// Apply black, then white, then empty: a point in two lists ends as the later.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Setup {
    /// Points given a black stone (`AB`).
    pub black: Vec<Point>,
    /// Points given a white stone (`AW`).
    pub white: Vec<Point>,
    /// Points cleared (`AE`).
    pub empty: Vec<Point>,
}

/// A game to write as SGF: game information, root setup and the moves.
#[derive(Debug, Clone, PartialEq)]
pub struct SgfRecord {
    /// Board size (`SZ`).
    pub size: BoardSize,
    /// Komi (`KM`); a value that is not finite is written as 0.
    pub komi: f64,
    /// Handicap (`HA`), written only when above 0.
    pub handicap: u32,
    /// Black stones placed before the first move (`AB` in the root).
    pub setup_black: Vec<Point>,
    /// White stones placed before the first move (`AW` in the root).
    pub setup_white: Vec<Point>,
    /// Black's name (`PB`).
    pub black_name: String,
    /// White's name (`PW`).
    pub white_name: String,
    /// Date (`DT`), such as `2026-11-22`.
    pub date: Option<String>,
    /// Rules (`RU`).
    pub rules: Option<String>,
    /// Result (`RE`), such as `B+R`, `W+3.5` or `Void`.
    pub result: Option<String>,
    /// The moves in order; a pass is written as an empty value.
    pub moves: Vec<(Color, Move)>,
}

/// Why an SGF record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    /// The input holds no `(;` that could start a game tree.
    #[error("no sgf game tree found (expected '(;')")]
    NoGameTree,
    /// The game tree is malformed at or near byte `offset`.
    #[error("sgf syntax error at byte {offset}: {reason}")]
    Syntax {
        /// Byte offset into the input.
        offset: usize,
        /// What was wrong there.
        reason: &'static str,
    },
    /// `SZ` is not a number, not square, or outside 2..=25.
    #[error("unsupported board size '{0}' (expected a number from 2 to 25)")]
    BadSize(String),
    /// A move or setup value is not a point on this board.
    #[error("bad point '{value}' in {prop} of node {node}")]
    BadPoint {
        /// The property holding it (`B`, `W`, `AB`, `AW` or `AE`).
        prop: &'static str,
        /// The raw value, decoded lossily and cut to 40 characters.
        value: String,
        /// The node's position in the main line (0 = root).
        node: usize,
    },
}
