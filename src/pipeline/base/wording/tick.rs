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

/// The Subject of the notice that a byo-yomi period started, `left` of them left.
pub(crate) fn period_subject(id: GameId, left: u32) -> String {
    match left {
        1 => format!("[{id}] Your last byo-yomi period has started"),
        n => format!("[{id}] In byo-yomi: {n} periods left"),
    }
}

/// Where a player's byo-yomi stands: `left` periods, the one in progress
/// ending at `ends` (a moment in words).
pub(crate) fn period_words(left: u32, ends: &str) -> String {
    let then = match left {
        1 => "your time runs out".to_string(),
        2 => "you are down to your last period".to_string(),
        n => format!("you are down to {} periods", n - 1),
    };
    format!(
        "You are in byo-yomi, with {} left, counting the one in progress. A move within a \
         period keeps it. If no move has come by {ends}, {then}.",
        unit(i64::from(left), "period")
    )
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
