//! Consistent copies of the database while the mail job runs.
//!
//! Owns SQLite's online backup API and the check of the copy. The source is
//! opened read-only (a missing database is an error, never created afresh)
//! and copied in one step: under WAL that step reads one snapshot while
//! `poll` and `deliver` go on writing, so the copy is never restarted by
//! their commits. The copy is written next to the destination under a
//! temporary name, checked with `PRAGMA integrity_check`, synced, and only
//! then renamed into place, so a failed backup leaves no file that looks
//! like a good one.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

/// What a finished backup wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BackupReport {
    /// The file written.
    pub(crate) path: PathBuf,
    /// Pages in the copy.
    pub(crate) pages: u64,
    /// The copy's schema version (`PRAGMA user_version`).
    pub(crate) schema_version: u32,
}

/// Why a backup was not made.
#[derive(Debug, Error)]
pub(crate) enum BackupError {
    /// The home has no database to copy.
    #[error("no database at {}", .0.display())]
    NoDatabase(PathBuf),
    /// The destination's folder does not exist.
    #[error("the folder {} does not exist: create it first", .0.display())]
    NoFolder(PathBuf),
    /// The destination exists and overwriting was not asked for.
    #[error("{} exists (use --force to replace it)", .0.display())]
    Exists(PathBuf),
    /// The copy does not pass `PRAGMA integrity_check`.
    #[error("the copy failed its integrity check: {0}")]
    Integrity(String),
    /// SQLite failed while copying or checking.
    #[error("backup to {} failed: {source}", path.display())]
    Sql {
        /// The destination.
        path: PathBuf,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// The file system refused the temporary file or the rename.
    #[error("backup to {} failed: {source}", path.display())]
    Io {
        /// The destination.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
}

/// Copies the database at `source` to `dest`, checks the copy and returns
/// what was written. `busy_timeout` bounds the wait for a writer that holds
/// the lock while the snapshot starts.
pub(crate) fn backup(
    source: &Path,
    dest: &Path,
    overwrite: bool,
    busy_timeout: Duration,
) -> Result<BackupReport, BackupError> {
    if !source.is_file() {
        return Err(BackupError::NoDatabase(source.to_path_buf()));
    }
    if dest.exists() && !overwrite {
        return Err(BackupError::Exists(dest.to_path_buf()));
    }
    let folder = dest.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(folder) = folder.filter(|f| !f.is_dir()) {
        return Err(BackupError::NoFolder(folder.to_path_buf()));
    }
    let temp = temporary_name(dest);
    let result = copy_and_check(source, &temp, busy_timeout, dest);
    match result {
        Ok((pages, schema_version)) => {
            std::fs::rename(&temp, dest).map_err(|source| BackupError::Io {
                path: dest.to_path_buf(),
                source,
            })?;
            Ok(BackupReport {
                path: dest.to_path_buf(),
                pages,
                schema_version,
            })
        }
        Err(err) => {
            let _ = std::fs::remove_file(&temp);
            Err(err)
        }
    }
}

/// The temporary file beside `dest` that the copy is written to.
fn temporary_name(dest: &Path) -> PathBuf {
    let mut name = dest.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".partial-{}", std::process::id()));
    dest.with_file_name(name)
}

/// Writes the copy to `temp`, checks it and syncs it; returns its page
/// count and schema version. Errors name `dest`, the file the admin asked for.
fn copy_and_check(
    source: &Path,
    temp: &Path,
    busy_timeout: Duration,
    dest: &Path,
) -> Result<(u64, u32), BackupError> {
    let sql = |source| BackupError::Sql {
        path: dest.to_path_buf(),
        source,
    };
    let from =
        Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?;
    from.busy_timeout(busy_timeout).map_err(sql)?;
    let _ = std::fs::remove_file(temp);
    let mut to = Connection::open(temp).map_err(sql)?;
    copy_all(&from, &mut to).map_err(sql)?;
    let schema_version = check(&to, dest)?;
    let pages: i64 = to
        .query_row("PRAGMA page_count", [], |r| r.get(0))
        .map_err(sql)?;
    let pages = u64::try_from(pages).unwrap_or_default();
    to.close().map_err(|(_, e)| sql(e))?;
    sync_file(temp).map_err(|source| BackupError::Io {
        path: dest.to_path_buf(),
        source,
    })?;
    Ok((pages, schema_version))
}

/// Copies every page of `from` into `to` in one step (one snapshot).
fn copy_all(from: &Connection, to: &mut Connection) -> rusqlite::Result<()> {
    let backup = Backup::new(from, to)?;
    loop {
        match backup.step(-1)? {
            StepResult::Done => return Ok(()),
            // The source was busy or locked at the start: wait and try again.
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

/// Runs `PRAGMA integrity_check` on the copy; returns its schema version.
fn check(copy: &Connection, dest: &Path) -> Result<u32, BackupError> {
    let sql = |source| BackupError::Sql {
        path: dest.to_path_buf(),
        source,
    };
    let mut stmt = copy.prepare("PRAGMA integrity_check").map_err(sql)?;
    let lines: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .map_err(sql)?
        .collect::<Result<_, _>>()
        .map_err(sql)?;
    if lines != ["ok"] {
        return Err(BackupError::Integrity(lines.join("; ")));
    }
    copy.query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(sql)
}

fn sync_file(path: &Path) -> std::io::Result<()> {
    std::fs::File::open(path)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn database(dir: &Path) -> PathBuf {
        let path = dir.join("pbmgo.sqlite3");
        let store = Store::open(&path, Duration::from_secs(1)).unwrap();
        store
            .conn()
            .execute_batch("CREATE TABLE extra(x); INSERT INTO extra VALUES (42);")
            .unwrap();
        path
    }

    #[test]
    fn the_copy_holds_the_rows_and_passes_its_check() {
        let dir = tempfile::tempdir().unwrap();
        let source = database(dir.path());
        let dest = dir.path().join("copy.sqlite3");
        let report = backup(&source, &dest, false, Duration::from_secs(1)).unwrap();
        assert!(report.pages > 1);
        let copy = Connection::open(&dest).unwrap();
        let x: i64 = copy
            .query_row("SELECT x FROM extra", [], |r| r.get(0))
            .unwrap();
        assert_eq!(x, 42);
        assert_eq!(
            report.schema_version,
            crate::store::migrate::version(&copy).unwrap()
        );
    }

    #[test]
    fn an_existing_file_is_kept_unless_overwrite_is_asked() {
        let dir = tempfile::tempdir().unwrap();
        let source = database(dir.path());
        let dest = dir.path().join("copy.sqlite3");
        std::fs::write(&dest, b"keep me").unwrap();
        let err = backup(&source, &dest, false, Duration::from_secs(1)).unwrap_err();
        assert!(matches!(err, BackupError::Exists(_)), "{err}");
        assert_eq!(std::fs::read(&dest).unwrap(), b"keep me");
        backup(&source, &dest, true, Duration::from_secs(1)).unwrap();
        assert_ne!(std::fs::read(&dest).unwrap(), b"keep me");
    }

    #[test]
    fn a_missing_database_is_refused_and_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("none.sqlite3");
        let dest = dir.path().join("copy.sqlite3");
        let err = backup(&source, &dest, false, Duration::from_secs(1)).unwrap_err();
        assert!(matches!(err, BackupError::NoDatabase(_)), "{err}");
        assert!(!source.exists() && !dest.exists());
    }

    #[test]
    fn a_copy_that_fails_leaves_no_file_behind() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("not-a-db.sqlite3");
        std::fs::write(&source, vec![7u8; 8192]).unwrap();
        let dest = dir.path().join("copy.sqlite3");
        assert!(backup(&source, &dest, false, Duration::from_secs(1)).is_err());
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "only the source remains");
    }
}
