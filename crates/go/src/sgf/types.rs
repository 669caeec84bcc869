//! The values of SGF: what the reader returns ([`SgfGame`], its
//! [`SgfNode`]s and their [`Setup`]) and what the writer takes
//! ([`SgfRecord`], with the clock as each move left it: [`TimeLeft`]).

use crate::color::Color;
use crate::coords::{BoardSize, Move, Point};

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
    pub(crate) black_name: Option<String>,
    /// White's name (`PW`).
    pub(crate) white_name: Option<String>,
    /// Result (`RE`), such as `B+R` or `W+3.5`.
    pub result: Option<String>,
    /// Rules (`RU`).
    pub rules: Option<String>,
    /// Date (`DT`).
    pub(crate) date: Option<String>,
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
    /// Game name, place, comments and the count.
    pub info: SgfInfo,
}

/// What a record says beyond the game itself: its name and place, the
/// players' comments at their moves, and the territory of a counted game.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SgfInfo {
    /// Game name (`GN`).
    pub game_name: Option<String>,
    /// Place (`PC`), such as the server's name.
    pub place: Option<String>,
    /// Black's rank (`BR`), such as `3k`.
    pub black_rank: Option<String>,
    /// White's rank (`WR`).
    pub white_rank: Option<String>,
    /// Comments (`C`) by node: 0 is the root, `n` the node of move `n`.
    /// Several comments for one node are written one per line, in order.
    pub comments: Vec<(usize, String)>,
    /// Black's territory (`TB`, points under dead stones included), written
    /// in the last node.
    pub territory_black: Vec<Point>,
    /// White's territory (`TW`), written in the last node.
    pub territory_white: Vec<Point>,
    /// The main time in seconds (`TM`), in the root.
    pub time_limit: Option<i64>,
    /// The overtime in the usual notation (`OT`), such as `5x86400
    /// byo-yomi`, in the root.
    pub overtime: Option<String>,
    /// What each move left on its mover's clock, by move number from 1
    /// (`BL`/`WL`, and `OB`/`OW` in overtime, in the node of the move).
    pub times: Vec<(usize, TimeLeft)>,
}

/// What a move left on its mover's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeLeft {
    /// Seconds left (`BL`/`WL`).
    pub seconds: i64,
    /// In overtime, the byo-yomi periods or Canadian stones left
    /// (`OB`/`OW`).
    pub moves: Option<u32>,
}
