//! The game lifecycle by mail: challenges (`challenge`, `accept`, `decline`),
//! free handicap placement (`place`), the scoring phase (`dead`, `alive`,
//! `done`, `resume`) and game records (`sgf`).

use rusqlite::Connection;

use super::{Outcome1, reject};
use crate::mail::command::Command;
use crate::pipeline::{Env, PipelineError};
use crate::store::players::Player;

/// Runs one lifecycle command for `player`.
pub(super) fn run(
    _conn: &Connection,
    _env: &Env<'_>,
    _player: &Player,
    cmd: &Command,
    _source: &str,
) -> Outcome1 {
    Ok::<_, PipelineError>(Err(reject(
        "unknown-command",
        format!("'{cmd}' is not available yet"),
    )))
}
