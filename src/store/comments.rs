//! The players' words in a game, for its record: what a player wrote with a
//! move, with `say`, or alone in the game's thread, kept at the move the
//! game stood at (the move itself, for words sent with a move).
//!
//! Owns the `game_comments` rows. Games from before comments were kept have
//! none. A move taken back hands its words to the move before it
//! ([`reattach`]), so no word a player sent is lost from the record.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::StoreError;
use super::codec::{Sql, Stored};
use super::games::GameId;
use crate::go::Color;

/// One comment as kept.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Comment {
    /// How many moves had been played with it (0: before the first move).
    pub(crate) after_move: u32,
    /// The colour of the player who wrote it.
    pub(crate) color: Color,
    /// The words, lines joined by newlines.
    pub(crate) text: String,
}

/// Keeps `lines` (a player's words, as written) in game `id` at move
/// `after_move`, written by `color` in the message `source`; returns whether
/// they were kept. Nothing is kept for words that are all blank, or twice
/// for the same words in the same message and game.
pub(crate) fn record(
    conn: &Connection,
    id: GameId,
    after_move: u32,
    color: Color,
    lines: &[String],
    source: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let text = lines.join("\n").trim().to_string();
    if text.is_empty() {
        return Ok(false);
    }
    conn.prepare_cached(
        "INSERT INTO game_comments (game_id, seq, after_move, color, text, source, at)
         SELECT ?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_comments WHERE game_id = ?1),
                ?2, ?3, ?4, ?5, ?6
         WHERE NOT EXISTS (SELECT 1 FROM game_comments
                           WHERE game_id = ?1 AND source = ?5 AND text = ?4)",
    )?
    .execute(params![
        id.get(),
        after_move,
        Sql(color),
        text,
        source,
        Sql(now)
    ])?;
    Ok(conn.changes() > 0)
}

/// Takes back the words message `source` kept last in game `id` (when the
/// command they were kept for was refused).
pub(crate) fn forget(conn: &Connection, id: GameId, source: &str) -> Result<(), StoreError> {
    conn.prepare_cached(
        "DELETE FROM game_comments WHERE game_id = ?1 AND seq =
             (SELECT MAX(seq) FROM game_comments WHERE game_id = ?1 AND source = ?2)",
    )?
    .execute(params![id.get(), source])?;
    Ok(())
}

/// Moves the words kept at move `number` or later to the move before it,
/// when move `number` is taken back.
pub(crate) fn reattach(conn: &Connection, id: GameId, number: u32) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE game_comments SET after_move = ?2 WHERE game_id = ?1 AND after_move > ?2",
    )?
    .execute(params![id.get(), number.saturating_sub(1)])?;
    Ok(())
}

/// Returns game `id`'s comments in the order they came.
pub(crate) fn list(conn: &Connection, id: GameId) -> Result<Vec<Comment>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT after_move, color, text FROM game_comments WHERE game_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([id.get()], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.stored::<Color>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (after_move, color, text) =
            row.map_err(|e| StoreError::from(e).in_row(id, "comment"))?;
        out.push(Comment {
            after_move,
            color,
            text,
        });
    }
    Ok(out)
}

/// Returns how many comments `color`'s player left in game `id` since `since`.
pub(crate) fn count_since(
    conn: &Connection,
    id: GameId,
    color: Color,
    since: DateTime<Utc>,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM game_comments WHERE game_id = ?1 AND color = ?2 AND at >= ?3",
        )?
        .query_row(rusqlite::params![id.get(), Sql(color), Sql(since)], |r| {
            r.get(0)
        })?)
}
