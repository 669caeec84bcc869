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

pub(crate) mod clocks;
mod digest;
mod notice;

pub use clocks::TickSummary;

use rusqlite::Connection;

use super::deadlines;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::games::tournament::progress;
use crate::store::clock;

/// Runs the clocks, the deadlines and the digests at `env.now`, in the
/// caller's transaction; returns what was queued.
pub(crate) fn run(conn: &Connection, env: &Env<'_>) -> Result<TickSummary, PipelineError> {
    let mut summary = TickSummary::default();
    for r in clock::running(conn)? {
        clocks::step(conn, env, &r, &mut summary)?;
    }
    summary.deadlines = deadlines::run(conn, env)?;
    summary.digests = digest::run(conn, env)?;
    summary.rounds = progress::tick(conn, env)?;
    Ok(summary)
}
