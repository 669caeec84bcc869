//! A game's mail thread: the Message-ID of the first mail about the game,
//! which every later mail about it answers (`In-Reply-To`, `References`),
//! and which game a mail answered belongs to.

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

/// Returns the game whose mail `message_id` is: a mail the outbox holds
/// for a game, else a game's thread root.
pub(crate) fn game_of(conn: &Connection, message_id: &str) -> Result<Option<GameId>, StoreError> {
    let sent: Option<Option<i64>> = conn
        .prepare_cached("SELECT game_id FROM outbox WHERE message_id = ?1")?
        .query_row([message_id], |r| r.get(0))
        .optional()?;
    let id = match sent {
        Some(game) => game,
        None => conn
            .prepare_cached("SELECT id FROM games WHERE thread_id = ?1 ORDER BY id LIMIT 1")?
            .query_row([message_id], |r| r.get(0))
            .optional()?,
    };
    Ok(id.and_then(GameId::new))
}
