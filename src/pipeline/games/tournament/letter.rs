//! [`queue`]: a tournament's letter to one player that is about no single
//! game (a bye, a withdrawal by the admin, the final tables), queued once.

use rusqlite::Connection;

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::mailing::letters;
use crate::store::players::PlayerRef;

/// Queues `subject` and `text` to `to` as a `tournament` letter, once for
/// `unique`; `essential` letters go even to a player with `notify off`.
pub(crate) fn queue(
    conn: &Connection,
    env: &Env<'_>,
    to: PlayerRef,
    (subject, text): (String, String),
    (unique, essential): (String, bool),
) -> Result<(), PipelineError> {
    let letter = Letter {
        to,
        kind: "tournament",
        subject,
        text,
        game: None,
        attachments: Vec::new(),
        essential,
        brief: None,
    };
    letters::queue_each(conn, env, [&letter], |_| unique.clone(), None, None)?;
    Ok(())
}
