//! The proposed counts of finished games as kept: the stones the server
//! proposes dead in a game's final position (`estimate GAME`), computed
//! once. Owns only the rows; the proposal itself is `go::estimate`'s.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::Sql;
use super::games::GameId;
use crate::go::{BoardSize, Point};

/// Which position of a game a proposal is for: its moves played and its
/// Zobrist hash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct At {
    /// Moves played.
    pub(crate) moves: u32,
    /// The position's hash.
    pub(crate) hash: u64,
}

/// Returns the dead stones kept for `game` at `at` (read on a board of
/// `size`), `None` when none are kept.
pub(crate) fn load(
    conn: &Connection,
    game: GameId,
    at: At,
    size: BoardSize,
) -> Result<Option<Vec<Point>>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT dead FROM estimates WHERE game_id = ?1 AND moves = ?2 AND position = ?3",
    )?;
    let text: Option<String> = stmt
        .query_row(params![game.get(), at.moves, Sql(at.hash)], |r| r.get(0))
        .optional()?;
    text.map(|t| read_dead(game, &t, size)).transpose()
}

/// Keeps `dead`, the proposal for `game` at `at`.
pub(crate) fn keep(
    conn: &Connection,
    game: GameId,
    at: At,
    dead: &[Point],
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let text: Vec<String> = dead.iter().map(Point::to_string).collect();
    conn.prepare_cached(
        "INSERT OR REPLACE INTO estimates (game_id, moves, position, dead, computed_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        game.get(),
        at.moves,
        Sql(at.hash),
        text.join(" "),
        Sql(now)
    ])?;
    Ok(())
}

/// Reads the stones of a kept proposal.
fn read_dead(game: GameId, text: &str, size: BoardSize) -> Result<Vec<Point>, StoreError> {
    text.split_whitespace()
        .map(|p| Point::parse(p, size))
        .collect::<Result<_, _>>()
        .map_err(|e| StoreError::Corrupt {
            id: game.to_string(),
            what: "estimate",
            reason: e.to_string(),
        })
}
