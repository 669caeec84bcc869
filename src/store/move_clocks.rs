//! What each move left on its mover's clock, as `moves.time_left` and
//! `moves.overtime_left` hold it (written by `time_terms::note_move`):
//! read back for the game record's `BL`/`WL` and `OB`/`OW`.
//!
//! Owns only this read; the columns are written by `time_terms`.

use rusqlite::Connection;

use super::StoreError;
use super::games::GameId;

/// What one move left on its mover's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveClock {
    /// The move's number, from 1.
    pub(crate) number: u32,
    /// Seconds left after it: main time, or in overtime the byo-yomi
    /// period or the Canadian block's time.
    pub(crate) seconds: i64,
    /// In overtime: byo-yomi periods or Canadian stones left.
    pub(crate) overtime: Option<u32>,
}

/// The clocks the moves of game `id` left, in move order; a move played
/// without a clock (before time systems, or under `none`) is left out.
pub(crate) fn list(conn: &Connection, id: GameId) -> Result<Vec<MoveClock>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT number, time_left, overtime_left FROM moves
         WHERE game_id = ?1 AND time_left IS NOT NULL ORDER BY number",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok(MoveClock {
            number: r.get(0)?,
            seconds: r.get(1)?,
            overtime: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
