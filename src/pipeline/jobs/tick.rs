//! `pbmgo tick`, run from cron: the clocks of every running game (a
//! reminder after half the time, a warning one day before the end, a loss
//! on time after it, ended through `games::ending::end_game`), the
//! challenge and scoring deadlines of `deadlines`, and the daily digests
//! (`digest`).
//!
//! Owns when each of those is due and that each goes out once: every
//! notice is recorded in the `notices` table (keyed by the turn it is
//! about, or the day), so running tick twice sends nothing twice. A player
//! on vacation is never mailed: their clocks are paused (the deadline
//! already includes the vacation). Time is an argument.

mod clocks;
mod digest;
mod notice;

pub(crate) use crate::pipeline::base::wording::tick::left_words;

use rusqlite::Connection;
use serde::Serialize;

use super::deadlines;
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::store::clock;

/// What one tick did (public for the test harness, through `testkit`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct TickSummary {
    /// Reminders queued (half the time gone).
    pub reminders: u32,
    /// "Timing out soon" warnings queued.
    pub warnings: u32,
    /// Games lost on time.
    pub timeouts: u32,
    /// Letters queued by the challenge and scoring deadlines.
    pub deadlines: u32,
    /// Daily digests queued.
    pub digests: u32,
}

/// Context of `clock-reminder.txt`, `clock-warning.txt` and `clock-period.txt`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClockCtx {
    /// The player to move.
    pub(crate) player: String,
    /// Their opponent.
    pub(crate) opponent: String,
    /// The game's name.
    pub(crate) game: String,
    /// When they lose on time, in their zone and in UTC, e.g.
    /// `2026-11-29 13:00 Europe/Berlin (2026-11-29 12:00 UTC)`.
    pub(crate) deadline: String,
    /// `clock-period.txt`: where their byo-yomi stands, in a sentence.
    pub(crate) period: Option<String>,
    /// The time left in words, e.g. `3 days and 4 hours from now`.
    pub(crate) days_left: String,
    /// The number of the move they are to play.
    pub(crate) move_number: u32,
    /// The board.
    pub(crate) board: BoardCtx,
}

/// Runs the clocks, the deadlines and the digests at `env.now`, in the
/// caller's transaction; returns what was queued.
pub(crate) fn run(conn: &Connection, env: &Env<'_>) -> Result<TickSummary, PipelineError> {
    let mut summary = TickSummary::default();
    for r in clock::running(conn)? {
        clocks::step(conn, env, &r, &mut summary)?;
    }
    summary.deadlines = deadlines::run(conn, env)?;
    summary.digests = digest::run(conn, env)?;
    Ok(summary)
}

