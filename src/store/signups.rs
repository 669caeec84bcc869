//! Addresses waiting to confirm: a stranger's `signup NAME` in `confirm`
//! mode, and a player's `address add NEW` (a row that names the player).
//! Each is found again by the code in its confirmation's Reply-To,
//! confirmed once, and counted for its daily cap (signups for the server,
//! address additions for the player).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, time_text};
use crate::store::ids::{PlayerId, SignupId};

/// A signup waiting for (or past) its confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PendingSignup {
    /// Row id.
    pub(crate) id: SignupId,
    /// The address that asked (normalized), the only one that can confirm.
    pub(crate) address: String,
    /// The player name asked for.
    pub(crate) name: String,
    /// The code of the confirmation's Reply-To.
    pub(crate) code: String,
    /// When it stops confirming anything (RFC 3339).
    pub(crate) expires_at: String,
    /// When it was confirmed, if it was.
    pub(crate) confirmed_at: Option<String>,
    /// The player whose new address it is; `None` for a signup.
    pub(crate) player_id: Option<PlayerId>,
    /// The rank the signup declared (`signup alice 5k`), as written back.
    pub(crate) rank: Option<String>,
}

impl PendingSignup {
    /// True while it may still be confirmed at `now`.
    pub(crate) fn open_at(&self, now: DateTime<Utc>) -> bool {
        self.confirmed_at.is_none() && self.expires_at > time_text(now)
    }
}

const COLUMNS: &str = "id, address, name, code, expires_at, confirmed_at, player_id, rank";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PendingSignup> {
    Ok(PendingSignup {
        id: r.get(0)?,
        address: r.get(1)?,
        name: r.get(2)?,
        code: r.get(3)?,
        expires_at: r.get(4)?,
        confirmed_at: r.get(5)?,
        player_id: r.get(6)?,
        rank: r.get(7)?,
    })
}

/// Keeps the rank signup `id` declared, for when it is confirmed.
pub(crate) fn set_rank(
    conn: &Connection,
    id: SignupId,
    rank: Option<&str>,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE pending_signups SET rank = ?2 WHERE id = ?1")?
        .execute(params![id, rank])?;
    Ok(())
}

/// What a new pending row holds.
pub(crate) struct NewPending<'a> {
    /// The address that must confirm (normalized).
    pub(crate) address: &'a str,
    /// The name signed up with, or the player's name.
    pub(crate) name: &'a str,
    /// The code of the confirmation's Reply-To.
    pub(crate) code: &'a str,
    /// The player adding the address; `None` for a signup.
    pub(crate) player_id: Option<PlayerId>,
}

/// Records `new`, asked at `now` and valid until `expires`; returns its id.
pub(crate) fn create(
    conn: &Connection,
    new: &NewPending<'_>,
    now: DateTime<Utc>,
    expires: DateTime<Utc>,
) -> Result<SignupId, StoreError> {
    conn.prepare_cached(
        "INSERT INTO pending_signups
             (address, name, code, created_at, expires_at, player_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        new.address,
        new.name,
        new.code,
        Sql(now),
        Sql(expires),
        new.player_id,
    ])?;
    SignupId::from_rowid(conn.last_insert_rowid())
}

/// Returns the newest signup of `address` (`player_id` `None`) or its
/// addition to player `player_id`, still open at `now`, if any.
pub(crate) fn open_for(
    conn: &Connection,
    address: &str,
    player_id: Option<PlayerId>,
    now: DateTime<Utc>,
) -> Result<Option<PendingSignup>, StoreError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM pending_signups
             WHERE address = ?1 AND player_id IS ?2
               AND confirmed_at IS NULL AND expires_at > ?3
             ORDER BY id DESC LIMIT 1"
        ))?
        .query_row(params![address, player_id, Sql(now)], row)
        .optional()?)
}

/// Returns the signup with confirmation `code`, if any.
pub(crate) fn by_code(conn: &Connection, code: &str) -> Result<Option<PendingSignup>, StoreError> {
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM pending_signups WHERE code = ?1"
        ))?
        .query_row([code], row)
        .optional()?)
}

/// Marks signup `id` confirmed at `now`.
pub(crate) fn confirm(
    conn: &Connection,
    id: SignupId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE pending_signups SET confirmed_at = ?2 WHERE id = ?1")?
        .execute(params![id, Sql(now)])?;
    Ok(())
}

/// Returns how many signups (`player_id` `None`) or address additions of
/// player `player_id` were asked since `since` (their daily caps).
pub(crate) fn count_since(
    conn: &Connection,
    player_id: Option<PlayerId>,
    since: DateTime<Utc>,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM pending_signups WHERE player_id IS ?1 AND created_at >= ?2",
        )?
        .query_row(params![player_id, Sql(since)], |r| r.get(0))?)
}
