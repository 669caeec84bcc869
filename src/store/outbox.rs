//! The outbox: replies written in the same transaction as the change that
//! caused them, sent after commit, retried with backoff for days, and given
//! up on after `[send] give_up_after` (the schedule, `outbox retry` and
//! `send --now` are in `retry`; the mail given up on, until its player is
//! told, in `lost`).
//!
//! Owns the `outbox`, `outbox_bodies`, `send_attempts` and `lost_mail` tables. The
//! bytes of a mail are final when queued, so a mail sent twice (a crash
//! mid-send) carries the same Message-ID both times. They are kept apart
//! from its `outbox` row, lz4-compressed when that is smaller (`body`),
//! so that marking a mail sent or retried rewrites only the small row;
//! `due` and [`raw`] hand them out as queued; [`recall`] and [`recent_to`]
//! hand them out to be recognised in a reply (`recall`).

use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::StoreError;
use super::codec::Sql;
use crate::store::GameId;
use crate::store::ids::{MessageId, OutboxId};

mod body;
mod held;
mod lost;
mod pictures;
mod recall;
mod retry;

pub(crate) use held::{Held, held_for, release, remove_merged, waiting};

pub(crate) use body::{Encoded, encode_body_apart, encode_body_without};
pub use lost::Lost;
pub(crate) use lost::{record as record_lost, tell as tell_lost};
pub use recall::{MAX_RECALLED, Recalled, recall, recent_to, with_challenge_letters};
pub use retry::{
    MAX_WAIT, QueueSizes, Retried, RetryOne, RetryPolicy, Which, queue_sizes, retry, retry_all,
};
pub(crate) use retry::{expedite, mark_attempt_failed};
#[cfg(test)]
mod picture_tests;
#[cfg(test)]
mod tests;

/// A mail to queue.
#[derive(Debug, Clone)]
pub struct NewMail<'a> {
    /// Its Message-ID (without brackets); unique.
    pub message_id: &'a str,
    /// The envelope sender (MAIL FROM).
    pub envelope_from: &'a str,
    /// The one recipient.
    pub recipient: &'a str,
    /// What it is: `reply`, `your-move`, `help`, `unknown-sender`, ...
    pub kind: &'a str,
    /// The game it is about, if any.
    pub game_id: Option<GameId>,
    /// The inbound message row it answers, if any.
    pub inbound_id: Option<MessageId>,
    /// The RFC 5322 bytes.
    pub raw: &'a [u8],
}

/// An outbox row as listed (without the bytes).
#[derive(Debug, Clone, Serialize)]
pub struct OutboxRow {
    /// Row id.
    pub(crate) id: OutboxId,
    /// Message-ID.
    pub(crate) message_id: String,
    /// Recipient.
    pub(crate) recipient: String,
    /// Kind.
    pub(crate) kind: String,
    /// `pending`, `sent` or `failed`.
    pub(crate) status: String,
    /// Attempts so far.
    pub attempts: u32,
    /// The last error, if the last attempt failed.
    pub(crate) last_error: Option<String>,
    /// When it was queued.
    pub(crate) created_at: String,
    /// When it was sent.
    pub(crate) sent_at: Option<String>,
}

/// A mail due to be sent.
#[derive(Debug, Clone)]
pub(crate) struct Due {
    /// Row id.
    pub(crate) id: OutboxId,
    /// Message-ID.
    pub(crate) message_id: String,
    /// Envelope sender.
    pub(crate) envelope_from: String,
    /// Recipient.
    pub(crate) recipient: String,
    /// The bytes.
    pub(crate) raw: Vec<u8>,
}

/// Queues a mail to be sent now; returns its row id.
pub fn enqueue(
    conn: &Connection,
    m: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<OutboxId, StoreError> {
    let id = insert_row(conn, m, now)?;
    body::insert(conn, id, m.raw)?;
    Ok(id)
}

/// A queued mail whose bytes are not stored yet (see [`enqueue_later`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Later {
    /// The outbox row.
    id: OutboxId,
}

impl Later {
    /// Returns the outbox row's id.
    pub(crate) fn id(self) -> OutboxId {
        self.id
    }
}

/// Queues a mail whose bytes (`m.raw` is ignored) are rendered elsewhere
/// and stored with [`store_later`] before the transaction commits: the row
/// must not be committed without them.
pub(crate) fn enqueue_later(
    conn: &Connection,
    m: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<Later, StoreError> {
    let id = insert_row(conn, m, now)?;
    Ok(Later { id })
}

/// Stores the bytes of a mail queued with [`enqueue_later`], `encoded` by
/// [`encode_body_without`].
pub(crate) fn store_later(
    conn: &Connection,
    later: Later,
    encoded: &Encoded,
) -> Result<(), StoreError> {
    body::insert_encoded(conn, later.id, encoded)
}

fn insert_row(
    conn: &Connection,
    m: &NewMail<'_>,
    now: DateTime<Utc>,
) -> Result<OutboxId, StoreError> {
    conn.prepare_cached(
        "INSERT INTO outbox (message_id, envelope_from, recipient, kind, game_id, inbound_id,
                             status, next_attempt_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7, ?7)",
    )?
    .execute(params![
        m.message_id,
        m.envelope_from,
        m.recipient,
        m.kind,
        m.game_id,
        m.inbound_id,
        Sql(now)
    ])?;
    OutboxId::from_rowid(conn.last_insert_rowid())
}

/// The query of [`due`].
const DUE: &str = "SELECT o.id, o.message_id, o.envelope_from, o.recipient, b.encoding, b.body
    FROM outbox o LEFT JOIN outbox_bodies b ON b.outbox_id = o.id
    WHERE o.status = 'pending' AND o.next_attempt_at <= ?1
      AND (o.claimed_until IS NULL OR o.claimed_until <= ?1)
    ORDER BY o.next_attempt_at, o.id LIMIT ?2";

/// Returns up to `limit` pending mails whose next attempt is due at `now`,
/// the longest due first (then in the order queued).
///
/// The order is the `outbox_due` index's own, so SQLite reads just `limit`
/// rows and looks up each one's body; ordering by id alone would sort every
/// pending row for every batch.
///
/// A body that is missing or does not decode is [`StoreError::Corrupt`].
pub(crate) fn due(
    conn: &Connection,
    now: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<Due>, StoreError> {
    let mut stmt = conn.prepare_cached(DUE)?;
    let rows = stmt.query_map(params![Sql(now), limit], |r| {
        let stored: (Option<String>, Option<Vec<u8>>) = (r.get(4)?, r.get(5)?);
        let due = Due {
            id: r.get(0)?,
            message_id: r.get(1)?,
            envelope_from: r.get(2)?,
            recipient: r.get(3)?,
            raw: Vec::new(),
        };
        Ok((due, stored))
    })?;
    let mut mails = Vec::new();
    for row in rows {
        let (mut due, stored) = row?;
        due.raw = match stored {
            (Some(encoding), Some(bytes)) => body::decode_stored(conn, due.id, &encoding, bytes)?,
            _ => return Err(missing_body(due.id)),
        };
        mails.push(due);
    }
    Ok(mails)
}

/// Returns the bytes of outbox row `id`, as queued.
///
/// An unknown id is [`StoreError::NotFound`]; a row whose body is missing or
/// does not decode is [`StoreError::Corrupt`].
pub fn raw(conn: &Connection, id: OutboxId) -> Result<Vec<u8>, StoreError> {
    if let Some(bytes) = body::read(conn, id)? {
        return Ok(bytes);
    }
    let queued: bool = conn
        .prepare_cached("SELECT EXISTS (SELECT 1 FROM outbox WHERE id = ?1)")?
        .query_row([id], |r| r.get(0))?;
    Err(match queued {
        true => missing_body(id),
        false => StoreError::NotFound {
            what: "outbox mail",
            id: id.to_string(),
        },
    })
}

/// Returns the id of the outbox row with Message-ID `message_id` (angle
/// brackets optional), if there is one.
pub fn id_by_message_id(
    conn: &Connection,
    message_id: &str,
) -> Result<Option<OutboxId>, StoreError> {
    let bare = recall::bare_id(message_id);
    Ok(conn
        .prepare_cached(
            "SELECT id FROM outbox WHERE message_id IN (?1, '<' || ?1 || '>') ORDER BY id LIMIT 1",
        )?
        .query_row([bare], |r| r.get(0))
        .optional()?)
}

/// Returns outbox mail number `n` as an id; a number no row can have is
/// [`StoreError::NotFound`], as for a row that is gone.
pub fn id_of(n: i64) -> Result<OutboxId, StoreError> {
    OutboxId::new(n).ok_or_else(|| StoreError::NotFound {
        what: "outbox mail",
        id: n.to_string(),
    })
}

fn missing_body(id: OutboxId) -> StoreError {
    StoreError::Corrupt {
        id: format!("outbox {id}"),
        what: "mail body",
        reason: "it has no outbox_bodies row".into(),
    }
}

/// Defers the mail the inbound message `inbound_id` queued to `recipient`
/// until `until`, with `reason` as its last error (what `outbox list`
/// shows); returns how many mails.
pub(crate) fn defer(
    conn: &Connection,
    inbound_id: MessageId,
    recipient: &str,
    until: DateTime<Utc>,
    reason: &str,
) -> Result<usize, StoreError> {
    Ok(conn
        .prepare_cached(
            "UPDATE outbox SET next_attempt_at = ?3, last_error = ?4
             WHERE inbound_id = ?1 AND recipient = ?2 AND status = 'pending'",
        )?
        .execute(params![inbound_id, recipient, Sql(until), reason])?)
}

/// Defers the pending mail `message_id` until `until`, with `reason` as its
/// last error (what `outbox list` shows); returns whether it was pending.
pub(crate) fn defer_message(
    conn: &Connection,
    message_id: &str,
    until: DateTime<Utc>,
    reason: &str,
) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached(
            "UPDATE outbox SET next_attempt_at = ?2, last_error = ?3
             WHERE message_id = ?1 AND status = 'pending'",
        )?
        .execute(params![message_id, Sql(until), reason])?
        > 0)
}

/// How long a claim on a due mail holds: a process that claimed a mail and
/// died before recording its outcome leaves it to be sent by a later run
/// once this has passed.
pub(crate) const CLAIM_LEASE: Duration = Duration::minutes(10);

/// Claims the due mail `id` for this process before it is handed to a
/// transport until `now` + [`CLAIM_LEASE`], so that no other process reads
/// it as due meanwhile; its place in the queue stays. Returns false when
/// it is not due (sent, failed, or claimed by another process).
pub(crate) fn claim(
    conn: &Connection,
    id: OutboxId,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let changed = conn
        .prepare_cached(
            "UPDATE outbox SET claimed_until = ?3
             WHERE id = ?1 AND status = 'pending' AND next_attempt_at <= ?2
               AND (claimed_until IS NULL OR claimed_until <= ?2)",
        )?
        .execute(params![id, Sql(now), Sql(now + CLAIM_LEASE)])?;
    Ok(changed == 1)
}

/// Records a successful send.
pub(crate) fn mark_sent(
    conn: &Connection,
    id: OutboxId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let now = Sql(now);
    // Update, then read back: `RETURNING` collects its rows in an
    // ephemeral B-tree, which costs more than the second lookup.
    conn.prepare_cached(
        "UPDATE outbox SET status = 'sent', attempts = attempts + 1, last_error = NULL, sent_at = ?2,
             claimed_until = NULL
         WHERE id = ?1",
    )?
    .execute(params![id, now])?;
    let attempt: u32 = conn
        .prepare_cached("SELECT attempts FROM outbox WHERE id = ?1")?
        .query_row(params![id], |r| r.get(0))?;
    conn.prepare_cached("INSERT OR REPLACE INTO send_attempts (outbox_id, attempt, at, error) VALUES (?1, ?2, ?3, NULL)")?
        .execute(params![id, attempt, now])?;
    lost::told(conn, id)
}

/// Returns how many mails of `kind` were queued for `recipient` since `since`.
pub(crate) fn count_kind_to_since(
    conn: &Connection,
    recipient: &str,
    kind: &str,
    since: DateTime<Utc>,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM outbox WHERE recipient = ?1 AND kind = ?2 AND created_at >= ?3",
        )?
        .query_row(params![recipient, kind, Sql(since)], |r| r.get(0))?)
}

/// Returns outbox rows, newest first, optionally only those with `status`.
pub fn list(
    conn: &Connection,
    status: Option<&str>,
    limit: u32,
) -> Result<Vec<OutboxRow>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT id, message_id, recipient, kind, status, attempts, last_error, created_at, sent_at
         FROM outbox WHERE ?1 IS NULL OR status = ?1 ORDER BY id DESC LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![status, limit], |r| {
        Ok(OutboxRow {
            id: r.get(0)?,
            message_id: r.get(1)?,
            recipient: r.get(2)?,
            kind: r.get(3)?,
            status: r.get(4)?,
            attempts: r.get(5)?,
            last_error: r.get(6)?,
            created_at: r.get(7)?,
            sent_at: r.get(8)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
