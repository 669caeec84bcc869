//! Read-only views over many rows: the list of games (by status and
//! player), one game's move list with times and sources, and every game id.
//!
//! Owns these queries and their row types. Nothing here builds a `Game`;
//! loading one is `games::load`.

use chrono::{DateTime, Utc};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params_from_iter};

use super::StoreError;
use super::codec::Stored;
use super::games::GameId;
use super::ids::PlayerId;
use crate::go::{BoardSize, Color, Move, Phase};

/// Which games to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Only games in this phase (`None`: all).
    pub status: Option<Phase>,
    /// Only games this player plays in (`None`: anyone's).
    pub player_id: Option<PlayerId>,
}

/// One line of the game list.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    /// The id.
    pub(crate) id: GameId,
    /// Board size.
    pub(crate) size: u8,
    /// Black's name.
    pub(crate) black: String,
    /// White's name.
    pub(crate) white: String,
    /// `active`, `scoring` or `finished`.
    pub(crate) status: Phase,
    /// Who is to move.
    pub(crate) to_move: Color,
    /// Moves played, passes included.
    pub(crate) move_number: u32,
    /// The result, once there is one.
    pub result: Option<String>,
    /// When the game last changed.
    pub(crate) updated_at: DateTime<Utc>,
    /// When the player to move loses on time, while the clock runs.
    pub(crate) deadline: Option<DateTime<Utc>>,
}

/// One move of the move list, with where and when it was played.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRow {
    /// Move number from 1.
    pub(crate) number: u32,
    /// Who moved.
    pub(crate) color: Color,
    /// The move.
    pub(crate) mv: Move,
    /// Stones it captured.
    pub captures: u32,
    /// A message id, `cli` or `import`.
    pub(crate) source: String,
    /// When it was played.
    pub(crate) played_at: DateTime<Utc>,
}

fn corrupt(id: GameId, what: &'static str) -> impl Fn(String) -> StoreError {
    move |reason| StoreError::Corrupt {
        id: id.to_string(),
        what,
        reason,
    }
}

fn summary(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameSummary> {
    Ok(GameSummary {
        id: r.get(0)?,
        size: r.get(1)?,
        black: r.get(2)?,
        white: r.get(3)?,
        status: r.stored(4)?,
        to_move: r.stored(5)?,
        move_number: r.get(6)?,
        result: r.get(7)?,
        updated_at: r.stored(8)?,
        // A deadline that does not read is no deadline: the list still shows the game.
        deadline: r.stored_opt(9).unwrap_or(None),
    })
}

/// Returns the games that pass `filter`, by id.
///
/// The `WHERE` clause holds only the filters given, so that SQLite can use
/// the status and player indexes.
pub fn games(conn: &Connection, filter: &GameFilter) -> Result<Vec<GameSummary>, StoreError> {
    let mut conds = Vec::new();
    let mut args: Vec<Value> = Vec::new();
    if let Some(p) = filter.status {
        args.push(Value::Text(p.name().to_string()));
        conds.push(format!("g.status = ?{}", args.len()));
    }
    if let Some(id) = filter.player_id {
        args.push(Value::Integer(id.get()));
        conds.push(format!(
            "(g.black_id = ?{0} OR g.white_id = ?{0})",
            args.len()
        ));
    }
    let sql = format!(
        "SELECT g.id, g.size, b.name, w.name, g.status, g.to_move, g.move_number,
                g.result, g.updated_at, g.clock_deadline
         FROM games g JOIN players b ON b.id = g.black_id JOIN players w ON w.id = g.white_id
         {} ORDER BY g.id",
        match conds.is_empty() {
            true => String::new(),
            false => format!("WHERE {}", conds.join(" AND ")),
        }
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(params_from_iter(args), summary)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Returns game `id`'s move list with captures, sources and times.
pub fn moves(conn: &Connection, id: GameId) -> Result<Vec<MoveRow>, StoreError> {
    let size: u32 = conn
        .query_row("SELECT size FROM games WHERE id = ?1", [id], |r| r.get(0))
        .optional()?
        .ok_or_else(|| StoreError::NotFound {
            what: "game",
            id: id.to_string(),
        })?;
    let size = BoardSize::new(size).map_err(|e| corrupt(id, "size")(e.to_string()))?;
    let mut stmt = conn.prepare_cached(
        "SELECT number, color, point, captures, source, played_at
         FROM moves WHERE game_id = +?1 ORDER BY number",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok(MoveRow {
            number: r.get(0)?,
            color: r.stored(1)?,
            mv: r.move_on(2, size)?,
            captures: r.get(3)?,
            source: r.get(4)?,
            played_at: r.stored(5)?,
        })
    })?;
    let out = rows.collect::<Result<_, _>>();
    out.map_err(|e| StoreError::from(e).in_row(id, "move list"))
}

/// Returns every game id, in order.
pub fn game_ids(conn: &Connection) -> Result<Vec<GameId>, StoreError> {
    let mut stmt = conn.prepare("SELECT id FROM games ORDER BY id")?;
    let ids = stmt.query_map([], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// Returns the active games where it is `player_id`'s move, by id.
pub(crate) fn to_move_for(
    conn: &Connection,
    player_id: PlayerId,
) -> Result<Vec<GameId>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM games WHERE status = 'active'
           AND ?1 = CASE to_move WHEN 'black' THEN black_id ELSE white_id END ORDER BY id",
    )?;
    let ids = stmt.query_map([player_id], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}
