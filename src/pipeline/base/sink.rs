//! [`MailSink`]: where the mail a message queues goes. Each message's
//! [`Env`](super::context::Env) carries one (`env.sink`); whoever runs the message
//! chooses it, and [`crate::pipeline::mailing::outgoing::enqueue`] asks it.
//!
//! Owns the three ways a queued mail goes into the outbox: its bytes
//! rendered and stored at once ([`MailSink::plain`]); the same, with a copy
//! kept to be sent after commit ([`MailSink::keeping`]); its row stored at
//! once and its rendering handed to a [`RenderLater`] (the runner's render
//! pool), which stores the bytes through [`MailSink::store_rendered`] before
//! the transaction commits ([`MailSink::rendering_with`]). A message rolled
//! back to its savepoint is taken back out explicitly
//! ([`MailSink::roll_back_to`]): only what was committed may be sent.
//!
//! A mail comes with the boards it shows, not painted yet
//! ([`Unpainted`]): a sink that renders at once paints them too
//! ([`MailSink::paint`], each distinct picture once); a [`RenderLater`]
//! paints them on its own thread, out of the transaction's way.
//!
//! One message runs on one thread, so the sink's state is in a `RefCell`.

use std::cell::RefCell;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::painting::{Gallery, Unpainted};
use crate::mail::outbound::OutboundMail;
use crate::store::StoreError;
use crate::store::outbox::{self, Due, Encoded, Later, NewMail};
use crate::store::{GameId, MessageId, OutboxId};

/// The outbox row of a mail, besides what the mail itself gives (its
/// Message-ID and recipient).
pub(crate) struct Row<'a> {
    /// The envelope sender (MAIL FROM).
    pub(crate) envelope_from: &'a str,
    /// The outbox kind: `reply`, `your-move`, `challenge`, ...
    pub(crate) kind: &'a str,
    /// The game it is about, if any.
    pub(crate) game_id: Option<GameId>,
    /// The inbound message row it answers, if any.
    pub(crate) inbound_id: Option<MessageId>,
}

/// A mail queued without its bytes, waiting for them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Pending {
    /// Its outbox row.
    later: Later,
    /// Its copy among the kept mails, when they are kept.
    kept: Option<usize>,
}

/// Renders queued mail away from the transaction; the bytes come back
/// through [`MailSink::store_rendered`] before the transaction commits.
pub(crate) trait RenderLater {
    /// Takes `mail`, queued without its bytes as `pending`, to paint its
    /// boards and render it as of `now`.
    fn defer(&self, pending: Pending, mail: Unpainted, now: DateTime<Utc>);
    /// Returns how many mails were taken so far.
    fn deferred(&self) -> usize;
    /// Cancels the mails taken after the first `len` (their rows were rolled back).
    fn cancel_after(&self, len: usize);
}

/// Where queued mail goes; see the module header.
pub(crate) struct MailSink<'a> {
    /// Copies of the mails queued, in order, when they are kept.
    kept: Option<RefCell<Vec<Due>>>,
    /// Who renders the mail, when it is not rendered at once.
    later: Option<&'a dyn RenderLater>,
    /// Paints the boards of the mail rendered at once.
    gallery: RefCell<Gallery>,
}

/// How far a sink had come, to go back to when a message is rolled back.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mark {
    kept: usize,
    deferred: usize,
}

impl<'a> MailSink<'a> {
    /// Renders each mail and stores its bytes at once; keeps nothing.
    pub(crate) fn plain() -> Self {
        MailSink {
            kept: None,
            later: None,
            gallery: RefCell::default(),
        }
    }

    /// Also keeps a copy of each mail queued, to send after commit without
    /// reading the bytes back.
    pub(crate) fn keeping(self) -> Self {
        MailSink {
            kept: Some(RefCell::new(Vec::new())),
            ..self
        }
    }

    /// Hands each mail's rendering to `later`, storing its row at once.
    pub(crate) fn rendering_with(self, later: &'a dyn RenderLater) -> Self {
        MailSink {
            later: Some(later),
            ..self
        }
    }

    /// Queues `mail`'s row and hands it to the renderer; gives it back, with
    /// nothing queued, when this sink renders at once (then
    /// [`MailSink::paint`] it, render it and [`MailSink::store`] it).
    pub(crate) fn defer(
        &self,
        conn: &Connection,
        mail: Unpainted,
        row: &Row<'_>,
        now: DateTime<Utc>,
    ) -> Result<Option<Unpainted>, StoreError> {
        let Some(later) = self.later else {
            return Ok(Some(mail));
        };
        let new = new_mail(&mail.mail, row, &[]);
        let queued = outbox::enqueue_later(conn, &new, now)?;
        let kept = self.keep(queued.id(), &new);
        let pending = Pending {
            later: queued,
            kept,
        };
        later.defer(pending, mail, now);
        Ok(None)
    }

    /// Returns `mail` with the pictures of its boards, painted here.
    pub(crate) fn paint(&self, mail: Unpainted) -> OutboundMail {
        self.gallery.borrow_mut().paint(mail)
    }

    /// Queues `mail` with its bytes `raw`, rendered already.
    pub(crate) fn store(
        &self,
        conn: &Connection,
        mail: &OutboundMail,
        row: &Row<'_>,
        raw: Vec<u8>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let new = new_mail(mail, row, &raw);
        let later = outbox::enqueue_later(conn, &new, now)?;
        let pictures: Vec<&str> = mail
            .inline_images
            .iter()
            .map(|i| i.content_id.as_str())
            .collect();
        outbox::store_later(conn, later, &outbox::encode_body_without(&raw, &pictures))?;
        let kept = self.keep(later.id(), &new);
        self.fill(kept, raw);
        Ok(())
    }

    /// Stores the bytes of a mail the renderer took: `raw`, `encoded` from it
    /// by [`outbox::encode_body_without`].
    pub(crate) fn store_rendered(
        &self,
        conn: &Connection,
        pending: Pending,
        raw: Vec<u8>,
        encoded: &Encoded,
    ) -> Result<(), StoreError> {
        outbox::store_later(conn, pending.later, encoded)?;
        self.fill(pending.kept, raw);
        Ok(())
    }

    /// Returns how far this sink has come, for [`MailSink::roll_back_to`].
    pub(crate) fn mark(&self) -> Mark {
        Mark {
            kept: self.kept.as_ref().map_or(0, |k| k.borrow().len()),
            deferred: self.later.map_or(0, |l| l.deferred()),
        }
    }

    /// Drops what was queued after `mark` (its message was rolled back).
    pub(crate) fn roll_back_to(&self, mark: Mark) {
        if let Some(k) = &self.kept {
            k.borrow_mut().truncate(mark.kept);
        }
        if let Some(l) = self.later {
            l.cancel_after(mark.deferred);
        }
    }

    /// Returns the copies kept, in the order queued.
    pub(crate) fn into_kept(self) -> Vec<Due> {
        self.kept.map(RefCell::into_inner).unwrap_or_default()
    }

    /// Keeps a copy of `new`, queued as row `id`, without its bytes yet;
    /// returns its place.
    fn keep(&self, id: OutboxId, new: &NewMail<'_>) -> Option<usize> {
        let mut kept = self.kept.as_ref()?.borrow_mut();
        kept.push(Due {
            id,
            message_id: new.message_id.to_owned(),
            envelope_from: new.envelope_from.to_owned(),
            recipient: new.recipient.to_owned(),
            raw: Vec::new(),
        });
        Some(kept.len() - 1)
    }

    /// Gives the copy at `slot` its bytes.
    fn fill(&self, slot: Option<usize>, raw: Vec<u8>) {
        let (Some(kept), Some(slot)) = (&self.kept, slot) else {
            return;
        };
        if let Some(due) = kept.borrow_mut().get_mut(slot) {
            due.raw = raw;
        }
    }
}

fn new_mail<'a>(mail: &'a OutboundMail, row: &Row<'a>, raw: &'a [u8]) -> NewMail<'a> {
    NewMail {
        message_id: &mail.message_id,
        envelope_from: row.envelope_from,
        recipient: &mail.to,
        kind: row.kind,
        game_id: row.game_id,
        inbound_id: row.inbound_id,
        raw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn mail(id: &str) -> OutboundMail {
        let text = format!("board {id}\n");
        crate::pipeline::mailing::replies::mail("a@example.org", id.into(), text, id.into())
    }

    fn row() -> Row<'static> {
        Row {
            envelope_from: "go@example.org",
            kind: "reply",
            game_id: None,
            inbound_id: None,
        }
    }

    fn store(sink: &MailSink<'_>, conn: &Connection, id: &str, raw: &[u8]) {
        let now = Utc::now();
        sink.store(conn, &mail(id), &row(), raw.to_vec(), now)
            .unwrap();
    }

    #[test]
    fn a_keeping_sink_keeps_what_was_queued_and_not_rolled_back() {
        let db = Store::open_in_memory().unwrap();
        let conn = db.conn();
        store(&MailSink::plain(), conn, "a@x", b"hi\r\n");
        let sink = MailSink::plain().keeping();
        store(&sink, conn, "b@x", b"hi\r\n");
        let mark = sink.mark();
        store(&sink, conn, "c@x", b"hi\r\n");
        sink.roll_back_to(mark);
        store(&sink, conn, "d@x", b"a board\r\n");
        let kept = sink.into_kept();
        let ids: Vec<&str> = kept.iter().map(|d| d.message_id.as_str()).collect();
        assert_eq!(ids, ["b@x", "d@x"]);
        assert_eq!(
            kept[1].raw, b"a board\r\n",
            "a copy holds the bytes as queued"
        );
        assert_eq!(outbox::raw(conn, kept[1].id).unwrap(), b"a board\r\n");
    }

    #[test]
    fn a_plain_sink_renders_at_once_and_keeps_nothing() {
        let db = Store::open_in_memory().unwrap();
        let sink = MailSink::plain();
        let m = Unpainted::plain(mail("e@x"));
        let back = sink.defer(db.conn(), m.clone(), &row(), Utc::now());
        assert_eq!(back.unwrap(), Some(m), "nothing queued");
        store(&sink, db.conn(), "e@x", b"hi\r\n");
        assert!(sink.into_kept().is_empty());
    }
}
