//! What every `tick` notice shares: queueing a letter under a Message-ID
//! made from its notice (so a second run makes the same mail), and the
//! words for a deadline and the time left until it.

use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

use crate::pipeline::context::Env;
use crate::pipeline::error::PipelineError;
use crate::pipeline::letters::{self, Letter, Origin};

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
    };
    letters::queue(conn, env, letter, &origin)
}

/// Returns `t` as `2026-11-29 12:00 UTC`.
pub fn deadline_words(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// Returns a time left in words: `3 days and 4 hours from now`.
pub fn left_words(d: Duration) -> String {
    let hours = d.num_hours().max(0);
    let (days, hours) = (hours / 24, hours % 24);
    let unit = |n: i64, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    match (days, hours) {
        (0, 0) => "less than an hour from now".into(),
        (0, h) => format!("{} from now", unit(h, "hour")),
        (d, 0) => format!("{} from now", unit(d, "day")),
        (d, h) => format!("{} and {} from now", unit(d, "day"), unit(h, "hour")),
    }
}
