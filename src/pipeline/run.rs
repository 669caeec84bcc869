//! Runs of the pipeline: a batch over a Maildir (`pbmgo poll`) and one
//! message from an MTA pipe (`pbmgo deliver`).
//!
//! Owns batching (many messages per transaction, one savepoint each), the
//! order "commit, then move the files" (a processed file goes to `cur/`
//! with the `S` flag, a failed one to the quarantine Maildir), and telling
//! a failure of the environment (database busy, disk full, read-only),
//! which stops the run and leaves the mail where it is, from a failure of
//! one message, which quarantines that message only.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, ErrorCode};
use thiserror::Error;

use super::{Disposition, Env, PipelineError, Settings, process};
use crate::mail::maildir::{MailFile, Maildir};
use crate::mail::templates::Templates;
use crate::sender::{Outlet, SendSummary};
use crate::store::messages::Outcome;
use crate::store::outbox::{Capture, Due};
use crate::store::{Store, StoreError, quarantine};

/// Files listed per round of `poll`.
const ROUND: usize = 20_000;

/// Counts of one run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    /// Messages looked at.
    pub processed: u32,
    /// Messages with at least one command carried out.
    pub applied: u32,
    /// Messages whose commands were all refused.
    pub rejected: u32,
    /// Messages answered without a change (help, boards, unknown sender).
    pub answered: u32,
    /// Messages not answered (loops, lists, bounces) and duplicates.
    pub ignored: u32,
    /// Messages held in quarantine.
    pub quarantined: u32,
    /// Replies queued.
    pub replies: u32,
}

impl Summary {
    /// Counts one message that ended as `d`.
    pub fn add(&mut self, d: &Disposition) {
        self.processed += 1;
        match d {
            Disposition::Handled { outcome, replies } => {
                self.replies += replies;
                match outcome {
                    Outcome::Applied => self.applied += 1,
                    Outcome::Rejected => self.rejected += 1,
                    Outcome::Answered => self.answered += 1,
                    Outcome::Ignored => self.ignored += 1,
                }
            }
            Disposition::Duplicate => self.ignored += 1,
            Disposition::Quarantine { .. } => self.quarantined += 1,
        }
    }
}

/// Why a run stopped; the mail not yet committed stays where it was.
#[derive(Debug, Error)]
pub enum RunError {
    /// The database is busy, full, read-only or failing: try again later.
    #[error("the database cannot take mail now")]
    Unavailable(#[source] StoreError),
    /// Another database error.
    #[error("database error")]
    Store(#[from] StoreError),
    /// A Maildir could not be read or written.
    #[error("mail folder error: {0}")]
    Io(#[from] std::io::Error),
}

impl RunError {
    /// Returns true when trying again later may succeed (exit 75 for `deliver`).
    pub fn is_temporary(&self) -> bool {
        matches!(self, RunError::Unavailable(_) | RunError::Io(_))
    }
}

/// Returns true for database failures that are about the machine, not the message.
fn environmental(e: &StoreError) -> bool {
    let code = match e {
        StoreError::Sql(rusqlite::Error::SqliteFailure(f, _))
        | StoreError::Open {
            source: rusqlite::Error::SqliteFailure(f, _),
            ..
        } => f.code,
        _ => return false,
    };
    matches!(
        code,
        ErrorCode::DatabaseBusy
            | ErrorCode::DatabaseLocked
            | ErrorCode::DiskFull
            | ErrorCode::ReadOnly
            | ErrorCode::SystemIoFailure
            | ErrorCode::CannotOpen
            | ErrorCode::OutOfMemory
    )
}

fn run_error(e: StoreError) -> RunError {
    if environmental(&e) {
        RunError::Unavailable(e)
    } else {
        RunError::Store(e)
    }
}

/// What the pipeline runs with: settings, templates and the clock.
pub struct Runner<'a> {
    /// Server settings.
    pub settings: &'a Settings,
    /// Reply templates.
    pub templates: &'a Templates,
    /// Reads the time; called once per message.
    pub clock: &'a dyn Fn() -> DateTime<Utc>,
    /// Messages per transaction.
    pub batch: usize,
}

/// Handles every pending message of `inbox`; `on_message` is called after each.
pub fn poll_maildir(
    store: &mut Store,
    runner: &Runner<'_>,
    inbox: &Maildir,
    held: &Maildir,
    on_message: &mut dyn FnMut(),
) -> Result<Summary, RunError> {
    poll_maildir_sending(store, runner, (inbox, held), on_message, None)
}

/// Like [`poll_maildir`]; with an `outlet`, each batch's replies are sent
/// right after its commit and its file moves, and their outcomes recorded
/// in the next batch's transaction (the last batch's in one of their own,
/// also when the run stops with an error).
pub fn poll_maildir_sending(
    store: &mut Store,
    runner: &Runner<'_>,
    (inbox, held): (&Maildir, &Maildir),
    on_message: &mut dyn FnMut(),
    mut outlet: Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let result = poll_rounds(
        store,
        runner,
        (inbox, held),
        on_message,
        outlet.as_deref_mut(),
    );
    let Some(outlet) = outlet.filter(|o| o.has_unrecorded()) else {
        return result;
    };
    let recorded = store.write(|tx| outlet.record(tx)).map_err(run_error);
    if let Ok(sum) = recorded {
        outlet.committed(sum);
    }
    let summary = result?;
    recorded.map(|_| summary)
}

/// The rounds of [`poll_maildir_sending`].
fn poll_rounds(
    store: &mut Store,
    runner: &Runner<'_>,
    (inbox, held): (&Maildir, &Maildir),
    on_message: &mut dyn FnMut(),
    mut outlet: Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    // Rounds of at most ROUND files keep memory flat for any inbox size. Every
    // file of a round leaves the pending set (moved to cur/ or quarantine, or
    // gone) unless the run stops with an error, so the rounds end.
    loop {
        let files = inbox.pending_first(ROUND)?;
        if files.is_empty() {
            return Ok(summary);
        }
        for chunk in files.chunks(runner.batch.max(1)) {
            let batch = run_batch(store, runner, chunk, outlet.as_deref())?;
            if let Some(o) = outlet.as_deref_mut() {
                o.committed(batch.recorded);
            }
            for (file, disposition) in &batch.done {
                settle(inbox, held, file, disposition)?;
                summary.add(disposition);
                on_message();
            }
            inbox.sync_cur()?;
            if let Some(o) = outlet.as_deref_mut() {
                o.send(batch.queued);
            }
        }
        if files.len() < ROUND {
            return Ok(summary);
        }
    }
}

/// What one committed batch did.
struct Batch {
    /// Each file's disposition.
    done: Vec<(MailFile, Disposition)>,
    /// The mails it queued (only captured with an outlet).
    queued: Vec<Due>,
    /// The earlier sends it recorded.
    recorded: SendSummary,
}

/// Runs one batch in one transaction, after recording the outlet's
/// unrecorded sends in it.
fn run_batch(
    store: &mut Store,
    runner: &Runner<'_>,
    chunk: &[MailFile],
    outlet: Option<&Outlet<'_>>,
) -> Result<Batch, RunError> {
    let result = store.write(|tx| {
        let recorded = match outlet {
            Some(o) => o.record(tx)?,
            None => SendSummary::default(),
        };
        let capture = outlet.map(|_| Capture::start());
        let mut done = Vec::with_capacity(chunk.len());
        for file in chunk {
            let raw = match std::fs::read(&file.path) {
                Ok(raw) => raw,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(BatchError::Io(e)),
            };
            let d = one(tx, runner, &raw, &file.name, capture.as_ref())?;
            done.push((file.clone(), d));
        }
        let queued = capture.map(Capture::finish).unwrap_or_default();
        Ok(Batch {
            done,
            queued,
            recorded,
        })
    });
    match result {
        Ok(batch) => Ok(batch),
        Err(BatchError::Io(e)) => Err(RunError::Io(e)),
        Err(BatchError::Store(e)) => Err(run_error(e)),
    }
}

/// Runs one batch without an outlet; returns each file's disposition.
fn run_plain(
    store: &mut Store,
    runner: &Runner<'_>,
    chunk: &[MailFile],
) -> Result<Vec<(MailFile, Disposition)>, RunError> {
    run_batch(store, runner, chunk, None).map(|b| b.done)
}

enum BatchError {
    Io(std::io::Error),
    Store(StoreError),
}

impl From<StoreError> for BatchError {
    fn from(e: StoreError) -> Self {
        BatchError::Store(e)
    }
}

/// Handles one message inside a savepoint of the batch's transaction.
///
/// A failure of the message alone rolls back its savepoint and quarantines
/// it; a failure of the environment aborts the whole batch.
fn one(
    tx: &Connection,
    runner: &Runner<'_>,
    raw: &[u8],
    name: &str,
    capture: Option<&Capture>,
) -> Result<Disposition, StoreError> {
    let captured = capture.map_or(0, Capture::len);
    let env = Env {
        settings: runner.settings,
        templates: runner.templates,
        now: (runner.clock)(),
    };
    tx.prepare_cached("SAVEPOINT message")?.execute([])?;
    let d = match process(tx, &env, raw, name) {
        Ok(d) => {
            tx.prepare_cached("RELEASE message")?.execute([])?;
            d
        }
        Err(PipelineError::Store(e)) if environmental(&e) => return Err(e),
        Err(e) => {
            tx.execute_batch("ROLLBACK TO message; RELEASE message")?;
            if let Some(c) = capture {
                c.truncate(captured);
            }
            let reason = error_chain(&e);
            tracing::warn!(file = name, error = %reason, "message quarantined");
            Disposition::Quarantine {
                reason,
                sender: None,
            }
        }
    };
    if let Disposition::Quarantine { reason, sender } = &d {
        quarantine::hold(
            tx,
            Maildir::base_name(name),
            sender.as_deref(),
            reason,
            env.now,
        )?;
    }
    Ok(d)
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut cur = e.source();
    while let Some(s) = cur {
        out += &format!(": {s}");
        cur = s.source();
    }
    out
}

/// Moves a file after commit: to `cur/` seen, or into quarantine.
fn settle(
    inbox: &Maildir,
    held: &Maildir,
    file: &MailFile,
    d: &Disposition,
) -> Result<(), RunError> {
    let moved = match d {
        Disposition::Quarantine { .. } => inbox.take_into(file, held),
        _ => inbox.mark_seen_unsynced(file),
    };
    match moved {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// Takes one piped message: stores it in the inbox Maildir, handles it,
/// and files it like `poll` does. On a temporary failure the copy is
/// removed again, so the MTA's retry is the only copy.
pub fn deliver_one(
    store: &mut Store,
    runner: &Runner<'_>,
    inbox: &Maildir,
    held: &Maildir,
    raw: &[u8],
    unique: &str,
) -> Result<Disposition, RunError> {
    let path = inbox.deliver(raw, unique)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let file = MailFile {
        path: path.clone(),
        name,
        in_new: true,
    };
    match run_plain(store, runner, std::slice::from_ref(&file)) {
        Ok(done) => {
            let d = done
                .into_iter()
                .next()
                .map_or(Disposition::Duplicate, |(_, d)| d);
            settle(inbox, held, &file, &d)?;
            Ok(d)
        }
        Err(e) => {
            let _ = std::fs::remove_file(&path);
            Err(e)
        }
    }
}

/// Runs a held message again; returns its new disposition. A message handled
/// this time is released and filed in the inbox as seen.
pub fn retry_held(
    store: &mut Store,
    runner: &Runner<'_>,
    inbox: &Maildir,
    held: &Maildir,
    id: i64,
) -> Result<Disposition, RunError> {
    let entry = quarantine::get(store.conn(), id)?;
    let file = held
        .pending()?
        .into_iter()
        .find(|f| Maildir::base_name(&f.name) == entry.file)
        .ok_or_else(|| {
            std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("{} is not in the quarantine folder", entry.file),
            )
        })?;
    let done = run_plain(store, runner, std::slice::from_ref(&file))?;
    let d = done
        .into_iter()
        .next()
        .map_or(Disposition::Duplicate, |(_, d)| d);
    if !matches!(d, Disposition::Quarantine { .. }) {
        let now = (runner.clock)();
        store
            .write(|tx| quarantine::release(tx, id, now))
            .map_err(run_error)?;
        held.take_into(&file, inbox)?;
    }
    Ok(d)
}
