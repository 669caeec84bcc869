//! Mail held in quarantine: the file name in the quarantine Maildir, the
//! error, and whether a retry has released it.
//!
//! Owns the `quarantine` table; moving the files is the caller's job.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};
use serde::Serialize;

use super::StoreError;
use super::codec::Sql;
use super::ids::QuarantineId;

/// A held message.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Held {
    /// Row id, as `quarantine retry ID` takes it.
    pub(crate) id: QuarantineId,
    /// The file name in the quarantine Maildir.
    pub(crate) file: String,
    /// The sender, when one could be read.
    pub(crate) sender: Option<String>,
    /// Why it is held.
    pub(crate) error: String,
    /// When it was held.
    pub(crate) held_at: String,
    /// When a retry handled it.
    pub(crate) released_at: Option<String>,
}

/// Records a held file (again, if it was held before under the same name).
pub fn hold(
    conn: &Connection,
    file: &str,
    sender: Option<&str>,
    error: &str,
    now: DateTime<Utc>,
) -> Result<QuarantineId, StoreError> {
    conn.prepare_cached(
        "INSERT INTO quarantine (file, sender, error, held_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (file) DO UPDATE SET sender = ?2, error = ?3, held_at = ?4, released_at = NULL",
    )?
    .execute(params![file, sender, error, Sql(now)])?;
    let id = conn
        .prepare_cached("SELECT id FROM quarantine WHERE file = ?1")?
        .query_row([file], |r| r.get(0))?;
    Ok(id)
}

/// Returns the held messages (released ones too when `all`), oldest first.
pub(crate) fn list(conn: &Connection, all: bool) -> Result<Vec<Held>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT id, file, sender, error, held_at, released_at FROM quarantine
         WHERE ?1 OR released_at IS NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([all], |r| {
        Ok(Held {
            id: r.get(0)?,
            file: r.get(1)?,
            sender: r.get(2)?,
            error: r.get(3)?,
            held_at: r.get(4)?,
            released_at: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Returns held message number `n` as an id; a number no row can have is
/// [`StoreError::NotFound`], as for a row that is gone.
pub fn id_of(n: i64) -> Result<QuarantineId, StoreError> {
    QuarantineId::new(n).ok_or_else(|| not_found(n))
}

fn not_found(id: impl ToString) -> StoreError {
    StoreError::NotFound {
        what: "quarantined message",
        id: id.to_string(),
    }
}

/// Returns the held message with row id `id`.
pub(crate) fn get(conn: &Connection, id: QuarantineId) -> Result<Held, StoreError> {
    list(conn, true)?
        .into_iter()
        .find(|h| h.id == id)
        .ok_or_else(|| not_found(id))
}

/// Marks a held message as handled by a retry.
pub fn release(conn: &Connection, id: QuarantineId, now: DateTime<Utc>) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE quarantine SET released_at = ?2 WHERE id = ?1")?
        .execute(params![id, Sql(now)])?;
    Ok(())
}
