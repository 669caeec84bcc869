//! What `pbmgo status` and the metrics file read from the database (which
//! status opens read-only with `Store::read_only_connection`, changing
//! nothing, not even the schema): SQLite's `quick_check`, the schema version, the players and
//! games going, and the players whose mail bounces.
//!
//! Owns no table: it only reads the others'. The decisions (what is
//! healthy) are the caller's.

use rusqlite::Connection;

use super::StoreError;
use super::migrate;

/// Returns the database's schema version (`PRAGMA user_version`).
pub(crate) fn schema_version(conn: &Connection) -> Result<u32, StoreError> {
    migrate::version(conn)
}

/// Runs `PRAGMA quick_check`; returns its lines (`["ok"]` when the
/// database is sound), at most 10.
pub(crate) fn quick_check(conn: &Connection) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare("PRAGMA quick_check(10)")?;
    let rows = stmt.query_map([], |r| r.get::<_, String>(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Returns true when the schema has the table `name` (an older schema may not).
pub(crate) fn has_table(conn: &Connection, name: &str) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1")?
        .query_row([name], |r| r.get::<_, i64>(0))?
        > 0)
}

/// Returns how many players there are and how many games are going
/// (being played or scored).
pub(crate) fn players_and_games(conn: &Connection) -> Result<(u32, u32), StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT (SELECT count(*) FROM players),
                    (SELECT count(*) FROM games WHERE status IN ('active', 'scoring'))",
        )?
        .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))?)
}

/// A player's address that mail is stopped to by its bounces.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Bouncing {
    /// The player.
    pub(crate) player: String,
    /// The address.
    pub(crate) address: String,
    /// Its bounces not cleared.
    pub(crate) bounces: u32,
}

/// Returns the players' addresses with at least `limit` bounces not
/// cleared, by player (none when `limit` is 0: nothing is stopped then).
pub(crate) fn bouncing(conn: &Connection, limit: u32) -> Result<Vec<Bouncing>, StoreError> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let mut stmt = conn.prepare_cached(
        "SELECT p.name, a.address, count(*) FROM bounces b
         JOIN addresses a ON a.address = b.address
         JOIN players p ON p.id = a.player_id
         WHERE b.cleared_at IS NULL
         GROUP BY a.address HAVING count(*) >= ?1
         ORDER BY p.name, a.address",
    )?;
    let rows = stmt.query_map([limit], |r| {
        Ok(Bouncing {
            player: r.get(0)?,
            address: r.get(1)?,
            bounces: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::bounces::{self, NewBounce};
    use crate::store::{Store, players};
    use chrono::{TimeZone, Utc};

    #[test]
    fn a_fresh_database_is_sound_and_empty() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        assert_eq!(quick_check(conn).unwrap(), ["ok"]);
        assert_eq!(schema_version(conn).unwrap(), migrate::latest());
        assert!(has_table(conn, "runs").unwrap());
        assert!(!has_table(conn, "nothing").unwrap());
        let sizes = crate::store::outbox::queue_sizes(conn, now).unwrap();
        assert_eq!(sizes, crate::store::outbox::QueueSizes::default());
        assert_eq!(players_and_games(conn).unwrap(), (0, 0));
    }

    #[test]
    fn an_address_with_enough_bounces_is_listed_under_its_player() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        store
            .write(|tx| {
                players::add(tx, "bob", &["bob@example.org".into()], now)?;
                for key in ["r1", "r2"] {
                    let b = NewBounce {
                        address: "bob@example.org",
                        outbox_id: None,
                        report_key: key,
                        status: "5.1.1",
                        diagnostic: "",
                    };
                    bounces::record(tx, &b, now)?;
                }
                Ok::<_, StoreError>(())
            })
            .unwrap();
        let conn = store.conn();
        assert_eq!(bouncing(conn, 3).unwrap(), []);
        assert_eq!(bouncing(conn, 0).unwrap(), []);
        let want = Bouncing {
            player: "bob".into(),
            address: "bob@example.org".into(),
            bounces: 2,
        };
        assert_eq!(bouncing(conn, 2).unwrap(), [want]);
        assert_eq!(players_and_games(conn).unwrap(), (1, 0));
    }
}
