//! `vacation DAYS|off`, `notify each|digest|off` and `password SECRET
//! [NEW|off]`: the player's own settings, stored by `store::settings`.

use crate::pipeline::context::Env;
use crate::pipeline::error::{CmdResult, PipelineError, Rejection, reject};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::report::{Effect, LineResult, Report};
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use crate::mail::command::{Command, NotifyMode, Parsed};
use crate::store::codec::time_text;
use crate::store::players::Player;
use crate::store::settings as store;

/// Runs `vacation DAYS` (`Some`) or `vacation off` (`None`).
pub(super) fn vacation(c: &Cmd<'_>, days: Option<u32>) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let Some(days) = days else {
        return vacation_off(conn, env, player);
    };
    if let Some(until) = store::vacation_until(conn, player.id, env.now)? {
        let why = format!(
            "you are already on vacation until {}; send 'vacation off' first to change it",
            time_text(until)
        );
        return Err(reject("already-on-vacation", why).into());
    }
    let allowance = env.settings.games.vacation_days_per_year;
    let used = store::vacation_days_used(conn, player.id, env.now)?;
    let left = allowance.saturating_sub(used);
    if days == 0 || days > left {
        let why = format!(
            "you may take {allowance} vacation days a year and have {left} left this year, \
             so a vacation of {days} days is not possible"
        );
        return Err(reject("vacation-allowance", why).into());
    }
    let until = store::start_vacation(conn, player.id, days, env.now)?;
    let text = format!(
        "Your clocks are paused for {days} days, until {}. You have {} vacation days \
         left this year. Send 'vacation off' to come back early.",
        time_text(until),
        left - days
    );
    Ok(Effect::acted(text, None, Vec::new()))
}

fn vacation_off(conn: &Connection, env: &Env<'_>, player: &Player) -> CmdResult<Effect> {
    match store::end_vacation(conn, player.id, env.now)? {
        Some(back) => {
            let text = format!(
                "Welcome back: your vacation has ended and your clocks run again. \
                 {back} unused days were given back."
            );
            Ok(Effect::acted(text, None, Vec::new()))
        }
        None => Err(reject("not-on-vacation", "you are not on vacation").into()),
    }
}

/// Runs `notify MODE`.
pub(super) fn notify(conn: &Connection, player: &Player, mode: NotifyMode) -> CmdResult<Effect> {
    store::set_notify(conn, player.id, mode.name())?;
    let text = match mode {
        NotifyMode::Each => "You will get a mail for every move.",
        NotifyMode::Digest => {
            "You will get one mail a day listing the games where it is your move, \
             and mails that need an answer."
        }
        NotifyMode::Off => {
            "You will get only mails that need an answer: challenges, the scoring \
             phase and warnings."
        }
    };
    Ok(Effect::acted(text, None, Vec::new()))
}

/// Runs `password SECRET [NEW|off]`; `source` (the message's key) salts the hash.
pub(super) fn password(c: &Cmd<'_>, secret: &str, new: Option<&str>) -> CmdResult<Effect> {
    let Cmd {
        conn,
        env,
        player,
        key: source,
        ..
    } = *c;
    let salt = salt(source, player.id, env);
    let Some(hash) = store::password_hash(conn, player.id)? else {
        return match new {
            None => {
                store::set_password(conn, player.id, Some(secret), &salt)?;
                Ok(Effect::acted(
                    "Your password is set. From now on, every mail you send must \
                     carry a line 'password' followed by it, or nothing in the mail is done.",
                    None,
                    Vec::new(),
                ))
            }
            Some(_) => Err(reject(
                "no-password",
                "you have no password to change; send 'password SECRET' to set one",
            )
            .into()),
        };
    };
    if !store::password_matches(&hash, secret) {
        return Err(bad_password().into());
    }
    let text = match new {
        None => "Password accepted.",
        Some(off) if off.eq_ignore_ascii_case("off") => {
            store::set_password(conn, player.id, None, &salt)?;
            "Your password is removed: your mails no longer need a password line."
        }
        Some(next) => {
            store::set_password(conn, player.id, Some(next), &salt)?;
            "Your password is changed. Use the new one from now on."
        }
    };
    Ok(Effect::acted(text, None, Vec::new()))
}

/// Returns the salt of a password set by the message `source`: unique to
/// the message, the player and the time, so no two hashes share one, and
/// mixed with the process's random bytes (`Settings::entropy`, drawn at the
/// CLI edge) and the server's token secret when it has one, so outsiders
/// cannot predict it.
fn salt(source: &str, player_id: i64, env: &Env<'_>) -> [u8; 16] {
    let mut h = Sha256::new();
    h.update(b"pbmgo password salt\0");
    h.update(env.settings.entropy);
    h.update(&env.settings.tokens.secret);
    h.update(source.as_bytes());
    h.update(player_id.to_le_bytes());
    h.update(time_text(env.now).as_bytes());
    let digest = h.finalize();
    let mut out = [0u8; 16];
    out.copy_from_slice(&digest[..16]);
    out
}

/// Returns the report of a mail refused whole because it lacks the
/// player's password, or `None` when the player has no password or the
/// mail carries a `password` line with the right one.
pub(crate) fn password_gate(
    conn: &Connection,
    player: &Player,
    parsed: &Parsed,
) -> Result<Option<Report>, PipelineError> {
    let Some(hash) = store::password_hash(conn, player.id)? else {
        return Ok(None);
    };
    let proven = parsed.commands.iter().any(|l| {
        matches!(&l.parsed, Ok(Command::Password { secret, .. })
            if store::password_matches(&hash, secret))
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

pub(super) fn bad_password() -> Rejection {
    reject(
        "bad-password",
        "you have set a password, and this mail has no line 'password SECRET' with it, \
         so nothing in this mail was done; send the commands again with that line",
    )
}
