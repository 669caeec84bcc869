//! The words of the board block's header: who is to move, the last move
//! and the game's status.

use crate::go::{Color, Move, Phase};
use crate::pipeline::words::capitalized;

/// Who is to move, e.g. `Black (alice)`.
pub(crate) fn to_move(color: Color, name: &str) -> String {
    format!("{} ({name})", capitalized(color.name()))
}

/// A move as the header and `undo` show it, e.g. `Black C3`.
pub(crate) fn played(color: Color, mv: Move) -> String {
    format!("{} {mv}", capitalized(color.name()))
}

/// The game's status.
pub(crate) fn status(phase: Phase) -> &'static str {
    match phase {
        Phase::Play => "playing",
        Phase::Scoring => "scoring (both players passed)",
        Phase::Finished => "finished",
    }
}
