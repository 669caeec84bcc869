//! Conditional moves as stored: the sequences a player set in a game
//! (`if GAME P1 Q1 ...`), one row per sequence, with the move count they
//! were set (or last advanced) at. Owns only the rows; which sequence fires
//! and what it plays is the pipeline's.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::StoreError;
use super::codec::Sql;
use super::games::GameId;
use crate::go::{BoardSize, Move};
use crate::store::ids::PlayerId;

/// One player's sequences in one game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Sequences {
    /// The moves played in the game when the sequences were set or advanced.
    pub(crate) base: u32,
    /// Each sequence: the opponent's move, the answer, and so on.
    pub(crate) lines: Vec<Vec<Move>>,
}

/// A player's sequences in a game, for the admin listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Held {
    /// The player who set them.
    pub(crate) player_id: PlayerId,
    /// The sequences.
    pub(crate) sequences: Sequences,
}

/// Returns `player`'s sequences in `game` (`None` when there are none);
/// `size` is the game's board size, which the moves are read on.
pub(crate) fn load(
    conn: &Connection,
    game: GameId,
    player: PlayerId,
    size: BoardSize,
) -> Result<Option<Sequences>, StoreError> {
    let all = of_game(conn, game, size)?;
    Ok(all
        .into_iter()
        .find(|h| h.player_id == player)
        .map(|h| h.sequences))
}

/// Returns every player's sequences in `game`, by player.
pub(crate) fn of_game(
    conn: &Connection,
    game: GameId,
    size: BoardSize,
) -> Result<Vec<Held>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT player_id, base, moves FROM conditionals
         WHERE game_id = ?1 ORDER BY player_id, line",
    )?;
    let rows = stmt.query_map([game], |r| {
        Ok((
            r.get::<_, PlayerId>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    let mut out: Vec<Held> = Vec::new();
    for row in rows {
        let (player_id, base, text) = row?;
        let line = read_line(game, &text, size)?;
        match out.last_mut() {
            Some(h) if h.player_id == player_id => h.sequences.lines.push(line),
            _ => out.push(Held {
                player_id,
                sequences: Sequences {
                    base: u32::try_from(base).unwrap_or(u32::MAX),
                    lines: vec![line],
                },
            }),
        }
    }
    Ok(out)
}

/// Reads a stored sequence (`C3 D4 pass E5`).
fn read_line(game: GameId, text: &str, size: BoardSize) -> Result<Vec<Move>, StoreError> {
    text.split_whitespace()
        .map(|w| Move::parse(w, size))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| StoreError::Corrupt {
            id: game.to_string(),
            what: "conditional moves",
            reason: e.to_string(),
        })
}

/// Replaces `player`'s sequences in `game` by `sequences` (none left when
/// its list is empty).
pub(crate) fn replace(
    conn: &Connection,
    game: GameId,
    player: PlayerId,
    sequences: &Sequences,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    clear(conn, game, player)?;
    let mut insert = conn.prepare_cached(
        "INSERT INTO conditionals (game_id, player_id, line, moves, base, set_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (i, line) in sequences.lines.iter().enumerate() {
        let text: Vec<String> = line.iter().map(ToString::to_string).collect();
        insert.execute(params![
            game.get(),
            player,
            i as i64,
            text.join(" "),
            sequences.base,
            Sql(now)
        ])?;
    }
    Ok(())
}

/// Clears `player`'s sequences in `game`; returns how many there were.
pub(crate) fn clear(
    conn: &Connection,
    game: GameId,
    player: PlayerId,
) -> Result<usize, StoreError> {
    Ok(conn
        .prepare_cached("DELETE FROM conditionals WHERE game_id = ?1 AND player_id = ?2")?
        .execute(params![game.get(), player])?)
}

/// Clears every sequence in `game` (an undo, the end of the game).
pub(crate) fn clear_game(conn: &Connection, game: GameId) -> Result<(), StoreError> {
    conn.prepare_cached("DELETE FROM conditionals WHERE game_id = ?1")?
        .execute([game.get()])?;
    Ok(())
}
