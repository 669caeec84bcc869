//! Game clocks: when the side to move runs out of time.
//!
//! A game's `clock_deadline` is when the player to move loses on time; it
//! is restarted after every move with the game's `days_per_move`, pushed
//! past the end of the player's vacation, and cleared while no one is on
//! the clock (the scoring phase, a finished game).

use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, Stored, readable};
use super::games::GameId;
use super::ids::PlayerId;

/// Restarts the clock of game `id` for the side now to move, at `now`.
pub(crate) fn start_turn(
    conn: &Connection,
    id: GameId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let row: Option<(i64, Option<DateTime<Utc>>)> = conn
        .prepare_cached(
            // A subquery, not a join: SQLite re-prepares a join on every
            // new bound id (see store::games::read).
            "SELECT g.days_per_move, (SELECT vacation_until FROM players
                 WHERE id = CASE g.to_move WHEN 'black' THEN g.black_id ELSE g.white_id END)
             FROM games g WHERE g.id = ?1",
        )?
        // A vacation end that does not read is no vacation.
        .query_row([id], |r| Ok((r.get(0)?, r.stored_opt(1).unwrap_or(None))))
        .optional()?;
    let Some((days, vacation)) = row else {
        return Err(StoreError::NotFound {
            what: "game",
            id: id.to_string(),
        });
    };
    let from = vacation.filter(|v| *v > now).unwrap_or(now);
    let deadline = from + Duration::days(days);
    conn.prepare_cached(
        "UPDATE games SET turn_started_at = ?2, clock_deadline = ?3 WHERE id = ?1",
    )?
    .execute(params![id.get(), Sql(now), Sql(deadline)])?;
    Ok(())
}

/// Stops the clock of game `id` (scoring phase, game over).
pub(crate) fn stop(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET clock_deadline = NULL WHERE id = ?1")?
        .execute([id.get()])?;
    Ok(())
}

/// Moves the deadline of every running clock on which `player_id` is to
/// move by `delta` (a vacation pushes them, its early end pulls them back).
pub(crate) fn shift_for_player(
    conn: &Connection,
    player_id: PlayerId,
    delta: Duration,
) -> Result<(), StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, clock_deadline FROM games
         WHERE status = 'active' AND clock_deadline IS NOT NULL
           AND ?1 = CASE to_move WHEN 'black' THEN black_id ELSE white_id END",
    )?;
    // A deadline that does not read is left as it is.
    let rows: Vec<(GameId, DateTime<Utc>)> = stmt
        .query_map([player_id], |r| Ok((r.get(0)?, r.stored(1)?)))?
        .filter(readable)
        .collect::<Result<_, _>>()?;
    for (id, deadline) in rows {
        conn.prepare_cached("UPDATE games SET clock_deadline = ?2 WHERE id = ?1")?
            .execute(params![id, Sql(deadline + delta)])?;
    }
    Ok(())
}

/// Stops the clock of game `id` because the game ended at `now`.
pub(crate) fn finish(conn: &Connection, id: GameId, now: DateTime<Utc>) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE games SET clock_deadline = NULL, finished_at = coalesce(finished_at, ?2)
         WHERE id = ?1",
    )?
    .execute(params![id.get(), Sql(now)])?;
    Ok(())
}

/// A running clock, as `tick` reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Running {
    /// The game.
    pub(crate) game: GameId,
    /// The player to move.
    pub(crate) to_move_id: PlayerId,
    /// When they lose on time.
    pub(crate) deadline: DateTime<Utc>,
    /// When their turn began.
    pub(crate) turn_started: DateTime<Utc>,
    /// Days per move.
    pub(crate) days: i64,
    /// Moves played so far.
    pub(crate) move_number: i64,
}

/// Returns every running clock, oldest game first.
pub(crate) fn running(conn: &Connection) -> Result<Vec<Running>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, CASE to_move WHEN 'black' THEN black_id ELSE white_id END,
                clock_deadline, coalesce(turn_started_at, updated_at), days_per_move, move_number
         FROM games WHERE status = 'active' AND clock_deadline IS NOT NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Running {
            game: r.get(0)?,
            to_move_id: r.get(1)?,
            deadline: r.stored(2)?,
            turn_started: r.stored(3)?,
            days: r.get(4)?,
            move_number: r.get(5)?,
        })
    })?;
    // A clock whose times do not read is skipped: tick goes on with the others.
    Ok(rows.filter(readable).collect::<Result<_, _>>()?)
}

/// Returns the deadline of game `id`'s clock, if it runs.
pub(crate) fn deadline(conn: &Connection, id: GameId) -> Result<Option<DateTime<Utc>>, StoreError> {
    let deadline = conn
        .prepare_cached("SELECT clock_deadline FROM games WHERE id = ?1")?
        .query_row([id], |r| Ok(r.stored_opt(0).unwrap_or(None)))
        .optional()?;
    Ok(deadline.flatten())
}

/// A game's clock as the admin reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct GameClock {
    /// Days per move.
    pub(crate) days_per_move: i64,
    /// When the side to move runs out of time; `None` when the clock is stopped.
    pub(crate) deadline: Option<DateTime<Utc>>,
    /// When the current turn began, if known.
    pub(crate) turn_started: Option<DateTime<Utc>>,
}

/// Returns game `id`'s clock.
pub(crate) fn game_clock(conn: &Connection, id: GameId) -> Result<GameClock, StoreError> {
    let clock = conn
        .prepare_cached(
            "SELECT days_per_move, clock_deadline, turn_started_at FROM games WHERE id = ?1",
        )?
        .query_row([id], |r| {
            Ok(GameClock {
                days_per_move: r.get(0)?,
                deadline: r.stored_opt(1).unwrap_or(None),
                turn_started: r.stored_opt(2).unwrap_or(None),
            })
        })?;
    Ok(clock)
}

/// Returns the deadline of game `id`'s clock and its days per move, if the clock runs.
pub(crate) fn of_game(
    conn: &Connection,
    id: GameId,
) -> Result<Option<(DateTime<Utc>, i64)>, StoreError> {
    let row: Option<(Option<DateTime<Utc>>, i64)> = conn
        .prepare_cached("SELECT clock_deadline, days_per_move FROM games WHERE id = ?1")?
        .query_row([id], |r| Ok((r.stored_opt(0).unwrap_or(None), r.get(1)?)))
        .optional()?;
    Ok(row.and_then(|(deadline, days)| Some((deadline?, days))))
}
