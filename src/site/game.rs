//! A game's page (`games/<id>.html`) and its public record
//! (`games/<id>.sgf`).

use rusqlite::Connection;

use super::error::SiteError;
use super::templates::{Common, SiteTemplates};
use crate::store::GameId;

/// A game's page and record.
pub(crate) struct GameFiles {
    /// `games/<id>.html`.
    pub(crate) html: String,
    /// `games/<id>.sgf`, without the players' words.
    pub(crate) sgf: String,
}

/// The page and record of game `id`.
pub(crate) fn files(
    conn: &Connection,
    t: &SiteTemplates,
    common: &Common,
    id: GameId,
) -> Result<GameFiles, SiteError> {
    let _ = (conn, t, common, id);
    Err(SiteError::Page {
        what: id.to_string(),
        reason: "game pages are not written yet".to_string(),
    })
}
