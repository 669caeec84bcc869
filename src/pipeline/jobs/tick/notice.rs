//! What every `tick` notice shares: queueing a letter under a Message-ID
//! made from its notice (so a second run makes the same mail).

use rusqlite::Connection;

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::mailing::letters::{self, Origin};

/// Queues a tick letter with a Message-ID made from its notice.
pub(super) fn queue(
    conn: &Connection,
    env: &Env<'_>,
    letter: &Letter,
    key: &str,
) -> Result<bool, PipelineError> {
    let game = letter.game.map_or(0, |g| g.get());
    let unique = format!("tick/{}/{game}/{}/{key}", letter.kind, letter.to.id);
    let origin = Origin {
        unique: &unique,
        inbound_id: None,
        known: None,
    };
    letters::queue(conn, env, letter, &origin)
}
