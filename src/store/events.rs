//! A game's events: what ended or reopened it without a move (a
//! resignation, a result, a return to play), kept beside the move list so
//! that the move list and its events together rebuild the game.
//!
//! Owns the `game_events` rows. Games from before events existed have none:
//! a resignation there is only in the `games` row, which `game verify`
//! accepts as before.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::StoreError;
use super::codec::{parse_time, time_text};
use super::games::GameId;
use crate::go::events::GameEvent;

/// One stored event.
#[derive(Debug, Clone, PartialEq)]
pub struct EventRow {
    /// How many moves had been played when it happened.
    pub after_move: u32,
    /// What happened.
    pub event: GameEvent,
    /// A message key, `cli` or `tick`.
    pub source: String,
    /// When.
    pub at: DateTime<Utc>,
}

/// Appends `event` to game `id`'s events, after `after_move` moves.
pub fn record(
    conn: &Connection,
    id: GameId,
    after_move: u32,
    event: GameEvent,
    source: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO game_events (game_id, seq, after_move, event, source, at)
         VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_events WHERE game_id = ?1),
                 ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        id.get(),
        after_move,
        event.to_string(),
        source,
        time_text(now)
    ])?;
    Ok(())
}

/// Returns game `id`'s events, oldest first.
pub fn list(conn: &Connection, id: GameId) -> Result<Vec<EventRow>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT after_move, event, source, at FROM game_events WHERE game_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([id.get()], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (after_move, event, source, at) = row?;
        let corrupt = |reason: String| StoreError::Corrupt {
            id: id.to_string(),
            what: "game events",
            reason,
        };
        out.push(EventRow {
            after_move,
            event: event.parse().map_err(corrupt)?,
            source,
            at: parse_time(&at).map_err(corrupt)?,
        });
    }
    Ok(out)
}
