//! Runs of the pipeline: the batches of `pbmgo poll` (whose loop over the
//! Maildir, on threads, is `rounds`) and one message from an MTA
//! pipe (`pbmgo deliver`).
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

use super::render_pool::{Deferral, Renderer};
use super::{Disposition, Env, MailSink, PipelineError, Settings, process};
use crate::mail::maildir::{MailFile, Maildir};
use crate::mail::templates::Templates;
use crate::sender::{Outlet, SendSummary};
use crate::store::messages::Outcome;
use crate::store::outbox::Due;
use crate::store::savepoint::Savepoint;
use crate::store::{Store, StoreError, quarantine};

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

pub(super) fn run_error(e: StoreError) -> RunError {
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
    super::rounds::poll_maildir_sending(store, runner, (inbox, held), on_message, None)
}

/// What one committed batch did.
pub(super) struct Batch {
    /// Each file's disposition.
    pub(super) done: Vec<(MailFile, Disposition)>,
    /// The mails it queued (only kept with an outlet).
    pub(super) queued: Vec<Due>,
    /// The earlier sends it recorded.
    pub(super) recorded: SendSummary,
}

/// Reads the files of `chunk`, leaving out any gone since they were listed
/// (another process took them).
pub(super) fn read_files(chunk: &[MailFile]) -> std::io::Result<Vec<(MailFile, Vec<u8>)>> {
    let mut out = Vec::with_capacity(chunk.len());
    for file in chunk {
        match std::fs::read(&file.path) {
            Ok(raw) => out.push((file.clone(), raw)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Runs one batch of read files in one transaction, after recording the
/// outlet's unrecorded sends in it. With a `renderer`, the batch's mail is
/// rendered on its thread; when one of them cannot be, the batch is rolled
/// back and run again without it.
pub(super) fn run_batch(
    store: &mut Store,
    runner: &Runner<'_>,
    items: &[(MailFile, Vec<u8>)],
    outlet: Option<&Outlet<'_>>,
    renderer: Option<&Renderer>,
) -> Result<Batch, RunError> {
    let result = store.write(|tx| {
        let recorded = match outlet {
            Some(o) => o.record(tx)?,
            None => SendSummary::default(),
        };
        let deferral = renderer.map(Renderer::begin);
        let sink = sink_for(outlet.is_some(), deferral.as_ref());
        let mut done = Vec::with_capacity(items.len());
        for (file, raw) in items {
            let d = one(tx, runner, raw, &file.name, &sink)?;
            done.push((file.clone(), d));
        }
        if let Some(deferral) = &deferral
            && !deferral.finish(tx, &sink)?
        {
            return Err(BatchError::Again);
        }
        let queued = sink.into_kept();
        Ok(Batch {
            done,
            queued,
            recorded,
        })
    });
    match result {
        Ok(batch) => Ok(batch),
        Err(BatchError::Again) => run_batch(store, runner, items, outlet, None),
        Err(BatchError::Store(e)) => Err(run_error(e)),
    }
}

/// Why a batch's transaction was rolled back.
enum BatchError {
    /// A mail could not be rendered on the render thread: run it again.
    Again,
    Store(StoreError),
}

impl From<StoreError> for BatchError {
    fn from(e: StoreError) -> Self {
        BatchError::Store(e)
    }
}

/// Where a batch's mail goes: a copy kept for the outlet (`keep`), and the
/// rendering handed to the render thread (`deferral`).
fn sink_for<'a>(keep: bool, deferral: Option<&'a Deferral<'_>>) -> MailSink<'a> {
    let mut sink = MailSink::plain();
    if keep {
        sink = sink.keeping();
    }
    match deferral {
        Some(d) => sink.rendering_with(d),
        None => sink,
    }
}

/// Runs one batch without an outlet; returns each file's disposition.
fn run_plain(
    store: &mut Store,
    runner: &Runner<'_>,
    chunk: &[MailFile],
) -> Result<Vec<(MailFile, Disposition)>, RunError> {
    let items = read_files(chunk)?;
    run_batch(store, runner, &items, None, None).map(|b| b.done)
}

/// Handles one message inside a savepoint of the batch's transaction.
///
/// A failure of the message alone rolls back its savepoint (and takes the
/// mail it queued back out of `sink`) and quarantines it; a failure of the
/// environment aborts the whole batch.
fn one(
    tx: &Connection,
    runner: &Runner<'_>,
    raw: &[u8],
    name: &str,
    sink: &MailSink<'_>,
) -> Result<Disposition, StoreError> {
    let mark = sink.mark();
    let env = Env {
        settings: runner.settings,
        templates: runner.templates,
        now: (runner.clock)(),
        sink,
    };
    let savepoint = Savepoint::begin(tx)?;
    let d = match process(tx, &env, raw, name) {
        Ok(d) => {
            savepoint.release()?;
            d
        }
        Err(PipelineError::Store(e)) if environmental(&e) => return Err(e),
        Err(e) => {
            savepoint.roll_back()?;
            sink.roll_back_to(mark);
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
    let quarantined = matches!(d, Disposition::Quarantine { .. });
    Ok(settle_file(inbox, held, file, quarantined)?)
}

/// Moves a file after commit: into quarantine, or to `cur/` seen (the
/// caller syncs `cur/`). A file gone already was taken by another process.
pub(super) fn settle_file(
    inbox: &Maildir,
    held: &Maildir,
    file: &MailFile,
    quarantined: bool,
) -> std::io::Result<()> {
    let moved = match quarantined {
        true => inbox.take_into(file, held),
        false => inbox.mark_seen_unsynced(file),
    };
    match moved {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
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
