//! Loading one game: its `games` row (with the players' names), its move
//! list, its position hashes and its ko position list, read by primary key
//! and handed to `Game::restore` without replaying anything.
//!
//! Owns the checks that turn rows into a `GameState`; a part that does not
//! read is reported as `StoreError::Corrupt` naming the part.

use std::fmt;

use rusqlite::{Connection, OptionalExtension, Row};

use super::id::{GameId, not_found};
use super::types::StoredGame;
use chrono::{DateTime, Utc};

use crate::go::{BoardSize, Color, Game, GameState, KoEntry, Move, Phase, Position, Rules};
use crate::store::StoreError;
use crate::store::codec::{OnBoard, Stored};
use crate::store::players::PlayerRef;

/// The `games` row as read, before its parts are checked.
struct GameRow {
    size: u32,
    komi: f64,
    handicap: u32,
    ko_rule: String,
    allow_suicide: bool,
    scoring: String,
    black: PlayerRef,
    white: PlayerRef,
    status: Phase,
    to_move: Color,
    move_number: u32,
    passes: u8,
    prisoners: [u32; 2],
    board: Vec<u8>,
    start_board: Vec<u8>,
    start_to_move: Color,
    last: Option<(Color, OnBoard)>,
    ko: Option<(OnBoard, Color)>,
    result: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

/// One row of a game's move list.
struct MoveLine {
    number: i64,
    color: Color,
    mv: OnBoard,
}

// Player names come from subqueries rather than joins, and the per-game
// reads compare with `+?1` rather than `?1`: SQLite re-prepares a statement
// whose plan it ties to the bound value (these joins, `col = ?1 ORDER BY`)
// every time the value changes, which cost a third of `poll`. The plans
// are the same (primary-key and index searches).
const SELECT_GAME: &str = "SELECT g.size, g.komi, g.handicap, g.ko_rule, g.allow_suicide,
        g.scoring, g.black_id, (SELECT name FROM players WHERE id = g.black_id),
        g.white_id, (SELECT name FROM players WHERE id = g.white_id), g.status, g.to_move,
        g.move_number, g.passes, g.captures_black, g.captures_white, g.board,
        g.start_board, g.start_to_move, g.last_color, g.last_move, g.ko_point,
        g.ko_color, g.result, g.created_at, g.updated_at
    FROM games g WHERE g.id = ?1";

fn read_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        size: r.get(0)?,
        komi: r.get(1)?,
        handicap: r.get(2)?,
        ko_rule: r.get(3)?,
        allow_suicide: r.get(4)?,
        scoring: r.get(5)?,
        black: PlayerRef {
            id: r.get(6)?,
            name: r.get(7)?,
        },
        white: PlayerRef {
            id: r.get(8)?,
            name: r.get(9)?,
        },
        status: r.stored(10)?,
        to_move: r.stored(11)?,
        move_number: r.get(12)?,
        passes: r.get(13)?,
        prisoners: [r.get(14)?, r.get(15)?],
        board: r.get(16)?,
        start_board: r.get(17)?,
        start_to_move: r.stored(18)?,
        last: r.stored_opt::<Color>(19)?.zip(r.get(20)?),
        ko: r.get::<_, Option<OnBoard>>(21)?.zip(r.stored_opt(22)?),
        result: r.get(23)?,
        created_at: r.stored(24)?,
        updated_at: r.stored(25)?,
    })
}

/// A part of a game's rows that does not read, and why.
type Bad = (&'static str, String);

fn part<T, E: fmt::Display>(what: &'static str, r: Result<T, E>) -> Result<T, Bad> {
    r.map_err(|e| (what, e.to_string()))
}

/// Loads game `id` without replaying it.
///
/// Returns [`StoreError::NotFound`] when there is no such game and
/// [`StoreError::Corrupt`] when its rows do not make a game.
pub fn load(conn: &Connection, id: GameId) -> Result<StoredGame, StoreError> {
    let row = conn
        .prepare_cached(SELECT_GAME)?
        .query_row([id], read_row)
        .optional()
        .map_err(|e| StoreError::from(e).in_row(id, "game row"))?
        .ok_or_else(|| not_found(id))?;
    let moves = read_moves(conn, id).map_err(|e| e.in_row(id, "move list"))?;
    let hashes = read_hashes(conn, id)?;
    let ko = read_ko(conn, id)?;
    assemble(id, row, moves, hashes, ko).map_err(|(what, reason)| StoreError::Corrupt {
        id: id.to_string(),
        what,
        reason,
    })
}

fn read_moves(conn: &Connection, id: GameId) -> Result<Vec<MoveLine>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT number, color, point FROM moves WHERE game_id = +?1 ORDER BY number",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok(MoveLine {
            number: r.get(0)?,
            color: r.stored(1)?,
            mv: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn read_hashes(conn: &Connection, id: GameId) -> Result<Vec<(i64, u64)>, StoreError> {
    let mut stmt = conn
        .prepare_cached("SELECT idx, hash FROM position_hashes WHERE game_id = +?1 ORDER BY idx")?;
    let rows = stmt.query_map([id], |r| Ok((r.get(0)?, r.stored(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn read_ko(conn: &Connection, id: GameId) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
    let mut stmt = conn
        .prepare_cached("SELECT hash, board FROM ko_positions WHERE game_id = +?1 ORDER BY seq")?;
    let rows = stmt.query_map([id], |r| Ok((r.stored(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn assemble(
    id: GameId,
    row: GameRow,
    moves: Vec<MoveLine>,
    hashes: Vec<(i64, u64)>,
    ko: Vec<(u64, Vec<u8>)>,
) -> Result<StoredGame, Bad> {
    let position = part("board", Position::decode(&row.board))?;
    let size = position.size();
    if row.size != u32::from(size.get()) {
        return Err(("board", format!("it is not {0}x{0}", row.size)));
    }
    let state = GameState {
        rules: Rules {
            ko: part("ko rule", row.ko_rule.parse())?,
            allow_suicide: row.allow_suicide,
            komi: row.komi,
            scoring: part("scoring", row.scoring.parse())?,
        },
        handicap: row.handicap,
        start: part("start board", Position::decode(&row.start_board))?,
        start_to_move: row.start_to_move,
        moves: move_list(moves, size)?,
        hashes: hash_list(hashes)?,
        position,
        to_move: row.to_move,
        passes: row.passes,
        phase: row.status,
        result: row.result.map(|r| part("result", r.parse())).transpose()?,
        prisoners: row.prisoners,
        move_number: row.move_number,
        last_move: row
            .last
            .map(|(c, m)| part("last move", m.to_move(size)).map(|m| (c, m)))
            .transpose()?,
        ko_list: ko_list(ko)?,
        ko_ban: row
            .ko
            .map(|(p, c)| part("ko point", p.to_point(size)).map(|p| (p, c)))
            .transpose()?,
    };
    Ok(StoredGame {
        id,
        game: part("game state", Game::restore(state))?,
        black: row.black,
        white: row.white,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn move_list(rows: Vec<MoveLine>, size: BoardSize) -> Result<Vec<(Color, Move)>, Bad> {
    let mut out = Vec::with_capacity(rows.len());
    for (i, line) in rows.into_iter().enumerate() {
        if line.number != i as i64 + 1 {
            return Err(("move list", format!("move {} is missing", i + 1)));
        }
        out.push((line.color, part("move list", line.mv.to_move(size))?));
    }
    Ok(out)
}

fn hash_list(rows: Vec<(i64, u64)>) -> Result<Vec<u64>, Bad> {
    rows.into_iter()
        .enumerate()
        .map(|(i, (idx, h))| match idx == i as i64 {
            true => Ok(h),
            false => Err(("position hashes", format!("hash {i} is missing"))),
        })
        .collect()
}

fn ko_list(rows: Vec<(u64, Vec<u8>)>) -> Result<Vec<KoEntry>, Bad> {
    rows.into_iter()
        .map(|(h, board)| {
            Ok(KoEntry {
                hash: h,
                position: part("ko position list", Position::decode(&board))?,
            })
        })
        .collect()
}
