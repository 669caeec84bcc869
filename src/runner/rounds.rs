//! `pbmgo poll` over a Maildir on two threads: this thread runs each
//! batch's transaction, while a worker thread reads the next batch's files
//! and, once a batch is committed, files its mail (`cur/` or quarantine)
//! and writes its replies.
//!
//! Owns the order that keeps the promises of a batch (`super::batch`) with
//! the work split: a file is moved, and a reply written, only after the batch that
//! handled it has committed; replies are written after their batch's files
//! are filed, and their outcomes are recorded in a later transaction (a
//! crash in between leaves them pending, to be written again with the same
//! bytes). Before the inbox is listed again, and before the run returns,
//! every job of the worker has finished and its outcomes are handed over.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, channel};

use chrono::{DateTime, Utc};

use super::batch::{Batch, run_batch};
use super::context::RunContext;
use super::error::{RunError, run_error};
use super::files::{ReadFiles, read_files, settle_file};
use super::outlet::Outlet;
use super::render_pool;
use super::send::send_flushed;
use super::summary::Summary;
use crate::mailbox::maildir::{MailFile, Maildir};
use crate::mailbox::transport::{Transport, TransportError};
use crate::pipeline::Disposition;
use crate::store::Store;
use crate::store::outbox::Due;

/// Files listed per round of `poll`.
const ROUND: usize = 20_000;

/// Work for the worker thread.
enum Work {
    /// Read these files.
    Read(Vec<MailFile>),
    /// File these committed messages (`true`: into quarantine), then send
    /// `queued` when there is a transport.
    Settle {
        files: Vec<(MailFile, bool)>,
        queued: Vec<Due>,
        at: DateTime<Utc>,
    },
}

/// What the worker did.
enum Finished {
    /// The files read, without those gone since listing.
    Read(std::io::Result<ReadFiles>),
    /// A batch filed (or the error that stopped it) and its replies'
    /// outcomes; none were sent when filing failed.
    Settled {
        filed: std::io::Result<()>,
        queued: Vec<Due>,
        outcomes: Vec<Result<(), TransportError>>,
        at: DateTime<Utc>,
    },
}

/// Handles every pending message of `inbox`; `on_message` is called after each.
pub(crate) fn poll_maildir(
    store: &mut Store,
    run: &RunContext,
    inbox: &Maildir,
    held: &Maildir,
    on_message: &mut dyn FnMut(),
) -> Result<Summary, RunError> {
    poll_maildir_sending(store, run, (inbox, held), on_message, None)
}

/// Handles every pending message of the inbox Maildir. With an `outlet`,
/// each batch's replies are sent right after its commit and its file moves,
/// and their outcomes recorded in a later batch's transaction (the last
/// ones in one of their own, also when the run stops with an error).
pub(crate) fn poll_maildir_sending(
    store: &mut Store,
    run: &RunContext,
    folders: (&Maildir, &Maildir),
    on_message: &mut dyn FnMut(),
    mut outlet: Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let result = on_threads(store, run, folders, on_message, &mut outlet);
    match outlet.filter(|o| o.has_unrecorded()) {
        Some(outlet) => record_last(store, outlet, result),
        None => result,
    }
}

/// The rounds, with the worker and the render thread beside them.
fn on_threads(
    store: &mut Store,
    run: &RunContext,
    folders: (&Maildir, &Maildir),
    on_message: &mut dyn FnMut(),
    outlet: &mut Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let transport = outlet.as_deref().map(Outlet::transport);
    std::thread::scope(|scope| {
        let (jobs, job_rx) = channel();
        let (done_tx, done) = channel();
        let limit = run.settings.max_message_bytes;
        scope.spawn(move || work(job_rx, done_tx, folders, transport, limit));
        let (renderer, render_end) = render_pool::channel_pair();
        let identity = &run.settings.identity;
        scope.spawn(move || render_pool::work(render_end, identity));
        let mut pipe = Pipe {
            jobs,
            done,
            in_flight: 0,
            early: VecDeque::new(),
        };
        let inbox = (folders.0, &renderer);
        let result = rounds(store, run, inbox, &mut pipe, on_message, outlet);
        let drained = pipe.drain(outlet);
        result.and_then(|summary| drained.map(|()| summary))
    })
}

/// Records the outcomes `outlet` still holds, in a transaction of their
/// own; an error of the run (`result`) comes first.
fn record_last(
    store: &mut Store,
    outlet: &mut Outlet<'_>,
    result: Result<Summary, RunError>,
) -> Result<Summary, RunError> {
    let recorded = store.write(|tx| outlet.record(tx)).map_err(run_error);
    if let Ok(sum) = recorded {
        outlet.committed(sum);
    }
    let summary = result?;
    recorded.map(|_| summary)
}

/// The rounds of [`poll_maildir_sending`]: each lists at most [`ROUND`]
/// files, which keeps memory flat for any inbox size. Every file of a
/// round leaves the pending set (moved to `cur/` or quarantine, or gone)
/// unless the run stops with an error, so the rounds end.
fn rounds(
    store: &mut Store,
    run: &RunContext,
    (inbox, renderer): (&Maildir, &render_pool::Renderer),
    pipe: &mut Pipe,
    on_message: &mut dyn FnMut(),
    outlet: &mut Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    loop {
        let files = inbox.pending_first(ROUND)?;
        let mut chunks = files.chunks(run.batch.max(1));
        // Two batches are read ahead, so that a read never waits behind the
        // filing and sending of the batch before.
        for ahead in chunks.by_ref().take(2) {
            pipe.send(Work::Read(ahead.to_vec()));
        }
        for _ in 0..files.len().div_ceil(run.batch.max(1)) {
            let items = pipe.next_read(outlet)?;
            if let Some(next) = chunks.next() {
                pipe.send(Work::Read(next.to_vec()));
            }
            pipe.collect(outlet)?;
            let batch = run_batch(store, run, &items, outlet.as_deref(), Some(renderer))?;
            pipe.settle(batch, run, &mut summary, on_message, outlet);
        }
        pipe.drain(outlet)?;
        if files.len() < ROUND {
            return Ok(summary);
        }
    }
}

/// This thread's end of the worker: the jobs sent and the results due.
struct Pipe {
    jobs: Sender<Work>,
    done: Receiver<Finished>,
    /// Jobs sent whose results have not come back yet.
    in_flight: usize,
    /// Read batches that came back before they were waited for.
    early: VecDeque<std::io::Result<ReadFiles>>,
}

impl Pipe {
    fn send(&mut self, work: Work) {
        // The worker only stops when `jobs` is dropped (or it panicked, which
        // `drain` then reports as a lost result).
        if self.jobs.send(work).is_ok() {
            self.in_flight += 1;
        }
    }

    /// Hands a committed batch to the worker and counts its messages.
    fn settle(
        &mut self,
        batch: Batch,
        run: &RunContext,
        summary: &mut Summary,
        on_message: &mut dyn FnMut(),
        outlet: &mut Option<&mut Outlet<'_>>,
    ) {
        if let Some(o) = outlet.as_deref_mut() {
            o.committed(batch.recorded);
        }
        let mut files = Vec::with_capacity(batch.done.len());
        for (file, d) in batch.done {
            summary.add(&d);
            on_message();
            files.push((file, matches!(d, Disposition::Quarantine { .. })));
        }
        let at = run.now();
        self.send(Work::Settle {
            files,
            queued: batch.queued,
            at,
        });
    }

    /// Waits for the next read batch, taking the settled batches that come
    /// back before it.
    fn next_read(&mut self, outlet: &mut Option<&mut Outlet<'_>>) -> Result<ReadFiles, RunError> {
        if let Some(read) = self.early.pop_front() {
            return Ok(read?);
        }
        loop {
            match self.recv()? {
                Finished::Read(read) => return Ok(read?),
                settled => take_settled(settled, outlet)?,
            }
        }
    }

    /// Takes the settled batches that are back already, without waiting (a
    /// read batch back already is kept for [`Pipe::next_read`]).
    fn collect(&mut self, outlet: &mut Option<&mut Outlet<'_>>) -> Result<(), RunError> {
        while let Ok(f) = self.done.try_recv() {
            self.in_flight -= 1;
            match f {
                Finished::Read(read) => self.early.push_back(read),
                settled => take_settled(settled, outlet)?,
            }
        }
        Ok(())
    }

    /// Waits for every job sent; returns the first error among them.
    fn drain(&mut self, outlet: &mut Option<&mut Outlet<'_>>) -> Result<(), RunError> {
        self.early.clear();
        let mut first = Ok(());
        while self.in_flight > 0 {
            let taken = match self.recv() {
                Ok(Finished::Read(_)) => Ok(()),
                Ok(settled) => take_settled(settled, outlet),
                Err(e) => Err(e),
            };
            if let (Err(e), Ok(())) = (taken, &first) {
                first = Err(e);
            }
        }
        first
    }

    fn recv(&mut self) -> Result<Finished, RunError> {
        match self.done.recv() {
            Ok(f) => {
                self.in_flight -= 1;
                Ok(f)
            }
            Err(_) => {
                self.in_flight = 0;
                Err(RunError::Io(std::io::Error::new(
                    std::io::ErrorKind::BrokenPipe,
                    "the mail worker thread stopped",
                )))
            }
        }
    }
}

/// Hands a settled batch's outcomes to the outlet, or returns the error
/// that stopped its filing.
fn take_settled(f: Finished, outlet: &mut Option<&mut Outlet<'_>>) -> Result<(), RunError> {
    let Finished::Settled {
        filed,
        queued,
        outcomes,
        at,
    } = f
    else {
        return Ok(());
    };
    filed?;
    if let Some(o) = outlet.as_deref_mut() {
        o.sent(queued, outcomes, at);
    }
    Ok(())
}

/// The worker thread: runs jobs in order until this thread's end is dropped.
fn work(
    jobs: Receiver<Work>,
    done: Sender<Finished>,
    (inbox, held): (&Maildir, &Maildir),
    transport: Option<&dyn Transport>,
    limit: usize,
) {
    for work in jobs {
        let finished = match work {
            Work::Read(files) => Finished::Read(read_files(&files, limit)),
            Work::Settle { files, queued, at } => {
                let filed = file_all(inbox, held, &files);
                send_filed(filed, queued, at, transport)
            }
        };
        if done.send(finished).is_err() {
            return;
        }
    }
}

/// Sends a batch's `queued` mail when its files were `filed` and there is
/// a transport; returns the batch as settled.
fn send_filed(
    filed: std::io::Result<()>,
    queued: Vec<Due>,
    at: DateTime<Utc>,
    transport: Option<&dyn Transport>,
) -> Finished {
    let outcomes = match (&filed, transport) {
        (Ok(()), Some(t)) if !queued.is_empty() => send_flushed(t, &queued),
        _ => Vec::new(),
    };
    Finished::Settled {
        filed,
        queued,
        outcomes,
        at,
    }
}

/// Files a committed batch's messages, then makes the moves durable.
fn file_all(inbox: &Maildir, held: &Maildir, files: &[(MailFile, bool)]) -> std::io::Result<()> {
    for (file, quarantined) in files {
        settle_file(inbox, held, file, *quarantined)?;
    }
    inbox.sync_cur()
}
