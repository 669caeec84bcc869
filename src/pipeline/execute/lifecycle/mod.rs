//! The game lifecycle by mail: challenges (`challenge`, `accept`, `decline`,
//! in `challenge`), free handicap placement (`place`) and the scoring phase
//! (`dead`, `alive`, `done`, `resume`, in `scoring`), the end of a game
//! and game records (`sgf`, in `ending`).
//!
//! Each command tells the sender what happened (the transcript) and mails
//! the other player a [`Letter`]. Endings and returns to play are recorded
//! as game events beside the move list (`store::events`), so `pbmgo game
//! verify` rebuilds every game from its moves and events.

mod accept;
mod challenge;
mod place;
pub(crate) use challenge::closed_letter_with;
pub(crate) mod ending;
pub(crate) mod scoring;

use rusqlite::Connection;

use super::{Effect, Outcome1, Rejection, load_own, reject_in};
use crate::mail::command::Command;
use crate::mail::templates::{GameLetterCtx, Templates, wrap};
use crate::pipeline::letters::Letter;
use crate::pipeline::{Env, PipelineError};
use crate::store::StoredGame;
use crate::store::players::{Player, PlayerRef};

/// Runs one lifecycle command for `player`.
pub(super) fn run(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    cmd: &Command,
    source: &str,
) -> Outcome1 {
    let done = match cmd {
        Command::Challenge { opponent, options } => {
            challenge::challenge(conn, env, player, opponent, options)
        }
        Command::Accept { game } => accept::accept(conn, env, player, *game, source),
        Command::Decline { game } => challenge::decline(conn, env, player, *game),
        Command::Place { game, points } => place::place(conn, env, player, *game, points),
        Command::Dead { game, points } => scoring::mark(conn, env, player, *game, points, true),
        Command::Alive { game, points } => scoring::mark(conn, env, player, *game, points, false),
        Command::Done { game } => scoring::done(conn, env, player, *game, source),
        Command::Resume { game } => scoring::resume(conn, env, player, *game, source),
        Command::Sgf { game } => ending::sgf(conn, env, player, *game),
        other => Ok(Err(super::reject(
            "unknown-command",
            format!("'{other}' is not a lifecycle command"),
        ))),
    };
    Ok(done?.map(|effect| match effect {
        Effect::Acted {
            text,
            game,
            letters,
        } => Effect::Acted {
            text: wrap(&text, 72),
            game,
            letters,
        },
        other => other,
    }))
}

/// Loads a game the player plays in that is in the scoring phase.
fn load_scoring(
    conn: &Connection,
    player: &Player,
    game: crate::mail::command::GameRef,
) -> Result<Result<(StoredGame, crate::go::Color), Rejection>, PipelineError> {
    Ok(
        load_own(conn, player, game)?.and_then(|(g, c)| match g.game.phase() {
            crate::go::Phase::Scoring => Ok((g, c)),
            crate::go::Phase::Play => Err(reject_in(
                g.id,
                "not-scoring",
                format!(
                    "{} is not being scored: it is scored after both players pass in a row",
                    g.id
                ),
            )),
            crate::go::Phase::Finished => {
                Err(reject_in(g.id, "game-over", format!("{} is over", g.id)))
            }
        }),
    )
}

/// Renders `game-letter.txt` and wraps it as an essential letter about game `g`.
#[allow(clippy::too_many_arguments)]
fn game_letter(
    conn: &Connection,
    templates: &Templates,
    g: &StoredGame,
    to: &PlayerRef,
    kind: &'static str,
    subject: String,
    intro: Vec<String>,
    next: Vec<String>,
) -> Result<Letter, PipelineError> {
    let ctx = GameLetterCtx::new(intro, scoring::board_ctx(conn, g)?, next);
    Ok(Letter {
        to: to.clone(),
        kind,
        subject,
        text: templates.render("game-letter.txt", &ctx)?,
        html: None,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: true,
    })
}

/// Returns why a move in `g` is refused by the lifecycle: free handicap
/// stones still to place, or the scoring phase.
pub(super) fn refuse_play(
    conn: &Connection,
    g: &StoredGame,
) -> Result<Option<Rejection>, PipelineError> {
    if g.game.phase() == crate::go::Phase::Scoring {
        let id = g.id;
        return Ok(Some(reject_in(
            id,
            "scoring-phase",
            format!(
                "both players have passed, so {id} is being scored and moves are not played: \
                 mark dead stones with 'dead {id} POINT...' (or 'alive'), accept the count \
                 with 'done {id}', or play on with 'resume {id}' first"
            ),
        )));
    }
    if g.game.move_number() == 0 {
        let left = crate::store::challenges::to_place(conn, g.id)?;
        if left > 0 {
            let id = g.id;
            return Ok(Some(reject_in(
                id,
                "placing-handicap",
                format!(
                    "{} (Black) has {left} handicap stone{} to place first, with \
                     'place {id} POINT...'",
                    g.black.name,
                    if left == 1 { "" } else { "s" }
                ),
            )));
        }
    }
    Ok(None)
}

/// Returns the sender's open challenges as lines for `games`, if any.
pub(super) fn challenges_text(
    conn: &Connection,
    player: &Player,
) -> Result<Option<String>, PipelineError> {
    let open = crate::store::challenges::open_for(conn, player.id)?;
    if open.is_empty() {
        return Ok(None);
    }
    let mut out = String::from("Open challenges:\n");
    for c in open {
        let t = &c.terms;
        let line = match c.challenger.id == player.id {
            true => format!(
                "to {}, waiting for an answer (decline {} withdraws it)",
                c.challenged.name, c.id
            ),
            false => format!(
                "from {}: answer with accept {} or decline {}",
                c.challenger.name, c.id, c.id
            ),
        };
        out += &format!(
            "  {:<8} {}x{} {line}; expires {}\n",
            c.id.to_string(),
            t.size,
            t.size,
            c.expires_at.format("%Y-%m-%d")
        );
    }
    Ok(Some(out.trim_end().to_string()))
}
