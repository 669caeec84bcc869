//! `pbmgo poll` over a Maildir on two threads: this thread runs each
//! batch's transaction, while a worker thread reads the next batch's files
//! and, once a batch is committed, files its mail (`cur/` or quarantine)
//! and writes its replies.
//!
//! Owns the order that keeps the promises of [`super::run`] with the work
//! split: a file is moved, and a reply written, only after the batch that
//! handled it has committed; replies are written after their batch's files
//! are filed, and their outcomes are recorded in a later transaction (a
//! crash in between leaves them pending, to be written again with the same
//! bytes). Before the inbox is listed again, and before the run returns,
//! every job of the worker has finished and its outcomes are handed over.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, channel};

use chrono::{DateTime, Utc};

use super::render_pool;
use super::run::{Batch, RunError, Runner, Summary, read_files, run_batch, run_error, settle_file};
use crate::mail::maildir::{MailFile, Maildir};
use crate::mail::transport::{Transport, TransportError};
use crate::sender::{Outlet, send_flushed};
use crate::store::Store;
use crate::store::outbox::Due;

/// Files listed per round of `poll`.
const ROUND: usize = 20_000;

/// Files read, with their bytes.
type ReadFiles = Vec<(MailFile, Vec<u8>)>;

/// Work for the worker thread.
enum Job {
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

/// Handles every pending message of the inbox Maildir. With an `outlet`,
/// each batch's replies are sent right after its commit and its file moves,
/// and their outcomes recorded in a later batch's transaction (the last
/// ones in one of their own, also when the run stops with an error).
pub fn poll_maildir_sending(
    store: &mut Store,
    runner: &Runner<'_>,
    folders: (&Maildir, &Maildir),
    on_message: &mut dyn FnMut(),
    mut outlet: Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let transport = outlet.as_deref().map(Outlet::transport);
    let result = std::thread::scope(|scope| {
        let (jobs, job_rx) = channel();
        let (done_tx, done) = channel();
        scope.spawn(move || work(job_rx, done_tx, folders, transport));
        let (renderer, render_end) = render_pool::channel_pair();
        let identity = &runner.settings.identity;
        scope.spawn(move || render_pool::work(render_end, identity));
        let mut pipe = Pipe {
            jobs,
            done,
            in_flight: 0,
            early: VecDeque::new(),
        };
        let result = rounds(
            store,
            runner,
            (folders.0, &renderer),
            &mut pipe,
            on_message,
            &mut outlet,
        );
        let drained = pipe.drain(&mut outlet);
        result.and_then(|summary| drained.map(|()| summary))
    });
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

/// The rounds of [`poll_maildir_sending`]: each lists at most [`ROUND`]
/// files, which keeps memory flat for any inbox size. Every file of a
/// round leaves the pending set (moved to `cur/` or quarantine, or gone)
/// unless the run stops with an error, so the rounds end.
fn rounds(
    store: &mut Store,
    runner: &Runner<'_>,
    (inbox, renderer): (&Maildir, &render_pool::Renderer),
    pipe: &mut Pipe,
    on_message: &mut dyn FnMut(),
    outlet: &mut Option<&mut Outlet<'_>>,
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    loop {
        let files = inbox.pending_first(ROUND)?;
        let mut chunks = files.chunks(runner.batch.max(1));
        // Two batches are read ahead, so that a read never waits behind the
        // filing and sending of the batch before.
        for ahead in chunks.by_ref().take(2) {
            pipe.send(Job::Read(ahead.to_vec()));
        }
        for _ in 0..files.len().div_ceil(runner.batch.max(1)) {
            let items = pipe.next_read(outlet)?;
            if let Some(next) = chunks.next() {
                pipe.send(Job::Read(next.to_vec()));
            }
            pipe.collect(outlet)?;
            let batch = run_batch(store, runner, &items, outlet.as_deref(), Some(renderer))?;
            pipe.settle(batch, runner, &mut summary, on_message, outlet);
        }
        pipe.drain(outlet)?;
        if files.len() < ROUND {
            return Ok(summary);
        }
    }
}

/// This thread's end of the worker: the jobs sent and the results due.
struct Pipe {
    jobs: Sender<Job>,
    done: Receiver<Finished>,
    /// Jobs sent whose results have not come back yet.
    in_flight: usize,
    /// Read batches that came back before they were waited for.
    early: VecDeque<std::io::Result<ReadFiles>>,
}

impl Pipe {
    fn send(&mut self, job: Job) {
        // The worker only stops when `jobs` is dropped (or it panicked, which
        // `drain` then reports as a lost result).
        if self.jobs.send(job).is_ok() {
            self.in_flight += 1;
        }
    }

    /// Hands a committed batch to the worker and counts its messages.
    fn settle(
        &mut self,
        batch: Batch,
        runner: &Runner<'_>,
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
            files.push((file, matches!(d, super::Disposition::Quarantine { .. })));
        }
        let at = (runner.clock)();
        self.send(Job::Settle {
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
    jobs: Receiver<Job>,
    done: Sender<Finished>,
    (inbox, held): (&Maildir, &Maildir),
    transport: Option<&dyn Transport>,
) {
    for job in jobs {
        let finished = match job {
            Job::Read(files) => Finished::Read(read_files(&files)),
            Job::Settle { files, queued, at } => {
                let filed = file_all(inbox, held, &files);
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
        };
        if done.send(finished).is_err() {
            return;
        }
    }
}

/// Files a committed batch's messages, then makes the moves durable.
fn file_all(inbox: &Maildir, held: &Maildir, files: &[(MailFile, bool)]) -> std::io::Result<()> {
    for (file, quarantined) in files {
        settle_file(inbox, held, file, *quarantined)?;
    }
    inbox.sync_cur()
}
