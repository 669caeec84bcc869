//! The end of a message from a player: its record in the `messages`
//! table with what its commands came to, and its replies queued.

use rusqlite::Connection;

use super::context::{Env, Msg};
use super::error::PipelineError;
use super::journal::record;
use super::replies;
use super::report::{Disposition, Report};
use crate::store::players::Player;

/// Records a player's message with what its commands did, and queues the replies.
pub(crate) fn answer_player(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
    report: &Report,
) -> Result<Disposition, PipelineError> {
    let outcome = report.outcome();
    let (codes, summary) = (report.codes().join(" "), report.summary());
    let id = record(conn, env, msg, Some(player.id), outcome, &codes, &summary)?;
    let replies = replies::send_all(conn, env, msg, player, report, id)?;
    Ok(Disposition::Handled { outcome, replies })
}
