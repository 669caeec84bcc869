//! Rendering queued mail on a thread of its own during `poll`, while the
//! transaction goes on with the next message.
//!
//! Owns the deferral. While a [`Deferral`] is on (on this thread, for one
//! batch), [`super::outgoing::enqueue`] inserts the outbox row at once and
//! hands the mail to the render thread, which builds its bytes and encodes
//! them for storing. [`Deferral::finish`] waits for every mail of the batch
//! and stores the bytes, before the batch commits: no row is ever committed
//! without its bytes. A message rolled back to its savepoint cancels the
//! mail it deferred ([`Deferral::truncate`]). A mail that cannot be
//! rendered makes `finish` report it, and the caller runs the whole batch
//! again without deferral, so that its message is quarantined exactly as
//! it would have been.

use std::cell::RefCell;
use std::sync::mpsc::{Receiver, Sender, channel};

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::mail::outbound::{self, Identity, OutboundError, OutboundMail};
use crate::store::StoreError;
use crate::store::outbox::{self, Encoded, Later};

/// Mails handed over at a time: one hand-over per mail would wake the
/// render thread (a system call) for each.
const CHUNK: usize = 32;

/// A mail to render.
pub struct Job {
    mail: OutboundMail,
    now: DateTime<Utc>,
}

/// A mail rendered: its bytes and their stored form.
type Rendered = Result<(Vec<u8>, Encoded), OutboundError>;

/// The pipeline's end of the render thread.
pub struct Renderer {
    jobs: Sender<Vec<Job>>,
    done: Receiver<Vec<Rendered>>,
}

/// The render thread's end: pass it to [`work`] on that thread.
pub struct Worker {
    jobs: Receiver<Vec<Job>>,
    done: Sender<Vec<Rendered>>,
}

/// Returns the two ends of a new render thread.
pub fn channel_pair() -> (Renderer, Worker) {
    let (jobs, job_rx) = channel();
    let (done_tx, done) = channel();
    let worker = Worker {
        jobs: job_rx,
        done: done_tx,
    };
    (Renderer { jobs, done }, worker)
}

/// The render thread: renders the mails sent to it, in order, until the
/// [`Renderer`] is dropped.
pub fn work(worker: Worker, identity: &Identity) {
    for jobs in worker.jobs {
        let rendered = jobs.iter().map(|job| {
            outbound::render(&job.mail, identity, job.now).map(|raw| {
                let encoded = outbox::encode_body(&raw);
                (raw, encoded)
            })
        });
        if worker.done.send(rendered.collect()).is_err() {
            return;
        }
    }
}

/// What this thread defers while a [`Deferral`] is on.
struct Active {
    jobs: Sender<Vec<Job>>,
    /// Mails not handed over yet.
    chunk: Vec<Job>,
    /// Chunks handed over.
    chunks: usize,
    /// The batch's deferred mails in order; `None` once cancelled.
    waiting: Vec<Option<Later>>,
}

impl Active {
    /// Hands the mails kept back to the render thread; false when it is gone.
    fn hand_over(&mut self) -> bool {
        if self.chunk.is_empty() {
            return true;
        }
        let chunk = std::mem::replace(&mut self.chunk, Vec::with_capacity(CHUNK));
        let sent = self.jobs.send(chunk).is_ok();
        self.chunks += usize::from(sent);
        sent
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<Active>> = const { RefCell::new(None) };
}

/// Returns true while mail queued on this thread is deferred.
pub fn active() -> bool {
    ACTIVE.with_borrow(Option::is_some)
}

/// Hands `mail`, whose row is `later`, to the render thread; gives it back
/// when no deferral is on.
pub fn push(later: Later, mail: OutboundMail, now: DateTime<Utc>) -> Option<OutboundMail> {
    ACTIVE.with_borrow_mut(|a| {
        let Some(a) = a.as_mut() else {
            return Some(mail);
        };
        a.chunk.push(Job { mail, now });
        a.waiting.push(Some(later));
        // A render thread gone shows in `finish`: fewer results than mails.
        if a.chunk.len() >= CHUNK {
            a.hand_over();
        }
        None
    })
}

/// The deferral of one batch's mail; see the module header.
pub struct Deferral<'a> {
    renderer: &'a Renderer,
}

impl Renderer {
    /// Starts deferring the mail this thread queues.
    pub fn begin(&self) -> Deferral<'_> {
        ACTIVE.set(Some(Active {
            jobs: self.jobs.clone(),
            chunk: Vec::with_capacity(CHUNK),
            chunks: 0,
            waiting: Vec::new(),
        }));
        Deferral { renderer: self }
    }
}

impl Deferral<'_> {
    /// Returns how many mails were deferred so far.
    pub fn len(&self) -> usize {
        ACTIVE.with_borrow(|a| a.as_ref().map_or(0, |a| a.waiting.len()))
    }

    /// Cancels the mails deferred after the first `len` (their rows were
    /// rolled back).
    pub fn truncate(&self, len: usize) {
        ACTIVE.with_borrow_mut(|a| {
            if let Some(a) = a.as_mut() {
                a.waiting.iter_mut().skip(len).for_each(|w| *w = None);
            }
        });
    }

    /// Stops deferring, waits for every mail deferred and stores the bytes
    /// of those not cancelled. Returns false when one could not be
    /// rendered (nothing was wrong with the others): run the batch again
    /// without deferral.
    pub fn finish(self, conn: &Connection) -> Result<bool, StoreError> {
        let Some(mut active) = ACTIVE.take() else {
            return Ok(true);
        };
        let handed = active.hand_over();
        // Every result is taken before anything is stored, so that an error
        // below leaves none behind for the next batch.
        let results = self.take(active.chunks);
        let mut all = handed && results.len() == active.waiting.len();
        for (later, rendered) in active.waiting.into_iter().zip(results) {
            match (later, rendered) {
                (Some(later), Ok((raw, encoded))) => {
                    outbox::store_later(conn, later, raw, &encoded)?;
                }
                (Some(_), Err(e)) => {
                    tracing::warn!(error = %e, "a reply could not be rendered: the batch runs again");
                    all = false;
                }
                (None, _) => {}
            }
        }
        Ok(all)
    }

    /// Takes the results of `chunks` chunks, in order (fewer if the render
    /// thread is gone).
    fn take(&self, chunks: usize) -> Vec<Rendered> {
        let mut out = Vec::new();
        for _ in 0..chunks {
            match self.renderer.done.recv() {
                Ok(chunk) => out.extend(chunk),
                Err(_) => break,
            }
        }
        out
    }
}

impl Drop for Deferral<'_> {
    /// Stops deferring; a batch that ends without [`Deferral::finish`]
    /// (an error) still takes its results, so the next batch's line up.
    fn drop(&mut self) {
        if let Some(active) = ACTIVE.take() {
            self.take(active.chunks);
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::store::Store;
    use crate::store::outbox::NewMail;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn identity() -> Identity {
        Identity {
            address: "go@example.org".into(),
            name: "pbmgo".into(),
        }
    }

    fn mail(to: &str, n: usize) -> OutboundMail {
        let (subject, text) = (format!("reply {n}"), format!("board {n}\n. . .\n"));
        let id = format!("{n}.test@example.org");
        crate::pipeline::replies::mail(to, subject, text, None, id)
    }

    /// Queues the outbox row of `m`, without its bytes.
    fn row(conn: &Connection, m: &OutboundMail) -> Later {
        let new = NewMail {
            message_id: &m.message_id,
            envelope_from: "go@example.org",
            recipient: &m.to,
            kind: "reply",
            game_id: None,
            inbound_id: None,
            raw: &[],
        };
        outbox::enqueue_later(conn, &new, now()).unwrap()
    }

    /// Queues `m`'s row and hands `m` to the render thread; returns the row id.
    fn defer(conn: &Connection, m: &OutboundMail) -> i64 {
        let later = row(conn, m);
        assert!(push(later, m.clone(), now()).is_none(), "not deferred");
        conn.last_insert_rowid()
    }

    fn with_renderer<T>(f: impl FnOnce(&Renderer) -> T) -> T {
        let identity = identity();
        std::thread::scope(|s| {
            let (renderer, end) = channel_pair();
            s.spawn(|| work(end, &identity));
            f(&renderer)
        })
    }

    #[test]
    fn deferred_mail_is_stored_as_rendered_and_cancelled_mail_is_not() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        with_renderer(|r| {
            let deferral = r.begin();
            // More than a chunk, so that several hand-overs line up.
            let mails: Vec<_> = (0..3 * CHUNK + 5)
                .map(|n| mail(&format!("p{n}@example.org"), n))
                .collect();
            let ids: Vec<_> = mails.iter().map(|m| defer(conn, m)).collect();
            deferral.truncate(2 * CHUNK);
            assert!(deferral.finish(conn).unwrap());
            for (n, (m, id)) in mails.iter().zip(&ids).enumerate() {
                let stored = outbox::raw(conn, *id);
                if n < 2 * CHUNK {
                    let rendered = outbound::render(m, &identity(), now()).unwrap();
                    assert_eq!(stored.unwrap(), rendered, "mail {n}");
                } else {
                    assert!(stored.is_err(), "cancelled mail {n} has bytes");
                }
            }
        });
        assert!(!active(), "the deferral ended");
    }

    #[test]
    fn a_mail_that_cannot_be_rendered_is_reported_and_the_next_batch_lines_up() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        with_renderer(|r| {
            let deferral = r.begin();
            defer(conn, &mail("p1@example.org", 1));
            defer(conn, &mail("not an address", 2));
            defer(conn, &mail("p3@example.org", 3));
            assert!(!deferral.finish(conn).unwrap(), "a failure is reported");
            // A batch left by an error takes its results when dropped.
            let dropped = r.begin();
            (10..15).for_each(|n| {
                defer(conn, &mail("p@example.org", n));
            });
            drop(dropped);
            let deferral = r.begin();
            let good = mail("p4@example.org", 4);
            let id = defer(conn, &good);
            assert!(deferral.finish(conn).unwrap());
            let rendered = outbound::render(&good, &identity(), now()).unwrap();
            assert_eq!(outbox::raw(conn, id).unwrap(), rendered);
        });
    }

    #[test]
    fn without_a_deferral_nothing_is_taken() {
        assert!(!active());
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        let m = mail("p@example.org", 1);
        let later = row(conn, &m);
        assert_eq!(push(later, m.clone(), now()), Some(m));
    }
}
