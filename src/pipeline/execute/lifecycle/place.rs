//! `place GAME POINT...`: Black places free handicap stones, all at once or
//! a few at a time, before the first move; White moves when all are down
//! (and the clock starts then).

use super::super::load::load_own;
use crate::pipeline::error::{CmdResult, reject_in};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::letters::game_letter;
use crate::pipeline::report::Effect;

use super::accept::turn_words;
use crate::go::{Color, Point};
use crate::mail::command::GameRef;
use crate::store::challenges;
use crate::store::{clock, games};

/// `place GAME POINT...`: Black places free handicap stones.
pub(super) fn place(c: &Cmd<'_>, game: GameRef, points: &[Point]) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    let (mut g, color) = load_own(conn, player, game)?;
    let left = challenges::to_place(conn, g.id)?;
    if left == 0 || g.game.move_number() > 0 {
        let why = format!("there are no handicap stones to place in {}", g.id);
        return Err(reject_in(g.id, "nothing-to-place", why).into());
    }
    if color != Color::Black {
        let why = format!(
            "Black ({}) places the handicap stones in {}",
            g.black.name, g.id
        );
        return Err(reject_in(g.id, "not-your-stones", why).into());
    }
    let n = points.len() as u32;
    if n > left {
        let why =
            format!("you named {n} points, but only {left} handicap stones are left to place");
        return Err(reject_in(g.id, "too-many-stones", why).into());
    }
    let remaining = left - n;
    let next = if remaining == 0 {
        Color::White
    } else {
        Color::Black
    };
    if let Err(e) = g.game.add_handicap_stones(points, next) {
        return Err(reject_in(g.id, "bad-placement", e.to_string()).into());
    }
    games::restart(conn, g.id, &g.game, env.now)?;
    challenges::set_to_place(conn, g.id, remaining)?;
    let placed: Vec<String> = points.iter().map(ToString::to_string).collect();
    if remaining > 0 {
        let text = format!(
            "Placed {} in {}; {remaining} handicap stone{} left to place.",
            placed.join(" "),
            g.id,
            if remaining == 1 { "" } else { "s" }
        );
        return Ok(Effect::Acted {
            text,
            game: Some(g.id),
            letters: Vec::new(),
        });
    }
    clock::start_turn(conn, g.id, env.now)?;
    let g = games::load(conn, g.id)?;
    let intro = vec![format!(
        "In {}, {} (Black) has placed the {} handicap stones.",
        g.id,
        g.black.name,
        g.game.handicap()
    )];
    let letter = game_letter(
        conn,
        env.templates,
        &g,
        &g.white,
        "your-move",
        format!("[{}] The handicap stones are placed: your move", g.id),
        intro,
        vec![turn_words(&g, Color::White, 0)],
    )?;
    let text = format!(
        "Placed {} in {}: all {} handicap stones are placed, and {} (White) moves now.",
        placed.join(" "),
        g.id,
        g.game.handicap(),
        g.white.name
    );
    Ok(Effect::Acted {
        text,
        game: Some(g.id),
        letters: vec![letter],
    })
}
