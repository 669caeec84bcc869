//! `place GAME POINT...`: Black places free handicap stones, all at once or
//! a few at a time, before the first move; White moves when all are down
//! (and the clock starts then).

use crate::pipeline::base::error::{CmdResult, reject_in};
use crate::pipeline::base::wording::start as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load_own;
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::pipeline::record::report::Effect;

use super::accept::turn_words;
use crate::command::GameRef;
use crate::go::{Color, Point};
use crate::store::challenges;
use crate::store::{StoredGame, clock, games};

/// `place GAME POINT...`: Black places free handicap stones.
pub(super) fn place(c: &Cmd<'_>, game: GameRef, points: &[Point]) -> CmdResult<Effect> {
    let (mut g, color) = load_own(c.conn, c.player, game)?;
    let left = challenges::to_place(c.conn, g.id)?;
    check(&g, color, left, points)?;
    let remaining = left - points.len() as u32;
    let next = match remaining {
        0 => Color::White,
        _ => Color::Black,
    };
    if let Err(e) = g.game.add_handicap_stones(points, next) {
        return Err(reject_in(g.id, "bad-placement", e.to_string()).into());
    }
    games::restart(c.conn, g.id, &g.game, c.env.now)?;
    challenges::set_to_place(c.conn, g.id, remaining)?;
    if remaining > 0 {
        let text = words::placed_some(points, g.id, remaining);
        return Ok(Effect::acted(text, Some(g.id), Vec::new()));
    }
    all_placed(c, &g, points)
}

/// Refuses a placement: no stones to place, White placing, or more
/// points than the `left` stones.
fn check(g: &StoredGame, color: Color, left: u32, points: &[Point]) -> CmdResult<()> {
    let id = g.id;
    if left == 0 || g.game.move_number() > 0 {
        return Err(reject_in(id, "nothing-to-place", words::nothing_to_place(id)).into());
    }
    if color != Color::Black {
        let why = words::not_your_stones(&g.black.name, id);
        return Err(reject_in(id, "not-your-stones", why).into());
    }
    let n = points.len() as u32;
    if n > left {
        let why = words::too_many_stones(n, left);
        return Err(reject_in(id, "too-many-stones", why).into());
    }
    Ok(())
}

/// The last stones are down: White's clock starts and White is told.
fn all_placed(c: &Cmd<'_>, placed: &StoredGame, points: &[Point]) -> CmdResult<Effect> {
    clock::start_turn(c.conn, placed.id, c.env.now, c.env.settings.zone)?;
    let g = games::load(c.conn, placed.id)?;
    let (id, handicap) = (g.id, g.game.handicap());
    let what = GameLetter {
        to: &g.white,
        kind: "your-move",
        intro: vec![words::placed_intro(id, &g.black.name, handicap)],
        next: vec![turn_words(&g, Color::White, 0)],
    };
    let letter = game_letter(c.conn, c.env, &g, what)?;
    let text = words::placed_all(points, id, handicap, &g.white.name);
    Ok(Effect::acted(text, Some(id), vec![letter]))
}
