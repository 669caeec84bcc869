//! The end of a game and game records: [`end_game`] ends a game (by
//! agreement, the scoring deadline, resignation, time or the admin),
//! records how in the game's events and mails both players the result,
//! the final board and the SGF; `sgf GAME` mails a record on request.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::super::{Effect, Outcome1, load};
use super::scoring;
use crate::go::events::GameEvent;
use crate::go::{Color, GameResult};
use crate::mail::command::GameRef;
use crate::mail::templates::{GameOverCtx, SgfCtx, Templates};
use crate::pipeline::letters::Letter;
use crate::pipeline::records::sgf_attachment;
use crate::pipeline::{Env, PipelineError, Settings};
use crate::store::players::Player;
use crate::store::{StoreError, StoredGame, challenges, clock, events, games};

/// Ends game `g` with `event` (a resignation or a result): applies it,
/// records it in the game's events under `source` (a message key, `cli`
/// or `tick`), saves the game, stops its clock and stamps `finished_at`.
/// Returns the game-over letters for both players, for the caller to
/// queue; `how` says in a sentence how the game ended.
///
/// This is what a loss on time calls too, with
/// `GameEvent::Finish(GameResult::Time(winner))`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn end_game(
    conn: &Connection,
    _settings: &Settings,
    templates: &Templates,
    g: &mut StoredGame,
    event: GameEvent,
    how: &str,
    source: &str,
    now: DateTime<Utc>,
) -> Result<Vec<Letter>, PipelineError> {
    g.game.apply_event(event).map_err(|e| StoreError::Invalid {
        what: "game end",
        value: event.to_string(),
        reason: e.to_string(),
    })?;
    events::record(conn, g.id, g.game.move_number(), event, source, now)?;
    games::update_state(conn, g.id, &g.game, now)?;
    clock::stop(conn, g.id)?;
    challenges::set_finished(conn, g.id, now)?;
    game_over_letters(conn, templates, g, how)
}

/// Returns the letters telling both players that `g` is over: the result,
/// `how`, the final board (scored, when the game was counted) and the SGF.
pub(crate) fn game_over_letters(
    conn: &Connection,
    templates: &Templates,
    g: &StoredGame,
    how: &str,
) -> Result<Vec<Letter>, PipelineError> {
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let attachment = sgf_attachment(g);
    let ctx = GameOverCtx {
        game: g.id.to_string(),
        result: result.clone(),
        how: how.to_string(),
        board: scoring::board_ctx(conn, g)?,
        sgf_name: attachment.filename.clone(),
    };
    let text = templates.render("game-over.txt", &ctx)?;
    let letter = |c: Color| Letter {
        to: g.player(c).clone(),
        kind: "game-over",
        subject: subject(g, c, &result),
        text: text.clone(),
        html: None,
        game: Some(g.id),
        attachments: vec![attachment.clone()],
        essential: true,
    };
    Ok(vec![letter(Color::Black), letter(Color::White)])
}

/// The Subject for the player of `reader`: the winner of a resignation
/// reads who resigned, everyone else "Game over".
fn subject(g: &StoredGame, reader: Color, result: &str) -> String {
    match g.game.result() {
        Some(GameResult::Resignation(winner)) if winner == reader => format!(
            "[{}] {} resigned: {result}",
            g.id,
            g.player(winner.opponent()).name
        ),
        _ => format!("[{}] Game over: {result}", g.id),
    }
}

/// `resign GAME`, at any time and out of turn: the game ends at once.
pub(crate) fn resign(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    game: GameRef,
    source: &str,
) -> Outcome1 {
    let (mut g, color) = match super::super::load_own(conn, player, game)? {
        Ok(x) => x,
        Err(r) => return Ok(Err(r)),
    };
    if g.game.result().is_some() {
        let why = format!("{} is already over", g.id);
        return Ok(Err(super::super::reject_in(g.id, "game-over", why)));
    }
    let how = format!(
        "{} ({}) resigned.",
        player.name,
        super::accept::color_name(color)
    );
    let letters = end_game(
        conn,
        env.settings,
        env.templates,
        &mut g,
        GameEvent::Resign(color),
        &how,
        source,
        env.now,
    )?;
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    Ok(Ok(Effect::Acted {
        text: format!("You resigned {}: {result}.", g.id),
        game: Some(g.id),
        letters,
    }))
}

/// `sgf GAME`: mails the record of any game, finished or not, to the sender.
pub(super) fn sgf(conn: &Connection, env: &Env<'_>, player: &Player, game: GameRef) -> Outcome1 {
    let g = match load(conn, game)? {
        Ok(g) => g,
        Err(r) => return Ok(Err(r)),
    };
    let attachment = sgf_attachment(&g);
    let state = match g.game.result() {
        Some(r) => format!("finished, {r}"),
        None => format!(
            "{}, after move {}",
            g.game.phase().name(),
            g.game.move_number()
        ),
    };
    let ctx = SgfCtx {
        game: g.id.to_string(),
        state,
        sgf_name: attachment.filename.clone(),
    };
    let letter = Letter {
        to: player.as_ref(),
        kind: "sgf",
        subject: format!("[{}] The game record", g.id),
        text: env.templates.render("sgf.txt", &ctx)?,
        html: None,
        game: Some(g.id),
        attachments: vec![attachment],
        essential: true,
    };
    let text = format!(
        "The record of {} comes in a separate mail, as {}.",
        g.id, letter.attachments[0].filename
    );
    Ok(Ok(Effect::Acted {
        text,
        game: None,
        letters: vec![letter],
    }))
}

/// A move that ended the game by itself (the repetition backstop: the
/// third repetition of a position ends play with `Void`): the move is
/// already recorded, and its move list alone rebuilds the result, so no
/// event is kept; both players get the game-over mail with the SGF.
pub(crate) fn ended_by_move(
    conn: &Connection,
    env: &Env<'_>,
    g: &StoredGame,
    mv: crate::go::Move,
    number: u32,
) -> Outcome1 {
    challenges::set_finished(conn, g.id, env.now)?;
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let how = format!(
        "Move {number} ({mv}) repeated a whole-board position for the third time, so \
         play ended without a winner."
    );
    let letters = game_over_letters(conn, env.templates, g, &how)?;
    Ok(Ok(Effect::Acted {
        text: format!("You played {mv} in {}. {how} Result: {result}.", g.id),
        game: Some(g.id),
        letters,
    }))
}
