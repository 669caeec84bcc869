//! Retrying what the relay did not take, and the admin's hand on the queue.
//!
//! Owns the schedule of a failed mail ([`RetryPolicy`]: the wait after each
//! failed attempt doubles from `[outbound] retry_seconds` up to
//! [`MAX_WAIT`], and a mail is given up on once it has failed for `[send]
//! give_up_after`, counted from its first failed attempt; a permanent
//! refusal fails it at once), putting mail back in the queue (`outbox
//! retry`: [`retry`], [`retry_all`]), making the mail that waits out a
//! backoff due now (`send --now`: [`expedite`]), and the queue's sizes
//! (`pbmgo status`: [`queue_sizes`]).

use chrono::{DateTime, Duration, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::lost;
use crate::store::OutboxId;
use crate::store::StoreError;
use crate::store::codec::{Sql, Stored};

/// The longest wait between two attempts at one mail.
pub const MAX_WAIT: Duration = Duration::hours(4);

/// How failed sends are retried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// The wait after the first failure; it doubles after each further one,
    /// up to [`MAX_WAIT`].
    pub base_delay: Duration,
    /// How long after its first failed attempt a mail is given up on.
    pub give_up_after: Duration,
}

impl RetryPolicy {
    /// Returns the wait after failed attempt number `attempt` (from 1):
    /// `base_delay` doubled `attempt - 1` times, at most [`MAX_WAIT`].
    pub fn delay_after(self, attempt: u32) -> Duration {
        let doublings = attempt.saturating_sub(1).min(30);
        let seconds = self.base_delay.num_seconds().max(1);
        let wait = seconds.saturating_mul(1i64 << doublings);
        Duration::seconds(wait).min(MAX_WAIT)
    }
}

/// Records a failed attempt at mail `id`; returns whether it was given up on.
///
/// The mail is tried again after [`RetryPolicy::delay_after`], but never
/// later than its deadline (`give_up_after` after its first failed
/// attempt), so its last attempt falls on the deadline; a failure then,
/// or a `permanent` one, marks it failed.
pub(crate) fn mark_attempt_failed(
    conn: &Connection,
    id: OutboxId,
    error: &str,
    permanent: bool,
    policy: RetryPolicy,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let attempts: u32 = conn
        .prepare_cached("SELECT attempts FROM outbox WHERE id = ?1")?
        .query_row([id], |r| r.get(0))?;
    let attempt = attempts + 1;
    log_attempt(conn, id, attempt, now, Some(error))?;
    let deadline = failing_since(conn, id, now)? + policy.give_up_after;
    let give_up = permanent || now >= deadline;
    let next = (now + policy.delay_after(attempt)).min(deadline).max(now);
    conn.prepare_cached(
        "UPDATE outbox SET attempts = ?2, last_error = ?3, next_attempt_at = ?4,
             status = CASE WHEN ?5 THEN 'failed' ELSE 'pending' END, claimed_until = NULL
         WHERE id = ?1",
    )?
    .execute(params![id, attempt, error, Sql(next), give_up])?;
    Ok(give_up)
}

/// Records attempt number `attempt` at mail `id`, with its error if it failed.
fn log_attempt(
    conn: &Connection,
    id: OutboxId,
    attempt: u32,
    now: DateTime<Utc>,
    error: Option<&str>,
) -> Result<(), StoreError> {
    conn.prepare_cached("INSERT OR REPLACE INTO send_attempts (outbox_id, attempt, at, error) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![id, attempt, Sql(now), error])?;
    Ok(())
}

/// When mail `id` first failed since it was queued or put back by
/// [`retry`] (its attempt 1, which a retry starts again); `now` if unknown.
fn failing_since(
    conn: &Connection,
    id: OutboxId,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, StoreError> {
    // A time that does not read is taken as unknown.
    let first: Option<DateTime<Utc>> = conn
        .prepare_cached("SELECT at FROM send_attempts WHERE outbox_id = ?1 AND attempt = 1")?
        .query_row([id], |r| Ok(r.stored_opt(0).unwrap_or(None)))
        .optional()?
        .flatten();
    Ok(first.unwrap_or(now))
}

/// A mail [`retry`] or [`retry_all`] put back in the queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Retried {
    /// The outbox id.
    pub id: OutboxId,
    /// Who it is to.
    pub recipient: String,
    /// Its status before: `failed`, or `pending` (waiting out a backoff).
    pub was: String,
    /// The attempts it had made.
    pub attempts: u32,
}

/// What [`retry`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RetryOne {
    /// The mail is back in the queue, due now.
    Retried(Retried),
    /// The mail was sent already: nothing to do.
    Sent,
}

/// Puts mail `id` back in the queue: pending, no attempts, due `now`, its
/// last error cleared (its attempts stay in `send_attempts`), no longer
/// recorded as lost. An unknown id is [`StoreError::NotFound`].
pub fn retry(conn: &Connection, id: OutboxId, now: DateTime<Utc>) -> Result<RetryOne, StoreError> {
    let row: Option<(String, String, u32)> = conn
        .prepare_cached("SELECT recipient, status, attempts FROM outbox WHERE id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let Some((recipient, was, attempts)) = row else {
        return Err(StoreError::NotFound {
            what: "outbox mail",
            id: id.to_string(),
        });
    };
    if was == "sent" {
        return Ok(RetryOne::Sent);
    }
    conn.prepare_cached(
        "UPDATE outbox SET status = 'pending', attempts = 0, last_error = NULL,
             next_attempt_at = ?2
         WHERE id = ?1",
    )?
    .execute(params![id, Sql(now)])?;
    lost::forget(conn, id)?;
    Ok(RetryOne::Retried(Retried {
        id,
        recipient,
        was,
        attempts,
    }))
}

/// Which mail [`retry_all`] puts back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// The mail given up on.
    Failed,
    /// That and the mail waiting out a backoff (pending, tried before).
    FailedAndDeferred,
}

/// Puts back in the queue (as [`retry`] does) every mail `which` names,
/// oldest first; returns them.
pub fn retry_all(
    conn: &Connection,
    which: Which,
    now: DateTime<Utc>,
) -> Result<Vec<Retried>, StoreError> {
    let deferred = which == Which::FailedAndDeferred;
    let ids: Vec<OutboxId> = conn
        .prepare_cached(
            "SELECT id FROM outbox
             WHERE status = 'failed' OR (?1 AND status = 'pending' AND attempts > 0)
             ORDER BY id",
        )?
        .query_map([deferred], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        if let RetryOne::Retried(r) = retry(conn, id, now)? {
            out.push(r);
        }
    }
    Ok(out)
}

/// Makes every mail that waits out a backoff (pending, tried before, not
/// due yet) due `now`, as `postqueue -f` does; returns how many. Mail a
/// limit holds back (never tried) keeps waiting.
pub(crate) fn expedite(conn: &Connection, now: DateTime<Utc>) -> Result<usize, StoreError> {
    Ok(conn
        .prepare_cached(
            "UPDATE outbox SET next_attempt_at = ?1
             WHERE status = 'pending' AND next_attempt_at > ?1 AND attempts > 0",
        )?
        .execute([Sql(now)])?)
}

/// How much mail the outbox holds, by state, at a moment (`pbmgo status`
/// and the metrics file).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct QueueSizes {
    /// Mail not sent yet and not given up on: `due`, `deferred` and `held` together.
    pub pending: u32,
    /// Pending mail whose attempt is due now.
    pub due: u32,
    /// Pending mail that failed before and waits out a backoff.
    pub deferred: u32,
    /// Pending mail never tried that a limit holds back.
    pub held: u32,
    /// Mail given up on (failed for `give_up_after`, or refused for good).
    pub failed: u32,
    /// The mail given up on whose last attempt was in the day before now.
    pub failed_last_day: u32,
    /// Failed mail whose player has not been told yet (see `lost_mail`;
    /// 0 on a schema older than that table, which `status` may read).
    pub lost_untold: u32,
}

/// Returns the outbox's [`QueueSizes`] at `now`.
pub fn queue_sizes(conn: &Connection, now: DateTime<Utc>) -> Result<QueueSizes, StoreError> {
    let day_before = now - chrono::Duration::days(1);
    let mut sizes = conn
        .prepare_cached(
            "SELECT
                 count(*) FILTER (WHERE status = 'pending'),
                 count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= ?1),
                 count(*) FILTER (WHERE status = 'pending' AND next_attempt_at > ?1 AND attempts > 0),
                 count(*) FILTER (WHERE status = 'pending' AND next_attempt_at > ?1 AND attempts = 0),
                 count(*) FILTER (WHERE status = 'failed'),
                 count(*) FILTER (WHERE status = 'failed' AND
                     (SELECT max(at) FROM send_attempts WHERE outbox_id = outbox.id) > ?2)
             FROM outbox WHERE status IN ('pending', 'failed')",
        )?
        .query_row([Sql(now), Sql(day_before)], |r| {
            Ok(QueueSizes {
                pending: r.get(0)?,
                due: r.get(1)?,
                deferred: r.get(2)?,
                held: r.get(3)?,
                failed: r.get(4)?,
                failed_last_day: r.get(5)?,
                lost_untold: 0,
            })
        })?;
    if lost::kept(conn)? {
        sizes.lost_untold = lost::untold(conn)?;
    }
    Ok(sizes)
}

#[cfg(test)]
mod tests;
