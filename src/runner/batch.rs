//! One batch of `poll`: many messages in one transaction, each in a
//! savepoint of its own, with the mail they queue going where the batch
//! says (stored at once, kept for the outlet, rendered on the render thread).
//!
//! Owns telling a failure of one message, which rolls back its savepoint
//! (and the mail it queued) and quarantines it, from a failure of the
//! environment, which aborts the whole batch.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::context::RunContext;
use super::error::{RunError, environmental, run_error};
use super::files::read_files;
use super::outcomes;
use super::outlet::Outlet;
use super::render_pool::{Deferral, Renderer};
use super::send::SendSummary;
use crate::mailbox::maildir::{MailFile, Maildir};
use crate::pipeline::{Disposition, MailSink, PipelineError, Prechecked, precheck_all, process};
use crate::store::messages::{self, Logged};
use crate::store::outbox::{self, Due};
use crate::store::savepoint::Savepoint;
use crate::store::{Store, StoreError, quarantine};

/// What one committed batch did.
pub(super) struct Batch {
    /// Each file's disposition.
    pub(super) done: Vec<(MailFile, Disposition)>,
    /// The mails it queued (only kept with an outlet).
    pub(super) queued: Vec<Due>,
    /// The earlier sends it recorded.
    pub(super) recorded: SendSummary,
    /// The message rows it recorded, for the log.
    logged: Vec<Logged>,
}

/// Runs one batch of read files in one transaction, after recording the
/// outlet's unrecorded sends in it. With a `renderer`, the batch's mail is
/// rendered on its thread; when one of them cannot be, the batch is rolled
/// back and run again without it.
pub(super) fn run_batch(
    store: &mut Store,
    run: &RunContext,
    items: &[(MailFile, Vec<u8>)],
    outlet: Option<&Outlet<'_>>,
    renderer: Option<&Renderer>,
) -> Result<Batch, RunError> {
    let raws = items.iter().map(|(_, raw)| raw.as_slice());
    let checked = precheck_all(store.conn(), &run.settings, raws, run.now());
    let work = Work {
        items,
        checked: &checked,
    };
    match store.write(|tx| run_in(tx, run, &work, outlet, renderer)) {
        Ok(batch) => {
            outcomes::log(&batch.done, &batch.logged);
            Ok(batch)
        }
        Err(BatchError::Again) => run_batch(store, run, items, outlet, None),
        Err(BatchError::Store(e)) => Err(run_error(e)),
    }
}

/// A batch's messages, each with the password checks made before the
/// transaction (`pipeline::precheck`, so that no argon2 work holds the
/// write lock).
struct Work<'a> {
    items: &'a [(MailFile, Vec<u8>)],
    checked: &'a [Prechecked],
}

/// The transaction of [`run_batch`].
fn run_in(
    tx: &Connection,
    run: &RunContext,
    work: &Work<'_>,
    outlet: Option<&Outlet<'_>>,
    renderer: Option<&Renderer>,
) -> Result<Batch, BatchError> {
    let recorded = match outlet {
        Some(o) => o.record(tx)?,
        None => SendSummary::default(),
    };
    let deferral = renderer.map(Renderer::begin);
    let sink = sink_for(outlet.is_some(), deferral.as_ref());
    // The rows for the log lines are read inside the write lock: only when
    // those lines are wanted.
    let first = outcomes::wanted()
        .then(|| messages::last_id(tx))
        .transpose()?;
    let done = run_each(tx, run, work, &sink)?;
    let logged = match first {
        Some(first) => messages::logged_since(tx, first)?,
        None => Vec::new(),
    };
    if let Some(deferral) = &deferral
        && !deferral.finish(tx, &sink)?
    {
        return Err(BatchError::Again);
    }
    let queued = claim_queued(tx, run, sink.into_kept())?;
    Ok(Batch {
        done,
        queued,
        recorded,
        logged,
    })
}

/// Claims the mail a batch queued for its outlet to send once the batch is
/// committed, in the batch's own transaction: no other process reads it as
/// due (and sends it too) unless this one dies before recording it.
/// Returns the mail claimed: a mail deferred by a limit is not due yet.
fn claim_queued(
    tx: &Connection,
    run: &RunContext,
    queued: Vec<Due>,
) -> Result<Vec<Due>, StoreError> {
    let now = run.now();
    let mut claimed = Vec::with_capacity(queued.len());
    for mail in queued {
        if outbox::claim(tx, mail.id, now)? {
            claimed.push(mail);
        }
    }
    Ok(claimed)
}

/// Runs each message of `items`, its mail going to `sink`; returns each
/// file's disposition.
fn run_each(
    tx: &Connection,
    run: &RunContext,
    work: &Work<'_>,
    sink: &MailSink<'_>,
) -> Result<Vec<(MailFile, Disposition)>, StoreError> {
    let mut done = Vec::with_capacity(work.items.len());
    for ((file, raw), checked) in work.items.iter().zip(work.checked) {
        let d = one(tx, run, (raw, checked), &file.name, sink)?;
        done.push((file.clone(), d));
    }
    Ok(done)
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

/// Runs one batch without an outlet; returns each file's disposition.
pub(super) fn run_plain(
    store: &mut Store,
    run: &RunContext,
    chunk: &[MailFile],
) -> Result<Vec<(MailFile, Disposition)>, RunError> {
    let items = read_files(chunk, run.settings.max_message_bytes)?;
    run_batch(store, run, &items, None, None).map(|b| b.done)
}

/// Handles one message inside a savepoint of the batch's transaction.
///
/// A failure of the message alone rolls back its savepoint (and takes the
/// mail it queued back out of `sink`) and quarantines it; a failure of the
/// environment aborts the whole batch.
fn one(
    tx: &Connection,
    run: &RunContext,
    (raw, checked): (&[u8], &Prechecked),
    name: &str,
    sink: &MailSink<'_>,
) -> Result<Disposition, StoreError> {
    let mark = sink.mark();
    let env = run.message_env(sink, checked);
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
            quarantined(&e)
        }
    };
    hold(tx, name, &d, env.now)?;
    Ok(d)
}

/// Holds message `name` in quarantine when that is where it ended (`d`).
fn hold(
    tx: &Connection,
    name: &str,
    d: &Disposition,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    if let Disposition::Quarantine { reason, sender } = d {
        let file = Maildir::base_name(name);
        quarantine::hold(tx, file, sender.as_deref(), reason, now)?;
    }
    Ok(())
}

/// The disposition of message `name`, which failed with `e` (logged with
/// the others once the batch commits, see `outcomes`).
fn quarantined(e: &PipelineError) -> Disposition {
    let reason = error_chain(e);
    Disposition::Quarantine {
        reason,
        sender: None,
    }
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
