//! Schema migrations: numbered SQL files embedded in the binary, applied in
//! order on every open, each in one transaction, tracked in
//! `PRAGMA user_version`.
//!
//! The list is append-only: a shipped migration is never edited; a change
//! to the schema is a new file `migrations/NNNN_name.sql` and a new line in
//! `MIGRATIONS`. A migration that makes tables again (listed in
//! `REBUILDS`) runs with foreign keys off and is checked by
//! `PRAGMA foreign_key_check` before it commits.

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;

/// One migration: its number (from 1, without gaps) and SQL.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Migration {
    /// The schema version after this migration.
    pub(crate) version: u32,
    /// The SQL, run as one batch.
    pub(crate) sql: &'static str,
}

/// Every migration, in order.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        sql: include_str!("migrations/0001_initial.sql"),
    },
    Migration {
        version: 2,
        sql: include_str!("migrations/0002_mail.sql"),
    },
    Migration {
        version: 3,
        sql: include_str!("migrations/0003_play.sql"),
    },
    Migration {
        version: 4,
        sql: include_str!("migrations/0004_bounces.sql"),
    },
    Migration {
        version: 5,
        sql: include_str!("migrations/0005_outbox_bodies.sql"),
    },
    Migration {
        version: 6,
        sql: include_str!("migrations/0006_challenge_threads.sql"),
    },
    Migration {
        version: 7,
        sql: include_str!("migrations/0007_game_comments.sql"),
    },
    Migration {
        version: 8,
        sql: include_str!("migrations/0008_message_fingerprints.sql"),
    },
    Migration {
        version: 9,
        sql: include_str!("migrations/0009_count_numbers.sql"),
    },
    Migration {
        version: 10,
        sql: include_str!("migrations/0010_outbox_claims.sql"),
    },
    Migration {
        version: 11,
        sql: include_str!("migrations/0011_player_disabled.sql"),
    },
    Migration {
        version: 12,
        sql: include_str!("migrations/0012_pending_signups.sql"),
    },
    Migration {
        version: 13,
        sql: include_str!("migrations/0013_reserved.sql"),
    },
    Migration {
        version: 14,
        sql: include_str!("migrations/0014_conditionals.sql"),
    },
    Migration {
        version: 15,
        sql: include_str!("migrations/0015_address_confirmations.sql"),
    },
    Migration {
        version: 16,
        sql: include_str!("migrations/0016_player_images.sql"),
    },
    Migration {
        version: 17,
        sql: include_str!("migrations/0017_player_confirm.sql"),
    },
    Migration {
        version: 18,
        sql: include_str!("migrations/0018_lost_mail.sql"),
    },
    Migration {
        version: 19,
        sql: include_str!("migrations/0019_runs.sql"),
    },
    Migration {
        version: 20,
        sql: include_str!("migrations/0020_estimates.sql"),
    },
    Migration {
        version: 21,
        sql: include_str!("migrations/0021_outbox_pictures.sql"),
    },
    Migration {
        version: 22,
        sql: include_str!("migrations/0022_check_chains.sql"),
    },
    Migration {
        version: 23,
        sql: include_str!("migrations/0023_time_systems.sql"),
    },
    Migration {
        version: 24,
        sql: include_str!("migrations/0024_ratings.sql"),
    },
    Migration {
        version: 25,
        sql: include_str!("migrations/0025_tournaments.sql"),
    },
    Migration {
        version: 26,
        sql: include_str!("migrations/0026_web.sql"),
    },
    Migration {
        version: 27,
        sql: include_str!("migrations/0027_tournament_colours.sql"),
    },
];

/// The migration after which the ratings are replayed from the finished
/// games (the old Elo was never stored; the games are its history).
pub(crate) const RATINGS: u32 = 24;

/// The migrations that drop and make again tables other tables refer to:
/// SQLite's procedure for that (lang_altertable.html#otheralter) turns
/// foreign keys off around them, so that dropping a parent table neither
/// fails nor cascades, and checks the keys before committing.
const REBUILDS: &[u32] = &[22];

/// Returns the schema version this binary brings the database to.
pub fn latest() -> u32 {
    MIGRATIONS.last().map_or(0, |m| m.version)
}

/// Returns the database's schema version.
pub(crate) fn version(conn: &Connection) -> Result<u32, StoreError> {
    let v: i64 = conn.pragma_query_one(None, "user_version")?;
    Ok(u32::try_from(v).unwrap_or(u32::MAX))
}

/// Applies every pending migration, each in its own transaction; returns
/// how many were applied.
///
/// The version is read again inside each transaction, so two processes
/// opening a new database at once apply each migration only once.
pub(crate) fn migrate(conn: &mut Connection) -> Result<u32, StoreError> {
    let found = version(conn)?;
    if found > latest() {
        return Err(StoreError::TooNew {
            found,
            known: latest(),
        });
    }
    migrate_from(conn, found)
}

/// Refuses a schema version other than [`latest`]: an older one
/// ([`StoreError::Outdated`]) must be migrated by a command that writes, a
/// newer one ([`StoreError::TooNew`]) belongs to a newer pbmgo.
pub(crate) fn check(found: u32) -> Result<(), StoreError> {
    let known = latest();
    match found.cmp(&known) {
        std::cmp::Ordering::Greater => Err(StoreError::TooNew { found, known }),
        std::cmp::Ordering::Less => Err(StoreError::Outdated {
            found,
            needs: known,
        }),
        std::cmp::Ordering::Equal => Ok(()),
    }
}

/// Applies the migrations after `found`, each in its own transaction.
fn migrate_from(conn: &mut Connection, found: u32) -> Result<u32, StoreError> {
    let mut applied = 0;
    for m in MIGRATIONS.iter().filter(|m| m.version > found) {
        applied += u32::from(run(conn, m)?);
    }
    Ok(applied)
}

/// Applies one migration, a rebuild with foreign keys off (turned on
/// again after it, whether it applied or failed); returns whether it
/// applied it.
fn run(conn: &mut Connection, m: &Migration) -> Result<bool, StoreError> {
    let rebuild = REBUILDS.contains(&m.version);
    let keys = rebuild && foreign_keys_off(conn)?;
    let done = apply(conn, m, rebuild);
    if keys {
        conn.pragma_update(None, "foreign_keys", true)?;
    }
    done
}

/// Applies one migration in its own transaction, unless another process
/// did first; a rebuild must leave no broken foreign key. Returns whether
/// it applied it.
fn apply(conn: &mut Connection, m: &Migration, rebuild: bool) -> Result<bool, StoreError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    if version(&tx)? >= m.version {
        return Ok(false);
    }
    tx.execute_batch(m.sql)?;
    if m.version == RATINGS {
        super::ratings::replay(&tx, true)?;
    }
    if rebuild {
        check_foreign_keys(&tx)?;
    }
    tx.pragma_update(None, "user_version", m.version)?;
    tx.commit()?;
    Ok(true)
}

/// Turns foreign keys off (outside a transaction, where SQLite ignores the
/// pragma); returns whether they were on.
fn foreign_keys_off(conn: &Connection) -> Result<bool, StoreError> {
    let on: i64 = conn.pragma_query_one(None, "foreign_keys")?;
    if on != 0 {
        conn.pragma_update(None, "foreign_keys", false)?;
    }
    Ok(on != 0)
}

/// Fails with SQLite's own foreign key error when a row refers to a row
/// that is not there.
fn check_foreign_keys(conn: &Connection) -> Result<(), StoreError> {
    let mut stmt = conn.prepare("PRAGMA foreign_key_check")?;
    if stmt.exists([])? {
        let code = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY);
        let what = "a migration left a row whose foreign key refers to nothing";
        return Err(rusqlite::Error::SqliteFailure(code, Some(what.to_owned())).into());
    }
    Ok(())
}

/// A database in memory at schema `version`, as that version of pbmgo left
/// it, for tests of what a later migration does to its rows.
#[cfg(test)]
pub(crate) fn at_version(version: u32) -> Connection {
    let mut conn = Connection::open_in_memory().unwrap();
    conn.pragma_update(None, "foreign_keys", true).unwrap();
    migrate_to(&mut conn, version);
    conn
}

/// Applies the migrations of `conn` (made by [`at_version`]) up to `version`,
/// as [`migrate`] would.
#[cfg(test)]
pub(crate) fn migrate_to(conn: &mut Connection, version: u32) {
    let found = self::version(conn).unwrap();
    for m in MIGRATIONS
        .iter()
        .filter(|m| m.version > found && m.version <= version)
    {
        run(conn, m).unwrap();
    }
}

#[cfg(test)]
mod chain_tests;
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_numbered_from_one_without_gaps() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version as usize, i + 1, "MIGRATIONS[{i}]");
        }
    }

    #[test]
    fn migrate_applies_once_and_refuses_a_newer_schema() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(migrate(&mut conn).unwrap(), latest());
        assert_eq!(migrate(&mut conn).unwrap(), 0);
        assert_eq!(version(&conn).unwrap(), latest());
        conn.pragma_update(None, "user_version", latest() + 1)
            .unwrap();
        assert!(matches!(migrate(&mut conn), Err(StoreError::TooNew { .. })));
    }
}
