//! The news line of a mail about a game: the first line of its body,
//! which mail clients show as the preview. It tells the reader what
//! happened, in which game, at which point and who moves next, in one
//! sentence seen from the reader's side ("You played E5 in game1; bob to
//! move", "bob played Q14 in game2: your move", "You won game1 ...").

use crate::go::{Color, GameResult, Move, Point};
use crate::pipeline::base::phrases::{count, points};
use crate::store::GameId;

/// ` and captured 1 stone (E5)`, or nothing.
fn took(captured: &[Point]) -> String {
    match captured.len() {
        0 => String::new(),
        n => format!(
            " and captured {} ({})",
            count(n as i64, "stone"),
            points(captured)
        ),
    }
}

/// `played E5` or `passed`, for `what` (`E5` or `pass`).
fn did(what: &str) -> String {
    match what {
        "pass" => "passed".to_string(),
        point => format!("played {point}"),
    }
}

/// `, due 2026-12-04 12:48 UTC`, or nothing when no clock runs.
fn due(deadline: Option<&str>) -> String {
    deadline.map(|d| format!(", due {d}")).unwrap_or_default()
}

/// To the mover: their move `what` in `id`; `next` is to move by `deadline`.
pub(crate) fn you_played(
    id: GameId,
    what: &str,
    captured: &[Point],
    next: &str,
    deadline: Option<&str>,
) -> String {
    format!(
        "You {} in {id}{}; {next} to move{}",
        did(what),
        took(captured),
        due(deadline)
    )
}

/// To the opponent: `mover` played `what` in `id`; the reader moves by `deadline`.
pub(crate) fn they_played(
    id: GameId,
    mover: &str,
    what: &str,
    captured: &[Point],
    deadline: Option<&str>,
) -> String {
    format!(
        "{mover} {} in {id}{}: your move{}",
        did(what),
        took(captured),
        due(deadline)
    )
}

/// The second pass in a row: `who` (`You` or a name) passed and the game is scored.
pub(crate) fn passed_to_scoring(id: GameId, who: &str) -> String {
    format!("{who} passed in {id}: both players passed, so the game is being scored")
}

/// To the mover whose move `what` the opponent `name` answered at once
/// with `answer` (a conditional move, which captured `captured`): it is
/// the mover's turn again.
pub(crate) fn you_were_answered(
    id: GameId,
    what: &str,
    (name, answer, captured): (&str, Move, &[Point]),
    deadline: Option<&str>,
) -> String {
    format!(
        "You {} in {id}; {name} answered with {answer} at once (conditional move){}: \
         your move{}",
        did(what),
        took(captured),
        due(deadline)
    )
}

/// To the player whose conditional answer `answer` to `mover`'s `what`
/// was played: it is `mover`'s turn.
pub(crate) fn your_answer_played(id: GameId, mover: &str, what: Move, answer: Move) -> String {
    format!(
        "{mover} played {what} in {id}; your answer {answer} was played at once \
         (conditional move): {mover} to move"
    )
}

/// The end of game `id` with `result`, seen by `reader`; `loser` names
/// the player who resigned or ran out of time (`None` for a result the
/// admin set).
pub(crate) fn game_over(
    id: GameId,
    result: GameResult,
    reader: Color,
    loser: Option<&str>,
) -> String {
    let Some(won) = winner(result).map(|w| w == reader) else {
        return match result {
            GameResult::Score(None, _) => format!("{id} ended in a draw ({result})"),
            _ => format!("{id} ended without a result ({result})"),
        };
    };
    let (verb, you) = match won {
        true => ("won", false),
        false => ("lost", true),
    };
    let how = match (result, loser) {
        (GameResult::Score(_, m), _) => format!(" by {m} points"),
        (GameResult::Resignation(_), Some(_)) if you => ": you resigned".to_string(),
        (GameResult::Resignation(_), Some(name)) => format!(": {name} resigned"),
        (GameResult::Time(_), Some(_)) if you => " on time".to_string(),
        (GameResult::Time(_), Some(name)) => format!(" on time: {name} did not move in time"),
        _ => String::new(),
    };
    format!("You {verb} {id}{how} ({result})")
}

/// The winner of `result`, if it has one.
fn winner(result: GameResult) -> Option<Color> {
    match result {
        GameResult::Resignation(c) | GameResult::Time(c) | GameResult::Score(Some(c), _) => Some(c),
        _ => None,
    }
}

/// What the end of a rated game did to the reader's rating.
pub(crate) fn rating_change(before: i64, after: i64) -> String {
    format!("; your rating is now {after} ({:+})", after - before)
}

/// A command refused, with its reason.
pub(crate) fn refused(command: &str, reason: &str) -> String {
    match reason.is_empty() {
        true => format!("Refused: {command}"),
        false => format!("Refused: {command}: {reason}"),
    }
}

/// A command that changed nothing but answered (a list, the help).
pub(crate) fn answered(command: &str) -> String {
    format!("Done: {command}")
}

/// The news of a mail of `n` commands, `done` of them carried out, led
/// by the news of its main one.
pub(crate) fn several(main: &str, n: usize, done: usize) -> String {
    match n - done {
        0 => format!("{main}; {done} of {n} commands done"),
        refused => format!("{main}; {done} of {n} commands done, {refused} refused"),
    }
}

/// The board of `id` was asked for: who is to move.
pub(crate) fn board_of(id: GameId, to_move: Option<&str>, deadline: Option<&str>) -> String {
    match to_move {
        Some("you") => format!("The board of {id}: your move{}", due(deadline)),
        Some(name) => format!("The board of {id}: {name} to move{}", due(deadline)),
        None => format!("The board of {id}"),
    }
}

/// The words of a mail without commands went to `to` in `id`.
pub(crate) fn words_sent(to: &str, id: GameId) -> String {
    format!("Your words went to {to} in {id}")
}

/// The words of a mail without commands went nowhere.
pub(crate) fn words_nowhere() -> &'static str {
    "Your mail had no command, and your words went nowhere"
}

/// A mail with neither commands nor words.
pub(crate) fn nothing_read() -> &'static str {
    "Your mail had no command"
}
