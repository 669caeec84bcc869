//! Flushing the outbox: sending the mail that is due through a transport,
//! recording each outcome.
//!
//! Owns the order of a send run (held mail the limits now allow is let
//! go first, [`release_held`]): due rows are read in batches, each mail of
//! a batch is handed to the transport, the transport is flushed (so what it
//! accepted is durable), and the batch's outcomes (sent, to retry, failed)
//! are written in one transaction. A crash loses at most the record of one
//! batch: those mails are sent again by the next run, with the same bytes
//! and so the same Message-ID. Each mail is claimed (`outbox::claim`) in
//! its own short transaction before it is handed to the transport, so runs
//! at the same time (`poll`, `deliver`, `send`, `tick`) never send one mail
//! twice; a claim left by a run that died is taken again after
//! `outbox::CLAIM_LEASE`.
//!
//! Must not touch: what is sent (the pipeline queues it), how mail is
//! delivered (`mailbox::transport`), which transport and retry policy the
//! config names (the CLI builds them), the SQL (`store::outbox`), the
//! clock (`now` is an argument).

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::mailbox::transport::{Envelope, Transport, TransportError};
use crate::pipeline::PipelineError;
use crate::pipeline::mailing::pace;
use crate::store::outbox::{self, Due, RetryPolicy};
use crate::store::{OutboxId, Store, StoreError};

/// How many due rows one read fetches, sent before one flush and one commit.
const BATCH: u32 = 100;

/// Why mail could not be sent at all (a single mail's failure is recorded
/// in the outbox instead).
#[derive(Debug, Error)]
#[non_exhaustive]
pub(crate) enum SendError {
    /// The outbox could not be read or updated.
    #[error("cannot update the outbox")]
    Store(#[from] StoreError),
    /// The held mail could not be checked against the limits.
    #[error("cannot check held mail against the limits")]
    Held(#[from] PipelineError),
}

/// What one send run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct SendSummary {
    /// Mails delivered.
    pub(crate) sent: u32,
    /// Mails that failed for now and will be tried again later.
    pub(crate) retried: u32,
    /// Mails given up on (a permanent refusal, or failing for `give_up_after`).
    pub(crate) failed: u32,
}

/// Sends up to `limit` mails due at `now`, oldest first; returns what
/// became of them.
///
/// Each outcome is recorded at once in its own transaction: sent, or a
/// failed attempt (permanent when the transport says so, else retried
/// after `policy`'s wait until it has failed for `give_up_after`). A mail that fails in
/// this run is not tried again in it, so a run always ends. Only a store
/// failure stops the run early; what was recorded before it stays.
pub(crate) fn send_due(
    store: &mut Store,
    transport: &dyn Transport,
    policy: RetryPolicy,
    now: DateTime<Utc>,
    limit: u32,
) -> Result<SendSummary, SendError> {
    let mut summary = SendSummary::default();
    let mut tried: HashSet<OutboxId> = HashSet::new();
    let mut left = limit;
    while left > 0 {
        let batch = next_batch(store, &tried, summary.retried, now, left.min(BATCH))?;
        if batch.is_empty() {
            break;
        }
        left = left.saturating_sub(batch.len() as u32);
        tried.extend(batch.iter().map(|m| m.id));
        send_batch(store, transport, &batch, policy, now, &mut summary)?;
    }
    Ok(summary)
}

/// Lets go the held mail that the limits as the config says them now
/// (`cap`: `limits.max_replies_per_hour`) allow at `now`, so a changed
/// limit applies at the next `send`, `poll` or `tick`; returns how many.
pub(crate) fn release_held(
    store: &mut Store,
    cap: u32,
    now: DateTime<Utc>,
) -> Result<u32, SendError> {
    Ok(store.write(|tx| pace::release_held(tx, cap, now))?)
}

/// Makes the mail that waits out a backoff due at `now` (`send --now`, as
/// `postqueue -f` does); returns how many. Held mail keeps waiting.
pub(crate) fn expedite(store: &mut Store, now: DateTime<Utc>) -> Result<usize, SendError> {
    Ok(store.write(|tx| outbox::expedite(tx, now))?)
}

/// Returns up to `size` due mails not yet tried in this run.
///
/// A mail tried in this run can still be due (when its retry wait ends
/// before `now`), so as many extra rows are read as have been tried and
/// left pending (`retried`), and those are skipped. (Reading one extra row
/// per mail tried, sent ones included, read half the outbox's bytes for
/// every batch in the middle of a long run.)
fn next_batch(
    store: &mut Store,
    tried: &HashSet<OutboxId>,
    retried: u32,
    now: DateTime<Utc>,
    size: u32,
) -> Result<Vec<Due>, SendError> {
    let extra = retried;
    let due = store.read(|tx| outbox::due(tx, now, size.saturating_add(extra)))?;
    Ok(due
        .into_iter()
        .filter(|d| !tried.contains(&d.id))
        .take(size as usize)
        .collect())
}

/// Sends a batch, flushes the transport, and records every outcome in one transaction.
///
/// A transport whose mail is delivered the moment `send` returns (SMTP,
/// sendmail) has each outcome recorded at once instead, so a crash can send
/// at most one mail twice. Only a transport that writes idempotently and
/// needs a flush (the file transport: the same Message-ID overwrites the
/// same file) is batched, because syncing each file alone costs a disk flush.
fn send_batch(
    store: &mut Store,
    transport: &dyn Transport,
    batch: &[Due],
    policy: RetryPolicy,
    now: DateTime<Utc>,
    summary: &mut SendSummary,
) -> Result<(), SendError> {
    if !transport.needs_flush() {
        for mail in batch {
            if !store.write(|tx| outbox::claim(tx, mail.id, now))? {
                continue;
            }
            let outcome = send_one(transport, mail);
            store.write(|tx| -> Result<(), SendError> {
                Ok(record(tx, mail, &outcome, policy, now, summary)?)
            })?;
        }
        return Ok(());
    }
    let claimed: Vec<Due> = store.write(|tx| -> Result<Vec<Due>, StoreError> {
        let mut claimed = Vec::with_capacity(batch.len());
        for mail in batch {
            if outbox::claim(tx, mail.id, now)? {
                claimed.push(mail.clone());
            }
        }
        Ok(claimed)
    })?;
    let outcomes = send_flushed(transport, &claimed);
    store.write(|tx| -> Result<(), SendError> {
        for (mail, outcome) in claimed.iter().zip(&outcomes) {
            record(tx, mail, outcome, policy, now, summary)?;
        }
        Ok(())
    })
}

/// Sends a batch through a transport that needs a flush, then flushes it;
/// returns each mail's outcome (a failed flush fails every mail it held).
pub(crate) fn send_flushed(
    transport: &dyn Transport,
    batch: &[Due],
) -> Vec<Result<(), TransportError>> {
    let mut outcomes: Vec<Result<(), TransportError>> =
        batch.iter().map(|mail| send_one(transport, mail)).collect();
    if let Err(err) = transport.flush() {
        let line = error_line(&err);
        for o in outcomes.iter_mut().filter(|o| o.is_ok()) {
            *o = Err(TransportError::NotDurable(line.clone()));
        }
    }
    outcomes
}

/// Hands one mail to the transport.
fn send_one(transport: &dyn Transport, mail: &Due) -> Result<(), TransportError> {
    let envelope = Envelope {
        from: mail.envelope_from.clone(),
        to: vec![mail.recipient.clone()],
    };
    transport.send(&envelope, &mail.raw, &mail.message_id)
}

/// Records one mail's outcome in the outbox and in `summary`.
pub(super) fn record(
    tx: &rusqlite::Connection,
    mail: &Due,
    outcome: &Result<(), TransportError>,
    policy: RetryPolicy,
    now: DateTime<Utc>,
    summary: &mut SendSummary,
) -> Result<(), StoreError> {
    let Err(err) = outcome else {
        outbox::mark_sent(tx, mail.id, now)?;
        tracing::info!(id = mail.id.get(), message_id = %mail.message_id, "mail sent");
        summary.sent += 1;
        return Ok(());
    };
    let error = error_line(err);
    let permanent = err.is_permanent();
    let gave_up = outbox::mark_attempt_failed(tx, mail.id, &error, permanent, policy, now)?;
    if gave_up {
        summary.failed += 1;
        return super::lost::gave_up(tx, mail, &error, now);
    }
    tracing::warn!(id = mail.id.get(), message_id = %mail.message_id, %error, "mail not sent: to retry");
    summary.retried += 1;
    Ok(())
}

/// Returns an error and its causes on one line, for the outbox row.
fn error_line(err: &TransportError) -> String {
    let mut line = err.to_string();
    let mut source = std::error::Error::source(err);
    while let Some(cause) = source {
        line.push_str(": ");
        line.push_str(&cause.to_string());
        source = cause.source();
    }
    line.replace(['\r', '\n'], " ")
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::mailbox::transport::MemoryTransport;
    use crate::store::outbox::NewMail;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-22T12:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn queue(store: &mut Store, n: usize) {
        for i in 0..n {
            let id = format!("m{i}@example.org");
            let raw = format!("Message-ID: <{id}>\r\n\r\nhi\r\n");
            let mail = NewMail {
                message_id: &id,
                envelope_from: "pbmgo@example.org",
                recipient: "a@example.org",
                kind: "reply",
                game_id: None,
                inbound_id: None,
                raw: raw.as_bytes(),
            };
            store.write(|tx| outbox::enqueue(tx, &mail, now())).unwrap();
        }
    }

    /// Fails every mail with a temporary error.
    struct Down;

    impl Transport for Down {
        fn send(&self, _: &Envelope, _: &[u8], _: &str) -> Result<(), TransportError> {
            Err(TransportError::Smtp {
                permanent: false,
                message: "451 try\nlater".into(),
            })
        }
    }

    /// Gives up `give_up` seconds after the first failure; waits `seconds` first.
    fn policy(give_up: i64, seconds: i64) -> RetryPolicy {
        RetryPolicy {
            base_delay: Duration::seconds(seconds),
            give_up_after: Duration::seconds(give_up),
        }
    }

    #[test]
    fn sends_everything_due_in_batches_and_then_nothing() {
        let mut store = Store::open_in_memory().unwrap();
        queue(&mut store, 120);
        let memory = MemoryTransport::new();
        let sum = send_due(&mut store, &memory, policy(86_400, 60), now(), u32::MAX).unwrap();
        assert_eq!((sum.sent, sum.retried, sum.failed), (120, 0, 0));
        assert_eq!(memory.sent().len(), 120);
        let again = send_due(&mut store, &memory, policy(86_400, 60), now(), u32::MAX).unwrap();
        assert_eq!(again, SendSummary::default());
    }

    #[test]
    fn each_mail_goes_with_its_rows_envelope_sender() {
        let mut store = Store::open_in_memory().unwrap();
        let verp = "go+bounce-0123456789abcdef@example.org";
        let mail = NewMail {
            message_id: "v1@example.org",
            envelope_from: verp,
            recipient: "a@example.org",
            kind: "reply",
            game_id: None,
            inbound_id: None,
            raw: b"Message-ID: <v1@example.org>\r\n\r\nhi\r\n",
        };
        store.write(|tx| outbox::enqueue(tx, &mail, now())).unwrap();
        let memory = MemoryTransport::new();
        send_due(&mut store, &memory, policy(86_400, 60), now(), u32::MAX).unwrap();
        let sent = memory.sent();
        assert_eq!(sent[0].envelope.from, verp);
        assert_eq!(sent[0].envelope.to, ["a@example.org"]);
    }

    #[test]
    fn the_limit_caps_a_run() {
        let mut store = Store::open_in_memory().unwrap();
        queue(&mut store, 3);
        let memory = MemoryTransport::new();
        let sum = send_due(&mut store, &memory, policy(86_400, 60), now(), 2).unwrap();
        assert_eq!(sum.sent, 2);
    }

    #[test]
    fn a_failed_mail_is_not_retried_in_the_same_run() {
        let mut store = Store::open_in_memory().unwrap();
        queue(&mut store, 60);
        // The shortest wait the config allows (1 s), and the run never loops.
        let sum = send_due(&mut store, &Down, policy(1, 1), now(), u32::MAX).unwrap();
        assert_eq!((sum.sent, sum.retried, sum.failed), (0, 60, 0));
        let rows = outbox::list(store.conn(), Some("pending"), 100).unwrap();
        assert!(rows.iter().all(|r| r.attempts == 1));
        let error = rows[0].last_error.as_deref().unwrap();
        assert_eq!(error, "smtp: 451 try later");
        let later = now() + Duration::seconds(1);
        let sum = send_due(&mut store, &Down, policy(1, 1), later, u32::MAX).unwrap();
        assert_eq!((sum.retried, sum.failed), (0, 60));
    }
}
