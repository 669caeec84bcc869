//! The end of a game, however it comes (agreement, the scoring deadline,
//! resignation, time, the admin): the result applied and recorded in the
//! game's events, the clock stopped, and the game-over letters to both
//! players with the final board and the SGF.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::go::events::GameEvent;
use crate::go::{Color, GameResult};
use crate::mail::templates::GameOverCtx;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::ratings as rating_words;
use crate::pipeline::base::wording::{ending as words, news};
use crate::pipeline::board::scored;
use crate::pipeline::board::sgf::sgf_attachment;
use crate::pipeline::games::tournament::{self, view};
use crate::store::{StoreError, StoredGame, challenges, clock, events, games, ratings};

/// How a game ends: the event, in a sentence, and who caused it.
pub(crate) struct Ending<'a> {
    /// A resignation or a result.
    pub(crate) event: GameEvent,
    /// How the game ended, in a sentence for both players.
    pub(crate) how: &'a str,
    /// What the event is recorded under: a message key, `cli` or `tick`.
    pub(crate) source: &'a str,
    /// When the game ended, when that is not now: a loss on time ends the
    /// game at the moment the time ran out, whenever `tick` sees it.
    pub(crate) at: Option<DateTime<Utc>>,
}

/// Ends game `g` as `ending` says: applies its event, records it in the
/// game's events under its source, saves the game, stops its clock and
/// stamps `finished_at`. Returns the game-over letters for both players,
/// for the caller to queue. An admin's decision (source `cli`) is never
/// worded as a resignation.
///
/// This is what a loss on time calls too, with
/// `GameEvent::Finish(GameResult::Time(winner))`.
pub(crate) fn end_game(
    conn: &Connection,
    env: &Env<'_>,
    g: &mut StoredGame,
    ending: &Ending<'_>,
) -> Result<Vec<Letter>, PipelineError> {
    let (event, now) = (ending.event, ending.at.unwrap_or(env.now).min(env.now));
    g.game.apply_event(event).map_err(|e| StoreError::Invalid {
        what: "game end",
        value: event.to_string(),
        reason: e.to_string(),
    })?;
    events::record(conn, g.id, g.game.move_number(), event, ending.source, now)?;
    games::update_state(conn, g.id, &g.game, now)?;
    clock::stop(conn, g.id)?;
    challenges::set_finished(conn, g.id, now)?;
    ratings::game_finished(conn, g.id, now)?;
    tournament::progress::game_ended(conn, env, g.id)?;
    let resigned = matches!(event, GameEvent::Resign(_));
    game_over_letters(conn, env, g, ending.how, resigned)
}

/// Returns the letters telling both players that `g` is over: the result,
/// `how`, the final board (scored, when the game was counted) and the SGF.
/// Only a player's own resignation (`resigned`) is news of "resigned"; a
/// result the admin set to W+R is not.
pub(crate) fn game_over_letters(
    conn: &Connection,
    env: &Env<'_>,
    g: &StoredGame,
    how: &str,
    resigned: bool,
) -> Result<Vec<Letter>, PipelineError> {
    let result = g.game.result().map(|r| r.to_string()).unwrap_or_default();
    let attachment = sgf_attachment(conn, g, &env.settings.identity.name)?;
    let ctx = GameOverCtx {
        game: g.id.to_string(),
        result: result.clone(),
        how: how.to_string(),
        board: scored::board_linked(conn, &env.settings.web, g)?,
        sgf_name: attachment.filename.clone(),
        ratings: ratings_text(conn, g)?,
        tournament: view::game_line(conn, g.id)?.unwrap_or_default(),
    };
    let text = env.templates.render("game-over.txt", &ctx)?;
    let brief = [how, &ctx.ratings, &ctx.tournament]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n");
    let mut out = Vec::new();
    for c in [Color::Black, Color::White] {
        out.push(Letter {
            to: g.player(c).clone(),
            kind: "game-over",
            subject: subject(conn, g, c, resigned)?,
            text: text.clone(),
            game: Some(g.id),
            attachments: vec![attachment.clone()],
            essential: true,
            brief: Some(brief.clone()),
        });
    }
    Ok(out)
}

/// What the game did to both ratings, or why it moved none.
fn ratings_text(conn: &Connection, g: &StoredGame) -> Result<String, PipelineError> {
    let lines: Vec<String> = ratings::changes(conn, g.id)?
        .iter()
        .map(|c| rating_words::change_line(&c.name, c.before, c.after))
        .collect();
    let unrated = ratings::verdict(conn, g.id)?.err();
    Ok(rating_words::ratings_paragraph(&lines, unrated))
}

/// The Subject (the news line) for the player of `reader`: whether they
/// won or lost and by what, and what the game did to their rating, if it
/// was rated. A result the admin set to W+R (not `resigned`) is worded
/// as a result, never as a resignation.
fn subject(
    conn: &Connection,
    g: &StoredGame,
    reader: Color,
    resigned: bool,
) -> Result<String, PipelineError> {
    let Some(result) = g.game.result() else {
        return Ok(words::game_over_subject(g.id, ""));
    };
    let loser = match result {
        GameResult::Resignation(w) if resigned => Some(&g.player(w.opponent()).name),
        GameResult::Time(w) => Some(&g.player(w.opponent()).name),
        _ => None,
    };
    let mut news = news::game_over(g.id, result, reader, loser.map(String::as_str));
    let mine = g.player(reader).id;
    let changes = ratings::changes(conn, g.id)?;
    if let Some(c) = changes.iter().find(|c| c.player == mine) {
        news += &news::rating_change(c.before.round() as i64, c.after.round() as i64);
    }
    Ok(format!("[{}] {news}", g.id))
}
