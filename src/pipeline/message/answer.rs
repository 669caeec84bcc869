//! The end of a message from a player: its record in the `messages`
//! table with what its commands came to, and its replies queued.

use rusqlite::Connection;

use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::mailing::replies;
use crate::pipeline::record::journal::{Entry, Recorded, record};
use crate::pipeline::record::report::{Disposition, Report};
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
    let entry = Entry {
        player_id: Some(player.id),
        outcome,
        reasons: &codes,
        detail: &summary,
    };
    let id = record(conn, env, msg, &entry)?;
    if report.unanswered {
        return Ok(Disposition::Handled {
            outcome,
            replies: 0,
        });
    }
    let replies = replies::send_all(conn, env, Recorded { msg, id }, player, report)?;
    Ok(Disposition::Handled { outcome, replies })
}
