//! Why the store could not do what was asked: [`StoreError`].

use std::path::PathBuf;

use thiserror::Error;

/// Why the store could not do what was asked.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database file cannot be opened or set up.
    #[error("cannot open database {}{}", path.display(), hint.map(|h| format!(" ({h})")).unwrap_or_default())]
    Open {
        /// The database file.
        path: PathBuf,
        /// What a probe of the database's folder found, such as a full disk.
        hint: Option<&'static str>,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// No row with this name or id.
    #[error("no {what} {id}")]
    NotFound {
        /// What was looked for: `player`, `game`, `address`.
        what: &'static str,
        /// The name or id given.
        id: String,
    },
    /// A name or address that belongs to someone already.
    #[error("{what} {value} is already taken")]
    Taken {
        /// `player name` or `address`.
        what: &'static str,
        /// The normalized value.
        value: String,
    },
    /// A value that may not be stored.
    #[error("invalid {what} '{value}': {reason}")]
    Invalid {
        /// What the value is.
        what: &'static str,
        /// The value as given.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// Stored rows that do not make a valid value.
    #[error("{id}: stored {what} is unreadable: {reason}")]
    Corrupt {
        /// The game or player whose rows are bad.
        id: String,
        /// The part that is bad: `board`, `move list`, ...
        what: &'static str,
        /// What is wrong with it.
        reason: String,
    },
    /// The database was written by a newer pbmgo.
    #[error(
        "the database is at schema {found}, newer than this pbmgo knows ({known}): \
         it was written by a newer pbmgo; run that version (going back is not supported)"
    )]
    TooNew {
        /// `PRAGMA user_version` of the file.
        found: u32,
        /// The last migration built into this binary.
        known: u32,
    },
    /// The database is at an older schema and was opened read-only, so it
    /// was not migrated.
    #[error(
        "the database is at schema {found}, this pbmgo needs {needs}: \
         run `pbmgo migrate` or any mail job"
    )]
    Outdated {
        /// `PRAGMA user_version` of the file.
        found: u32,
        /// The last migration built into this binary.
        needs: u32,
    },
    /// A column holding a value that is not what the column holds, such
    /// as a colour column reading `purple`.
    #[error("stored value unreadable in column {column}: {reason}")]
    Unreadable {
        /// The column's index in the query.
        column: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// Any other SQLite failure.
    #[error("database error")]
    Sql(#[source] rusqlite::Error),
}

impl StoreError {
    /// Names the row a column that did not read belongs to: `id`'s `what`
    /// ([`StoreError::Corrupt`]); any other error is returned as it is.
    pub(crate) fn in_row(self, id: impl ToString, what: &'static str) -> StoreError {
        match self {
            StoreError::Unreadable { reason, .. } => StoreError::Corrupt {
                id: id.to_string(),
                what,
                reason,
            },
            e => e,
        }
    }
}

impl From<rusqlite::Error> for StoreError {
    /// Reports a column that does not read as [`StoreError::Unreadable`],
    /// anything else as [`StoreError::Sql`].
    fn from(e: rusqlite::Error) -> Self {
        match e {
            rusqlite::Error::FromSqlConversionFailure(column, _, reason) => {
                StoreError::Unreadable {
                    column,
                    reason: reason.to_string(),
                }
            }
            rusqlite::Error::InvalidColumnType(column, name, ty) => StoreError::Unreadable {
                column,
                reason: format!("{name} holds {ty}"),
            },
            e => StoreError::Sql(e),
        }
    }
}
