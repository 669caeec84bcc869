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
use crate::go::{BoardSize, Color, Game, GameState, KoEntry, Move, Position, Rules};
use crate::store::StoreError;
use crate::store::codec::{
    hash_from_sql, parse_color, parse_move, parse_phase, parse_point, parse_time,
};
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
    status: String,
    to_move: String,
    move_number: u32,
    passes: u8,
    prisoners: [u32; 2],
    board: Vec<u8>,
    start_board: Vec<u8>,
    start_to_move: String,
    last: Option<(String, String)>,
    ko: Option<(String, String)>,
    result: Option<String>,
    created_at: String,
    updated_at: String,
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
    let pair = |a: usize, b: usize| -> rusqlite::Result<Option<(String, String)>> {
        Ok(r.get::<_, Option<String>>(a)?
            .zip(r.get::<_, Option<String>>(b)?))
    };
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
        status: r.get(10)?,
        to_move: r.get(11)?,
        move_number: r.get(12)?,
        passes: r.get(13)?,
        prisoners: [r.get(14)?, r.get(15)?],
        board: r.get(16)?,
        start_board: r.get(17)?,
        start_to_move: r.get(18)?,
        last: pair(19, 20)?,
        ko: pair(21, 22)?,
        result: r.get(23)?,
        created_at: r.get(24)?,
        updated_at: r.get(25)?,
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
        .query_row([id.get()], read_row)
        .optional()?
        .ok_or_else(|| not_found(id))?;
    let moves = read_moves(conn, id)?;
    let hashes = read_hashes(conn, id)?;
    let ko = read_ko(conn, id)?;
    assemble(id, row, moves, hashes, ko).map_err(|(what, reason)| StoreError::Corrupt {
        id: id.to_string(),
        what,
        reason,
    })
}

fn read_moves(conn: &Connection, id: GameId) -> Result<Vec<(i64, String, String)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT number, color, point FROM moves WHERE game_id = +?1 ORDER BY number",
    )?;
    let rows = stmt.query_map([id.get()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn read_hashes(conn: &Connection, id: GameId) -> Result<Vec<(i64, i64)>, StoreError> {
    let mut stmt = conn
        .prepare_cached("SELECT idx, hash FROM position_hashes WHERE game_id = +?1 ORDER BY idx")?;
    let rows = stmt.query_map([id.get()], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn read_ko(conn: &Connection, id: GameId) -> Result<Vec<(i64, Vec<u8>)>, StoreError> {
    let mut stmt = conn
        .prepare_cached("SELECT hash, board FROM ko_positions WHERE game_id = +?1 ORDER BY seq")?;
    let rows = stmt.query_map([id.get()], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn assemble(
    id: GameId,
    row: GameRow,
    moves: Vec<(i64, String, String)>,
    hashes: Vec<(i64, i64)>,
    ko: Vec<(i64, Vec<u8>)>,
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
        start_to_move: part("start colour", parse_color(&row.start_to_move))?,
        moves: move_list(moves, size)?,
        hashes: hash_list(hashes)?,
        position,
        to_move: part("side to move", parse_color(&row.to_move))?,
        passes: row.passes,
        phase: part("status", parse_phase(&row.status))?,
        result: row.result.map(|r| part("result", r.parse())).transpose()?,
        prisoners: row.prisoners,
        move_number: row.move_number,
        last_move: row
            .last
            .map(|(c, m)| Ok((parse_color(&c)?, parse_move(&m, size)?)))
            .transpose()
            .map_err(|e: String| ("last move", e))?,
        ko_list: ko_list(ko)?,
        ko_ban: row
            .ko
            .map(|(p, c)| Ok((parse_point(&p, size)?, parse_color(&c)?)))
            .transpose()
            .map_err(|e: String| ("ko point", e))?,
    };
    Ok(StoredGame {
        id,
        game: part("game state", Game::restore(state))?,
        black: row.black,
        white: row.white,
        created_at: part("creation time", parse_time(&row.created_at))?,
        updated_at: part("update time", parse_time(&row.updated_at))?,
    })
}

fn move_list(rows: Vec<(i64, String, String)>, size: BoardSize) -> Result<Vec<(Color, Move)>, Bad> {
    let mut out = Vec::with_capacity(rows.len());
    for (i, (number, color, point)) in rows.into_iter().enumerate() {
        if number != i as i64 + 1 {
            return Err(("move list", format!("move {} is missing", i + 1)));
        }
        let c = part("move list", parse_color(&color))?;
        let m = part("move list", parse_move(&point, size))?;
        out.push((c, m));
    }
    Ok(out)
}

fn hash_list(rows: Vec<(i64, i64)>) -> Result<Vec<u64>, Bad> {
    rows.into_iter()
        .enumerate()
        .map(|(i, (idx, h))| match idx == i as i64 {
            true => Ok(hash_from_sql(h)),
            false => Err(("position hashes", format!("hash {i} is missing"))),
        })
        .collect()
}

fn ko_list(rows: Vec<(i64, Vec<u8>)>) -> Result<Vec<KoEntry>, Bad> {
    rows.into_iter()
        .map(|(h, board)| {
            Ok(KoEntry {
                hash: hash_from_sql(h),
                position: part("ko position list", Position::decode(&board))?,
            })
        })
        .collect()
}
