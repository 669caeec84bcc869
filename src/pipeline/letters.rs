//! Letters: mail to a player beyond the transcript of their own commands —
//! a challenge, the scored board, the end of a game with its SGF, a say
//! message, an undo request, and everything `tick` sends (reminders,
//! warnings, losses on time, digests).
//!
//! Owns the [`Letter`] value the commands and `tick` build, who gets it
//! (the player's first address, unless their `notify` setting declines
//! mail that needs no answer), its threading under the game's first mail,
//! and queueing it in the outbox with a deterministic Message-ID. Must not
//! decide what a letter says: the command or `tick` renders its text.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};

use super::outgoing::{self, Queued};
use super::{Env, PipelineError, bounces};
use crate::mail::outbound::{AUTO_GENERATED, Attachment, OutboundMail};
use crate::store::codec::time_text;
use crate::store::games::GameId;
use crate::store::players::PlayerRef;

/// One mail to a player, rendered by whoever caused it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    /// Who gets it.
    pub to: PlayerRef,
    /// The outbox kind, e.g. `challenge`, `scoring`, `game-over`, `reminder`.
    pub kind: &'static str,
    /// The Subject; for a game, begin it with `[gameN] `.
    pub subject: String,
    /// The plain-text body.
    pub text: String,
    /// An HTML alternative, if any.
    pub html: Option<String>,
    /// The game it is about, which threads it under the game's mail.
    pub game: Option<GameId>,
    /// Files attached, such as the SGF at the end of a game.
    pub attachments: Vec<Attachment>,
    /// It needs an answer or warns of a loss (challenges, the scoring
    /// phase, timeouts): sent even to a player with `notify off`.
    pub essential: bool,
}

/// Returns true when `player` wants a letter of this kind: `notify each`
/// takes everything; `digest` and `off` take only essential letters.
pub fn wanted(conn: &Connection, player_id: i64, essential: bool) -> Result<bool, PipelineError> {
    if essential {
        return Ok(true);
    }
    let notify: Option<String> = conn
        .prepare_cached("SELECT notify FROM players WHERE id = ?1")?
        .query_row([player_id], |r| r.get(0))
        .optional()?;
    Ok(notify.as_deref().is_none_or(|n| n == "each"))
}

/// Returns the address letters to `player_id` go to: their first one.
///
/// (`+?1`: with a bare `?1` this SQLite re-prepares the statement at every
/// run, as the plan of `ORDER BY id` would depend on the bound value.)
pub fn address_of(conn: &Connection, player_id: i64) -> Result<Option<String>, PipelineError> {
    Ok(conn
        .prepare_cached("SELECT address FROM addresses WHERE player_id = +?1 ORDER BY id LIMIT 1")?
        .query_row([player_id], |r| r.get(0))
        .optional()?)
}

/// Where a letter's Message-ID and outbox row come from.
pub struct Origin<'a> {
    /// A string unique to this letter (the inbound key and a sequence
    /// number, or a tick notice's key): the Message-ID is derived from it,
    /// so queueing the same letter twice makes the same mail.
    pub unique: &'a str,
    /// The inbound message that caused it, if any.
    pub inbound_id: Option<i64>,
}

/// Queues each of `letters` with [`queue`], the `i`th (from 0) under the
/// unique string `unique(i)`; returns how many were queued.
pub fn queue_each<'l>(
    conn: &Connection,
    env: &Env<'_>,
    letters: impl IntoIterator<Item = &'l Letter>,
    unique: impl Fn(usize) -> String,
    inbound_id: Option<i64>,
) -> Result<u32, PipelineError> {
    let mut sent = 0;
    for (i, letter) in letters.into_iter().enumerate() {
        let origin = Origin {
            unique: &unique(i),
            inbound_id,
        };
        sent += u32::from(queue(conn, env, letter, &origin)?);
    }
    Ok(sent)
}

/// Queues `letter` unless its player declines it or their address is
/// stopped by bounces; returns whether it was queued.
pub fn queue(
    conn: &Connection,
    env: &Env<'_>,
    letter: &Letter,
    origin: &Origin<'_>,
) -> Result<bool, PipelineError> {
    if !wanted(conn, letter.to.id, letter.essential)? {
        return Ok(false);
    }
    let Some(to) = address_of(conn, letter.to.id)? else {
        return Ok(false);
    };
    if !bounces::may_mail(conn, env.settings, &to)? {
        return Ok(false);
    }
    let message_id = letter_id(origin.unique, env.settings.domain());
    let mut m = OutboundMail {
        to: to.clone(),
        to_name: None,
        subject: letter.subject.clone(),
        text: letter.text.clone(),
        html: letter.html.clone(),
        message_id: message_id.clone(),
        in_reply_to: None,
        references: Vec::new(),
        auto_submitted: AUTO_GENERATED,
        rejected_codes: Vec::new(),
        game: letter.game.map(|g| g.to_string()),
        attachments: letter.attachments.clone(),
        reply_to: None,
    };
    if let Some(game) = letter.game {
        thread(conn, game, &mut m)?;
    }
    let queued = Queued {
        kind: letter.kind,
        game: letter.game,
        inbound_id: origin.inbound_id,
    };
    outgoing::enqueue(conn, env, m, &queued)?;
    Ok(true)
}

/// Returns the Message-ID of the letter made from `unique`.
fn letter_id(unique: &str, domain: &str) -> String {
    let digest = Sha256::digest(unique.as_bytes());
    let hex: String = digest.iter().take(10).map(|b| format!("{b:02x}")).collect();
    format!("{hex}.letter.pbmgo@{domain}")
}

/// Threads `m` under the game's first mail, making it the first if there is none.
pub(super) fn thread(
    conn: &Connection,
    id: GameId,
    m: &mut OutboundMail,
) -> Result<(), PipelineError> {
    let root: Option<String> = conn
        .prepare_cached("SELECT thread_id FROM games WHERE id = ?1")?
        .query_row([id.get()], |r| r.get(0))
        .optional()?
        .flatten();
    match root {
        Some(root) => {
            m.in_reply_to = Some(root.clone());
            m.references = vec![root];
        }
        None => {
            conn.prepare_cached("UPDATE games SET thread_id = ?2 WHERE id = ?1")?
                .execute(params![id.get(), m.message_id])?;
        }
    }
    Ok(())
}

/// Records that notice (`game`, `player`, `kind`, `key`) went out; returns
/// false when it already had, so the caller sends nothing twice.
pub fn first_notice(
    conn: &Connection,
    game: i64,
    player: i64,
    kind: &str,
    key: &str,
    now: DateTime<Utc>,
) -> Result<bool, PipelineError> {
    let n = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO notices (game_id, player_id, kind, key, sent_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![game, player, kind, key, time_text(now)])?;
    Ok(n == 1)
}
