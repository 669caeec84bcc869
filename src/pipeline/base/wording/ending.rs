//! The words of a game's end, however it comes: how it ended (a
//! resignation, a repeated position, time, the admin), the Subjects of
//! the game-over mails, and the game record sent with `sgf`.

use chrono::{DateTime, Utc};

use crate::go::{Color, GameResult, Move, Phase};
use crate::pipeline::base::phrases::{color_name, minute};
use crate::store::GameId;

/// The Subject of every other game-over mail.
pub(crate) fn game_over_subject(id: GameId, result: &str) -> String {
    format!("[{id}] Game over: {result}")
}

/// `game-over`: `resign` in a game that is over.
pub(crate) fn already_over(id: GameId) -> String {
    format!("{id} is already over")
}

/// How the game ended: `name` (playing `color`) resigned.
pub(crate) fn resigned_how(name: &str, color: Color) -> String {
    format!("{name} ({}) resigned.", color_name(color))
}

/// What the player who resigned reads.
pub(crate) fn you_resigned(id: GameId, result: &str) -> String {
    format!("You resigned {id}: {result}.")
}

/// How the game ended: move `number` repeated a position a third time.
pub(crate) fn repetition_how(number: u32, mv: Move) -> String {
    format!(
        "Move {number} ({mv}) repeated a whole-board position for the third time, so \
         play ended without a winner."
    )
}

/// What the player whose move `mv` ended the game reads.
pub(crate) fn ended_by_move(mv: Move, id: GameId, how: &str, result: &str) -> String {
    format!("You played {mv} in {id}. {how} Result: {result}.")
}

/// How the game ended: `loser` did not play move `number` by `deadline`.
pub(crate) fn timeout_how(loser: &str, number: u32, deadline: DateTime<Utc>) -> String {
    format!(
        "{loser} did not play move {number} by {} and loses on time.",
        minute(deadline)
    )
}

/// How the game ended: the admin decided `result`; `winner` names the
/// winner as `White (bob)`, when there is one.
pub(crate) fn adjudicated_how(result: GameResult, winner: Option<&str>) -> String {
    let what = match (result, winner) {
        (GameResult::Void, _) => format!("no result ({result})"),
        (_, Some(w)) => format!("{result}, a win for {w}"),
        (_, None) => format!("a draw ({result})"),
    };
    format!("The server's admin decided the result: {what}.")
}

/// Where a game stands, for its record: its result, else its phase and move.
pub(crate) fn record_state(result: Option<GameResult>, phase: Phase, moves: u32) -> String {
    match result {
        Some(r) => format!("finished, {r}"),
        None => format!("{}, after move {moves}", phase.name()),
    }
}

/// The Subject of the `sgf` mail.
pub(crate) fn record_subject(id: GameId) -> String {
    format!("[{id}] The game record")
}

/// What the sender of `sgf` reads: the record is attached as `file`.
pub(crate) fn record_sent(id: GameId, file: &str) -> String {
    format!("The record of {id} is attached to this mail as {file}.")
}
