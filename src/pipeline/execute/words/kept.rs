//! The words of a mail kept in the record of a game its commands act in,
//! beyond moves (which keep them at the move: `play`) and `say`: a mail
//! with `dead`, `alive`, `done`, `place`, `undo`, `resume` or `resign`
//! keeps them at the move the game stands at, before the command runs (so
//! the SGF a game-ending command attaches has them) and takes them back if
//! the command is refused; `accept` keeps them at the start of the game it
//! starts.

use crate::command::{Command, GameRef};
use crate::pipeline::base::error::{CmdError, CmdResult, PipelineError};
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::execute::load::load_own;
use crate::store::comments;
use crate::store::games::GameId;

/// The game of a command that keeps the words before it runs.
fn acting_game(cmd: &Command) -> Option<GameRef> {
    match cmd {
        Command::Resign { game }
        | Command::Place { game, .. }
        | Command::Dead { game, .. }
        | Command::Alive { game, .. }
        | Command::Done { game, .. }
        | Command::Resume { game, .. }
        | Command::Undo { game, .. } => Some(*game),
        _ => None,
    }
}

/// Keeps the mail's words in the game `game` refers to, if the sender
/// plays in it; returns the game when they were kept just now.
fn keep(c: &Cmd<'_>, game: GameRef) -> Result<Option<GameId>, PipelineError> {
    let (g, color) = match load_own(c.conn, c.player, game) {
        Ok(found) => found,
        Err(CmdError::Refused(_)) => return Ok(None),
        Err(CmdError::Failed(e)) => return Err(e),
    };
    let at = g.game.move_number();
    let kept = comments::record(c.conn, g.id, at, color, c.words, c.key, c.env.now)?;
    Ok(kept.then_some(g.id))
}

/// Runs `cmd` with `run`, keeping the mail's words in the game it acts in.
pub(in crate::pipeline::execute) fn with_words<T>(
    c: &Cmd<'_>,
    cmd: &Command,
    run: impl FnOnce() -> CmdResult<T>,
) -> CmdResult<T> {
    if c.words.is_empty() {
        return run();
    }
    let before = match acting_game(cmd) {
        Some(game) => keep(c, game)?,
        None => None,
    };
    let result = run();
    match (&result, before, cmd) {
        (Err(CmdError::Refused(_)), Some(id), _) => comments::forget(c.conn, id, c.key)?,
        (Ok(_), _, Command::Accept { game }) => {
            keep(c, *game)?;
        }
        _ => {}
    }
    result
}
