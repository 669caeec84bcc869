//! [`SiteError`]: why the site could not be built.

use std::path::PathBuf;

use thiserror::Error;

use crate::store::StoreError;

/// Why a build failed; the files already renamed into place stay (each is
/// whole), and the next build writes the rest.
#[derive(Debug, Error)]
pub(crate) enum SiteError {
    /// Reading the games, players or tournaments failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A page's template did not compile or render.
    #[error("site template {name}: {source}")]
    Template {
        /// The template's name.
        name: String,
        /// minijinja's error, with the line.
        #[source]
        source: minijinja::Error,
    },
    /// An override template could not be read.
    #[error("cannot read site template {path}")]
    Override {
        /// The override file.
        path: PathBuf,
        /// The underlying failure.
        #[source]
        source: std::io::Error,
    },
    /// Writing a file of the site failed.
    #[error("cannot write {path}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The underlying failure.
        #[source]
        source: std::io::Error,
    },
    /// A page could not be drawn (a stored game that does not replay).
    #[error("{what}: {reason}")]
    Page {
        /// The page.
        what: String,
        /// Why.
        reason: String,
    },
}

impl From<rusqlite::Error> for SiteError {
    fn from(e: rusqlite::Error) -> SiteError {
        SiteError::Store(e.into())
    }
}
