//! The words of `pbmgo tick`'s notices: the clock reminder and warning
//! Subjects, a deadline and the time left until it, and the daily digest.

use chrono::{DateTime, Duration, Utc};

use crate::pipeline::base::phrases::{count, minute};
use crate::store::GameId;

/// Returns `t` as `2026-11-29 12:00 UTC`.
pub(crate) fn deadline_words(t: DateTime<Utc>) -> String {
    minute(t)
}

/// Returns a time left in words: `3 days and 4 hours from now`.
pub(crate) fn left_words(d: Duration) -> String {
    let hours = d.num_hours().max(0);
    match (hours / 24, hours % 24) {
        (0, 0) => "less than an hour from now".into(),
        (0, h) => format!("{} from now", unit(h, "hour")),
        (d, 0) => format!("{} from now", unit(d, "day")),
        (d, h) => format!("{} and {} from now", unit(d, "day"), unit(h, "hour")),
    }
}

/// `n` of a unit, e.g. `1 day`, `3 hours`.
fn unit(n: i64, one: &str) -> String {
    match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    }
}

/// The Subject of the warning one day before a loss on time.
pub(crate) fn warning_subject(id: GameId, deadline: DateTime<Utc>) -> String {
    format!("[{id}] Your time runs out on {}", deadline_words(deadline))
}

/// The Subject of the reminder after half the time.
pub(crate) fn reminder_subject(id: GameId) -> String {
    format!("[{id}] Reminder: it is your move")
}

/// A digest game's deadline when the game has no clock.
pub(crate) fn no_clock() -> &'static str {
    "no clock"
}

/// The Subject of the digest of `n` games on `date`.
pub(crate) fn digest_subject(n: usize, date: &str) -> String {
    format!("Your move in {}: {date}", count(n as i64, "game"))
}
