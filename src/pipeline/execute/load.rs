//! Finding the game a command names: any game, one the sender plays in
//! (with their colour), or one of theirs in the scoring phase; a missing
//! game or a stranger's game is a refusal with plain words, and so is a
//! game whose stored record cannot be read (the mail's other commands go on).

use rusqlite::Connection;

use crate::command::GameRef;
use crate::go::{Color, Phase};
use crate::pipeline::base::error::{CmdResult, reject, reject_in};
use crate::pipeline::base::wording::play as words;
use crate::store::games::{self, GameId};
use crate::store::players::Player;
use crate::store::{StoreError, StoredGame};

/// Loads a game, or refuses a game that does not exist.
pub(crate) fn load(conn: &Connection, game: GameRef) -> CmdResult<StoredGame> {
    let missing = || reject("no-such-game", words::no_such_game(game.0));
    let Some(id) = GameId::from_number(game.0) else {
        return Err(missing().into());
    };
    match games::load(conn, id) {
        Ok(g) => Ok(g),
        Err(StoreError::NotFound { .. }) => Err(missing().into()),
        Err(StoreError::Corrupt { .. } | StoreError::Invalid { .. }) => {
            Err(reject("game-unreadable", words::unreadable(id)).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// Loads a game the player plays in, with their colour.
pub(crate) fn load_own(
    conn: &Connection,
    player: &Player,
    game: GameRef,
) -> CmdResult<(StoredGame, Color)> {
    let g = load(conn, game)?;
    match g.color_of(player.id) {
        Some(c) => Ok((g, c)),
        None => Err(reject("not-a-player", words::not_a_player(g.id)).into()),
    }
}

/// Loads a game the player plays in that is in the scoring phase.
pub(crate) fn load_scoring(
    conn: &Connection,
    player: &Player,
    game: GameRef,
) -> CmdResult<(StoredGame, Color)> {
    let (g, c) = load_own(conn, player, game)?;
    let id = g.id;
    match g.game.phase() {
        Phase::Scoring => Ok((g, c)),
        Phase::Play => Err(reject_in(id, "not-scoring", words::not_scoring(id)).into()),
        Phase::Finished => Err(reject_in(id, "game-over", words::is_over(id)).into()),
    }
}
