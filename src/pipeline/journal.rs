//! The record of a handled message in the `messages` table: its
//! exactly-once key, sender, outcome and the refusal codes, written in the
//! message's transaction.

use rusqlite::Connection;

use super::context::{Env, Msg};
use super::error::PipelineError;
use crate::store::messages::{self, NewMessage, Outcome};

/// What a handled message came to, as its entry keeps it.
pub struct Entry<'a> {
    /// The sender's player id, when the sender is a player.
    pub player_id: Option<i64>,
    /// What the message came to.
    pub outcome: Outcome,
    /// The refusal (or ignore) codes, space-separated.
    pub reasons: &'a str,
    /// A line for the log.
    pub detail: &'a str,
}

/// A recorded message: the message and its row id, which its replies name.
#[derive(Clone, Copy)]
pub struct Recorded<'a> {
    /// The message.
    pub msg: &'a Msg<'a>,
    /// Its row in the `messages` table.
    pub id: i64,
}

/// Records the message's key and what it came to; returns its row id.
pub fn record(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    entry: &Entry<'_>,
) -> Result<i64, PipelineError> {
    let m = NewMessage {
        key: msg.key,
        sender: msg.mail.from.as_deref(),
        player_id: entry.player_id,
        subject: &msg.mail.subject,
        outcome: entry.outcome,
        reasons: entry.reasons,
        detail: entry.detail,
        source: msg.source,
    };
    Ok(messages::record(conn, &m, env.now)?)
}
