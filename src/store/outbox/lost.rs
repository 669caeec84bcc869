//! Lost mail: what finally failed on its way to a player, kept (the
//! `lost_mail` table) until a later mail to that player says so.
//!
//! A mail given up on whose recipient is a player's address is recorded
//! with its news ([`record`]); the next mail queued to any of that
//! player's addresses takes the player's untold rows ([`tell`]), which
//! then name that mail; once it is sent they are deleted ([`told`]), and
//! if it finally fails too they are told again. A mail put back in the
//! queue is no longer lost ([`forget`]).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use crate::store::OutboxId;
use crate::store::StoreError;
use crate::store::codec::{Sql, Stored};

/// A lost mail a player is to be told about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lost {
    /// Its outbox id.
    pub outbox_id: OutboxId,
    /// Its news as the player would have read it.
    pub what: String,
    /// When it was written (queued).
    pub written_at: DateTime<Utc>,
}

/// The rows not told yet: never, or in a mail that failed too.
const UNTOLD: &str = "(l.told_in IS NULL
    OR l.told_in IN (SELECT message_id FROM outbox WHERE status = 'failed'))";

/// Records that outbox mail `id`, with news `what`, finally failed at
/// `now`, when its recipient is one of a player's addresses; returns
/// whether it was recorded (mail to a stranger is not).
pub(crate) fn record(
    conn: &Connection,
    id: OutboxId,
    what: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "INSERT OR REPLACE INTO lost_mail (outbox_id, player_id, what, written_at, lost_at, told_in)
             SELECT o.id, a.player_id, ?2, o.created_at, ?3, NULL
             FROM outbox o JOIN addresses a ON a.address = lower(o.recipient)
             WHERE o.id = ?1",
        )?
        .execute(params![id, what, Sql(now)])?;
    Ok(n > 0)
}

/// Returns the lost mail not told yet to the player who owns `address`,
/// oldest first, and marks it told in the mail `message_id`.
pub(crate) fn tell(
    conn: &Connection,
    address: &str,
    message_id: &str,
) -> Result<Vec<Lost>, StoreError> {
    let sql = format!(
        "SELECT l.outbox_id, l.what, l.written_at FROM lost_mail l
         JOIN addresses a ON a.player_id = l.player_id
         WHERE a.address = lower(?1) AND {UNTOLD}
         ORDER BY l.outbox_id"
    );
    let rows: Vec<(OutboxId, String, DateTime<Utc>)> = conn
        .prepare_cached(&sql)?
        .query_map([address], |r| Ok((r.get(0)?, r.get(1)?, r.stored(2)?)))?
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::from(e).in_row("lost mail", "written_at"))?;
    let mut lost = Vec::with_capacity(rows.len());
    for (outbox_id, what, written_at) in rows {
        conn.prepare_cached("UPDATE lost_mail SET told_in = ?2 WHERE outbox_id = ?1")?
            .execute(params![outbox_id, message_id])?;
        lost.push(Lost {
            outbox_id,
            what,
            written_at,
        });
    }
    Ok(lost)
}

/// Deletes the lost mail that the sent mail `id` told its player about.
pub(crate) fn told(conn: &Connection, id: OutboxId) -> Result<(), StoreError> {
    conn.prepare_cached(
        "DELETE FROM lost_mail WHERE told_in = (SELECT message_id FROM outbox WHERE id = ?1)",
    )?
    .execute([id])?;
    Ok(())
}

/// Forgets that outbox mail `id` was lost (it is back in the queue).
pub(crate) fn forget(conn: &Connection, id: OutboxId) -> Result<(), StoreError> {
    conn.prepare_cached("DELETE FROM lost_mail WHERE outbox_id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Returns how many lost mails their players have not been told about.
pub(crate) fn untold(conn: &Connection) -> Result<u32, StoreError> {
    let sql = format!("SELECT count(*) FROM lost_mail l WHERE {UNTOLD}");
    Ok(conn.prepare_cached(&sql)?.query_row([], |r| r.get(0))?)
}

/// Returns true when the schema has the `lost_mail` table (migration 0018;
/// `status` reads older schemas without upgrading them).
pub(crate) fn kept(conn: &Connection) -> Result<bool, StoreError> {
    super::super::health::has_table(conn, "lost_mail")
}
