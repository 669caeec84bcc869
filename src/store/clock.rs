//! Game clocks: when the side to move runs out of time.
//!
//! A game's `clock_deadline` is when the player to move loses on time: when
//! their clock at rest (`time_terms`) runs out, counting only their own
//! time (not their weekend or night when the game says so, never their
//! vacation). It is set when a turn starts, worked out again when a
//! vacation changes their own time, and cleared while no one is on the
//! clock (the scoring phase, a finished game). A move is charged to the
//! mover's clock here ([`spend`]); the rules of each system are
//! `crate::clock`'s.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, Stored, readable};
use super::games::GameId;
use super::ids::PlayerId;
use super::time_terms::{self, ClockRow};
use crate::clock::{Flagged, Side, System, Tz};
use crate::go::Color;

/// Restarts the clock of game `id` for the side now to move, at `now`:
/// the deadline is when their clock at rest runs out, counting only their
/// own time (see [`time_terms::calendar`]; `zone` is the server's time
/// zone, for a player who chose none). A game without a clock (`none`)
/// gets no deadline.
pub(crate) fn start_turn(
    conn: &Connection,
    id: GameId,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<(), StoreError> {
    let row = row(conn, id)?;
    start_turn_with(conn, id, row, row.to_move, now, zone)
}

/// [`start_turn`] for `to_move`, with the game's clock columns `row` read
/// earlier in this move (by [`spend`]: the time system and the players
/// are the same; only the side to move and the turn's start changed).
pub(crate) fn start_turn_with(
    conn: &Connection,
    id: GameId,
    row: ClockRow,
    to_move: Color,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<(), StoreError> {
    let row = ClockRow { to_move, ..row };
    let deadline = runs_out(conn, id, &row, now, zone)?;
    conn.prepare_cached(
        "UPDATE games SET turn_started_at = ?2, clock_deadline = ?3 WHERE id = ?1",
    )?
    .execute(params![id.get(), Sql(now), deadline.map(Sql)])?;
    Ok(())
}

/// The clock columns of game `id`, which must exist.
fn row(conn: &Connection, id: GameId) -> Result<ClockRow, StoreError> {
    time_terms::clock_row(conn, id)?.ok_or_else(|| StoreError::NotFound {
        what: "game",
        id: id.to_string(),
    })
}

/// When the clock at rest of the player to move in game `id` (its `row`),
/// started at `from`, runs out; `None` when it never does.
fn runs_out(
    conn: &Connection,
    id: GameId,
    row: &ClockRow,
    from: DateTime<Utc>,
    zone: Tz,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    let color = row.to_move;
    let side = time_terms::side(conn, id, color, &row.terms)?;
    let Some(budget) = side.budget(&row.terms.system) else {
        return Ok(None);
    };
    let calendar = time_terms::calendar(conn, &row.terms, row.player(color), zone)?;
    Ok(calendar.runs_out(from, budget))
}

/// The mover's time ran out before their move: at `ran_out`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TooLate {
    /// When their time ran out.
    pub(crate) ran_out: DateTime<Utc>,
}

/// Charges the player of `color` in game `id`, whose turn it is, for a
/// move made at `now`: the own time since their turn began comes off their
/// clock by the game's system, and the clock at rest is stored; or
/// [`TooLate`] when their time ran out first (nothing is stored then).
/// Returns the system and the clock after the move, with the game's clock
/// columns as read before it (for [`start_turn_with`]).
pub(crate) fn spend(
    conn: &Connection,
    id: GameId,
    color: Color,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<Result<Spent, TooLate>, StoreError> {
    let row = row(conn, id)?;
    let after = match spend_row(conn, id, &row, color, now, zone)? {
        Ok(after) => after,
        Err(late) => return Ok(Err(late)),
    };
    Ok(Ok(Spent { after, row }))
}

/// What [`spend`] charged: the system and the clock after the move (none
/// when the turn had no start), and the clock columns as read before it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spent {
    /// The system and the mover's clock after the move.
    pub(crate) after: Option<(System, Side)>,
    /// The game's clock columns before the move.
    pub(crate) row: ClockRow,
}

/// [`spend`] on the clock columns `row`.
fn spend_row(
    conn: &Connection,
    id: GameId,
    row: &ClockRow,
    color: Color,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<Result<Option<(System, Side)>, TooLate>, StoreError> {
    let (terms, deadline) = (row.terms, row.deadline);
    let Some(started) = row.started else {
        return Ok(Ok(None));
    };
    let side = time_terms::side(conn, id, color, &terms)?;
    let calendar = time_terms::calendar(conn, &terms, row.player(color), zone)?;
    let used = calendar.own_seconds(started, now);
    match side.spend(&terms.system, used) {
        Ok(next) => {
            time_terms::save_side(conn, id, color, &next)?;
            Ok(Ok(Some((terms.system, next))))
        }
        Err(Flagged) => Ok(Err(TooLate {
            ran_out: deadline.unwrap_or(now).min(now),
        })),
    }
}

/// Works out again the deadline of every running clock on which
/// `player_id` is to move, from the start of their turn: after a vacation
/// starts or ends early, which changes their own time.
pub(crate) fn recompute_for_player(
    conn: &Connection,
    player_id: PlayerId,
    zone: Tz,
) -> Result<(), StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, turn_started_at FROM games
         WHERE status = 'active' AND clock_deadline IS NOT NULL AND turn_started_at IS NOT NULL
           AND ?1 = CASE to_move WHEN 'black' THEN black_id ELSE white_id END",
    )?;
    // A turn whose start does not read is left as it is.
    let rows: Vec<(GameId, DateTime<Utc>)> = stmt
        .query_map([player_id], |r| Ok((r.get(0)?, r.stored(1)?)))?
        .filter(readable)
        .collect::<Result<_, _>>()?;
    for (id, started) in rows {
        let deadline = runs_out(conn, id, &row(conn, id)?, started, zone)?;
        conn.prepare_cached("UPDATE games SET clock_deadline = ?2 WHERE id = ?1")?
            .execute(params![id, deadline.map(Sql)])?;
    }
    Ok(())
}

/// Stops the clock of game `id` (scoring phase, game over).
pub(crate) fn stop(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET clock_deadline = NULL WHERE id = ?1")?
        .execute([id.get()])?;
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
    /// Their colour.
    pub(crate) to_move: Color,
    /// Moves played so far.
    pub(crate) move_number: i64,
}

/// Returns every running clock, oldest game first.
pub(crate) fn running(conn: &Connection) -> Result<Vec<Running>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, CASE to_move WHEN 'black' THEN black_id ELSE white_id END,
                clock_deadline, coalesce(turn_started_at, updated_at), to_move, move_number
         FROM games WHERE status = 'active' AND clock_deadline IS NOT NULL ORDER BY id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Running {
            game: r.get(0)?,
            to_move_id: r.get(1)?,
            deadline: r.stored(2)?,
            turn_started: r.stored(3)?,
            to_move: r.stored(4)?,
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
