//! Mail held back by a limit (deferred): finding what still waits for an
//! address, so a new notice can carry it, taking out what was merged, and
//! releasing what a changed limit lets go now.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use crate::store::codec::Sql;

use crate::store::GameId;
use crate::store::OutboxId;
use crate::store::StoreError;
use crate::store::ids::MessageId;

/// A deferred mail that has not been tried yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Held {
    /// The outbox id.
    pub(crate) id: OutboxId,
    /// The game it is about, if any.
    pub(crate) game_id: Option<GameId>,
    /// When it is due (RFC 3339).
    pub(crate) due: String,
}

/// Returns the mails to `recipient` that a limit holds back (pending, their
/// `last_error` beginning `deferred:`, never tried, not claimed), oldest
/// first, leaving out those inbound message `inbound_id` queued.
pub(crate) fn held_for(
    conn: &Connection,
    recipient: &str,
    inbound_id: MessageId,
) -> Result<Vec<Held>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, game_id, next_attempt_at FROM outbox
         WHERE recipient = ?1 AND status = 'pending' AND attempts = 0
           AND last_error LIKE 'deferred:%' AND claimed_until IS NULL
           AND inbound_id IS NOT ?2
         ORDER BY id",
    )?;
    let rows = stmt.query_map(params![recipient, inbound_id], |r| {
        Ok(Held {
            id: r.get(0)?,
            game_id: r.get(1)?,
            due: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Takes out held mail `id`, whose words a later mail now carries; only a
/// mail that was never tried can go (a tried one has a history to keep).
/// Returns whether it was taken out.
pub(crate) fn remove_merged(conn: &Connection, id: OutboxId) -> Result<bool, StoreError> {
    let untried = "SELECT 1 FROM outbox WHERE id = ?1 AND attempts = 0 AND status = 'pending'";
    let exists: bool = conn
        .prepare_cached(&format!("SELECT EXISTS ({untried})"))?
        .query_row([id], |r| r.get(0))?;
    if !exists {
        return Ok(false);
    }
    conn.prepare_cached("DELETE FROM outbox_bodies WHERE outbox_id = ?1")?
        .execute([id])?;
    conn.prepare_cached("DELETE FROM outbox WHERE id = ?1")?
        .execute([id])?;
    Ok(true)
}

/// A mail a limit holds back, as a changed limit looks at it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Waiting {
    /// The outbox id.
    pub(crate) id: OutboxId,
    /// Who it is to.
    pub(crate) recipient: String,
    /// Its outbox kind.
    pub(crate) kind: String,
}

/// Returns every mail a limit holds back whose due time is after `now`
/// (pending, never tried, not claimed, its last error `deferred:`), oldest
/// first.
pub(crate) fn waiting(conn: &Connection, now: DateTime<Utc>) -> Result<Vec<Waiting>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, recipient, kind FROM outbox
         WHERE status = 'pending' AND attempts = 0 AND next_attempt_at > ?1
           AND last_error LIKE 'deferred:%' AND claimed_until IS NULL
         ORDER BY id",
    )?;
    let rows = stmt.query_map([Sql(now)], |r| {
        Ok(Waiting {
            id: r.get(0)?,
            recipient: r.get(1)?,
            kind: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Lets held mail `id` go at `now`: due at once, no longer held back.
pub(crate) fn release(
    conn: &Connection,
    id: OutboxId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE outbox SET next_attempt_at = ?2, last_error = NULL
         WHERE id = ?1 AND status = 'pending' AND attempts = 0",
    )?
    .execute(params![id, Sql(now)])?;
    Ok(())
}
