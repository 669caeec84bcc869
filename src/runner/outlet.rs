//! [`Outlet`]: the replies of a `poll` batch, sent right after its commit
//! from the bytes the batch queued (no reading them back from the outbox),
//! with their outcomes recorded in a later transaction.
//!
//! Only for a transport that needs a flush and writes idempotently (the
//! file transport). The order keeps the outbox's promise: the rows are
//! committed as pending before any of them is sent; the batch is sent and
//! flushed (with [`send_flushed`](super::send::send_flushed), on `poll`'s worker thread); its outcomes
//! go into a later batch's transaction (or a last small one). A crash in
//! between leaves written mails pending, which the next run writes again
//! with the same bytes and so the same Message-ID. At most two batches are
//! ever written but unrecorded.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::send::{SendSummary, record};
use crate::mailbox::transport::{Transport, TransportError};
use crate::store::StoreError;
use crate::store::outbox::{Due, RetryPolicy};

/// Sends batches of freshly queued mail and keeps their outcomes until they
/// are recorded.
pub(crate) struct Outlet<'a> {
    transport: &'a dyn Transport,
    policy: RetryPolicy,
    unrecorded: Vec<Sent>,
    summary: SendSummary,
}

/// One mail sent and not yet recorded.
struct Sent {
    mail: Due,
    outcome: Result<(), TransportError>,
    at: DateTime<Utc>,
}

impl<'a> Outlet<'a> {
    /// Returns an outlet for `transport`, or `None` when its mail is
    /// delivered at once (SMTP, sendmail): that mail is sent and recorded
    /// one by one after the run instead.
    pub(crate) fn new(transport: &'a dyn Transport, policy: RetryPolicy) -> Option<Self> {
        transport.needs_flush().then(|| Outlet {
            transport,
            policy,
            unrecorded: Vec::new(),
            summary: SendSummary::default(),
        })
    }

    /// Takes the outcomes of `mails` sent (with [`send_flushed`](super::send::send_flushed)) elsewhere,
    /// such as on a worker thread, at `at`; they wait for [`Outlet::record`].
    pub(crate) fn sent(
        &mut self,
        mails: Vec<Due>,
        outcomes: Vec<Result<(), TransportError>>,
        at: DateTime<Utc>,
    ) {
        let sent = mails.into_iter().zip(outcomes);
        self.unrecorded
            .extend(sent.map(|(mail, outcome)| Sent { mail, outcome, at }));
    }

    /// Returns the transport, for sending on another thread.
    pub(crate) fn transport(&self) -> &'a dyn Transport {
        self.transport
    }

    /// Records the outcomes not yet recorded in `tx`; returns their counts,
    /// to be handed to [`Outlet::committed`] once `tx` is committed.
    pub(crate) fn record(&self, tx: &Connection) -> Result<SendSummary, StoreError> {
        let mut summary = SendSummary::default();
        for s in &self.unrecorded {
            record(tx, &s.mail, &s.outcome, self.policy, s.at, &mut summary)?;
        }
        Ok(summary)
    }

    /// Forgets the outcomes that `recorded` (from [`Outlet::record`]) counts,
    /// now committed.
    pub(crate) fn committed(&mut self, recorded: SendSummary) {
        self.unrecorded.clear();
        self.summary.sent += recorded.sent;
        self.summary.retried += recorded.retried;
        self.summary.failed += recorded.failed;
    }

    /// Returns true when some outcomes are not recorded yet.
    pub(crate) fn has_unrecorded(&self) -> bool {
        !self.unrecorded.is_empty()
    }

    /// Returns the counts of the outcomes recorded so far.
    pub(crate) fn summary(&self) -> SendSummary {
        self.summary
    }
}
