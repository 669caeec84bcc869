//! A game's mail thread: the Message-ID of the first mail about the game
//! (its challenge letter, kept with the challenge until the game has a
//! row), which every later mail about it answers (`In-Reply-To`,
//! `References`); who the game is between and on what board, which names
//! the thread in its Subject; and which game a mail answered belongs to.

use rusqlite::{Connection, OptionalExtension, params};

use super::GameId;
use crate::store::StoreError;

/// Who a game's thread is between and its board size: the challenger and
/// the player challenged, or for a game made without a challenge Black and
/// White.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Between {
    /// The first player named: the challenger, or Black.
    pub(crate) first: String,
    /// The second player named: the player challenged, or White.
    pub(crate) second: String,
    /// The board's size.
    pub(crate) size: u32,
    /// The game has a row (a challenge not accepted yet has none).
    pub(crate) is_game: bool,
}

/// Returns the Message-ID that roots game (or challenge) `id`'s thread, if it has one yet.
pub(crate) fn root(conn: &Connection, id: GameId) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT COALESCE((SELECT thread_id FROM games WHERE id = ?1), \
             (SELECT thread_id FROM challenges WHERE id = ?1))",
        )?
        .query_row([id.get()], |r| r.get(0))
        .optional()?
        .flatten())
}

/// Makes `message_id` the root of game (or challenge) `id`'s thread.
pub(crate) fn set_root(conn: &Connection, id: GameId, message_id: &str) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET thread_id = ?2 WHERE id = ?1")?
        .execute(params![id.get(), message_id])?;
    conn.prepare_cached("UPDATE challenges SET thread_id = ?2 WHERE id = ?1")?
        .execute(params![id.get(), message_id])?;
    Ok(())
}

/// Returns who game (or challenge) `id` is between, if it exists.
pub(crate) fn between(conn: &Connection, id: GameId) -> Result<Option<Between>, StoreError> {
    let row = |r: &rusqlite::Row<'_>| {
        Ok(Between {
            first: r.get(0)?,
            second: r.get(1)?,
            size: r.get(2)?,
            is_game: r.get(3)?,
        })
    };
    let challenge = conn
        .prepare_cached(
            "SELECT a.name, b.name, c.size, \
             EXISTS (SELECT 1 FROM games WHERE id = c.id) FROM challenges c \
             JOIN players a ON a.id = c.challenger_id \
             JOIN players b ON b.id = c.challenged_id WHERE c.id = ?1",
        )?
        .query_row([id.get()], row)
        .optional()?;
    if challenge.is_some() {
        return Ok(challenge);
    }
    Ok(conn
        .prepare_cached(
            "SELECT a.name, b.name, g.size, 1 FROM games g \
             JOIN players a ON a.id = g.black_id \
             JOIN players b ON b.id = g.white_id WHERE g.id = ?1",
        )?
        .query_row([id.get()], row)
        .optional()?)
}

/// Returns the game whose mail `message_id` is: a mail the outbox holds
/// for a game, else a game's thread root.
pub(crate) fn game_of(conn: &Connection, message_id: &str) -> Result<Option<GameId>, StoreError> {
    let sent: Option<Option<i64>> = conn
        .prepare_cached("SELECT game_id FROM outbox WHERE message_id = ?1")?
        .query_row([message_id], |r| r.get(0))
        .optional()?;
    let id = match sent.flatten() {
        Some(game) => Some(game),
        None => conn
            .prepare_cached(
                "SELECT id FROM games WHERE thread_id = ?1 \
                 UNION SELECT id FROM challenges WHERE thread_id = ?1 ORDER BY 1 LIMIT 1",
            )?
            .query_row([message_id], |r| r.get(0))
            .optional()?,
    };
    Ok(id.and_then(GameId::new))
}
