//! The words of the replies a message causes: the transcript's Subject
//! and its answer to a mail without commands, the opponent's "your move"
//! Subject and example command, the words to a stranger (signup
//! refused, not registered, "who are you"), and the one reply to a
//! player the admin disabled.

use chrono::{DateTime, Utc};

use crate::command::is_reply_subject;
use crate::store::GameId;

/// The most characters of a sender's Subject pbmgo echoes anywhere.
pub(crate) const SUBJECT_ECHO_CHARS: usize = 200;

/// The Subject of a transcript about no one game: the sender's `subject`
/// with one `Re: ` in front (its own reply prefixes taken off, its tags
/// kept; at most [`SUBJECT_ECHO_CHARS`] characters in all), or `Your
/// commands` when it has none.
pub(crate) fn transcript_subject(subject: &str) -> String {
    let subject = crate::command::without_secret(subject);
    let mut rest = subject.trim();
    while let Some(after) = after_reply_prefix(rest) {
        rest = after.trim_start();
    }
    match rest.is_empty() {
        true => "Your commands".to_string(),
        false => subject_head(&format!("Re: {rest}")),
    }
}

/// A sender's Subject as pbmgo echoes it: at most [`SUBJECT_ECHO_CHARS`]
/// characters, cut at a character and ended by `…` when longer.
pub(crate) fn subject_head(subject: &str) -> String {
    match subject.char_indices().nth(SUBJECT_ECHO_CHARS) {
        None => subject.to_string(),
        Some(_) => {
            let head: String = subject.chars().take(SUBJECT_ECHO_CHARS - 1).collect();
            format!("{head}…")
        }
    }
}

/// `subject` after its leading reply prefix (`Re:`, `AW:`, `Re[2]:` ...,
/// not a forward's `Fwd:`), if it begins with one.
fn after_reply_prefix(subject: &str) -> Option<&str> {
    let colon = subject.find([':', '：'])?;
    let head = subject.get(..colon)?;
    let with_colon = subject.get(..colon + subject[colon..].chars().next()?.len_utf8())?;
    let word = head.split(['[', '(']).next().unwrap_or(head).trim();
    let reply = ["re", "aw", "sv", "antw"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(word));
    (reply && is_reply_subject(with_colon)).then(|| &subject[with_colon.len()..])
}

/// The one Subject of every mail about game `id`: its players and board,
/// e.g. `[game1] alice vs bob, 9x9`.
pub(crate) fn game_subject(id: GameId, b: &crate::store::games::thread::Between) -> String {
    format!("[{id}] {} vs {}, {}x{}", b.first, b.second, b.size, b.size)
}

/// Says a file (the game's record) is attached to the transcript.
pub(crate) fn attached(filename: &str) -> String {
    format!("The game record is attached as {filename}.")
}

/// The Subject of one mail with news of several games (or none).
pub(crate) fn several_games_subject(games: &[GameId]) -> String {
    let names: Vec<String> = games.iter().map(GameId::to_string).collect();
    match names.as_slice() {
        [] => "News from your games".to_string(),
        [one] => format!("News in {one}"),
        [rest @ .., last] => format!("News in {} and {last}", rest.join(", ")),
    }
}

/// The words that begin what a notice carries of the notices held back
/// before it (see [`held_back_heading`]).
pub(crate) fn held_back_marker() -> &'static str {
    "Held back by the hourly mail limit"
}

/// The heading over the news of `n` notices held back by the hourly limit
/// and sent in this mail.
pub(crate) fn held_back_heading(n: usize) -> String {
    let count = crate::pipeline::base::phrases::count(
        i64::try_from(n).unwrap_or(i64::MAX),
        "earlier notice",
    );
    let notices = if n == 1 {
        count
    } else {
        format!("{count}, oldest first")
    };
    format!(
        "{}, and sent with this mail: {notices}. The board above is the game as it stands now.",
        held_back_marker()
    )
}

/// The line over the `n`th (from 1) notice a mail carries of those held
/// back before it.
pub(crate) fn held_back_item(n: usize) -> String {
    format!("Earlier notice {n}:")
}

/// Why a capped mail waits (shown by `outbox list`): `address` had `cap`
/// mails others made pbmgo send in the last hour.
pub(crate) fn deferred_reason(address: &str, cap: u32) -> String {
    format!(
        "deferred: {address} had {cap} mails in the last hour (limits.max_replies_per_hour); \
         sent when the hour has passed"
    )
}

/// The sender's note on their mail to `name` (of outbox kind `kind`) that
/// the hourly cap of `cap` holds back until `until`.
pub(crate) fn held_note(kind: &str, name: &str, until: DateTime<Utc>, cap: u32) -> String {
    let what = match kind {
        "say" => format!("Your words to {name} wait"),
        "challenge" => format!("Your challenge to {name} waits"),
        "undo-request" => format!("Your undo request to {name} waits"),
        _ => format!("The mail to {name} waits"),
    };
    format!(
        "{what} until {}: {name} has had {cap} mails from this server in the \
         last hour (limits.max_replies_per_hour).",
        until.format("%H:%M UTC")
    )
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

/// `account-disabled`: the one reply to mail from `name`, whose account
/// the admin disabled.
pub(crate) fn account_disabled(name: &str) -> String {
    format!(
        "Hello,\n\nyour account {name} is disabled by the admin.\n\
         Nothing in your mail was acted on, and you get no other mail\n\
         until the admin enables the account again.\n"
    )
}

/// The Subject of a signup confirmation.
pub(crate) fn signup_confirm_subject(server: &str, name: &str) -> String {
    format!("Confirm your signup to {server} as {name}")
}

/// Why a mail to a signup confirmation's address confirmed nothing.
pub(crate) fn signup_not_confirmed() -> String {
    "this confirmation is unknown, has expired, was used already or was not sent to your \
     address, so nobody was signed up; send \"signup NAME\" again for a new one"
        .to_string()
}

/// Why a reply to a signup confirmation confirmed nothing: its own words
/// say neither `confirm` nor a command.
pub(crate) fn signup_word_needed(name: &str) -> String {
    format!(
        "nothing was confirmed: to join as {name}, reply to the confirmation with the word \
         confirm. If you did not ask to join, do nothing: the request lapses and you get \
         no more mail about it"
    )
}

/// Why `signup` is refused when the admin closed signups.
pub(crate) fn signup_closed() -> String {
    "this server takes no new players by mail; ask its admin to add you".to_string()
}

/// How a transcript names a mail sent to a signup confirmation's address.
pub(crate) fn confirmation_line() -> &'static str {
    "(your reply to a confirmation)"
}
