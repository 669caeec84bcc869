//! The game lifecycle by mail: challenges (`challenge`, `accept`, `decline`,
//! in `challenge`), free handicap placement (`place`) and the scoring phase
//! (`dead`, `alive`, `done`, `resume`, in `scoring`), the end of a game
//! and game records (`sgf`, in `ending`), and the server's proposed count
//! of a finished game for review (`estimate`), and a ladder's challenges
//! (`ladder`).
//!
//! Each command tells the sender what happened (the transcript) and mails
//! the other player a [`Letter`]. Endings and returns to play are recorded
//! as game events beside the move list (`store::events`), so `pbmgo game
//! verify` rebuilds every game from its moves and events.

mod accept;
mod challenge;
pub(crate) mod ending;
mod estimate;
mod fair;
mod ladder;
mod place;
pub(crate) mod scoring;

use crate::pipeline::base::error::{CmdResult, PipelineError, Rejection, reject, reject_in};
use crate::pipeline::base::wording::{challenge as challenge_words, play as words, start};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::record::report::Effect;
use rusqlite::Connection;

use crate::command::Command;
use crate::go::Phase;
use crate::store::StoredGame;
use crate::store::challenges::{open_for, to_place};
use crate::store::players::Player;

/// Runs one lifecycle command for `player`.
pub(super) fn run(c: &Cmd<'_>, cmd: &Command) -> CmdResult<Effect> {
    match cmd {
        Command::Challenge {
            opponent,
            options,
            ladder,
        } => challenge::challenge(c, opponent, options, ladder.as_deref()),
        Command::Accept { game } => accept::accept(c, *game),
        Command::Decline { game } => challenge::decline(c, *game),
        Command::Place { game, points } => place::place(c, *game, points),
        Command::Dead { game, points } => scoring::mark(c, *game, points, true),
        Command::Alive { game, points } => scoring::mark(c, *game, points, false),
        Command::Done { game, count } => scoring::done(c, *game, *count),
        Command::Resume { game } => scoring::resume(c, *game),
        Command::Sgf { game } => ending::sgf(c, *game),
        Command::Estimate { game } => estimate::estimate(c, *game),
        other => Err(reject("unknown-command", words::not_lifecycle(&other.to_string())).into()),
    }
}

/// Returns why a move in `g` is refused by the lifecycle: free handicap
/// stones still to place, or the scoring phase.
pub(super) fn refuse_play(
    conn: &Connection,
    g: &StoredGame,
) -> Result<Option<Rejection>, PipelineError> {
    let id = g.id;
    if g.game.phase() == Phase::Scoring {
        let why = words::scoring_phase(id);
        return Ok(Some(reject_in(id, "scoring-phase", why)));
    }
    if g.game.move_number() > 0 {
        return Ok(None);
    }
    Ok(match to_place(conn, id)? {
        0 => None,
        left => {
            let why = start::placing_handicap(&g.black.name, left, id);
            Some(reject_in(id, "placing-handicap", why))
        }
    })
}

/// Returns the sender's open challenges as lines for `games`, if any.
pub(super) fn challenges_text(
    conn: &Connection,
    player: &Player,
) -> Result<Option<String>, PipelineError> {
    let open = open_for(conn, player.id)?;
    Ok((!open.is_empty()).then(|| challenge_words::challenges_list(&open, player.id)))
}
