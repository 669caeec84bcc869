//! One inbound message, handled in the caller's transaction as these
//! steps, in this order (each a function below):
//!
//! 1. [`within_size`]: mail over `max_message_bytes` is quarantined unread;
//! 2. [`readable`]: mail that does not parse is quarantined;
//! 3. [`unseen`]: a message whose key is recorded is a duplicate, nothing more;
//! 4. [`ignored`]: loop safety (bounces, auto-replies, lists), a sender that
//!    cannot be answered, a forged sender: recorded as ignored, and a
//!    delivery report's bounces recorded;
//! 5. [`from_player`] or, for an address of no player, the stranger's
//!    commands (`stranger`): the sender's bounces cleared,
//!    the mails of ours it answers recalled (`recall`: no line or Subject
//!    pbmgo wrote is read as a command), the commands read and run, the message recorded with its outcome,
//!    the replies queued. Mail from a player the admin disabled is only
//!    recorded and answered with one short reply saying so (`disabled`).
//!
//! The game changes, the outbox rows and the message's key commit together
//! (the caller's transaction), so the same message handled twice changes
//! nothing the second time.

use rusqlite::Connection;

use super::answer::answer_player;
use super::auth;
use super::bounces;
use super::disabled;
use super::recall;
use super::stranger;
use crate::command::{GameRef, parse_limited};
use crate::mail::classify::{IgnoreReason, Verdict, classify};
use crate::mail::inbound::{self, InboundMail};
use crate::mail::oversize;
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::execute;
use crate::pipeline::record::journal::{Entry, record};
use crate::pipeline::record::report::Disposition;
use crate::store::messages::{self, Outcome};
use crate::store::players::{self, Player};

/// Handles one raw message inside the caller's transaction (`conn`); see
/// the module header for the steps.
pub(crate) fn process(
    conn: &Connection,
    env: &Env<'_>,
    raw: &[u8],
    source: &str,
) -> Result<Disposition, PipelineError> {
    if let Some(over) = within_size(env, raw) {
        return Ok(over);
    }
    let mail = match readable(raw) {
        Ok(mail) => mail,
        Err(unreadable) => return Ok(unreadable),
    };
    let Some(key) = unseen_key(conn, &mail)? else {
        return Ok(Disposition::Duplicate);
    };
    let msg = Msg {
        mail: &mail,
        key: &key,
        source,
    };
    if let Some(done) = ignored(conn, env, &msg)? {
        return Ok(done);
    }
    let sender = mail.from.as_deref().unwrap_or_default();
    match players::find_by_address(conn, sender)? {
        Some(player) if player.disabled => disabled::from_disabled(conn, env, &msg, &player),
        Some(player) => from_player(conn, env, &msg, &player),
        None => stranger::from_stranger(conn, env, &msg),
    }
}

/// Step 1: mail over the size limit is quarantined unread, and so is the
/// stub a runner kept of one (its headers and a note).
fn within_size(env: &Env<'_>, raw: &[u8]) -> Option<Disposition> {
    let limit = env.settings.max_message_bytes;
    let reason = match oversize::stub_size(raw) {
        Some(size) => format!(
            "message of {size} bytes is over the limit of {limit}: only its headers were kept"
        ),
        None if raw.len() > limit => format!(
            "message of {} bytes is over the limit of {limit}",
            raw.len()
        ),
        None => return None,
    };
    Some(Disposition::Quarantine {
        reason,
        sender: None,
    })
}

/// Step 2: the parsed mail, or its quarantine when it does not parse.
pub(super) fn readable(raw: &[u8]) -> Result<InboundMail, Disposition> {
    inbound::parse(raw).map_err(|e| Disposition::Quarantine {
        reason: format!("unreadable mail: {e}"),
        sender: None,
    })
}

/// Step 3: the message's exactly-once key, or `None` when it has been
/// handled before. The key is the Message-ID (another mail reusing it, from
/// another sender or with other words, gets a key of its own; the same
/// words from the same sender with other whitespace are the same mail),
/// else the hash of what the mail says.
pub(super) fn unseen_key(
    conn: &Connection,
    mail: &InboundMail,
) -> Result<Option<String>, PipelineError> {
    let sender = mail.from.as_deref();
    let prints = [mail.words_hash.as_str(), mail.content_hash.as_str()];
    let key = match &mail.message_id {
        Some(id) if !id.is_empty() => messages::unseen_key(conn, id, sender, prints)?,
        _ => {
            let key = format!("sha256:{}", mail.content_hash);
            (!messages::seen(conn, &key)?).then_some(key)
        }
    };
    Ok(key)
}

/// Step 4: records a message that must not be answered (and a delivery
/// report's bounces); `None` when it is to be answered.
fn ignored(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
) -> Result<Option<Disposition>, PipelineError> {
    let Some((code, words)) = ignore_reason(env, msg.mail) else {
        return Ok(None);
    };
    let entry = Entry {
        player_id: None,
        outcome: Outcome::Ignored,
        reasons: &code,
        detail: &words,
    };
    let id = record(conn, env, msg, &entry)?;
    let letters = match code == IgnoreReason::DeliveryReport.code() {
        true => bounces::on_report(conn, env, msg, id)?,
        false => 0,
    };
    Ok(Some(Disposition::Handled {
        outcome: Outcome::Ignored,
        replies: letters,
    }))
}

/// Returns (code, plain words) when the message must not be answered.
fn ignore_reason(env: &Env<'_>, mail: &InboundMail) -> Option<(String, String)> {
    if let Verdict::Ignore(reason) = classify(mail, &env.settings.identity.address) {
        return Some((reason.code().to_string(), reason.to_string()));
    }
    if let Some(from) = mail.from.as_deref().filter(|a| !answerable(a)) {
        return Some((
            "bad-sender".to_string(),
            format!("the sender's address {from:?} cannot be answered"),
        ));
    }
    auth::forged(mail, env.settings.trust_authserv_id.as_deref())
        .map(|why| ("forged-sender".to_string(), why))
}

/// Returns true when `address` can be stored and written to.
fn answerable(address: &str) -> bool {
    players::normalize_address(address).is_ok() && address.parse::<lettre::Address>().is_ok()
}

/// Step 5 for a known player: clears their bounces, runs their commands
/// (a bare point plays in the game the mail answers, named by its Subject
/// or found by its `In-Reply-To`/`References`),
/// records the message and queues the replies.
fn from_player(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
) -> Result<Disposition, PipelineError> {
    bounces::clear(conn, env, player)?;
    let own = recall::own_words_in(conn, msg.mail)?;
    let answered = execute::answered_game(conn, msg.mail)?;
    let thread = answered
        .and_then(|g| u64::try_from(g.get()).ok())
        .map(GameRef);
    let limits = &env.settings.line_limits;
    let parsed = parse_limited(&msg.mail.subject, &msg.mail.text, &own, thread, limits);
    let report = execute::run_all(conn, env, player, &parsed, msg)?;
    answer_player(conn, env, msg, player, &report)
}
