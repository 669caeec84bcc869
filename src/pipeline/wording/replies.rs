//! The words of the replies a message causes: the transcript's Subject
//! and its answer to a mail without commands, the opponent's "your move"
//! Subject and example command, and the words to a stranger (signup
//! refused, not registered, "who are you").

use crate::store::GameId;

/// The transcript's Subject: `Re:` the sender's Subject (`rest`, without
/// its game tag), tagged with the one game it shows.
pub(crate) fn transcript_subject(rest: &str, games: &[String]) -> String {
    let re = match rest.is_empty() {
        true => "Your commands".to_string(),
        false => format!("Re: {rest}"),
    };
    match games {
        [one] => format!("[{one}] {re}"),
        _ => re,
    }
}

/// The opponent's Subject after the second pass in a row.
pub(crate) fn both_passed_subject(id: GameId) -> String {
    format!("[{id}] Both players passed: the game is being scored")
}

/// The opponent's Subject after `mover` played `what` as move `number`.
pub(crate) fn your_move_subject(id: GameId, mover: &str, what: &str, number: u32) -> String {
    match what {
        "pass" => format!("[{id}] Your move: {mover} passed (move {number})"),
        _ => format!("[{id}] Your move: {mover} played {what} (move {number})"),
    }
}

/// The command the opponent's mail suggests for move `number`, with the
/// placeholder `POINT`: an example never names a real point, so a reply that
/// carries the mail unquoted cannot play it.
pub(crate) fn example_move(id: GameId, number: u32) -> String {
    format!("move {id} POINT#{number}")
}

/// The Subject of the "who are you" reply from the server called `server`.
pub(crate) fn unknown_sender_subject(server: &str) -> String {
    format!("{server}: who are you?")
}

/// `name-taken`: a stranger's `signup` with a name in use.
pub(crate) fn name_taken(name: &str) -> String {
    format!("the name {name} is taken: choose another")
}

/// `bad-name`: a stranger's `signup` with a name that cannot be one.
pub(crate) fn bad_name(name: &str, why: &str) -> String {
    format!("{name} cannot be a player name: {why}")
}

/// `unknown-sender`: a stranger's command other than `help`.
pub(crate) fn not_registered() -> &'static str {
    "this address is not registered: sign up first with signup NAME"
}

/// The sender's words went with their commands to `names`.
pub(crate) fn words_went_to(names: &str) -> String {
    format!("Your words went to {names}.")
}

/// The sender's words went nowhere: no command of the mail writes to another player.
pub(crate) fn words_went_nowhere() -> &'static str {
    "Your words went nowhere: no command of this mail writes to another player. \
     To write to your opponent, reply to a mail about your game with only your \
     words, or send 'say GAME' followed by them."
}
