//! The words of the admin's games: the start letter of a game made with
//! `pbmgo game new`, and the repairs (`pbmgo game adjudicate` and
//! `pbmgo game resume`): why one is refused, and the letter that play
//! resumes.

use crate::go::{Color, GameResult};
use crate::pipeline::base::phrases::{color_name, color_words};
use crate::store::GameId;
use crate::store::time_terms::TimeTerms;

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

/// The start letter of a game the admin made: the reader plays `me`
/// against `opponent`, with `days` per move.
pub(crate) fn started_intro(id: GameId, me: Color, opponent: &str, time: &TimeTerms) -> String {
    format!(
        "The server's admin started {id}: you play {} against {opponent} ({}). \
         Time: {}.",
        color_words(me),
        color_name(me.opponent()),
        super::clock::terms_explained(time),
    )
}
