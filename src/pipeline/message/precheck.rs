//! [`precheck`]: one message read before its write transaction, to make
//! the argon2 work its `password` line will need there (see `passwords`);
//! [`precheck_all`]: the messages of one batch so, where a player's wrong
//! passwords earlier in the batch count toward the pause as those of the
//! hour before do (the batch's transaction has not recorded them yet).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::process::{readable, unseen_key};
use super::recall;
use crate::command::{Command, GameRef, parse_reply_in};
use crate::pipeline::base::context::Settings;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::passwords::{Prechecked, WRONG_PASSWORDS_PER_HOUR, salt};
use crate::pipeline::execute;
use crate::store::PlayerId;
use crate::store::settings as store;
use crate::store::{messages, players};

/// Reads `raw` outside any write transaction (`conn` may be read by
/// others meanwhile) at `now` and makes the argon2 work its `password`
/// line will need; see the module header. A mail that cannot be read, is
/// a duplicate, comes from no player, has no single `password` line, or
/// comes while the player's password checks are paused gets nothing
/// prechecked; so does one the database cannot be read for (its
/// transaction will say why).
pub(crate) fn precheck(
    conn: &Connection,
    settings: &Settings,
    raw: &[u8],
    now: DateTime<Utc>,
) -> Prechecked {
    one(conn, settings, raw, now, &mut HashMap::new())
}

/// Prechecks `raws`, the messages of one batch in order, as [`precheck`]
/// does each; a message whose player sent as many wrong passwords in the
/// hour as pause the check, counting those prechecked before it in the
/// batch, gets nothing prechecked (its transaction then sees the pause and
/// checks nothing either).
pub(crate) fn precheck_all<'r>(
    conn: &Connection,
    settings: &Settings,
    raws: impl IntoIterator<Item = &'r [u8]>,
    now: DateTime<Utc>,
) -> Vec<Prechecked> {
    let mut wrong = HashMap::new();
    let each = |raw| one(conn, settings, raw, now, &mut wrong);
    raws.into_iter().map(each).collect()
}

/// Prechecks `raw`; `wrong` counts the wrong passwords of each player
/// prechecked before it in the batch, and gets this one's.
fn one(
    conn: &Connection,
    settings: &Settings,
    raw: &[u8],
    now: DateTime<Utc>,
    wrong: &mut HashMap<PlayerId, u32>,
) -> Prechecked {
    let mut checked = Prechecked::default();
    if mentions_password(raw)
        && let Ok(Some(line)) = password_line(conn, raw, now, wrong)
    {
        let _ = prepare(conn, settings, &line, &mut checked);
        if checked.verdicts.get_mut().iter().any(|(_, _, ok)| !ok) {
            *wrong.entry(line.player_id).or_default() += 1;
        }
    }
    checked
}

/// True when `raw` holds the word `password` in any case: a mail without
/// it (the most) is not parsed twice. A password hidden by a transfer
/// encoding is simply checked inside the transaction.
fn mentions_password(raw: &[u8]) -> bool {
    raw.windows(8).any(|w| w.eq_ignore_ascii_case(b"password"))
}

/// The one `password` line of a player's mail, read as the pipeline reads it.
struct Line {
    key: String,
    player_id: PlayerId,
    secret: String,
    new: Option<String>,
}

/// Finds the [`Line`] of `raw`, if it has one that will be checked;
/// `earlier` counts the wrong passwords of the batch so far, by player.
fn password_line(
    conn: &Connection,
    raw: &[u8],
    now: DateTime<Utc>,
    earlier: &HashMap<PlayerId, u32>,
) -> Result<Option<Line>, PipelineError> {
    let Ok(mail) = readable(raw) else {
        return Ok(None);
    };
    let Some(key) = unseen_key(conn, &mail)? else {
        return Ok(None);
    };
    let sender = mail.from.as_deref().unwrap_or_default();
    let Some(player) = players::find_by_address(conn, sender)? else {
        return Ok(None);
    };
    let since = now - chrono::Duration::hours(1);
    let wrong = messages::count_reason_since(conn, player.id, "bad-password", since)?;
    let earlier = earlier.get(&player.id).copied().unwrap_or(0);
    if wrong + earlier >= WRONG_PASSWORDS_PER_HOUR {
        return Ok(None);
    }
    let own = recall::own_words_in(conn, &mail)?;
    let thread = execute::answered_game(conn, &mail)?;
    let thread = thread
        .and_then(|g| u64::try_from(g.get()).ok())
        .map(GameRef);
    let parsed = parse_reply_in(&mail.subject, &mail.text, &own, thread);
    let mut lines = parsed.commands.into_iter().filter_map(|l| match l.parsed {
        Ok(Command::Password { secret, new }) => Some((secret, new)),
        _ => None,
    });
    let (Some((secret, new)), None) = (lines.next(), lines.next()) else {
        return Ok(None);
    };
    Ok(Some(Line {
        key,
        player_id: player.id,
        secret,
        new,
    }))
}

/// Checks `line` against the stored hash and hashes the password it sets.
fn prepare(
    conn: &Connection,
    settings: &Settings,
    line: &Line,
    checked: &mut Prechecked,
) -> Result<(), PipelineError> {
    let Line { secret, new, .. } = line;
    let stored = store::password_hash(conn, line.player_id)?;
    let to_set = match (&stored, new.as_deref()) {
        (None, None) => Some(secret.as_str()),
        (None, Some(_)) => None,
        (Some(hash), new) => {
            let ok = store::password_matches(hash, secret);
            checked.ahead += 1;
            checked
                .verdicts
                .get_mut()
                .push((hash.clone(), secret.clone(), ok));
            new.filter(|n| ok && !n.eq_ignore_ascii_case("off"))
        }
    };
    if let Some(secret) = to_set {
        let entropy = &settings.entropy;
        let salt = salt(entropy, &settings.tokens.secret, &line.key, line.player_id);
        let phc = store::hash_password(secret, &salt)?;
        checked.ahead += 1;
        checked.hashes.push((secret.to_string(), salt, phc));
    }
    Ok(())
}
