//! Read-only views over many rows: the list of games (by status and
//! player), one game's move list with times and sources, and every game id.
//!
//! Owns these queries and their row types. Nothing here builds a `Game`;
//! loading one is `games::load`.

use chrono::{DateTime, Utc};
use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params_from_iter};

use super::StoreError;
use super::codec::{parse_color, parse_move, parse_phase, parse_time};
use super::games::GameId;
use crate::go::{BoardSize, Color, Move, Phase};

/// Which games to list.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameFilter {
    /// Only games in this phase (`None`: all).
    pub status: Option<Phase>,
    /// Only games this player plays in (`None`: anyone's).
    pub player_id: Option<i64>,
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

fn corrupt(id: impl ToString, what: &'static str) -> impl Fn(String) -> StoreError {
    let id = id.to_string();
    move |reason| StoreError::Corrupt {
        id: id.clone(),
        what,
        reason,
    }
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
        args.push(Value::Integer(id));
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
    let rows = stmt.query_map(params_from_iter(args), |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, u8>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, String>(5)?,
            r.get::<_, u32>(6)?,
            r.get::<_, Option<String>>(7)?,
            r.get::<_, String>(8)?,
            r.get::<_, Option<String>>(9)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (id, size, black, white, status, to_move, move_number, result, updated, deadline) =
            row?;
        let id = GameId::new(id).ok_or_else(|| corrupt(id, "id")("not positive".into()))?;
        let bad = |what| corrupt(id, what);
        out.push(GameSummary {
            id,
            size,
            black,
            white,
            status: parse_phase(&status).map_err(bad("status"))?,
            to_move: parse_color(&to_move).map_err(bad("side to move"))?,
            move_number,
            result,
            updated_at: parse_time(&updated).map_err(bad("update time"))?,
            deadline: deadline.and_then(|d| parse_time(&d).ok()),
        });
    }
    Ok(out)
}

/// Returns game `id`'s move list with captures, sources and times.
pub fn moves(conn: &Connection, id: GameId) -> Result<Vec<MoveRow>, StoreError> {
    let size: u32 = conn
        .query_row("SELECT size FROM games WHERE id = ?1", [id.get()], |r| {
            r.get(0)
        })
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
    let rows = stmt.query_map([id.get()], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, u32>(3)?,
            r.get::<_, String>(4)?,
            r.get::<_, String>(5)?,
        ))
    })?;
    let bad = |what| corrupt(id, what);
    let mut out = Vec::new();
    for row in rows {
        let (number, color, point, captures, source, played) = row?;
        out.push(MoveRow {
            number,
            color: parse_color(&color).map_err(bad("move list"))?,
            mv: parse_move(&point, size).map_err(bad("move list"))?,
            captures,
            source,
            played_at: parse_time(&played).map_err(bad("move time"))?,
        });
    }
    Ok(out)
}

/// Returns every game id, in order.
pub fn game_ids(conn: &Connection) -> Result<Vec<GameId>, StoreError> {
    let mut stmt = conn.prepare("SELECT id FROM games ORDER BY id")?;
    let ids = stmt
        .query_map([], |r| r.get::<_, i64>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ids.into_iter().filter_map(GameId::new).collect())
}

/// Returns the active games where it is `player_id`'s move, by id.
pub(crate) fn to_move_for(conn: &Connection, player_id: i64) -> Result<Vec<GameId>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM games WHERE status = 'active'
           AND ?1 = CASE to_move WHEN 'black' THEN black_id ELSE white_id END ORDER BY id",
    )?;
    let ids: Vec<i64> = stmt
        .query_map([player_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(ids.into_iter().filter_map(GameId::new).collect())
}
