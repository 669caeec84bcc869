//! An open database ([`Store`]): opening the file with its pragmas (WAL,
//! `synchronous=FULL`, foreign keys, a busy timeout), applying the
//! migrations, and running a closure in one read or write transaction.
//!
//! A command that only reads opens the file read-only instead
//! ([`Store::open_read_only`]): nothing is created, migrated or written, so
//! it works for a user who may only read the file, and an older schema is
//! refused rather than upgraded behind the reader's back.

use std::path::Path;
use std::time::Duration;

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use super::error::StoreError;
use super::migrate;

/// Prepared statements kept per connection: enough for every statement the
/// mail pipeline runs per message, so none is prepared twice in a batch.
const STATEMENT_CACHE: usize = 128;

/// The busy timeout used when none is configured.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_millis(5000);

/// An open game database; see the module header.
pub struct Store {
    conn: Connection,
    migrated: u32,
    found: u32,
}

impl Store {
    /// Opens (creating if needed) the database at `path`, sets the pragmas
    /// and applies pending migrations.
    ///
    /// Returns [`StoreError::Open`] when the file cannot be opened or is not
    /// a database, and [`StoreError::TooNew`] for a newer schema.
    pub fn open(path: &Path, busy_timeout: Duration) -> Result<Store, StoreError> {
        let open_err = |source| StoreError::Open {
            path: path.to_path_buf(),
            hint: probe_folder(path),
            source,
        };
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags).map_err(open_err)?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        stable_plans(&conn).map_err(open_err)?;
        configure(&conn, busy_timeout).map_err(open_err)?;
        let found = migrate::version(&conn).map_err(|e| match e {
            StoreError::Sql(source) => open_err(source),
            other => other,
        })?;
        let mut store = Store {
            conn,
            migrated: 0,
            found,
        };
        store.migrated = store.migrate()?;
        Ok(store)
    }

    /// Opens the existing database at `path` read-only: no file is created,
    /// no pragma written and no migration applied. A WAL database without
    /// its `-wal` file (no writer at work) that this user cannot lock for
    /// reading (the folder is not theirs to write the `-shm` into) is
    /// opened as immutable.
    ///
    /// Returns [`StoreError::Outdated`] for an older schema and
    /// [`StoreError::TooNew`] for a newer one.
    pub fn open_read_only(path: &Path, busy_timeout: Duration) -> Result<Store, StoreError> {
        let (conn, found) = Self::read_only_connection(path, busy_timeout)?;
        migrate::check(found)?;
        Ok(Store {
            conn,
            migrated: 0,
            found,
        })
    }

    /// Opens the database at `path` read-only at whatever schema it has
    /// (`status` reads an old one without upgrading it); returns the
    /// connection and the schema version. A user who may only read the
    /// file, so that SQLite cannot make its `-shm`, gets it as an
    /// immutable file when no `-wal` is beside it.
    pub(crate) fn read_only_connection(
        path: &Path,
        busy_timeout: Duration,
    ) -> Result<(Connection, u32), StoreError> {
        let open_err = |source| StoreError::Open {
            path: path.to_path_buf(),
            hint: None,
            source,
        };
        match read_only(path, busy_timeout, false) {
            Err(e) if denied(&e) && !sidecar(path, "-wal").exists() => {
                read_only(path, busy_timeout, true)
            }
            other => other,
        }
        .map_err(open_err)
    }

    /// Opens a fresh in-memory database with the schema applied (for tests).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory()?;
        stable_plans(&conn)?;
        conn.pragma_update(None, "foreign_keys", true)?;
        let mut store = Store {
            conn,
            migrated: 0,
            found: 0,
        };
        store.migrated = store.migrate()?;
        Ok(store)
    }

    /// Applies pending migrations; returns how many were applied.
    pub(crate) fn migrate(&mut self) -> Result<u32, StoreError> {
        migrate::migrate(&mut self.conn)
    }

    /// Returns how many migrations opening this store applied.
    pub(crate) fn migrations_applied(&self) -> u32 {
        self.migrated
    }

    /// Returns the schema version the database had when it was opened.
    pub(crate) fn schema_found(&self) -> u32 {
        self.found
    }

    /// Returns the schema version (`PRAGMA user_version`).
    pub(crate) fn schema_version(&self) -> Result<u32, StoreError> {
        migrate::version(&self.conn)
    }

    /// Returns the connection, for reads outside a write transaction.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Runs `f` in one write transaction: commits when it returns `Ok`,
    /// rolls back when it returns `Err` (nothing is half-written).
    pub fn write<T, E, F>(&mut self, f: F) -> Result<T, E>
    where
        F: FnOnce(&Transaction<'_>) -> Result<T, E>,
        E: From<StoreError>,
    {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let value = f(&tx)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    /// Runs `f` in one read transaction, so that it sees one snapshot.
    pub fn read<T, E, F>(&mut self, f: F) -> Result<T, E>
    where
        F: FnOnce(&Transaction<'_>) -> Result<T, E>,
        E: From<StoreError>,
    {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Deferred)
            .map_err(StoreError::from)?;
        let value = f(&tx)?;
        tx.finish().map_err(StoreError::from)?;
        Ok(value)
    }
}

/// Opens `path` read-only (as an `immutable` URI when asked) and reads its
/// schema version, which is when SQLite first reads the file.
fn read_only(
    path: &Path,
    busy_timeout: Duration,
    immutable: bool,
) -> rusqlite::Result<(Connection, u32)> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = if immutable {
        let uri = format!("file:{}?mode=ro&immutable=1", uri_path(path));
        Connection::open_with_flags(uri, flags | OpenFlags::SQLITE_OPEN_URI)?
    } else {
        Connection::open_with_flags(path, flags)?
    };
    conn.busy_timeout(busy_timeout)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    stable_plans(&conn)?;
    let v: i64 = conn.pragma_query_one(None, "user_version")?;
    Ok((conn, u32::try_from(v).unwrap_or(u32::MAX)))
}

/// Returns true when SQLite refused a read-only open for want of write
/// access (to the `-shm` or `-wal` file beside the database).
fn denied(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode::{CannotOpen, ReadOnly};
    matches!(e.sqlite_error_code(), Some(ReadOnly | CannotOpen))
}

/// Returns the file beside `db` named with `suffix` (`-wal`, `-shm`).
fn sidecar(db: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = db.as_os_str().to_os_string();
    name.push(suffix);
    name.into()
}

/// Returns `path` for a `file:` URI: bytes other than letters, digits and
/// `/-._~` percent-encoded.
fn uri_path(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut out = String::new();
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Returns why the folder of `db` cannot take writes, when a probe shows it:
/// SQLite's own words ("disk I/O error", "unable to open database file")
/// do not say that the disk is full or the folder read-only.
fn probe_folder(db: &Path) -> Option<&'static str> {
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let probe = dir.join(format!(".pbmgo-probe-{}", std::process::id()));
    let written = std::fs::File::create(&probe).and_then(|mut f| {
        use std::io::Write;
        f.write_all(&[0u8; 8192])?;
        f.sync_all()
    });
    let _ = std::fs::remove_file(&probe);
    match written.err()?.kind() {
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded => {
            Some("the disk is full")
        }
        std::io::ErrorKind::ReadOnlyFilesystem => {
            Some("the database folder is on a read-only filesystem")
        }
        std::io::ErrorKind::PermissionDenied => {
            Some("the database folder is read-only for this user")
        }
        _ => None,
    }
}

/// Turns on SQLite's query planner stability guarantee (QPSG): a statement's
/// plan no longer depends on the values bound to it. Without it, binding a
/// new value to a parameter that a join's plan estimate looked at (most of
/// `col = ?1` in a join) marks the statement expired, and rusqlite clears
/// the bindings of every cached statement it takes back: the statement was
/// then compiled again at its next step, each time, despite
/// `prepare_cached` (14 times a mail, a tenth of `poll`'s instructions).
fn stable_plans(conn: &Connection) -> rusqlite::Result<()> {
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    Ok(())
}

/// Sets the busy timeout first (so the other pragmas wait too), then WAL,
/// `synchronous=FULL` and foreign keys. Reading the journal mode back also
/// makes SQLite read the file, so a file that is not a database fails here.
fn configure(conn: &Connection, busy_timeout: Duration) -> rusqlite::Result<()> {
    conn.busy_timeout(busy_timeout)?;
    let mode: String = conn.pragma_update_and_check(None, "journal_mode", "wal", |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        let code = rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN);
        return Err(rusqlite::Error::SqliteFailure(
            code,
            Some(format!("journal mode stays {mode}, not wal")),
        ));
    }
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", true)?;
    // Savepoint journals (one savepoint per message) stay in memory instead
    // of a temporary file written for every page a message changes.
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::players;

    #[test]
    fn open_sets_pragmas_and_migrates() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        let store = Store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        let c = store.conn();
        let mode: String = c.pragma_query_one(None, "journal_mode").unwrap();
        let sync: i64 = c.pragma_query_one(None, "synchronous").unwrap();
        let fk: i64 = c.pragma_query_one(None, "foreign_keys").unwrap();
        let busy: i64 = c.pragma_query_one(None, "busy_timeout").unwrap();
        assert_eq!((mode.as_str(), sync, fk, busy), ("wal", 2, 1, 5000));
        let stable = c.db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG).unwrap();
        assert!(
            stable,
            "plans do not depend on bound values (no re-prepare per step)"
        );
        assert_eq!(store.schema_version().unwrap(), migrate::latest());
        drop(store);
        let again = Store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        assert_eq!(again.schema_version().unwrap(), migrate::latest());
    }

    #[test]
    fn a_read_only_store_writes_nothing_and_refuses_an_old_schema() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.sqlite3");
        drop(Store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap());
        let mut store = Store::open_read_only(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
        assert_eq!(store.schema_version().unwrap(), migrate::latest());
        let now = chrono::Utc::now();
        let err = store
            .write(|tx| players::add(tx, "alice", &["a@x.org".to_string()], now))
            .unwrap_err();
        let code = match &err {
            StoreError::Sql(e) => e.sqlite_error_code(),
            _ => None,
        };
        assert_eq!(code, Some(rusqlite::ErrorCode::ReadOnly), "{err:?}");
        assert!(players::list(store.conn()).unwrap().is_empty());
        drop(store);
        let old = Connection::open(&path).unwrap();
        old.pragma_update(None, "user_version", 5).unwrap();
        drop(old);
        let err = Store::open_read_only(&path, DEFAULT_BUSY_TIMEOUT)
            .err()
            .unwrap();
        assert!(
            matches!(err, StoreError::Outdated { found: 5, .. }),
            "{err:?}"
        );
        let missing = dir.path().join("none.sqlite3");
        assert!(Store::open_read_only(&missing, DEFAULT_BUSY_TIMEOUT).is_err());
        assert!(!missing.exists(), "nothing is created");
    }

    #[test]
    fn a_file_that_is_not_a_database_does_not_open() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("junk");
        std::fs::write(&path, b"this is not a database, just some text").unwrap();
        let err = Store::open(&path, DEFAULT_BUSY_TIMEOUT).err().unwrap();
        assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    }

    #[test]
    fn a_failed_write_leaves_nothing() {
        let mut store = Store::open_in_memory().unwrap();
        let now = chrono::Utc::now();
        let r: Result<(), StoreError> = store.write(|tx| {
            players::add(tx, "alice", &["a@x.org".to_string()], now)?;
            Err(StoreError::NotFound {
                what: "test",
                id: "x".into(),
            })
        });
        assert!(r.is_err());
        assert!(players::list(store.conn()).unwrap().is_empty());
    }
}
