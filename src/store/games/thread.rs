//! A game's mail thread: the Message-ID of the first mail about the game,
//! which every later mail about it answers (`In-Reply-To`, `References`).

use rusqlite::{Connection, OptionalExtension, params};

use super::GameId;
use crate::store::StoreError;

/// Returns the Message-ID that roots game `id`'s thread, if it has one yet.
pub(crate) fn root(conn: &Connection, id: GameId) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT thread_id FROM games WHERE id = ?1")?
        .query_row([id.get()], |r| r.get(0))
        .optional()?
        .flatten())
}

/// Makes `message_id` the root of game `id`'s thread.
pub(crate) fn set_root(conn: &Connection, id: GameId, message_id: &str) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET thread_id = ?2 WHERE id = ?1")?
        .execute(params![id.get(), message_id])?;
    Ok(())
}
