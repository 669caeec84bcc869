//! The words of a player's own commands: `vacation`, `notify`,
//! `password` (and the password gate), `say` and `undo`.

use chrono::{DateTime, Utc};

use crate::command::NotifyMode;
use crate::pipeline::base::phrases::minute;
use crate::store::GameId;

/// `unknown-command`: `command` reached the personal commands by mistake.
pub(crate) fn not_personal(command: &str) -> String {
    format!("'{command}' is not one of your own commands")
}

/// `already-on-vacation`: the player is away until `until`.
pub(crate) fn already_on_vacation(until: DateTime<Utc>) -> String {
    format!(
        "you are already on vacation until {}; send 'vacation off' first to change it",
        minute(until)
    )
}

/// `vacation-allowance`: `days` asked with `left` of `allowance` left.
pub(crate) fn vacation_allowance(allowance: u32, left: u32, days: u32) -> String {
    format!(
        "you may take {allowance} vacation days a year and have {left} left this year, \
         so a vacation of {days} days is not possible"
    )
}

/// What the player reads when their vacation of `days` starts.
pub(crate) fn vacation_started(days: u32, until: DateTime<Utc>, left: u32) -> String {
    format!(
        "Your clocks are paused for {days} days, until {}. You have {left} vacation days \
         left this year. Send 'vacation off' to come back early.",
        minute(until)
    )
}

/// To the opponent in game `id` of `name`, who went on vacation until
/// `until`: the news (first sentence), then what it means for the clock.
pub(crate) fn away_until(id: GameId, name: &str, until: DateTime<Utc>) -> String {
    format!(
        "{name} is on vacation until {}: the clock of {id} is paused while it is {name}'s \
         move. Your own moves are due as usual; {name} may still answer before then.",
        minute(until)
    )
}

/// What the player reads after `vacation off`, with `back` days returned.
pub(crate) fn welcome_back(back: u32) -> String {
    format!(
        "Welcome back: your vacation has ended and your clocks run again. \
         {back} unused days were given back."
    )
}

/// `not-on-vacation`.
pub(crate) fn not_on_vacation() -> &'static str {
    "you are not on vacation"
}

/// What the player reads after `notify MODE`.
pub(crate) fn notify_set(mode: NotifyMode) -> &'static str {
    match mode {
        NotifyMode::Each => "You will get a mail for every move.",
        NotifyMode::Digest => {
            "You will get one mail a day listing the games where it is your move, \
             and mails that need an answer."
        }
        NotifyMode::Off => {
            "You will get only mails that need an answer: challenges, the scoring \
             phase and warnings."
        }
    }
}

/// What the player reads after `images on` or `images off`.
pub(crate) fn images_set(on: bool) -> &'static str {
    if on {
        "Your mails will show each board as a picture too, above the text board."
    } else {
        "Your mails will show boards as text only, without pictures."
    }
}

/// What the player reads after `public on` or `public off`.
pub(crate) fn public_set(on: bool) -> &'static str {
    if on {
        "Your games will be shown on the club's web pages when your opponent's \
         are too, and you will have a page there with your games and rating."
    } else {
        "Your games and your page will not be shown on the club's web pages; \
         any already there are removed when the pages are next rebuilt."
    }
}

/// What the player reads after `timezone ZONE` (`Some`) or `timezone
/// server` (`None`).
pub(crate) fn timezone_set(zone: Option<&str>) -> String {
    match zone {
        Some(z) => {
            format!("Your time zone is now {z}: your clock's weekends and nights fall in it.")
        }
        None => "Your time zone is now the server's.".to_string(),
    }
}

/// What the player reads after `timezone` alone.
pub(crate) fn timezone_is(zone: Option<&str>) -> String {
    match zone {
        Some(z) => format!("Your time zone is {z}. Send 'timezone server' for the server's."),
        None => "Your time zone is the server's. Send 'timezone' and a zone such as \
                 Europe/Berlin to choose yours."
            .to_string(),
    }
}

/// What the player reads after `confirm on` or `confirm off`.
pub(crate) fn confirm_set(on: bool) -> &'static str {
    if on {
        "Every mail of yours will be answered, with what your commands did."
    } else {
        "A mail of yours whose commands were all done will get no reply from now \
         on (your opponent is still told of your move). A mail with a refused \
         command is always answered. Send 'confirm on' to have every mail answered again."
    }
}

/// What the player reads after `confirm` alone: the current setting.
pub(crate) fn confirm_is(on: bool) -> &'static str {
    if on {
        "Confirmations are on: every mail of yours is answered. Send 'confirm off' \
         for no reply to a mail whose commands were all done."
    } else {
        "Confirmations are off: a mail of yours whose commands were all done gets \
         no reply; a refusal is always answered. Send 'confirm on' to have every \
         mail answered."
    }
}

/// What the player reads when their first password is set.
pub(crate) fn password_set() -> &'static str {
    "Your password is set. From now on, every mail you send must \
     carry a line 'password' followed by it, or nothing in the mail is done."
}

/// `no-password`: `password SECRET NEW` without a password.
pub(crate) fn no_password() -> &'static str {
    "you have no password to change; send 'password SECRET' to set one"
}

/// What the player reads after `password SECRET` with the right one.
pub(crate) fn password_accepted() -> &'static str {
    "Password accepted."
}

/// What the player reads after `password SECRET off`.
pub(crate) fn password_removed() -> &'static str {
    "Your password is removed: your mails no longer need a password line."
}

/// What the player reads after `password SECRET NEW`.
pub(crate) fn password_changed() -> &'static str {
    "Your password is changed. Use the new one from now on."
}

/// `bad-password`: the mail lacks the player's password.
pub(crate) fn bad_password() -> &'static str {
    "you have set a password, and this mail has no line 'password SECRET' with it, \
     so nothing in this mail was done; send the commands again with that line"
}

/// `one-password`: the mail had more than one `password` line.
pub(crate) fn one_password() -> &'static str {
    "this mail has more than one 'password' line; a mail may carry one, so nothing in it \
     was done"
}

/// `password-paused`: `limit` mails in the last hour had a wrong password.
pub(crate) fn password_paused(limit: u32) -> String {
    format!(
        "{limit} mails in the last hour came with a wrong password, so passwords are not \
         checked for the rest of the hour and nothing in this mail was done; if that was \
         not you, someone is guessing: ask the server's admin"
    )
}

/// The Subject of a `say` letter from `from`.
pub(crate) fn say_subject(id: GameId, from: &str, words: &str) -> String {
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let preview: String = words.chars().take(60).collect();
    let more = if preview.len() < words.len() {
        "..."
    } else {
        ""
    };
    format!("[{id}] {from} wrote in {id}: \"{preview}{more}\"")
}

/// What the sender of `say` reads.
pub(crate) fn message_sent(to: &str) -> String {
    format!("Your message was sent to {to}.")
}

/// `say` to an opponent who set `notify off`: kept, not mailed.
pub(crate) fn say_kept(to: &str) -> String {
    format!(
        "{to} has asked for no mail (notify off), so your message was not sent; it is kept \
         in the game record (sgf)."
    )
}

/// `say` to an opponent the admin disabled: kept, not mailed.
pub(crate) fn say_kept_disabled(to: &str) -> String {
    format!(
        "The account of {to} is disabled by the admin, so your message was not sent; it is \
         kept in the game record (sgf)."
    )
}

/// `cannot-undo`: the game is not in play.
pub(crate) fn not_in_play(id: GameId) -> String {
    format!("{id} is not being played, so no move can be taken back")
}

/// `undo-pending`: the player asked already; `other` has not answered.
pub(crate) fn undo_pending(number: u32, id: GameId, other: &str) -> String {
    format!(
        "you have already asked to take back move {number} in {id}: {other} has not answered yet"
    )
}

/// `cannot-undo`: the last move is not the player's, or `other` answered it.
pub(crate) fn cannot_undo(id: GameId, other: &str) -> String {
    format!(
        "you can only ask to take back your own last move in {id}, before {other} has answered it"
    )
}

/// `cannot-undo`: taking move `number` back would not return to play.
pub(crate) fn cannot_take_back(number: u32, id: GameId) -> String {
    format!("move {number} in {id} cannot be taken back")
}

/// The Subject (news line) of the request to the opponent: `asker` asks
/// to take back move `number` (`move_text`).
pub(crate) fn undo_asked_subject(id: GameId, asker: &str, number: u32, move_text: &str) -> String {
    format!("[{id}] {asker} asks to take back move {number} ({move_text}) in {id}")
}

/// What the player who asks reads.
pub(crate) fn undo_asked(other: &str, number: u32, move_text: &str, id: GameId) -> String {
    format!(
        "You asked {other} to take back move {number} ({move_text}) in {id}; the board is \
         unchanged until {other} agrees. If they do, you will get a mail and it will be your \
         move again."
    )
}

/// The Subject (news line) of the letter to the asker once `other`
/// agreed: their move is due by `deadline`.
pub(crate) fn undo_done_subject(
    id: GameId,
    other: &str,
    (number, move_text): (u32, &str),
    deadline: Option<&str>,
) -> String {
    let due = deadline.map(|d| format!(", due {d}")).unwrap_or_default();
    format!(
        "[{id}] {other} agreed to take back move {number} ({move_text}) in {id}: \
         your move again{due}"
    )
}

/// To the player who asked to take back move `number` in `id`: `other`
/// played on instead of agreeing, which refuses the request.
pub(crate) fn undo_refused(id: GameId, other: &str, number: u32) -> String {
    format!(
        "{other} did not agree to take back your move {number} in {id}: they played on, \
         so your request is closed and the board stands."
    )
}

/// What the player who agrees reads.
pub(crate) fn undo_agreed(number: u32, move_text: &str, id: GameId, asker: &str) -> String {
    format!(
        "You agreed: move {number} ({move_text}) in {id} is taken back. It is {asker}'s move again."
    )
}

/// Why the words of a mail without commands went nowhere: it answers no game.
pub(crate) fn answers_no_game() -> &'static str {
    "this mail answers no game. To write to an opponent, reply to a mail \
     about your game, or send 'say GAME' followed by your words"
}

/// Why the words of a mail without commands went nowhere: game `id` is not the sender's.
pub(crate) fn not_your_game(id: GameId) -> String {
    format!("this mail answers {id}, which is not one of your games")
}

/// Why a `say` is refused: `max` words in game `id` within the hour.
pub(crate) fn say_limit(id: GameId, max: u32) -> String {
    format!(
        "you have sent {max} messages in {id} within the last hour, the most an hour allows; \
         your words were not sent, so send them again later"
    )
}
