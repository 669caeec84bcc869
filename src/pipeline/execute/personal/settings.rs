//! `vacation DAYS|off`, `notify each|digest|off`, `images on|off`,
//! `confirm [on|off]` and `password SECRET [NEW|off]`: the player's own
//! settings, stored by `store::settings`.

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::{CmdResult, PipelineError, Rejection, reject};
use crate::pipeline::base::passwords::{self, WRONG_PASSWORDS_PER_HOUR};
use crate::pipeline::base::wording::personal as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::record::report::{Chat, Effect, LineResult, Report};
use rusqlite::Connection;

use crate::command::{Command, NotifyMode, Parsed, ZoneChoice};
use crate::go::Phase;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::store::listing::{self, GameFilter};
use crate::store::players::Player;
use crate::store::settings as store;
use crate::store::{games, messages, time_terms};

/// Runs `vacation DAYS` (`Some`) or `vacation off` (`None`).
pub(super) fn vacation(c: &Cmd<'_>, days: Option<u32>) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let Some(days) = days else {
        return vacation_off(conn, env, player);
    };
    if let Some(until) = store::vacation_until(conn, player.id, env.now)? {
        return Err(reject("already-on-vacation", words::already_on_vacation(until)).into());
    }
    let allowance = env.settings.games.vacation_days_per_year;
    let used = store::vacation_days_used(conn, player.id, env.now)?;
    let left = allowance.saturating_sub(used);
    if days == 0 || days > left {
        let why = words::vacation_allowance(allowance, left, days);
        return Err(reject("vacation-allowance", why).into());
    }
    let until = store::start_vacation(conn, player.id, days, env.now, env.settings.zone)?;
    let text = words::vacation_started(days, until, left - days);
    let letters = vacation_letters(conn, env, player, until)?;
    Ok(Effect::acted(text, None, letters))
}

/// The letters telling each opponent of `player` in a game in play that
/// `player` is away until `until`, one in each game's thread (the
/// player's words beside `vacation` go with the first one, as with every
/// command's letters).
fn vacation_letters(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    until: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<Letter>, PipelineError> {
    let filter = GameFilter {
        status: Some(Phase::Play),
        player_id: Some(player.id),
    };
    let mut out = Vec::new();
    for summary in listing::games(conn, &filter)? {
        let g = games::load(conn, summary.id)?;
        let Some(color) = g.color_of(player.id) else {
            continue;
        };
        let what = GameLetter {
            to: g.player(color.opponent()),
            kind: "vacation",
            intro: vec![words::away_until(g.id, &player.name, until)],
            next: Vec::new(),
        };
        out.push(game_letter(conn, env, &g, what)?);
    }
    Ok(out)
}

fn vacation_off(conn: &Connection, env: &Env<'_>, player: &Player) -> CmdResult<Effect> {
    match store::end_vacation(conn, player.id, env.now, env.settings.zone)? {
        Some(back) => Ok(Effect::acted(words::welcome_back(back), None, Vec::new())),
        None => Err(reject("not-on-vacation", words::not_on_vacation()).into()),
    }
}

/// Runs `notify MODE`.
pub(super) fn notify(conn: &Connection, player: &Player, mode: NotifyMode) -> CmdResult<Effect> {
    store::set_notify(conn, player.id, mode.name())?;
    Ok(Effect::acted(words::notify_set(mode), None, Vec::new()))
}

/// Runs `images on|off`.
pub(super) fn images(conn: &Connection, player: &Player, on: bool) -> CmdResult<Effect> {
    store::set_images(conn, player.id, on)?;
    Ok(Effect::acted(words::images_set(on), None, Vec::new()))
}

/// Runs `public on|off`: the next site build shows or removes the
/// player's page and games.
pub(super) fn public(conn: &Connection, player: &Player, on: bool) -> CmdResult<Effect> {
    crate::store::site::set_public(conn, player.id, on)?;
    Ok(Effect::acted(words::public_set(on), None, Vec::new()))
}

/// Runs `timezone ZONE|server`, or `timezone` alone, which says the zone.
pub(super) fn timezone(
    conn: &Connection,
    player: &Player,
    zone: Option<ZoneChoice>,
) -> CmdResult<Effect> {
    let text = match zone {
        Some(ZoneChoice::Zone(z)) => {
            time_terms::set_timezone(conn, player.id, Some(z))?;
            words::timezone_set(Some(z.name()))
        }
        Some(ZoneChoice::Server) => {
            time_terms::set_timezone(conn, player.id, None)?;
            words::timezone_set(None)
        }
        None => words::timezone_is(time_terms::timezone(conn, player.id)?.map(|z| z.name())),
    };
    Ok(Effect::acted(text, None, Vec::new()))
}

/// Runs `confirm on|off`, or `confirm` alone, which says the setting.
pub(super) fn confirm(conn: &Connection, player: &Player, on: Option<bool>) -> CmdResult<Effect> {
    let text = match on {
        Some(on) => {
            store::set_confirm(conn, player.id, on)?;
            words::confirm_set(on)
        }
        None => words::confirm_is(store::confirm(conn, player.id)?),
    };
    Ok(Effect::acted(text, None, Vec::new()))
}

/// Runs `password SECRET [NEW|off]`; the message's key salts the hash.
pub(super) fn password(c: &Cmd<'_>, secret: &str, new: Option<&str>) -> CmdResult<Effect> {
    let (conn, id, checked) = (c.conn, c.player.id, c.env.passwords);
    let settings = c.env.settings;
    let salt = passwords::salt(&settings.entropy, &settings.tokens.secret, c.key, id);
    let Some(hash) = store::password_hash(conn, id)? else {
        return first_password(c, secret, new, &salt);
    };
    if !passwords::matches(checked, &hash, secret) {
        return Err(bad_password().into());
    }
    let text = match new {
        None => words::password_accepted(),
        Some(off) if off.eq_ignore_ascii_case("off") => {
            store::set_password(conn, id, None)?;
            words::password_removed()
        }
        Some(next) => {
            let phc = passwords::hash(checked, next, &salt)?;
            store::set_password(conn, id, Some(&phc))?;
            words::password_changed()
        }
    };
    Ok(Effect::acted(text, None, Vec::new()))
}

/// `password SECRET` from a player without one sets it; `password SECRET
/// NEW` is refused, there being nothing to change.
fn first_password(
    c: &Cmd<'_>,
    secret: &str,
    new: Option<&str>,
    salt: &[u8; 16],
) -> CmdResult<Effect> {
    if new.is_some() {
        return Err(reject("no-password", words::no_password()).into());
    }
    let phc = passwords::hash(c.env.passwords, secret, salt)?;
    store::set_password(c.conn, c.player.id, Some(&phc))?;
    Ok(Effect::acted(words::password_set(), None, Vec::new()))
}

/// Returns the report of a mail refused whole because it lacks the
/// player's password, or `None` when the player has no password or the
/// mail carries one `password` line with the right one. A mail with more
/// than one `password` line is refused (one guess a mail), and so is every
/// mail for the rest of the hour once [`WRONG_PASSWORDS_PER_HOUR`] mails
/// in it had a wrong one (the hash is then not even checked); of those,
/// only the first is answered, so the player gets one mail about the pause.
pub(crate) fn password_gate(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    parsed: &Parsed,
) -> Result<Option<Report>, PipelineError> {
    let Some(hash) = store::password_hash(conn, player.id)? else {
        return Ok(None);
    };
    let secrets: Vec<&String> = parsed
        .commands
        .iter()
        .filter_map(|l| match &l.parsed {
            Ok(Command::Password { secret, .. }) => Some(secret),
            _ => None,
        })
        .collect();
    let since = env.now - chrono::Duration::hours(1);
    let wrong = messages::count_reason_since(conn, player.id, "bad-password", since)?;
    let paused = wrong >= WRONG_PASSWORDS_PER_HOUR;
    let refusal = match secrets.as_slice() {
        [_, _, ..] => reject("one-password", words::one_password()),
        _ if paused => reject(
            "password-paused",
            words::password_paused(WRONG_PASSWORDS_PER_HOUR),
        ),
        [one] if passwords::matches(env.passwords, &hash, one) => return Ok(None),
        _ => bad_password(),
    };
    let lines = parsed
        .commands
        .iter()
        .map(|l| LineResult::new(l.text.clone(), Err(refusal.clone())));
    let words_alone = parsed.commands.is_empty() && !parsed.comment.is_empty();
    let told =
        paused && messages::count_reason_since(conn, player.id, "password-paused", since)? > 0;
    Ok(Some(Report {
        lines: lines.collect(),
        not_processed: parsed.not_processed.clone(),
        chat: words_alone.then_some(Chat::Nowhere(refusal.reason)),
        unanswered: told,
        ..Report::default()
    }))
}

pub(super) fn bad_password() -> Rejection {
    reject("bad-password", words::bad_password())
}
