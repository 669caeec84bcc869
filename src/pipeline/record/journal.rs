//! The record of a handled message in the `messages` table: its
//! exactly-once key, sender, its Subject (the head an echo may show),
//! outcome and the refusal codes, written in the message's transaction.

use rusqlite::Connection;

use crate::command::without_secret;
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::replies::subject_head;
use crate::store::messages::{self, NewMessage, Outcome};
use crate::store::{MessageId, PlayerId};

/// What a handled message came to, as its entry keeps it.
pub(crate) struct Entry<'a> {
    /// The sender's player id, when the sender is a player.
    pub(crate) player_id: Option<PlayerId>,
    /// What the message came to.
    pub(crate) outcome: Outcome,
    /// The refusal (or ignore) codes, space-separated.
    pub(crate) reasons: &'a str,
    /// A line for the log.
    pub(crate) detail: &'a str,
}

/// A recorded message: the message and its row id, which its replies name.
#[derive(Clone, Copy)]
pub(crate) struct Recorded<'a> {
    /// The message.
    pub(crate) msg: &'a Msg<'a>,
    /// Its row in the `messages` table.
    pub(crate) id: MessageId,
}

/// Records the message's key and what it came to; returns its row id.
pub(crate) fn record(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    entry: &Entry<'_>,
) -> Result<MessageId, PipelineError> {
    let subject = subject_head(&without_secret(&msg.mail.subject));
    let m = NewMessage {
        key: msg.key,
        sender: msg.mail.from.as_deref(),
        player_id: entry.player_id,
        subject: &subject,
        outcome: entry.outcome,
        reasons: entry.reasons,
        detail: entry.detail,
        source: msg.source,
        fingerprint: &msg.mail.words_hash,
    };
    Ok(messages::record(conn, &m, env.now)?)
}
