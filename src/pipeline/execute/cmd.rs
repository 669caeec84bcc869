//! The context every mail command runs in: the message's transaction, its
//! environment, the player who sent it and the message's key (which
//! records and coin flips are tied to), the mail's words, and the mail it
//! answers, and what the mail's commands showed so far. A copy of seven
//! references.

use rusqlite::Connection;

use super::once::Shown;
use crate::pipeline::base::context::Env;
use crate::store::players::Player;

/// One command's context; see the module header.
#[derive(Clone, Copy)]
pub(crate) struct Cmd<'a> {
    /// The message's transaction.
    pub(crate) conn: &'a Connection,
    /// Settings, templates and the time.
    pub(crate) env: &'a Env<'a>,
    /// The sender.
    pub(crate) player: &'a Player,
    /// The message's exactly-once key.
    pub(crate) key: &'a str,
    /// The mail's words (its lines that are not commands), kept in the
    /// record of a game the mail plays in.
    pub(crate) words: &'a [String],
    /// The Message-ID of the mail this one answers (its In-Reply-To).
    pub(crate) answers: Option<&'a str>,
    /// What the mail's commands showed so far (each listing once a mail).
    pub(crate) shown: &'a Shown,
}
