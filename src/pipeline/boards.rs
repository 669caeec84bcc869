//! The board block of a mail: a stored game turned into the template
//! context every game mail shows (header and the pinned ASCII board), and
//! a free point to show in an example move.

use crate::go::Color;
use crate::go::render;
use crate::mail::templates::BoardCtx;
use crate::store::StoredGame;

use super::wording::board as words;

/// Returns the board block of `g`.
pub(crate) fn board_ctx(g: &StoredGame) -> BoardCtx {
    let game = &g.game;
    let to_move = game.to_move();
    BoardCtx {
        game: g.id.to_string(),
        black: g.black.name.clone(),
        white: g.white.name.clone(),
        size: game.board().size().get(),
        komi: game.rules().komi.to_string(),
        captures_black: game.prisoners(Color::Black),
        captures_white: game.prisoners(Color::White),
        to_move: words::to_move(to_move, &g.player(to_move).name),
        move_number: game.move_number() + 1,
        status: words::status(game.phase()).to_string(),
        result: game.result().map(|r| r.to_string()),
        last_move: game.last_move().map(|(c, m)| words::played(c, m)),
        board: render::render_game(game),
    }
}
