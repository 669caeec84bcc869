//! [`RunError`]: why a run stopped, telling a failure of the environment
//! (database busy, disk full, read-only), which stops the run and leaves
//! the mail where it is, from other failures.

use rusqlite::ErrorCode;
use thiserror::Error;

use crate::store::StoreError;

/// Why a run stopped; the mail not yet committed stays where it was.
#[derive(Debug, Error)]
pub(crate) enum RunError {
    /// The database is busy, full, read-only or failing: try again later.
    #[error("the database cannot take mail now")]
    Unavailable(#[source] StoreError),
    /// Another database error.
    #[error("database error")]
    Store(#[from] StoreError),
    /// A Maildir could not be read or written.
    #[error("mail folder error: {0}")]
    Io(#[from] std::io::Error),
}

impl RunError {}

/// Returns true for database failures that are about the machine, not the message.
pub(super) fn environmental(e: &StoreError) -> bool {
    let code = match e {
        StoreError::Sql(rusqlite::Error::SqliteFailure(f, _))
        | StoreError::Open {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } => f.code,
        _ => return false,
    };
    matches!(
        code,
        ErrorCode::DatabaseBusy
            | ErrorCode::DatabaseLocked
            | ErrorCode::DiskFull
            | ErrorCode::ReadOnly
            | ErrorCode::SystemIoFailure
            | ErrorCode::CannotOpen
            | ErrorCode::OutOfMemory
    )
}

/// Returns `e` as the error that stops a run.
pub(super) fn run_error(e: StoreError) -> RunError {
    if environmental(&e) {
        RunError::Unavailable(e)
    } else {
        RunError::Store(e)
    }
}
