//! A player's own commands: `undo` (`undo`), `say` and `standings`
//! (`talk`), and `vacation`, `notify` and `password` (`settings`), with the
//! password gate every mail of a player with a password passes first.

mod settings;
mod talk;
mod undo;

use crate::pipeline::error::{CmdResult, PipelineError, Rejection, reject};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::letters::Letter;
use crate::pipeline::report::{Effect, LineResult, Report};
use rusqlite::Connection;

use crate::mail::command::{Command, Parsed};
use crate::store::players::Player;
use crate::store::settings as store_settings;

/// Runs one personal command for `player`; `source` is the message's key.
pub(super) fn run(c: &Cmd<'_>, cmd: &Command) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    match cmd {
        Command::Undo { game } => undo::run(c, *game),
        Command::Say { game, text } => talk::say(c, *game, text),
        Command::Standings => talk::standings(conn, env),
        Command::Vacation { days } => settings::vacation(c, *days),
        Command::Notify { mode } => settings::notify(conn, player, *mode),
        Command::Password { secret, new } => settings::password(c, secret, new.as_deref()),
        other => Err(reject(
            "unknown-command",
            format!("'{other}' is not one of your own commands"),
        )
        .into()),
    }
}

/// Returns the report of a mail refused whole because it lacks the
/// player's password, or `None` when the player has no password or the
/// mail carries a `password` line with the right one.
pub(crate) fn password_gate(
    conn: &Connection,
    player: &Player,
    parsed: &Parsed,
) -> Result<Option<Report>, PipelineError> {
    let Some(hash) = store_settings::password_hash(conn, player.id)? else {
        return Ok(None);
    };
    let proven = parsed.commands.iter().any(|l| {
        matches!(&l.parsed, Ok(Command::Password { secret, .. })
            if store_settings::password_matches(&hash, secret))
    });
    if proven {
        return Ok(None);
    }
    let refusal = bad_password();
    let lines = parsed
        .commands
        .iter()
        .map(|l| LineResult::new(l.text.clone(), Err(refusal.clone())));
    Ok(Some(Report {
        lines: lines.collect(),
        not_processed: parsed.not_processed.clone(),
        comment: Vec::new(),
    }))
}

fn bad_password() -> Rejection {
    reject(
        "bad-password",
        "you have set a password, and this mail has no line 'password SECRET' with it, \
         so nothing in this mail was done; send the commands again with that line",
    )
}

/// An accepted personal command: `text` for the sender, with `letters`.
fn acted(
    text: impl Into<String>,
    game: Option<crate::store::GameId>,
    letters: Vec<Letter>,
) -> Effect {
    Effect::Acted {
        text: text.into(),
        game,
        letters,
    }
}
