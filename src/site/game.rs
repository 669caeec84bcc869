//! A game's page (`games/<id>.html`) and its public record
//! (`games/<id>.sgf`, without the players' words): both players with
//! their ranks, the clock while it runs or the result, the board as SVG
//! (the current or final position; a counted game's with its dead stones
//! and territory), the move list and the replay's data (`game_data`),
//! which `site.js` steps through.
//!
//! Nothing on the page depends on when the site is built: the clock is
//! given as it stood when the turn began, with the moment it runs out, so
//! a page changes only when its game does.

use rusqlite::Connection;
use serde::Serialize;

use super::error::SiteError;
use super::game_clock;
use super::game_data::{self, BoardSvg};
use super::templates::{Common, SiteTemplates};
use crate::go::sgf::write_sgf;
use crate::go::{Color, Phase, Scoring};
use crate::pipeline::board::sgf;
use crate::pipeline::game_picture;
use crate::store::{GameId, StoredGame, games, listing, ratings, scoring};

/// A game's page and record.
pub(crate) struct GameFiles {
    /// `games/<id>.html`.
    pub(crate) html: String,
    /// `games/<id>.sgf`, without the players' words.
    pub(crate) sgf: String,
}

/// The page and record of game `id`.
pub(crate) fn files(
    conn: &Connection,
    t: &SiteTemplates,
    common: &Common,
    id: GameId,
) -> Result<GameFiles, SiteError> {
    let stored = games::load(conn, id)?;
    let record = sgf::public_sgf_record(conn, &stored, &common.site)?;
    let ctx = context(conn, common, &stored)?;
    Ok(GameFiles {
        html: t.render("game.html", &ctx)?,
        sgf: write_sgf(&record),
    })
}

/// A player as the page shows them.
#[derive(Debug, Serialize)]
struct Side {
    name: String,
    /// `3k (1812)`, or `?` while unknown.
    strength: String,
}

/// The board shown and its words.
#[derive(Debug, Serialize)]
struct Board {
    #[serde(flatten)]
    svg: BoardSvg,
    /// Its rows joined with `/` (`data-position`).
    position: String,
    /// The move it stands after (`data-move`).
    shown: usize,
    /// The position in words (the board's text alternative).
    label: String,
}

/// A line of the move list.
#[derive(Debug, Serialize)]
struct MoveLine {
    number: u32,
    /// `Black D4`, `White pass`.
    text: String,
    captures: u32,
    /// `2026-11-28 10:00`.
    when: String,
}

/// Everything `game.html` shows.
#[derive(Debug, Serialize)]
struct GameCtx {
    #[serde(flatten)]
    common: Common,
    id: String,
    black: Side,
    white: Side,
    /// `19x19, komi 6.5, Japanese (territory) scoring`.
    terms: String,
    handicap: u32,
    /// `playing`, `counting` or `finished`.
    phase: &'static str,
    /// While the game is played: the clock, a line each.
    clock: Vec<String>,
    /// Once it is over: the result in words.
    result: Option<String>,
    /// A counted game's count (or, while counting, the proposal's).
    count: Vec<String>,
    board: Board,
    moves: Vec<MoveLine>,
    /// The replay's data, JSON.
    replay: String,
}

/// The page's context for `g`.
fn context(conn: &Connection, common: &Common, g: &StoredGame) -> Result<GameCtx, SiteError> {
    let game = &g.game;
    let state = game.state();
    let positions = game_data::positions(&state).map_err(|reason| page(g, reason))?;
    let names = [g.black.name.as_str(), g.white.name.as_str()];
    let n = game.board().size().get();
    Ok(GameCtx {
        common: common.clone(),
        id: g.id.to_string(),
        black: side(conn, g, Color::Black)?,
        white: side(conn, g, Color::White)?,
        terms: format!(
            "{n}x{n}, komi {}, {} scoring",
            state.rules.komi,
            scoring_name(state.rules.scoring)
        ),
        handicap: state.handicap,
        phase: phase_name(game.phase()),
        clock: game_clock::lines(conn, g)?,
        result: game.result().map(|r| game_clock::result_text(g, r)),
        count: count(conn, g)?,
        board: board(conn, g, &positions)?,
        moves: move_lines(conn, g.id)?,
        replay: game_data::replay_json(&state, names, &positions),
    })
}

fn side(conn: &Connection, g: &StoredGame, c: Color) -> Result<Side, SiteError> {
    let p = g.player(c);
    Ok(Side {
        name: p.name.clone(),
        strength: ratings::strength(conn, p.id)?.shown(),
    })
}

fn scoring_name(s: Scoring) -> &'static str {
    match s {
        Scoring::Area => "area",
        Scoring::Territory => "territory",
    }
}

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Play => "playing",
        Phase::Scoring => "counting",
        Phase::Finished => "finished",
    }
}

/// The board as it stands (a counted game's with its marks), its rows
/// and its words.
fn board(conn: &Connection, g: &StoredGame, positions: &[Vec<String>]) -> Result<Board, SiteError> {
    let picture = game_picture(conn, g).map_err(|e| page(g, e.to_string()))?;
    let shown = positions.len().saturating_sub(1);
    Ok(Board {
        svg: game_data::board_svg(&picture),
        position: g.game.position().rows().join("/"),
        shown,
        label: board_label(g, shown),
    })
}

/// The last position in words: `Move 80 of 80: White (bob) played D4.
/// Black (alice) to move.`
fn board_label(g: &StoredGame, shown: usize) -> String {
    let game = &g.game;
    let mut out = match game.last_move() {
        Some((c, mv)) => format!(
            "Move {shown} of {shown}: {}.",
            game_data::played(c, &g.player(c).name, mv)
        ),
        None => "The start, before the first move.".to_string(),
    };
    let next = game.to_move();
    let after = match (game.phase(), game.result()) {
        (_, Some(r)) => format!(" Result: {r}."),
        (Phase::Scoring, None) => " Both passed: the game is being counted.".to_string(),
        _ => format!(" {} to move.", game_clock::who(next, &g.player(next).name)),
    };
    out.push_str(&after);
    out
}

/// The count of a game over by a count, or being counted.
fn count(conn: &Connection, g: &StoredGame) -> Result<Vec<String>, SiteError> {
    let counted = matches!(
        (g.game.phase(), g.game.result()),
        (Phase::Scoring, _) | (Phase::Finished, Some(crate::go::GameResult::Score(..)))
    );
    if !counted {
        return Ok(Vec::new());
    }
    let marking = scoring::load(conn, g.id, g.game.board().size())?;
    Ok(marking
        .map(|m| crate::go::score::score_game(&g.game, &m.dead).lines())
        .unwrap_or_default())
}

/// The move list.
fn move_lines(conn: &Connection, id: GameId) -> Result<Vec<MoveLine>, SiteError> {
    Ok(listing::moves(conn, id)?
        .into_iter()
        .map(|m| MoveLine {
            number: m.number,
            text: format!("{} {}", game_clock::colour(m.color), m.mv),
            captures: m.captures,
            when: game_clock::minute(m.played_at),
        })
        .collect())
}

fn page(g: &StoredGame, reason: String) -> SiteError {
    SiteError::Page {
        what: format!("the page of {}", g.id),
        reason,
    }
}
