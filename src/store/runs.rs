//! The runs of the cron jobs (`poll`, `tick`): when each started and
//! finished, its outcome, its counts and its error, read back by
//! `pbmgo status` and the metrics file.
//!
//! Owns the `runs` table. The counts are a JSON object the caller makes and
//! reads; the store keeps the text as it is. Only the latest [`KEPT`] runs
//! of each kind are kept.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, Stored};

/// Runs of each kind kept; older ones are deleted as new ones are recorded.
pub(crate) const KEPT: i64 = 100;

/// Which job ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunKind {
    /// `pbmgo poll`.
    Poll,
    /// `pbmgo tick`.
    Tick,
}

impl RunKind {
    /// The kind as stored: `poll` or `tick`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            RunKind::Poll => "poll",
            RunKind::Tick => "tick",
        }
    }
}

/// One run, to record or as read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Run {
    /// When it started.
    pub(crate) started: DateTime<Utc>,
    /// When it finished.
    pub(crate) finished: DateTime<Utc>,
    /// Why it failed; `None` when it ended well.
    pub(crate) error: Option<String>,
    /// Its counts, a JSON object (`{}` when it has none).
    pub(crate) counts: String,
}

impl Run {
    /// `ok` or `error`, as stored.
    pub(crate) fn outcome(&self) -> &'static str {
        match self.error {
            None => "ok",
            Some(_) => "error",
        }
    }
}

/// Records a run of `kind` and deletes the ones older than the last [`KEPT`].
pub(crate) fn record(conn: &Connection, kind: RunKind, run: &Run) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO runs (kind, started_at, finished_at, outcome, counts, error)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        kind.name(),
        Sql(run.started),
        Sql(run.finished),
        run.outcome(),
        run.counts,
        run.error
    ])?;
    conn.prepare_cached(
        "DELETE FROM runs WHERE kind = ?1 AND id <=
             (SELECT id FROM runs WHERE kind = ?1 ORDER BY id DESC LIMIT 1 OFFSET ?2)",
    )?
    .execute(params![kind.name(), KEPT])?;
    Ok(())
}

/// Returns the latest run of `kind`, if there was one.
pub(crate) fn last(conn: &Connection, kind: RunKind) -> Result<Option<Run>, StoreError> {
    let run = conn
        .prepare_cached(
            "SELECT started_at, finished_at, counts, error FROM runs
             WHERE kind = ?1 ORDER BY id DESC LIMIT 1",
        )?
        .query_row([kind.name()], |r| {
            Ok(Run {
                started: r.stored(0)?,
                finished: r.stored(1)?,
                counts: r.get(2)?,
                error: r.get(3)?,
            })
        })
        .optional()
        .map_err(|e| StoreError::from(e).in_row(format!("{} run", kind.name()), "time"))?;
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use chrono::TimeZone;

    fn run(minute: u32, error: Option<&str>) -> Run {
        let at = Utc.with_ymd_and_hms(2026, 11, 22, 12, minute, 0).unwrap();
        Run {
            started: at,
            finished: at + chrono::Duration::seconds(3),
            error: error.map(str::to_string),
            counts: format!("{{\"processed\":{minute}}}"),
        }
    }

    #[test]
    fn the_last_run_of_each_kind_is_read_back() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        assert_eq!(last(conn, RunKind::Poll).unwrap(), None);
        record(conn, RunKind::Poll, &run(1, None)).unwrap();
        record(conn, RunKind::Tick, &run(2, None)).unwrap();
        record(conn, RunKind::Poll, &run(3, Some("disk full"))).unwrap();
        let poll = last(conn, RunKind::Poll).unwrap().unwrap();
        assert_eq!(poll, run(3, Some("disk full")));
        assert_eq!(poll.outcome(), "error");
        assert_eq!(last(conn, RunKind::Tick).unwrap().unwrap().outcome(), "ok");
    }

    #[test]
    fn only_the_latest_runs_are_kept() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        for i in 0..(KEPT + 5) {
            record(conn, RunKind::Poll, &run((i % 60) as u32, None)).unwrap();
        }
        record(conn, RunKind::Tick, &run(0, None)).unwrap();
        let count = |kind: &str| -> i64 {
            conn.query_row("SELECT count(*) FROM runs WHERE kind = ?1", [kind], |r| {
                r.get(0)
            })
            .unwrap()
        };
        assert_eq!(count("poll"), KEPT);
        assert_eq!(count("tick"), 1);
    }
}
