//! Rendering queued mail on a thread of its own during `poll`, while the
//! transaction goes on with the next message.
//!
//! Owns the deferral. A batch that renders on the thread makes a
//! [`Deferral`] ([`Renderer::begin`]) and gives it to its messages' sink
//! (`MailSink::rendering_with`): the pipeline then inserts each outbox row
//! at once and hands the mail over, and the render thread paints its board
//! pictures (each distinct picture once: the mover's reply and the
//! opponent's letter show the same board), builds its bytes and encodes
//! them for storing. The transaction's thread paints nothing meanwhile. [`Deferral::finish`] waits for every mail
//! of the batch and stores the bytes, before the batch commits: no row is
//! ever committed without its bytes. A message rolled back to its
//! savepoint cancels the mail it deferred (the sink calls
//! [`RenderLater::cancel_after`]). A mail that cannot be rendered makes
//! `finish` report it, and the caller runs the whole batch again without
//! deferral, so that its message is quarantined exactly as it would have
//! been.

use std::cell::RefCell;
use std::sync::mpsc::{Receiver, Sender, channel};

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::mail::outbound::{self, Identity, OutboundError, OutboundMail};
use crate::pipeline::MailSink;
use crate::pipeline::base::painting::{Gallery, Unpainted};
use crate::pipeline::base::sink::{Pending, RenderLater};
use crate::store::StoreError;
use crate::store::outbox::{self, Encoded};

/// Mails handed over at a time: one hand-over per mail would wake the
/// render thread (a system call) for each.
const CHUNK: usize = 32;

/// A mail to paint and render.
struct ToRender {
    mail: Unpainted,
    now: DateTime<Utc>,
}

/// A mail rendered: its bytes and their stored form.
type Rendered = Result<(Vec<u8>, Encoded), OutboundError>;

/// The pipeline's end of the render thread.
pub(crate) struct Renderer {
    jobs: Sender<Vec<ToRender>>,
    done: Receiver<Vec<Rendered>>,
}

/// The render thread's end: pass it to [`work`] on that thread.
pub(crate) struct Worker {
    jobs: Receiver<Vec<ToRender>>,
    done: Sender<Vec<Rendered>>,
}

/// Returns the two ends of a new render thread.
pub(crate) fn channel_pair() -> (Renderer, Worker) {
    let (jobs, job_rx) = channel();
    let (done_tx, done) = channel();
    let worker = Worker {
        jobs: job_rx,
        done: done_tx,
    };
    (Renderer { jobs, done }, worker)
}

/// The render thread: paints and renders the mails sent to it, in order,
/// until the [`Renderer`] is dropped.
pub(crate) fn work(worker: Worker, identity: &Identity) {
    let mut gallery = Gallery::default();
    for jobs in worker.jobs {
        let rendered = jobs.into_iter().map(|job| {
            let mail = gallery.paint(job.mail);
            render(&mail, identity, job.now)
        });
        if worker.done.send(rendered.collect()).is_err() {
            return;
        }
    }
}

/// `mail`'s bytes and their stored form: rendered with its pictures apart
/// (put in with one copy, and stored without cutting them out again), or
/// else whole and cut.
fn render(mail: &OutboundMail, identity: &Identity, now: DateTime<Utc>) -> Rendered {
    if let Some(apart) = outbound::render_apart(mail, identity, now)? {
        return Ok(outbox::encode_body_apart(&apart.rest, apart.pictures));
    }
    let raw = outbound::render(mail, identity, now)?;
    let pictures: Vec<&str> = mail
        .inline_images
        .iter()
        .map(|i| i.content_id.as_str())
        .collect();
    let encoded = outbox::encode_body_without(&raw, &pictures);
    Ok((raw, encoded))
}

/// What a [`Deferral`] holds until it finishes.
struct Active {
    jobs: Sender<Vec<ToRender>>,
    /// Mails not handed over yet.
    chunk: Vec<ToRender>,
    /// Chunks handed over.
    chunks: usize,
    /// The batch's deferred mails in order; `None` once cancelled.
    waiting: Vec<Option<Pending>>,
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

/// The deferral of one batch's mail; see the module header. It is on from
/// [`Renderer::begin`] until [`Deferral::finish`] or its drop.
pub(crate) struct Deferral<'a> {
    renderer: &'a Renderer,
    active: RefCell<Option<Active>>,
}

impl Renderer {
    /// Starts deferring one batch's mail.
    pub(crate) fn begin(&self) -> Deferral<'_> {
        let active = Active {
            jobs: self.jobs.clone(),
            chunk: Vec::with_capacity(CHUNK),
            chunks: 0,
            waiting: Vec::new(),
        };
        Deferral {
            renderer: self,
            active: RefCell::new(Some(active)),
        }
    }
}

impl RenderLater for Deferral<'_> {
    /// Hands `mail` to the render thread (a mail deferred after
    /// [`Deferral::finish`], which no batch does, would be dropped).
    fn defer(&self, pending: Pending, mail: Unpainted, now: DateTime<Utc>) {
        let mut active = self.active.borrow_mut();
        let Some(a) = active.as_mut() else {
            return;
        };
        a.chunk.push(ToRender { mail, now });
        a.waiting.push(Some(pending));
        // A render thread gone shows in `finish`: fewer results than mails.
        if a.chunk.len() >= CHUNK {
            a.hand_over();
        }
    }

    fn deferred(&self) -> usize {
        self.active.borrow().as_ref().map_or(0, |a| a.waiting.len())
    }

    fn cancel_after(&self, len: usize) {
        if let Some(a) = self.active.borrow_mut().as_mut() {
            a.waiting.iter_mut().skip(len).for_each(|w| *w = None);
        }
    }
}

impl Deferral<'_> {
    /// Stops deferring, waits for every mail deferred and stores the bytes
    /// of those not cancelled through `sink`. Returns false when one could
    /// not be rendered (nothing was wrong with the others): run the batch
    /// again without deferral.
    pub(crate) fn finish(
        &self,
        conn: &Connection,
        sink: &MailSink<'_>,
    ) -> Result<bool, StoreError> {
        let Some(mut active) = self.active.take() else {
            return Ok(true);
        };
        let handed = active.hand_over();
        // Every result is taken before anything is stored, so that an error
        // below leaves none behind for the next batch.
        let results = self.take(active.chunks);
        let mut all = handed && results.len() == active.waiting.len();
        for (pending, rendered) in active.waiting.into_iter().zip(results) {
            match (pending, rendered) {
                (Some(pending), Ok((raw, encoded))) => {
                    sink.store_rendered(conn, pending, raw, &encoded)?;
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
        if let Some(active) = self.active.take() {
            self.take(active.chunks);
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::go::{BoardSize, Position};
    use crate::mail::outbound::{AUTO_REPLIED, OutboundMail};
    use crate::pipeline::base::painting::Board;
    use crate::pipeline::base::sink::Row;
    use crate::render::Picture;
    use crate::store::{OutboxId, Store};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap()
    }

    fn identity() -> Identity {
        Identity {
            address: "go@example.org".into(),
            name: "pbmgo".into(),
        }
    }

    /// A plain auto-reply, as the pipeline's replies make them.
    fn mail(to: &str, n: usize) -> OutboundMail {
        let (subject, text) = (format!("reply {n}"), format!("board {n}\n. . .\n"));
        OutboundMail::plain(
            to,
            subject,
            text,
            format!("{n}.test@example.org"),
            AUTO_REPLIED,
        )
    }

    /// Queues `m`'s row through `sink` and hands `m` to the render thread;
    /// returns the row id.
    fn defer(sink: &MailSink<'_>, conn: &Connection, m: &OutboundMail) -> OutboxId {
        let row = Row {
            envelope_from: "go@example.org",
            kind: "reply",
            game_id: None,
            inbound_id: None,
        };
        let back = sink
            .defer(conn, Unpainted::plain(m.clone()), &row, now())
            .unwrap();
        assert!(back.is_none(), "not deferred");
        outbox::id_of(conn.last_insert_rowid()).unwrap()
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
            let sink = MailSink::plain().rendering_with(&deferral);
            // More than a chunk, so that several hand-overs line up.
            let mails: Vec<_> = (0..3 * CHUNK + 5)
                .map(|n| mail(&format!("p{n}@example.org"), n))
                .collect();
            let ids: Vec<_> = mails.iter().map(|m| defer(&sink, conn, m)).collect();
            deferral.cancel_after(2 * CHUNK);
            assert!(deferral.finish(conn, &sink).unwrap());
            for (n, (m, id)) in mails.iter().zip(&ids).enumerate() {
                let stored = outbox::raw(conn, *id);
                if n < 2 * CHUNK {
                    let rendered = outbound::render(m, &identity(), now()).unwrap();
                    assert_eq!(stored.unwrap(), rendered, "mail {n}");
                } else {
                    assert!(stored.is_err(), "cancelled mail {n} has bytes");
                }
            }
            assert_eq!(deferral.deferred(), 0, "the deferral ended");
        });
    }

    #[test]
    fn a_mail_that_cannot_be_rendered_is_reported_and_the_next_batch_lines_up() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        with_renderer(|r| {
            let deferral = r.begin();
            let sink = MailSink::plain().rendering_with(&deferral);
            defer(&sink, conn, &mail("p1@example.org", 1));
            defer(&sink, conn, &mail("not an address", 2));
            defer(&sink, conn, &mail("p3@example.org", 3));
            assert!(
                !deferral.finish(conn, &sink).unwrap(),
                "a failure is reported"
            );
            // A batch left by an error takes its results when dropped.
            let dropped = r.begin();
            let sink = MailSink::plain().rendering_with(&dropped);
            (10..15).for_each(|n| {
                defer(&sink, conn, &mail("p@example.org", n));
            });
            drop(sink);
            drop(dropped);
            let deferral = r.begin();
            let sink = MailSink::plain().rendering_with(&deferral);
            let good = mail("p4@example.org", 4);
            let id = defer(&sink, conn, &good);
            assert!(deferral.finish(conn, &sink).unwrap());
            let rendered = outbound::render(&good, &identity(), now()).unwrap();
            assert_eq!(outbox::raw(conn, id).unwrap(), rendered);
        });
    }

    #[test]
    fn a_keeping_sink_gets_the_rendered_bytes_of_its_copies() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        with_renderer(|r| {
            let deferral = r.begin();
            let sink = MailSink::plain().keeping().rendering_with(&deferral);
            let m = mail("p1@example.org", 1);
            let id = defer(&sink, conn, &m);
            assert!(deferral.finish(conn, &sink).unwrap());
            let kept = sink.into_kept();
            let rendered = outbound::render(&m, &identity(), now()).unwrap();
            assert_eq!((kept[0].id, &kept[0].raw), (id, &rendered));
        });
    }

    /// `m` with the picture of an empty 9x9 board, shown by its text.
    fn with_board(m: &OutboundMail) -> Unpainted {
        let board = Board {
            picture: Picture::new(Position::empty(BoardSize::new(9).unwrap())),
            game: crate::store::GameId::new(1).unwrap(),
            domain: "example.org".into(),
            shows: ". . .".into(),
            alt: "The board".into(),
            caption: "How to read it.".into(),
            letters: "The board in letters".into(),
            filename: "game1.png".into(),
        };
        Unpainted {
            mail: m.clone(),
            boards: vec![board],
        }
    }

    #[test]
    fn the_render_thread_paints_the_boards_as_a_mail_rendered_at_once_has_them() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        let m = mail("p1@example.org", 1);
        let at_once = MailSink::plain().paint(with_board(&m));
        assert_eq!(at_once.inline_images.len(), 1, "painted");
        let want = outbound::render(&at_once, &identity(), now()).unwrap();
        with_renderer(|r| {
            let deferral = r.begin();
            let sink = MailSink::plain().rendering_with(&deferral);
            let row = Row {
                envelope_from: "go@example.org",
                kind: "reply",
                game_id: None,
                inbound_id: None,
            };
            let back = sink.defer(conn, with_board(&m), &row, now()).unwrap();
            assert!(back.is_none(), "deferred");
            let id = outbox::id_of(conn.last_insert_rowid()).unwrap();
            assert!(deferral.finish(conn, &sink).unwrap());
            assert_eq!(outbox::raw(conn, id).unwrap(), want);
        });
    }
}
