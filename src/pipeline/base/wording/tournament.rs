//! Tournaments and ladders in words: the letter that starts a tournament
//! game or gives a bye, the standings line of a tournament game's final
//! mail, `join`, `leave`, `tournament NAME` and `tournaments`, and every
//! refusal about them.

use crate::go::Color;
use crate::pipeline::base::phrases::{color_name, color_words};
use crate::store::GameId;

/// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
pub(crate) fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `round 2 of 5`, or `round 2` when the count is not known.
pub(crate) fn round_of(round: u32, of: u32) -> String {
    match of {
        0 => format!("round {round}"),
        _ => format!("round {round} of {of}"),
    }
}

/// The start letter's first paragraph of a tournament game.
pub(crate) fn paired_intro(
    tournament: &str,
    round: &str,
    (id, me): (GameId, Color),
    opponent: &str,
    time: &str,
) -> String {
    format!(
        "Tournament {tournament}, {round}: {id} has begun. You play {} against {opponent} ({}). \
         Time: {time}.",
        color_words(me),
        color_name(me.opponent()),
    )
}

/// A bye: a round without a game, and what it scores.
pub(crate) fn bye_text(tournament: &str, round: &str, points: &str) -> String {
    format!(
        "Tournament {tournament}, {round}: the number of players is odd, and this round you \
         have the bye: no game, and {points} in the standings. Your next game comes with the \
         next round."
    )
}

/// The Subject of a bye letter.
pub(crate) fn bye_subject(tournament: &str, round: u32) -> String {
    format!("Tournament {tournament}: a bye in round {round}")
}

/// The standings line of a tournament game's final mail: the top of the
/// table (`1. alice 3, 2. bob 2`) and where the reader stands.
pub(crate) fn standings_line(tournament: &str, after: &str, top: &[String]) -> String {
    format!(
        "Tournament {tournament}, {after}: {}. Send \"tournament {tournament}\" for the table.",
        top.join(", ")
    )
}

/// A ladder's line in a ladder game's final mail.
pub(crate) fn ladder_line(tournament: &str, top: &[String]) -> String {
    format!(
        "Ladder {tournament} now: {}. Send \"tournament {tournament}\" for the whole ladder.",
        top.join(", ")
    )
}

/// How a game ends when a player withdraws from its tournament.
pub(crate) fn withdrew_how(name: &str, color: Color, tournament: &str) -> String {
    format!(
        "{name} ({}) withdrew from the tournament {tournament}; the game counts as lost by {name}.",
        color_name(color)
    )
}

/// `join NAME` done.
pub(crate) fn joined(tournament: &str, count: usize, starts: &str) -> String {
    format!(
        "You joined the tournament {tournament} ({count} player{} so far). {starts} \
         Send \"leave {tournament}\" to leave it before it starts.",
        if count == 1 { "" } else { "s" }
    )
}

/// `join NAME` on a ladder: the place taken.
pub(crate) fn joined_ladder(tournament: &str, place: usize) -> String {
    format!(
        "You joined the ladder {tournament} at place {place}, the bottom. Challenge a player up \
         to its reach above you with \"challenge NAME ladder {tournament}\"."
    )
}

/// When a tournament starts, for the `join` reply.
pub(crate) fn starts_when(day: Option<&str>) -> String {
    match day {
        Some(day) => format!("It starts on {day}."),
        None => "It starts when the server's admin starts it.".to_string(),
    }
}

/// `leave NAME` before the start.
pub(crate) fn left(tournament: &str) -> String {
    format!("You left the tournament {tournament}.")
}

/// `leave NAME` after the start: a withdrawal.
pub(crate) fn withdrew(tournament: &str, ended: &[GameId]) -> String {
    format!(
        "You withdrew from the tournament {tournament}: your games played stand, and you are \
         not paired again.{}",
        lost_games("Your", ended)
    )
}

/// The letter to a player the admin withdrew (`pbmgo tournament withdraw`).
pub(crate) fn withdrawn_text(tournament: &str, ended: &[GameId]) -> String {
    format!(
        "The tournament director withdrew you from the tournament {tournament}: your games \
         played stand, and you are not paired again.{}",
        lost_games("Your", ended)
    )
}

/// The Subject of that letter.
pub(crate) fn withdrawn_subject(tournament: &str) -> String {
    format!("Tournament {tournament}: you were withdrawn")
}

/// What `pbmgo tournament withdraw` prints.
pub(crate) fn admin_withdrew(player: &str, tournament: &str, ended: &[GameId]) -> String {
    format!(
        "{player} withdrew from the tournament {tournament}: their games played stand, and they \
         are not paired again.{}",
        lost_games("Their", ended)
    )
}

/// `pbmgo tournament withdraw` for a player not in it.
pub(crate) fn admin_not_in(player: &str, tournament: &str) -> String {
    format!("{player} is not in the tournament {tournament}.")
}

/// `pbmgo tournament withdraw` before the start.
pub(crate) fn admin_removed(player: &str, tournament: &str) -> String {
    format!("{player} is no longer entered in {tournament}.")
}

/// ` Your games in it that were going on count as lost: game3.`, or
/// nothing when none was going on.
fn lost_games(whose: &str, ended: &[GameId]) -> String {
    if ended.is_empty() {
        return String::new();
    }
    let list: Vec<String> = ended.iter().map(ToString::to_string).collect();
    format!(
        " {whose} games in it that were going on count as lost: {}.",
        list.join(", ")
    )
}

/// A tournament name nobody made.
pub(crate) fn no_such(name: &str) -> String {
    format!("There is no tournament called {name}. Send \"tournaments\" for the list.")
}

/// `join` after the start, or after the end.
pub(crate) fn not_open(tournament: &str, status: &str) -> String {
    format!("The tournament {tournament} has {status}: it takes no new players.")
}

/// `join` when full.
pub(crate) fn full(tournament: &str, max: u32) -> String {
    format!("The tournament {tournament} is full: it takes at most {max} players.")
}

/// `join` twice.
pub(crate) fn already_in(tournament: &str) -> String {
    format!("You are in the tournament {tournament} already.")
}

/// `leave` by someone not in it.
pub(crate) fn not_in(tournament: &str) -> String {
    format!("You are not in the tournament {tournament}.")
}

/// `challenge NAME ladder T` where T is not a ladder.
pub(crate) fn not_a_ladder(tournament: &str) -> String {
    format!(
        "The tournament {tournament} is not a ladder: its games are paired by the server, not \
         challenged."
    )
}

/// A ladder challenge from or to someone not on the ladder.
pub(crate) fn not_on_ladder(name: &str, tournament: &str) -> String {
    format!("{name} is not on the ladder {tournament}. Send \"join {tournament}\" to join it.")
}

/// A ladder challenge to someone below, or too far above.
pub(crate) fn out_of_reach(tournament: &str, mine: usize, theirs: usize, reach: u32) -> String {
    match theirs > mine {
        true => format!(
            "On the ladder {tournament} you may challenge only players above you: you are \
             {}, they are {}.",
            ordinal(mine),
            ordinal(theirs)
        ),
        false => format!(
            "On the ladder {tournament} you may challenge players up to {reach} places above \
             you: you are {}, they are {}.",
            ordinal(mine),
            ordinal(theirs)
        ),
    }
}

/// A second ladder challenge while one is open or being played.
pub(crate) fn one_at_a_time(tournament: &str, open: GameId) -> String {
    format!(
        "You have a ladder challenge in {tournament} already ({open}): one at a time, until \
         its game ends or it is declined or expires."
    )
}

/// The line a ladder challenge adds to the challenge letter.
pub(crate) fn ladder_challenge(tournament: &str, mine: usize, theirs: usize) -> String {
    format!(
        "This is a ladder challenge in {tournament}: the challenger is {}, the challenged {}. \
         If the challenger wins, they take the challenged player's place and everyone between \
         moves down one.",
        ordinal(mine),
        ordinal(theirs)
    )
}

/// `tournaments` with none open.
pub(crate) fn none_open() -> &'static str {
    "No tournament is open or running."
}

/// The first line of a tournament's table.
pub(crate) fn heading(
    tournament: &str,
    system: &str,
    (size, status): (u8, &str),
    round: &str,
    players: usize,
) -> String {
    let when = match (status, system) {
        ("open", _) => "open for entries".to_string(),
        ("finished", _) => "finished".to_string(),
        (_, "ladder") => "taking challenges".to_string(),
        _ => format!("now in {round}"),
    };
    format!("Tournament {tournament}: {system} on {size}x{size}, {when}, {players} players.")
}

/// What the tables' columns and cells mean.
pub(crate) fn legend() -> &'static str {
    "Pts: points, a win 1 and a jigo 0.5 (in a McMahon, the McMahon score). SOS: the sum of \
     the opponents' points; SOSOS: the sum of their SOS; SODOS: the points of the opponents \
     beaten. A crosstable cell such as 3+/b is a win (+), loss (-) or jigo (=) against the \
     player placed 3rd, with Black (b) or White (w); ? is a game going on."
}

/// One of the sender's games going on, for `tournament NAME`.
pub(crate) fn my_game(id: GameId, opponent: &str, round: u32) -> String {
    match round {
        0 => format!("- {id} against {opponent}"),
        r => format!("- {id} against {opponent} (round {r})"),
    }
}

/// The sender's part of `tournament NAME`.
pub(crate) fn my_games(going: &[String], played: usize, next: &str) -> String {
    let now = match going.is_empty() {
        true => "You have no game going on in it.".to_string(),
        false => format!("Your games going on in it:\n\n{}", going.join("\n")),
    };
    format!("{now}\n\nYou have finished {played} of its games. {next}")
}

/// When the next game comes in a Swiss or McMahon.
pub(crate) fn next_round(round: u32) -> String {
    format!("Round {round} is paired as soon as every game of this round has ended.")
}

/// A ladder: games come by challenges.
pub(crate) fn next_ladder(tournament: &str) -> String {
    format!("Your next game is a challenge: \"challenge NAME ladder {tournament}\".")
}

/// Before the start.
pub(crate) fn next_at_start() -> &'static str {
    "Your games are paired when it starts."
}

/// No more rounds.
pub(crate) fn next_none() -> &'static str {
    "No more rounds will be paired."
}

/// One tournament in `tournaments`.
pub(crate) fn listed(
    tournament: &str,
    (system, size): (&str, u8),
    players: usize,
    starts: &str,
    round: Option<&str>,
) -> String {
    let round = round.map(|r| format!(", now in {r}")).unwrap_or_default();
    format!("- {tournament}: {system} on {size}x{size}, {players} players, {starts}{round}")
}

/// The `tournaments` reply.
pub(crate) fn list(lines: &[String]) -> String {
    format!(
        "Tournaments:\n\n{}\n\nSend \"join NAME\" to enter one, \"tournament NAME\" for its \
         table.",
        lines.join("\n")
    )
}

/// The Subject of the letter with a tournament's final tables.
pub(crate) fn final_subject(tournament: &str) -> String {
    format!("Tournament {tournament}: final standings")
}

/// The first paragraph of that letter.
pub(crate) fn final_intro(tournament: &str, place: Option<usize>) -> String {
    let yours = place
        .map(|p| format!(" You finished {}.", ordinal(p)))
        .unwrap_or_default();
    format!(
        "The tournament {tournament} is over: every game of it has ended.{yours} Thank you \
         for playing. Its final tables follow."
    )
}
