//! Saving games: inserting a new one with its move list, hashes and ko
//! position list, appending a move, rewriting the state after a change
//! without a move, and rewriting the start after free handicap placement.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, ToSql, params, params_from_iter};

use super::id::{GameId, not_found};
use super::types::{MoveEntry, StoredGame};
use crate::go::{Game, GameState, KoEntry};
use crate::store::StoreError;
use crate::store::codec::Sql;
use crate::store::players::PlayerRef;

/// Stores a new game between `black` and `white`; returns its id.
///
/// `moves` must be the game's move list as played (empty for a new game),
/// with the captures and sources to keep; the position hashes and the ko
/// position list are taken from `game`.
pub fn insert(
    conn: &Connection,
    black: &PlayerRef,
    white: &PlayerRef,
    game: &Game,
    moves: &[MoveEntry],
    now: DateTime<Utc>,
) -> Result<GameId, StoreError> {
    insert_as(conn, None, black, white, game, moves, now)
}

/// As [`insert`], under the id `id` when given (a challenge's reserved
/// number), else the next one.
pub(crate) fn insert_as(
    conn: &Connection,
    id: Option<GameId>,
    black: &PlayerRef,
    white: &PlayerRef,
    game: &Game,
    moves: &[MoveEntry],
    now: DateTime<Utc>,
) -> Result<GameId, StoreError> {
    if black.id == white.id {
        return Err(StoreError::Invalid {
            what: "players",
            value: black.name.clone(),
            reason: "black and white must be different players".into(),
        });
    }
    check_moves(game, moves)?;
    let s = game.state();
    let id = insert_row(conn, id, black, white, &s, now)?;
    for (i, m) in moves.iter().enumerate() {
        insert_move(conn, id, i + 1, m)?;
    }
    for (i, &h) in s.hashes.iter().enumerate() {
        insert_hash(conn, id, i, h)?;
    }
    write_ko_list(conn, id, &s.ko_list)?;
    Ok(id)
}

/// Inserts the `games` row of state `s`; returns the new id.
fn insert_row(
    conn: &Connection,
    id: Option<GameId>,
    black: &PlayerRef,
    white: &PlayerRef,
    s: &GameState,
    now: DateTime<Utc>,
) -> Result<GameId, StoreError> {
    conn.prepare_cached(
        "INSERT INTO games (id, size, komi, handicap, ko_rule, allow_suicide, scoring,
             black_id, white_id, start_board, start_to_move, created_at, status, to_move,
             move_number, passes, captures_black, captures_white, board, last_color,
             last_move, ko_point, ko_color, result, updated_at)
         VALUES (?24, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
             ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?11)",
    )?
    .execute(params_from_iter(
        [
            Box::new(s.position.size().get()) as Value,
            Box::new(s.rules.komi),
            Box::new(s.handicap),
            Box::new(s.rules.ko.name()),
            Box::new(s.rules.allow_suicide),
            Box::new(s.rules.scoring.name()),
            Box::new(black.id),
            Box::new(white.id),
            Box::new(s.start.encode()),
            Box::new(Sql(s.start_to_move)),
            Box::new(Sql(now)),
        ]
        .into_iter()
        .chain(state_values(s))
        .chain([Box::new(id.map(GameId::get)) as Value]),
    ))?;
    GameId::from_rowid(conn.last_insert_rowid())
}

fn check_moves(game: &Game, moves: &[MoveEntry]) -> Result<(), StoreError> {
    let played = game.history().moves();
    let same = played.len() == moves.len()
        && played
            .iter()
            .zip(moves)
            .all(|(&(c, m), e)| c == e.color && m == e.mv);
    match same {
        true => Ok(()),
        false => Err(StoreError::Invalid {
            what: "move list",
            value: format!("{} moves", moves.len()),
            reason: "it is not the game's move list".into(),
        }),
    }
}

fn insert_move(
    conn: &Connection,
    id: GameId,
    number: usize,
    m: &MoveEntry,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO moves (game_id, number, color, point, captures, source, played_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        id.get(),
        number as i64,
        Sql(m.color),
        Sql(m.mv),
        m.captures,
        m.source,
        Sql(m.played_at),
    ])?;
    Ok(())
}

fn insert_hash(conn: &Connection, id: GameId, idx: usize, hash: u64) -> Result<(), StoreError> {
    conn.prepare_cached("INSERT INTO position_hashes (game_id, idx, hash) VALUES (?1, ?2, ?3)")?
        .execute(params![id.get(), idx as i64, Sql(hash)])?;
    Ok(())
}

fn write_ko_list(conn: &Connection, id: GameId, list: &[KoEntry]) -> Result<(), StoreError> {
    conn.prepare_cached("DELETE FROM ko_positions WHERE game_id = ?1")?
        .execute([id.get()])?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO ko_positions (game_id, seq, hash, board) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (seq, e) in list.iter().enumerate() {
        insert.execute(params![
            id.get(),
            seq as i64,
            Sql(e.hash),
            e.position.encode()
        ])?;
    }
    Ok(())
}

/// Saves `stored` after one move was played on it: appends the move (as
/// `entry` describes it) and its position hash, and rewrites the state.
///
/// Refuses an `entry` that is not the game's last move.
pub fn record_move(
    conn: &Connection,
    stored: &StoredGame,
    entry: &MoveEntry,
) -> Result<(), StoreError> {
    let history = stored.game.history();
    let number = history.moves().len();
    if history.moves().last() != Some(&(entry.color, entry.mv)) {
        return Err(StoreError::Invalid {
            what: "move",
            value: entry.mv.to_string(),
            reason: format!("it is not the last move of {}", stored.id),
        });
    }
    insert_move(conn, stored.id, number, entry)?;
    insert_hash(conn, stored.id, number, history.hashes()[number])?;
    update_state(conn, stored.id, &stored.game, entry.played_at)
}

/// Rewrites a game's state (the `games` row and the ko position list) from
/// `game`, leaving the move list and the hashes alone: for changes without
/// a move, such as a resignation or a count.
pub fn update_state(
    conn: &Connection,
    id: GameId,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let s = game.state();
    let changed = conn
        .prepare_cached(
            "UPDATE games SET status = ?2, to_move = ?3, move_number = ?4, passes = ?5,
                 captures_black = ?6, captures_white = ?7, board = ?8, last_color = ?9,
                 last_move = ?10, ko_point = ?11, ko_color = ?12, result = ?13,
                 updated_at = ?14
             WHERE id = ?1",
        )?
        .execute(params_from_iter(
            std::iter::once(Box::new(id.get()) as Value)
                .chain(state_values(&s))
                .chain([Box::new(Sql(now)) as Value]),
        ))?;
    if changed == 0 {
        return Err(not_found(id));
    }
    if s.phase == crate::go::Phase::Finished {
        crate::store::conditionals::clear_game(conn, id)?;
    }
    write_ko_list(conn, id, &s.ko_list)
}

/// Rewrites the start of game `id` from `game` after stones were set up
/// before the first move (free handicap placement): the start board, the
/// side to move at the start, the handicap, the position hashes and the state.
pub(crate) fn restart(
    conn: &Connection,
    id: GameId,
    game: &Game,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let s = game.state();
    conn.prepare_cached(
        "UPDATE games SET start_board = ?2, start_to_move = ?3, handicap = ?4 WHERE id = ?1",
    )?
    .execute(params![
        id.get(),
        s.start.encode(),
        Sql(s.start_to_move),
        s.handicap
    ])?;
    conn.prepare_cached("DELETE FROM position_hashes WHERE game_id = ?1")?
        .execute([id.get()])?;
    for (i, &h) in s.hashes.iter().enumerate() {
        insert_hash(conn, id, i, h)?;
    }
    update_state(conn, id, game, now)
}

/// One SQL value.
type Value = Box<dyn ToSql>;

/// The `games` columns that change as a game goes on, in the order both the
/// INSERT and the UPDATE list them: status, to_move, move_number, passes,
/// captures_black, captures_white, board, last_color, last_move, ko_point,
/// ko_color, result.
fn state_values(s: &GameState) -> [Value; 12] {
    [
        Box::new(Sql(s.phase)),
        Box::new(Sql(s.to_move)),
        Box::new(s.move_number),
        Box::new(s.passes),
        Box::new(s.prisoners[0]),
        Box::new(s.prisoners[1]),
        Box::new(s.position.encode()),
        Box::new(s.last_move.map(|(c, _)| Sql(c))),
        Box::new(s.last_move.map(|(_, m)| Sql(m))),
        Box::new(s.ko_ban.map(|(p, _)| Sql(p))),
        Box::new(s.ko_ban.map(|(_, c)| Sql(c))),
        Box::new(s.result.map(|r| r.to_string())),
    ]
}
