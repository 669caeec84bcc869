//! The words of the play commands: the game a command names (missing, a
//! stranger's, not being scored, over), the reply-token gate, a move or
//! pass refused, and the `games` listing.

use chrono::{DateTime, Utc};

use super::board::time_left;
use crate::go::{Color, GameResult, Phase, Point};
use crate::pipeline::base::phrases::minute;
use crate::store::GameId;
use crate::store::listing::GameSummary;

/// `no-such-game`: the player named game `number`, which does not exist.
pub(crate) fn no_such_game(number: u64) -> String {
    format!("there is no game{number}")
}

/// `game-unreadable`: the stored record of `id` cannot be read.
pub(crate) fn unreadable(id: GameId) -> String {
    format!(
        "{id} cannot be read: its stored record is damaged, and the server's admin has to \
         repair it (your other commands in this mail were handled)"
    )
}

/// `not-a-player`: the sender does not play in `id`.
pub(crate) fn not_a_player(id: GameId) -> String {
    format!("you do not play in {id}")
}

/// `not-scoring`: a scoring command for a game being played.
pub(crate) fn not_scoring(id: GameId) -> String {
    format!("{id} is not being scored: it is scored after both players pass in a row")
}

/// `game-over`: the game is over.
pub(crate) fn is_over(id: GameId) -> String {
    format!("{id} is over")
}

/// `game-over`: the game is over, with its result when it has one.
pub(crate) fn over_with(id: GameId, result: Option<GameResult>) -> String {
    match result {
        Some(r) => format!("{id} is over ({r})"),
        None => is_over(id),
    }
}

/// `game-over`: a move while the game is being scored.
pub(crate) fn being_scored(id: GameId) -> String {
    format!("both players have passed in {id}: the game is being scored")
}

/// `not-your-turn`: `to_move` (called `name`) is to move.
pub(crate) fn not_your_turn(id: GameId, to_move: Color, name: &str) -> String {
    format!("it is not your turn in {id}: {to_move} ({name}) is to move")
}

/// `stale-move-number`: the player wrote `#written`, the next move is `next`.
pub(crate) fn stale_move_number(written: u32, id: GameId, next: u32) -> String {
    format!(
        "you wrote #{written}, but the next move in {id} is move {next}: look at the latest board"
    )
}

/// `name-taken`: a `signup` from an address already registered as `name`.
pub(crate) fn already_registered(name: &str) -> String {
    format!("this address is already registered, as {name}")
}

/// `bad-token`: a command for game `n` not sent to its token address;
/// `local` is the local part of the server's address.
pub(crate) fn bad_token(n: u64, local: &str) -> String {
    format!(
        "commands for game{n} are taken only in a reply to a mail about game{n}, or to \
         your daily digest that lists it: answer with your mail program's Reply, and keep \
         the address it replies to (the one with a '+' after {local}); this mail was not \
         sent to that address. To get a mail about game{n} to reply to, send \
         'board game{n}'"
    )
}

/// The `games` answer of a player with no games and no open challenges.
pub(crate) fn no_games() -> &'static str {
    "You have no games."
}

/// The `games` listing of the player called `me` at `now`: a heading and one line a game.
pub(crate) fn games_list(list: &[GameSummary], me: &str, now: DateTime<Utc>) -> String {
    let lines = list.iter().map(|g| game_line(g, me, now));
    format!("Your games:\n{}", lines.collect::<String>())
}

/// One game of the `games` listing, for the player called `me` at `now`.
pub(crate) fn game_line(g: &GameSummary, me: &str, now: DateTime<Utc>) -> String {
    let (color, opponent) = match g.black == me {
        true => ("black", &g.white),
        false => ("white", &g.black),
    };
    let state = game_state(g, color, opponent);
    let due = match (g.status, g.deadline) {
        (Phase::Play, Some(d)) => format!(", due {}, {}", minute(d), time_left(d - now)),
        _ => String::new(),
    };
    let (id, size) = (g.id.to_string(), g.size);
    format!("  {id:<8} {size}x{size} against {opponent}, you play {color}: {state}{due}\n")
}

/// Where a listed game stands, for the player of `color`.
fn game_state(g: &GameSummary, color: &str, opponent: &str) -> String {
    let next = g.move_number + 1;
    match (g.status, &g.result) {
        (_, Some(r)) => format!("finished, {r}"),
        (Phase::Scoring, _) => "being scored".into(),
        _ if g.to_move.name() == color => format!("your turn, move {next}"),
        _ => format!("{opponent}'s turn, move {next}"),
    }
}

/// The `games` answer: the games listing, then the open challenges if any.
pub(crate) fn games_and_challenges(games: &str, challenges: Option<&str>) -> String {
    match challenges {
        Some(c) => format!("{games}\n{c}"),
        None => games.trim_end().to_string(),
    }
}

/// `scoring-phase`: a move while the game is being scored.
pub(crate) fn scoring_phase(id: GameId) -> String {
    format!(
        "both players have passed, so {id} is being scored and moves are not played: \
         mark dead stones with 'dead {id} POINT...' (or 'alive'), accept the count \
         with 'done {id}', or play on with 'resume {id}' first"
    )
}

/// `unknown-command`: `command` reached the lifecycle commands by mistake.
pub(crate) fn not_lifecycle(command: &str) -> String {
    format!("'{command}' is not a lifecycle command")
}

/// Why an account change (`password`, `notify`, `vacation`) is refused in
/// token mode: the mail was not sent to one of the player's own addresses
/// at the server, `local` being the server's local part.
pub(crate) fn account_token_needed(local: &str) -> String {
    format!(
        "changes to your account need a mail sent to one of your own {local}+... addresses: \
         reply to any mail this server sent you and keep the address it replies to"
    )
}

/// To the sender of words that look like `keyword` (`resign`): the exact
/// command to send for `game`, or with GAME when no one game is meant.
pub(crate) fn send_instead(keyword: &str, game: Option<GameId>) -> String {
    let (verb, at) = match keyword {
        "undo" => ("take back your move", " in"),
        "pass" => ("pass", " in"),
        k => (k, ""),
    };
    match game {
        Some(id) => format!("To {verb}{at} {id}, send: {keyword} {id}"),
        None => format!("To {verb}, send: {keyword} GAME, with your game's name for GAME"),
    }
}

/// Beside words that look like `keyword`, forwarded to the opponent: what
/// they are not.
pub(crate) fn not_a_command(keyword: &str) -> &'static str {
    match keyword {
        "resign" => "the game goes on: this is not a resignation",
        "pass" => "the game goes on: this is not a pass",
        "undo" => "no move is taken back: this is not an undo request",
        "accept" => "the challenge is still open: words alone do not accept it",
        _ => "the challenge is still open: words alone do not decline it",
    }
}

/// A bare `point` that reached no game: the move the sender may have
/// meant, in `id`, the one game where it is their move.
pub(crate) fn did_you_mean_move(id: GameId, point: Point) -> String {
    let point = point.to_string().to_lowercase();
    format!(
        "Did you mean: move {id} {point}? It is your move in {id}, and your mail named \
         no game"
    )
}

/// A move refused (`why`) because its game is over or being scored: the
/// same point in `id`, the one game where it is the sender's move.
pub(crate) fn over_did_you_mean(why: &str, id: GameId, point: Point) -> String {
    let point = point.to_string().to_lowercase();
    format!("{why}; did you mean: move {id} {point}? It is your move in {id}")
}

/// `too-late`: a move after the mover's time ran out at `ran_out`.
pub(crate) fn too_late(id: GameId, ran_out: DateTime<Utc>) -> String {
    format!(
        "Your time in {id} ran out at {}, before this move: the game is lost on time \
         (it is recorded as of that moment).",
        minute(ran_out)
    )
}
