//! Game clocks: when the side to move runs out of time.
//!
//! A game's `clock_deadline` is when the player to move loses on time; it
//! is restarted after every move with the game's `days_per_move`, pushed
//! past the end of the player's vacation, and cleared while no one is on
//! the clock (the scoring phase, a finished game).

use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{parse_time, time_text};
use super::games::GameId;

/// Restarts the clock of game `id` for the side now to move, at `now`.
pub fn start_turn(conn: &Connection, id: GameId, now: DateTime<Utc>) -> Result<(), StoreError> {
    let row: Option<(i64, Option<String>)> = conn
        .prepare_cached(
            "SELECT g.days_per_move, p.vacation_until FROM games g
             JOIN players p ON p.id = CASE g.to_move WHEN 'black' THEN g.black_id ELSE g.white_id END
             WHERE g.id = ?1",
        )?
        .query_row([id.get()], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let Some((days, vacation)) = row else {
        return Err(StoreError::NotFound {
            what: "game",
            id: id.to_string(),
        });
    };
    let from = vacation
        .as_deref()
        .and_then(|v| parse_time(v).ok())
        .filter(|v| *v > now)
        .unwrap_or(now);
    let deadline = from + Duration::days(days);
    conn.prepare_cached(
        "UPDATE games SET turn_started_at = ?2, clock_deadline = ?3 WHERE id = ?1",
    )?
    .execute(params![id.get(), time_text(now), time_text(deadline)])?;
    Ok(())
}

/// Stops the clock of game `id` (scoring phase, game over).
pub fn stop(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET clock_deadline = NULL WHERE id = ?1")?
        .execute([id.get()])?;
    Ok(())
}
