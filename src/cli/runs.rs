//! The record of each `poll` and `tick` run (`store::runs`, read back by
//! `status`), then the metrics file rewritten (`metrics`).

use chrono::{DateTime, Utc};

use crate::home::Home;
use crate::store::Store;
use crate::store::runs::{self, Run, RunKind};

/// What a run did, to record: its counts (a JSON object) and, when it
/// failed (wholly or in part, such as the IMAP pass of a poll), why.
pub(crate) struct RunResult<'a> {
    /// When it started.
    pub(crate) started: DateTime<Utc>,
    /// Its counts (`{}` when it stopped before it had any).
    pub(crate) counts: &'a serde_json::Value,
    /// Why it failed.
    pub(crate) error: Option<String>,
}

/// Records a run of `kind` that ended at `finished`, then rewrites the
/// metrics file when one is configured. Neither stops the command: a
/// failure is logged (the record's at `debug` when the run failed).
pub(crate) fn record_run(
    home: &Home,
    store: &mut Store,
    kind: RunKind,
    result: RunResult<'_>,
    finished: DateTime<Utc>,
) {
    let run = Run {
        started: result.started,
        finished,
        error: result.error,
        counts: result.counts.to_string(),
    };
    // A run that failed has said why already (often: the database takes no
    // writes), so that its record failing too is not one more line.
    match store.write(|tx| runs::record(tx, kind, &run)) {
        Err(e) if run.error.is_some() => {
            tracing::debug!(error = %e, job = kind.name(), "the run could not be recorded");
        }
        Err(e) => tracing::warn!(error = %e, job = kind.name(), "the run could not be recorded"),
        Ok(()) => {}
    }
    if let Some(path) = home.metrics_file()
        && let Err(e) = super::metrics::update(home, store.conn(), &path, finished)
    {
        let e = super::one_line(&e);
        tracing::warn!(error = %e, path = %path.display(), "the metrics file could not be written");
    }
}
