//! The admin's games: `pbmgo game new` (the game on the clock, a start
//! letter to both players) and the repairs `pbmgo game adjudicate GAME
//! RESULT` and `pbmgo game resume GAME`. The repairs are recorded in the
//! game's events with the source `cli` (so `pbmgo game verify` rebuilds
//! the game) and mailed to both players.

use rusqlite::Connection;

use crate::clock::System;
use crate::go::events::GameEvent;
use crate::go::{Color, Game, GameResult, Phase};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::board::to_move;
use crate::pipeline::base::wording::{
    admin as words, ending::adjudicated_how, start as start_words,
};
use crate::pipeline::games::ending::{Ending, end_game};
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::pipeline::mailing::letters;
use crate::store::codec::time_text;
use crate::store::players::PlayerRef;
use crate::store::time_terms::{self, TimeTerms};
use crate::store::{GameId, StoreError, StoredGame, challenges, clock, events, games, ratings};

/// Ends game `id` with `result`; returns the letters queued, or why not.
pub(crate) fn adjudicate(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
    result: GameResult,
) -> Result<Result<u32, String>, PipelineError> {
    let mut g = games::load(conn, id)?;
    if let Some(r) = g.game.result() {
        return Ok(Err(words::over_already(id, r)));
    }
    let winner = result_winner(result).map(|c| to_move(c, &g.player(c).name));
    let how = adjudicated_how(result, winner.as_deref());
    let ending = Ending {
        event: GameEvent::Finish(result),
        how: &how,
        source: "cli",
        at: None,
    };
    let letters = end_game(conn, env, &mut g, &ending)?;
    let unique = format!("adjudicate:{id}:{}", time_text(env.now));
    queue_all(conn, env, &letters, &unique).map(Ok)
}

/// The winner of `result`, if it has one.
fn result_winner(result: GameResult) -> Option<Color> {
    match result {
        GameResult::Resignation(c) | GameResult::Time(c) | GameResult::Score(Some(c), _) => Some(c),
        GameResult::Score(None, _) | GameResult::Void => None,
    }
}

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
    /// Whether to mail both players the start letter.
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
    if !new.mail {
        return Ok(id);
    }
    let g = games::load(conn, id)?;
    let mut letters = Vec::new();
    for c in [Color::Black, Color::White] {
        letters.push(game_letter(conn, env, &g, start_letter(&g, c, &terms))?);
    }
    queue_all(conn, env, &letters, &format!("start:{id}"))?;
    Ok(id)
}

/// The start letter of `g` to the player of `reader`.
fn start_letter<'g>(g: &'g StoredGame, reader: Color, time: &TimeTerms) -> GameLetter<'g> {
    let (id, to_move) = (g.id, g.game.to_move());
    let opponent = &g.player(reader.opponent()).name;
    let next = match to_move == reader {
        true => start_words::your_move(id, g.game.move_number() + 1),
        false => start_words::moves_first(&g.player(to_move).name, to_move),
    };
    GameLetter {
        to: g.player(reader),
        kind: "game-start",
        intro: vec![words::started_intro(id, reader, opponent, time)],
        next: vec![next],
    }
}

/// Returns game `id` to play (from the scoring phase or after a result);
/// returns the letters queued, or why not.
pub(crate) fn resume(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
) -> Result<Result<u32, String>, PipelineError> {
    let mut g = games::load(conn, id)?;
    if g.game.phase() == Phase::Play {
        return Ok(Err(words::being_played(id)));
    }
    let was = g.game.result();
    reopen(conn, env, &mut g)?;
    let to_move = g.game.to_move();
    let intro = words::resumed_intro(id, was, &g.player(to_move).name, to_move);
    let mut letters = Vec::new();
    for c in [Color::Black, Color::White] {
        let what = GameLetter {
            to: g.player(c),
            kind: "resumed",
            intro: vec![intro.clone()],
            next: Vec::new(),
        };
        letters.push(game_letter(conn, env, &g, what)?);
    }
    let unique = format!("resume:{id}:{}", time_text(env.now));
    queue_all(conn, env, &letters, &unique).map(Ok)
}

/// Returns `g` to play: the event recorded under `cli`, the game saved and
/// unfinished (the ratings replayed without it), its clock started.
fn reopen(conn: &Connection, env: &Env<'_>, g: &mut StoredGame) -> Result<(), PipelineError> {
    let (id, now) = (g.id, env.now);
    g.game
        .apply_event(GameEvent::Resume)
        .map_err(|e| StoreError::Invalid {
            what: "resume",
            value: id.to_string(),
            reason: e.to_string(),
        })?;
    events::record(
        conn,
        id,
        g.game.move_number(),
        GameEvent::Resume,
        "cli",
        now,
    )?;
    games::update_state(conn, id, &g.game, now)?;
    challenges::set_unfinished(conn, id)?;
    ratings::replay(conn, true)?;
    clock::start_turn(conn, id, now, env.settings.zone)?;
    Ok(())
}

/// Queues `list`, the `i`th under `unique:i`.
fn queue_all(
    conn: &Connection,
    env: &Env<'_>,
    list: &[Letter],
    unique: &str,
) -> Result<u32, PipelineError> {
    let unique = |i| format!("{unique}:{i}");
    Ok(letters::queue_each(conn, env, list, unique, None, None)?.count)
}
