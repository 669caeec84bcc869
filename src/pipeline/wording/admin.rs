//! The words of the admin's game repairs (`pbmgo game adjudicate` and
//! `pbmgo game resume`): why one is refused, and the letter that play
//! resumes.

use crate::go::{Color, GameResult};
use crate::store::GameId;

/// `adjudicate` refused: the game has result `r` already.
pub(crate) fn over_already(id: GameId, r: GameResult) -> String {
    format!("{id} is over already ({r}); resume it first")
}

/// `resume` refused: the game is being played.
pub(crate) fn being_played(id: GameId) -> String {
    format!("{id} is being played already")
}

/// Both players' letter: the admin set aside result `was` (or ended the
/// scoring phase), and `name` (playing `to_move`) is to move.
pub(crate) fn resumed_intro(
    id: GameId,
    was: Option<GameResult>,
    name: &str,
    to_move: Color,
) -> String {
    let what = match was {
        Some(r) => format!("The server's admin set aside the result {r} of {id}"),
        None => format!("The server's admin ended the scoring phase of {id}"),
    };
    format!(
        "{what}: play goes on, and {name} ({}) is to move.",
        to_move.name()
    )
}

/// The Subject of the letter that play resumes.
pub(crate) fn resumed_subject(id: GameId) -> String {
    format!("[{id}] Play resumes")
}
