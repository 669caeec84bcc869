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
pub(crate) mod ending;
mod place;
pub(crate) mod scoring;

use crate::pipeline::error::{CmdResult, PipelineError, Rejection, reject, reject_in};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::report::Effect;
use rusqlite::Connection;

use crate::mail::command::Command;
use crate::mail::templates::wrap;
use crate::store::StoredGame;
use crate::store::players::Player;

/// Runs one lifecycle command for `player`.
pub(super) fn run(c: &Cmd<'_>, cmd: &Command) -> CmdResult<Effect> {
    let done = match cmd {
        Command::Challenge { opponent, options } => challenge::challenge(c, opponent, options),
        Command::Accept { game } => accept::accept(c, *game),
        Command::Decline { game } => challenge::decline(c, *game),
        Command::Place { game, points } => place::place(c, *game, points),
        Command::Dead { game, points } => scoring::mark(c, *game, points, true),
        Command::Alive { game, points } => scoring::mark(c, *game, points, false),
        Command::Done { game } => scoring::done(c, *game),
        Command::Resume { game } => scoring::resume(c, *game),
        Command::Sgf { game } => ending::sgf(c, *game),
        other => Err(reject(
            "unknown-command",
            format!("'{other}' is not a lifecycle command"),
        )
        .into()),
    };
    Ok(match done? {
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
