//! A new game on the clock: the admin's `pbmgo game new` and a
//! tournament's pairing start games the same way, with the start letter
//! (the board) to both players.

use rusqlite::Connection;

use crate::clock::System;
use crate::go::{Color, Game};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::{admin as words, start as start_words};
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::pipeline::mailing::letters;
use crate::store::players::PlayerRef;
use crate::store::time_terms::{self, TimeTerms};
use crate::store::{GameId, StoredGame, challenges, clock, games};

/// A game the admin makes: its players, the game as set up, and the days per move.
pub(crate) struct NewGame<'a> {
    /// The player of the black stones.
    pub(crate) black: &'a PlayerRef,
    /// The player of the white stones.
    pub(crate) white: &'a PlayerRef,
    /// The empty board with its rules and fixed handicap.
    pub(crate) game: &'a Game,
    /// Days per move (`--days`, per move); `None` takes the time system
    /// below, else `[games] time`, else `[games] days_per_move`.
    pub(crate) days: Option<u32>,
    /// The time system (`--time`).
    pub(crate) time: Option<System>,
    /// The players' weekends do not count (`--weekends-off`).
    pub(crate) weekends_off: bool,
    /// The hours of each player's night that do not count (`--night`; 0: none).
    pub(crate) night_hours: u32,
    /// Whether to mail both players the admin's start letter.
    pub(crate) mail: bool,
}

/// Creates the game `new` with its clock running and, unless told not
/// to, queues the start letter (with the board) to both players; returns
/// the game's id.
pub(crate) fn start(
    conn: &Connection,
    env: &Env<'_>,
    new: &NewGame<'_>,
) -> Result<GameId, PipelineError> {
    let id = games::insert(conn, new.black, new.white, new.game, &[], env.now)?;
    let days = new.days.unwrap_or(env.settings.games.days_per_move).max(1);
    challenges::set_game_terms(conn, id, days, 0)?;
    let system = env.settings.games.system_for(new.time, new.days);
    let terms = TimeTerms {
        system,
        weekends_off: new.weekends_off,
        night_hours: new.night_hours,
    };
    time_terms::set(conn, id, &terms)?;
    clock::start_turn(conn, id, env.now, env.settings.zone)?;
    if new.mail {
        let intro = |c: Color| {
            let opponent = if c == Color::Black {
                new.white
            } else {
                new.black
            };
            words::started_intro(id, c, &opponent.name, &terms)
        };
        mail_start(conn, env, id, &intro)?;
    }
    Ok(id)
}

/// Queues the start letter of game `id` (with the board) to both players,
/// each opening with `intro` of their colour.
pub(crate) fn mail_start(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
    intro: &dyn Fn(Color) -> String,
) -> Result<(), PipelineError> {
    let g = games::load(conn, id)?;
    let mut letters = Vec::new();
    for c in [Color::Black, Color::White] {
        letters.push(game_letter(conn, env, &g, start_letter(&g, c, intro(c)))?);
    }
    let unique = |i| format!("start:{id}:{i}");
    letters::queue_each(conn, env, &letters, unique, None, None)?;
    Ok(())
}

/// The start letter of `g` to the player of `reader`.
fn start_letter(g: &StoredGame, reader: Color, intro: String) -> GameLetter<'_> {
    let (id, to_move) = (g.id, g.game.to_move());
    let next = match to_move == reader {
        true => start_words::your_move(id, g.game.move_number() + 1),
        false => start_words::moves_first(&g.player(to_move).name, to_move),
    };
    GameLetter {
        to: g.player(reader),
        kind: "game-start",
        intro: vec![intro],
        next: vec![next],
    }
}
