//! The words of the scoring phase: `dead`/`alive` (stones marked),
//! `done` (the count accepted), `resume` (play goes on), the scored board
//! with what each player can write, and the scoring deadline (its warning
//! and the count that stands).

use chrono::{DateTime, Utc};

use crate::go::{Color, GameResult, Point};
use crate::pipeline::base::phrases::{color_name, minute, plural, points};
use crate::store::GameId;

/// `dead` or `alive`, as the command marks.
fn mark_word(dead: bool) -> &'static str {
    match dead {
        true => "dead",
        false => "alive",
    }
}

/// The date a count stands on, or nothing when no deadline runs.
fn until_words(deadline: Option<DateTime<Utc>>) -> String {
    deadline.map(minute).unwrap_or_default()
}

/// `no-stone`: a point of `dead`/`alive` without a stone.
pub(crate) fn no_stone(point: Point, id: GameId) -> String {
    format!("there is no stone at {point} in {id}")
}

/// `not-scoring`: the game has no marking.
pub(crate) fn not_being_scored(id: GameId) -> String {
    format!("{id} is not being scored")
}

/// The stones a command marked, e.g. `D4 D5 (2 stones)`.
pub(crate) fn stones(list: &[Point]) -> String {
    let n = list.len() as u64;
    format!("{} ({n} stone{})", points(list), plural(n))
}

/// What the sender reads when the marking did not change.
pub(crate) fn marked_already(id: GameId, list: &[Point], dead: bool) -> String {
    format!(
        "In {id}, the stones at {} were marked {} already: nothing changed.",
        points(list),
        mark_word(dead)
    )
}

/// The opponent's letter: `name` (playing `color`) marked `stones`.
pub(crate) fn marked_intro(
    id: GameId,
    name: &str,
    color: Color,
    dead: bool,
    stones: &str,
) -> String {
    format!(
        "In {id}, {name} ({}) marked {} the stones at {stones}. Any acceptance of yours \
         is cleared: look at the count below.",
        color_name(color),
        mark_word(dead)
    )
}

/// What the sender reads after marking `stones`; `other` must accept.
pub(crate) fn marked(id: GameId, dead: bool, stones: &str, other: &str) -> String {
    format!(
        "In {id}, marked {}: {stones}. {other} is told and must accept the count (done {id}).",
        mark_word(dead)
    )
}

/// What the sender reads after a second `done`.
pub(crate) fn accepted_already(id: GameId, other: &str) -> String {
    format!("You have accepted the count in {id} already; it waits for {other}.")
}

/// How the game ended: both accepted.
pub(crate) fn both_accepted_how() -> &'static str {
    "Both players accepted the count."
}

/// What the second player to accept reads.
pub(crate) fn both_accepted(id: GameId, result: GameResult) -> String {
    format!("Both players accepted the count: {id} is over, {result}.")
}

/// The opponent's letter: `name` (playing `color`) accepted the count.
pub(crate) fn accepted_intro(
    id: GameId,
    name: &str,
    color: Color,
    deadline: Option<DateTime<Utc>>,
) -> String {
    format!(
        "In {id}, {name} ({}) accepted the count. To accept it too, send: done {id}\n\
         You may also change the marking with dead or alive, or play on with resume. \
         If you do nothing, this count stands on {}.",
        color_name(color),
        until_words(deadline)
    )
}

/// What the first player to accept reads; `other` has until `deadline`.
pub(crate) fn you_accepted(id: GameId, other: &str, deadline: Option<DateTime<Utc>>) -> String {
    format!(
        "You accepted the count in {id}. {other} has until {} to accept it or change it; \
         then it stands.",
        until_words(deadline)
    )
}

/// The opponent's letter: `name` (playing `color`) asked to play on.
pub(crate) fn resumed_intro(id: GameId, name: &str, color: Color) -> String {
    format!(
        "In {id}, {name} ({}) asked to play on: the scoring phase is over and play resumes.",
        color_name(color)
    )
}

/// What the sender of `resume` reads, then what comes next (`turn`).
pub(crate) fn play_resumes(id: GameId, turn: &str) -> String {
    format!("Play resumes in {id}. {turn}")
}

/// Below the scored board: how it is drawn.
pub(crate) fn legend() -> &'static str {
    "Dead stones are drawn x and o, territory # (Black) and - (White)."
}

/// While scoring: the stones marked dead.
pub(crate) fn marked_dead(dead: &[Point]) -> String {
    match dead.is_empty() {
        true => "No stones are marked dead.".to_string(),
        false => format!("Marked dead: {}.", points(dead)),
    }
}

/// While scoring, until a player changes the marking: it is the server's proposal, a line.
pub(crate) fn proposed_by_server() -> &'static str {
    "This marking is the server's proposal, worked out from the position: either player \
     can change it with dead or alive, and done accepts it."
}

/// `estimate GAME`: the proposal for the final position of `id`, which
/// ended `result`, marks `dead`.
pub(crate) fn estimate_intro(id: GameId, dead: &[Point], result: &str) -> String {
    let stones = match dead.len() {
        0 => "no stones dead".to_string(),
        n => format!("{n} stone{} dead: {}", plural(n as u64), points(dead)),
    };
    format!(
        "The server's proposed count for the final position of {id} (the game ended {result}): \
         it marks {stones}. It is an estimate for review, worked out from the position alone; \
         the result of the game stands."
    )
}

/// `estimate-in-play`: `estimate` while `id` is being played.
pub(crate) fn estimate_in_play(id: GameId) -> String {
    format!("{id} is still being played: the server proposes a count only when the game is over")
}

/// `estimate-in-play`: `estimate` while `id` is being scored.
pub(crate) fn estimate_while_scored(id: GameId) -> String {
    format!(
        "{id} is being scored: its board shows the marking that stands (the server's proposal \
         until a player changes it); estimate is for games that are over"
    )
}

/// While scoring: whether `name` (playing `color`) has accepted, a line.
pub(crate) fn accepted_line(name: &str, color: Color, done: bool) -> String {
    let accepted = match done {
        true => "has accepted",
        false => "has not accepted yet",
    };
    format!("{name} ({}) {accepted}.\n", color_name(color))
}

/// While scoring: the day the count stands, a line.
pub(crate) fn stands_line(deadline: DateTime<Utc>) -> String {
    format!(
        "Unless the marking changes, this count stands on {}.\n",
        minute(deadline)
    )
}

/// While scoring: the number of the count shown, a line.
pub(crate) fn count_number(count: u32) -> String {
    format!("This is count #{count}: each change of the marking makes a new one.")
}

/// While scoring: what each player can write, a table of lines indented
/// so that they stay lines; `done` names count `count`, so that it
/// accepts no other.
pub(crate) fn scoring_commands(id: GameId, count: u32) -> String {
    format!(
        "    To mark a string dead:        dead {id} POINT...\n\
         \x20   To mark it alive again:       alive {id} POINT...\n\
         \x20   To accept this count:         done {id}#{count}\n\
         \x20   To play on instead:           resume {id}\n"
    )
}

/// `stale-count`: a `done` answered count `seen` of `id`, which is now
/// count `now` (shown below the transcript's line).
pub(crate) fn stale_count(id: GameId, seen: u32, now: u32) -> String {
    match seen > now {
        true => format!("{id} has no count #{seen} yet: the count now is #{now}, shown below"),
        false => format!(
            "the marking of {id} has changed since count #{seen}, which your done answered; \
             nothing was accepted. The count now is #{now}, shown below: to accept it, send \
             done {id}#{now}"
        ),
    }
}

/// The warning letter: `accepted` accepted, the count stands at `deadline`.
pub(crate) fn waiting_intro(id: GameId, accepted: &str, deadline: DateTime<Utc>) -> String {
    format!(
        "The count in {id} stands on {} unless you answer: {accepted} accepted it and waits \
         for you. If you do nothing, the game ends with it.",
        minute(deadline)
    )
}

/// The warning letter: what the player can write.
pub(crate) fn waiting_next(id: GameId) -> String {
    format!(
        "To accept it, send: done {id}\nTo change it: dead {id} POINT... or alive {id} POINT...\n\
         To play on: resume {id}"
    )
}

/// How the game ended: `late` did not answer `accepted` within `days`.
pub(crate) fn stands_how(accepted: &str, late: &str, days: u32) -> String {
    format!(
        "{accepted} accepted the count and {late} did not answer within {days} days, so it stands."
    )
}

/// How the game ended: the deadline passed with nobody waiting.
pub(crate) fn deadline_passed_how() -> &'static str {
    "The scoring deadline passed, so the count stands."
}
