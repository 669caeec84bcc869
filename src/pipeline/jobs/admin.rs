//! The admin's game repairs `pbmgo game adjudicate GAME
//! RESULT` and `pbmgo game resume GAME`. The repairs are recorded in the
//! game's events with the source `cli` (so `pbmgo game verify` rebuilds
//! the game) and mailed to both players.

use rusqlite::Connection;

use crate::go::events::GameEvent;
use crate::go::{Color, GameResult, Phase};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::board::to_move;
use crate::pipeline::base::wording::{admin as words, ending::adjudicated_how};
use crate::pipeline::games::ending::{Ending, end_game};
use crate::pipeline::games::game_letter::{GameLetter, game_letter};
use crate::pipeline::mailing::letters;
use crate::store::codec::time_text;
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
