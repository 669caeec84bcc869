//! Taking back a game's last move: the undo request (who asked, at which
//! move) and the take-back itself, which rebuilds the game from its move
//! list less the last move and rewrites its rows, so that the move list,
//! the ko position list and the position hashes are exactly as they were
//! before that move (`pbmgo game verify` agrees).

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::id::GameId;
use super::types::StoredGame;
use super::write::update_state;
use crate::go::{Color, Game};
use crate::store::StoreError;
use crate::store::codec::{Sql, Stored};

/// An open request to take back a move: who asked, at which move number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct UndoRequest {
    /// The player who asked (the one who made the move).
    pub(crate) color: Color,
    /// The number of the move to take back.
    pub(crate) move_number: u32,
}

/// Returns the open undo request of game `id`, if any.
pub(crate) fn request(conn: &Connection, id: GameId) -> Result<Option<UndoRequest>, StoreError> {
    // A colour that does not read is no request.
    let row: Option<(Option<Color>, Option<u32>)> = conn
        .prepare_cached("SELECT undo_color, undo_move FROM games WHERE id = ?1")?
        .query_row([id], |r| Ok((r.stored_opt(0).unwrap_or(None), r.get(1)?)))
        .optional()?;
    Ok(match row {
        Some((Some(color), Some(move_number))) => Some(UndoRequest { color, move_number }),
        _ => None,
    })
}

/// Records that `req.color` asks to take back move `req.move_number` of game `id`.
pub(crate) fn ask(conn: &Connection, id: GameId, req: UndoRequest) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET undo_color = ?2, undo_move = ?3 WHERE id = ?1")?
        .execute(params![id.get(), Sql(req.color), req.move_number])?;
    Ok(())
}

/// Clears any undo request of game `id` (a move was played, or it was granted).
pub(crate) fn clear(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE games SET undo_color = NULL, undo_move = NULL
         WHERE id = ?1 AND undo_color IS NOT NULL",
    )?
    .execute([id.get()])?;
    Ok(())
}

/// Returns `stored`'s game as it was before its last move, replayed from its move list.
pub(crate) fn before_last(stored: &StoredGame) -> Result<Game, StoreError> {
    let s = stored.game.state();
    let Some((_, earlier)) = s.moves.split_last() else {
        return Err(StoreError::Invalid {
            what: "undo",
            value: stored.id.to_string(),
            reason: "no move has been played".into(),
        });
    };
    Game::rebuild(s.rules, s.handicap, &s.start, s.start_to_move, earlier).map_err(|e| {
        StoreError::Corrupt {
            id: stored.id.to_string(),
            what: "move list",
            reason: e.to_string(),
        }
    })
}

/// Takes back the last move of `stored`, leaving the game as `before`
/// (from [`before_last`]): deletes the move and its position hash, rewrites
/// the state and the ko position list, and clears the request.
pub(crate) fn take_back(
    conn: &Connection,
    stored: &StoredGame,
    before: &Game,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let number = stored.game.history().moves().len() as i64;
    conn.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND number = ?2")?
        .execute(params![stored.id.get(), number])?;
    conn.prepare_cached("DELETE FROM position_hashes WHERE game_id = ?1 AND idx = ?2")?
        .execute(params![stored.id.get(), number])?;
    crate::store::comments::reattach(conn, stored.id, u32::try_from(number).unwrap_or(0))?;
    update_state(conn, stored.id, before, now)?;
    crate::store::conditionals::clear_game(conn, stored.id)?;
    clear(conn, stored.id)
}
