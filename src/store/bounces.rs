//! Bounces: permanent delivery failures recorded against an address, and
//! the rule that stops mail to an address with too many of them.
//!
//! Owns the `bounces` table and finding the outbox row a VERP envelope
//! names. An address is *stopped* when it has at least `limit` bounces not
//! yet cleared (a limit of 0 never stops one); a player is *bouncing* when
//! one of their addresses is stopped. Must not decide what counts as a
//! bounce (the pipeline reads the report).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::Sql;
use super::ids::OutboxId;

/// A bounce to record.
#[derive(Debug, Clone)]
pub(crate) struct NewBounce<'a> {
    /// The address the mail was lost at.
    pub(crate) address: &'a str,
    /// The outbox row the report named, if any.
    pub(crate) outbox_id: Option<OutboxId>,
    /// The report's exactly-once key.
    pub(crate) report_key: &'a str,
    /// The DSN status, e.g. `5.1.1`.
    pub(crate) status: &'a str,
    /// The DSN diagnostic code.
    pub(crate) diagnostic: &'a str,
}

/// Returns the id and recipient of the outbox row sent with envelope
/// sender `envelope` (lower-case, as pbmgo makes them).
pub(crate) fn outbox_row_by_envelope(
    conn: &Connection,
    envelope: &str,
) -> Result<Option<(OutboxId, String)>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT id, recipient FROM outbox WHERE envelope_from = +?1
             ORDER BY id LIMIT 1",
        )?
        .query_row([envelope], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Records a bounce; returns false when this report already recorded one for the address.
pub(crate) fn record(
    conn: &Connection,
    b: &NewBounce<'_>,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO bounces
                 (address, outbox_id, report_key, status, diagnostic, received_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            b.address,
            b.outbox_id,
            b.report_key,
            b.status,
            b.diagnostic,
            Sql(now)
        ])?;
    Ok(n == 1)
}

/// Returns how many bounces `address` has that are not cleared.
pub(crate) fn open_count(conn: &Connection, address: &str) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached("SELECT count(*) FROM bounces WHERE address = ?1 AND cleared_at IS NULL")?
        .query_row([address], |r| r.get(0))?)
}

/// Returns the id of the first bounce not cleared of `address` (which names this run of bounces).
pub(crate) fn first_open(conn: &Connection, address: &str) -> Result<Option<i64>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT min(id) FROM bounces WHERE address = ?1 AND cleared_at IS NULL")?
        .query_row([address], |r| r.get(0))?)
}

/// Returns true when mail to `address` is stopped: `limit` > 0 bounces not cleared.
pub(crate) fn stopped(conn: &Connection, address: &str, limit: u32) -> Result<bool, StoreError> {
    Ok(limit > 0 && open_count(conn, address)? >= limit)
}

/// Clears the bounces of `addresses` (a player's, who has written); returns how many.
pub(crate) fn clear(
    conn: &Connection,
    addresses: &[String],
    now: DateTime<Utc>,
) -> Result<usize, StoreError> {
    // Most writers have no open bounce: look before updating, as the update
    // (it changes a column of the index it searches) opens an ephemeral
    // B-tree for the row ids even when none match.
    let mut open = conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM bounces WHERE address = ?1 AND cleared_at IS NULL)",
    )?;
    let mut stmt = conn.prepare_cached(
        "UPDATE bounces SET cleared_at = ?2 WHERE address = ?1 AND cleared_at IS NULL",
    )?;
    let mut n = 0;
    for a in addresses {
        if open.query_row(params![a], |r| r.get::<_, bool>(0))? {
            n += stmt.execute(params![a, Sql(now)])?;
        }
    }
    Ok(n)
}

/// Returns the stopped addresses among `addresses` with their bounce counts.
pub(crate) fn stopped_among(
    conn: &Connection,
    addresses: &[String],
    limit: u32,
) -> Result<Vec<(String, u32)>, StoreError> {
    let mut out = Vec::new();
    for a in addresses {
        let n = open_count(conn, a)?;
        if limit > 0 && n >= limit {
            out.push((a.clone(), n));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, players};

    #[test]
    fn bounces_stop_an_address_until_the_player_writes() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        let now = Utc::now();
        let bob = players::add(c, "bob", &["bob@x.org".into()], now).unwrap();
        let bounce = |key: &'static str| NewBounce {
            address: "bob@x.org",
            outbox_id: None,
            report_key: key,
            status: "5.1.1",
            diagnostic: "",
        };
        assert!(record(c, &bounce("r1"), now).unwrap());
        assert!(!record(c, &bounce("r1"), now).unwrap());
        assert!(record(c, &bounce("r2"), now).unwrap());
        assert!(!stopped(c, "bob@x.org", 3).unwrap());
        assert!(record(c, &bounce("r3"), now).unwrap());
        assert!(stopped(c, "bob@x.org", 3).unwrap());
        assert!(!stopped(c, "bob@x.org", 0).unwrap());
        let first = first_open(c, "bob@x.org").unwrap();
        assert!(first.is_some());
        let all = stopped_among(c, &bob.addresses, 3).unwrap();
        assert_eq!(all, [("bob@x.org".to_string(), 3)]);
        assert_eq!(clear(c, &bob.addresses, now).unwrap(), 3);
        assert!(!stopped(c, "bob@x.org", 1).unwrap());
        assert!(first_open(c, "bob@x.org").unwrap().is_none());
    }
}
