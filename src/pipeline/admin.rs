//! The admin's game repairs: `pbmgo game adjudicate GAME RESULT` and
//! `pbmgo game resume GAME`. Both are recorded in the game's events with
//! the source `cli` (so `pbmgo game verify` rebuilds the game) and mailed
//! to both players.

use rusqlite::Connection;

use super::games::ending::end_game;
use super::games::scored::board_ctx as scored_board_ctx;
use super::letters::{self, Letter};
use super::{Env, PipelineError};
use crate::go::events::GameEvent;
use crate::go::{Color, GameResult, Phase};
use crate::mail::templates::GameLetterCtx;
use crate::store::codec::time_text;
use crate::store::{GameId, challenges, clock, events, games};

/// Ends game `id` with `result`; returns the letters queued, or why not.
pub fn adjudicate(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
    result: GameResult,
) -> Result<Result<u32, String>, PipelineError> {
    let mut g = games::load(conn, id)?;
    if let Some(r) = g.game.result() {
        return Ok(Err(format!("{id} is over already ({r}); resume it first")));
    }
    let how = "The server's admin decided the result.";
    let event = GameEvent::Finish(result);
    let letters = end_game(
        conn,
        env.settings,
        env.templates,
        &mut g,
        event,
        how,
        "cli",
        env.now,
    )?;
    queue_all(
        conn,
        env,
        &letters,
        &format!("adjudicate:{id}:{}", time_text(env.now)),
    )
    .map(Ok)
}

/// Returns game `id` to play (from the scoring phase or after a result);
/// returns the letters queued, or why not.
pub fn resume(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
) -> Result<Result<u32, String>, PipelineError> {
    let mut g = games::load(conn, id)?;
    if g.game.phase() == Phase::Play {
        return Ok(Err(format!("{id} is being played already")));
    }
    let was = g.game.result();
    g.game
        .apply_event(GameEvent::Resume)
        .map_err(|e| crate::store::StoreError::Invalid {
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
        env.now,
    )?;
    games::update_state(conn, id, &g.game, env.now)?;
    challenges::set_unfinished(conn, id)?;
    clock::start_turn(conn, id, env.now)?;
    let what = match was {
        Some(r) => format!("The server's admin set aside the result {r} of {id}"),
        None => format!("The server's admin ended the scoring phase of {id}"),
    };
    let to_move = g.game.to_move();
    let intro = vec![format!(
        "{what}: play goes on, and {} ({}) is to move.",
        g.player(to_move).name,
        to_move.name()
    )];
    let ctx = GameLetterCtx::new(intro, scored_board_ctx(conn, &g)?, Vec::new());
    let text = env.templates.render("game-letter.txt", &ctx)?;
    let letters: Vec<Letter> = [Color::Black, Color::White]
        .into_iter()
        .map(|c| Letter {
            to: g.player(c).clone(),
            kind: "resumed",
            subject: format!("[{id}] Play resumes"),
            text: text.clone(),
            html: None,
            game: Some(id),
            attachments: Vec::new(),
            essential: true,
        })
        .collect();
    queue_all(
        conn,
        env,
        &letters,
        &format!("resume:{id}:{}", time_text(env.now)),
    )
    .map(Ok)
}

fn queue_all(
    conn: &Connection,
    env: &Env<'_>,
    list: &[Letter],
    unique: &str,
) -> Result<u32, PipelineError> {
    let unique = |i| format!("{unique}:{i}");
    letters::queue_each(conn, env, list, unique, None)
}
