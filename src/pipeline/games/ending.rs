//! The end of a game, however it comes (agreement, the scoring deadline,
//! resignation, time, the admin): the result applied and recorded in the
//! game's events, the clock stopped, and the game-over letters to both
//! players with the final board and the SGF.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::scored;
use crate::go::events::GameEvent;
use crate::go::{Color, GameResult};
use crate::mail::templates::{GameOverCtx, Templates};
use crate::pipeline::context::Settings;
use crate::pipeline::error::PipelineError;
use crate::pipeline::letters::Letter;
use crate::pipeline::records::sgf_attachment;
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
        board: scored::board_ctx(conn, g)?,
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
