//! The scored board: while a game is being scored, or once it has ended
//! by a count, every board shown for it is the scored board (dead stones
//! `x`/`o`, territory `+`/`-`), the count line by line and, while it is
//! being scored, who has accepted and what each player can write.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::go::estimate::propose;
use crate::go::render::{self, Marks, render_scored};
use crate::go::score::score_game;
use crate::go::{Color, GameResult, Phase};
use crate::home::WebConfig;
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::scoring as words;
use crate::pipeline::board::block;
use crate::render::Picture;
use crate::store::StoredGame;
use crate::store::scoring::{self, Marking};

/// Opens the scoring phase of `g` after `second` made the second pass,
/// with the server's proposal of dead stones as count #1 of the phase.
pub(crate) fn open(
    conn: &Connection,
    g: &StoredGame,
    second: Color,
    now: DateTime<Utc>,
) -> Result<(), PipelineError> {
    let dead = propose(&g.game.position());
    Ok(scoring::open(conn, g.id, second, &dead, now)?)
}

/// Returns the marking of `g`; while it is being scored without a row
/// (games scored before rows were kept), the server's proposal.
pub(crate) fn marking(conn: &Connection, g: &StoredGame) -> Result<Option<Marking>, PipelineError> {
    let found = scoring::load(conn, g.id, g.game.board().size())?;
    Ok(found.or_else(|| {
        (g.game.phase() == Phase::Scoring).then(|| Marking {
            game: g.id,
            dead: propose(&g.game.position()),
            black_done: false,
            white_done: false,
            deadline: None,
            second_pass: Some(g.game.to_move().opponent()),
            started_at: g.updated_at,
            count: 1,
            changed_by: None,
        })
    }))
}

/// True while `g` is being scored or once it is over by a count: its
/// board is then the scored board.
fn counted(g: &StoredGame) -> bool {
    matches!(
        (g.game.phase(), g.game.result()),
        (Phase::Scoring, _) | (Phase::Finished, Some(GameResult::Score(..)))
    )
}

/// The picture of `g` as its mails show it: while it is being scored, or
/// once it is over by a count, with dead stones and territory and without
/// the last move; else as in play.
pub(crate) fn picture(conn: &Connection, g: &StoredGame) -> Result<Picture, PipelineError> {
    let mut p = block::picture(&g.game);
    if counted(g)
        && let Some(m) = marking(conn, g)?
    {
        p.territory = score_game(&g.game, &m.dead).territory;
        p.dead = m.dead;
        p.last = None;
        p.ko = None;
    }
    Ok(p)
}

/// Returns the board block of `g`: while it is being scored, or once it is
/// over by a count, the scored board with the count.
pub(crate) fn board_ctx(conn: &Connection, g: &StoredGame) -> Result<BoardCtx, PipelineError> {
    let mut b = block::board_ctx(g);
    block::with_ranks(conn, g, &mut b)?;
    if counted(g)
        && let Some(m) = marking(conn, g)?
    {
        b.board = scored_text(g, &m);
    }
    Ok(b)
}

/// As [`board_ctx`], with the link to the game's web page (see
/// [`block::with_link`]).
pub(crate) fn board_linked(
    conn: &Connection,
    web: &WebConfig,
    g: &StoredGame,
) -> Result<BoardCtx, PipelineError> {
    let mut b = board_ctx(conn, g)?;
    block::with_link(conn, web, g, &mut b)?;
    Ok(b)
}

/// As [`board_linked`], with the clock as it stands at `env.now` while it
/// runs.
pub(crate) fn board_at(
    conn: &Connection,
    env: &Env<'_>,
    g: &StoredGame,
) -> Result<BoardCtx, PipelineError> {
    let mut b = board_linked(conn, &env.settings.web, g)?;
    block::with_clock(conn, g, (env.now, env.settings.zone), &mut b)?;
    Ok(b)
}

/// The spans of `g`'s board block laid out by hand: the diagram and,
/// for the scored board, the count and the commands (each as the text
/// shows it), for the HTML part to keep as they are.
pub(crate) fn laid_out(conn: &Connection, g: &StoredGame) -> Result<Vec<String>, PipelineError> {
    let plain = vec![block::board_ctx(g).board];
    if !counted(g) {
        return Ok(plain);
    }
    let Some(m) = marking(conn, g)? else {
        return Ok(plain);
    };
    let parts = parts(g, &m);
    let mut out = vec![parts.diagram, parts.count];
    out.extend(parts.commands);
    Ok(out)
}

/// [`laid_out`] and the board of [`board_ctx`] at once: for a game not
/// counted both are the board drawn once (the text shows it as it is).
/// `drawn`, when the caller has it, is that board as `board_ctx` drew it
/// for `g` as it stands: it is not drawn again.
pub(crate) fn spans_and_board(
    conn: &Connection,
    g: &StoredGame,
    drawn: Option<&String>,
) -> Result<(Vec<String>, String), PipelineError> {
    if !counted(g) {
        let board = drawn
            .cloned()
            .unwrap_or_else(|| render::render_game(&g.game));
        return Ok((vec![board.clone()], board));
    }
    let board = match drawn {
        Some(b) => b.clone(),
        None => board_ctx(conn, g)?.board,
    };
    Ok((laid_out(conn, g)?, board))
}

/// The scored board's parts, each as the text shows it.
struct Parts {
    /// The scored diagram.
    diagram: String,
    /// The count, a line each, indented so that no line is rewrapped.
    count: String,
    /// While scoring: what stands (marked dead, accepted, until when).
    state: Option<String>,
    /// While scoring: the commands that change or accept the count.
    commands: Option<String>,
}

fn parts(g: &StoredGame, m: &Marking) -> Parts {
    let s = score_game(&g.game, &m.dead);
    let marks = Marks {
        dead: m.dead.clone(),
        territory: s.territory.clone(),
    };
    let scoring = g.game.phase() == Phase::Scoring;
    Parts {
        diagram: render_scored(&g.game.position(), &marks),
        count: s.lines().iter().map(|l| format!("    {l}\n")).collect(),
        state: scoring.then(|| scoring_state(g, m)),
        commands: scoring.then(|| words::scoring_commands(g.id, m.count)),
    }
}

/// Draws the scored board, its legend and the count, and while scoring,
/// what stands and the commands, blocks apart by blank lines.
fn scored_text(g: &StoredGame, m: &Marking) -> String {
    let p = parts(g, m);
    let mut out = format!("{}\n{}\n\n{}", p.diagram, words::legend(), p.count);
    for block in [p.state, p.commands].into_iter().flatten() {
        out.push('\n');
        out.push_str(&block);
    }
    out
}

/// What stands below the count while `g` is being scored: the stones
/// marked dead, whose proposal it is, then (after a blank line, so that
/// no line runs into the wrapped paragraph) who has accepted and when the
/// count stands.
fn scoring_state(g: &StoredGame, m: &Marking) -> String {
    let mut out = format!(
        "{}\n{}\n",
        words::count_number(m.count),
        words::marked_dead(&m.dead)
    );
    if m.changed_by.is_none() {
        out.push_str(words::proposed_by_server());
        out.push('\n');
    }
    out.push('\n');
    for c in [Color::Black, Color::White] {
        out.push_str(&words::accepted_line(&g.player(c).name, c, m.done(c)));
    }
    if let Some(d) = m.deadline {
        out.push_str(&words::stands_line(d));
    }
    out
}
