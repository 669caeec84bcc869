//! The record of a handled message in the `messages` table: its
//! exactly-once key, sender, outcome and the refusal codes, written in the
//! message's transaction.

use rusqlite::Connection;

use super::context::{Env, Msg};
use super::error::PipelineError;
use crate::store::messages::{self, NewMessage, Outcome};

/// Records the message's key and outcome; returns its row id.
pub fn record(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player_id: Option<i64>,
    outcome: Outcome,
    reasons: &str,
    detail: &str,
) -> Result<i64, PipelineError> {
    let m = NewMessage {
        key: msg.key,
        sender: msg.mail.from.as_deref(),
        player_id,
        subject: &msg.mail.subject,
        outcome,
        reasons,
        detail,
        source: msg.source,
    };
    Ok(messages::record(conn, &m, env.now)?)
}
