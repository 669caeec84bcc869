//! Inbound messages handled: the exactly-once record and the log behind
//! `pbmgo message list`.
//!
//! Owns the `messages` table. A message's key (its Message-ID, or a hash of
//! its bytes) is recorded in the same transaction as what the message did,
//! so a key found here means the message has been handled, whatever
//! happened afterwards.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::StoreError;
use super::codec::Sql;
use crate::store::ids::{MessageId, OutboxId, PlayerId};

/// What became of an inbound message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// At least one command changed something.
    Applied,
    /// It had commands and every one was refused.
    Rejected,
    /// It was answered without changing anything (help, board, unknown sender).
    Answered,
    /// It was not answered (auto-reply, list mail, bounce, duplicate...).
    Ignored,
}

impl Outcome {
    /// Returns the name stored and shown.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Rejected => "rejected",
            Outcome::Answered => "answered",
            Outcome::Ignored => "ignored",
        }
    }

    fn parse(text: &str) -> Outcome {
        match text {
            "applied" => Outcome::Applied,
            "rejected" => Outcome::Rejected,
            "answered" => Outcome::Answered,
            _ => Outcome::Ignored,
        }
    }
}

/// A message to record.
#[derive(Debug, Clone)]
pub struct NewMessage<'a> {
    /// The exactly-once key.
    pub key: &'a str,
    /// The sender's normalized address, if one was found.
    pub sender: Option<&'a str>,
    /// The player it came from, if known.
    pub player_id: Option<PlayerId>,
    /// The subject (already cleaned of line breaks).
    pub subject: &'a str,
    /// What it came to.
    pub outcome: Outcome,
    /// Codes, such as `ko` or `auto-submitted`, space-separated.
    pub reasons: &'a str,
    /// A plain-words summary.
    pub detail: &'a str,
    /// Where it came from: an inbox file name, `stdin`, `imap:...`.
    pub source: &'a str,
    /// The hash of its words (see `InboundMail::words_hash`; rows recorded
    /// before it hold `InboundMail::content_hash`).
    pub fingerprint: &'a str,
}

/// A handled message as listed.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct MessageRow {
    /// Row id.
    pub(crate) id: MessageId,
    /// The exactly-once key.
    pub(crate) key: String,
    /// The sender, if known.
    pub(crate) sender: Option<String>,
    /// The subject.
    pub(crate) subject: String,
    /// When it was handled (RFC 3339).
    pub(crate) received_at: String,
    /// What it came to.
    pub(crate) outcome: Outcome,
    /// Codes.
    pub(crate) reasons: Vec<String>,
    /// Summary.
    pub(crate) detail: String,
    /// Where it came from.
    pub(crate) source: String,
    /// The mails it caused that a limit held back, waiting or sent since
    /// (left out of JSON when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) deferred: Vec<DeferredMail>,
}

/// A mail a limit held back (its outbox `last_error` begins `deferred:`).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DeferredMail {
    /// The outbox id.
    pub(crate) outbox_id: OutboxId,
    /// To whom.
    pub(crate) recipient: String,
    /// `pending` while it waits, then `sent` (or `failed`).
    pub(crate) status: String,
    /// When it is (or was) due (RFC 3339).
    pub(crate) until: String,
    /// Why it waits.
    pub(crate) reason: String,
}

/// Returns the mails message `id` caused that a limit held back.
fn deferred_of(conn: &Connection, id: MessageId) -> Result<Vec<DeferredMail>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, recipient, status, next_attempt_at, last_error FROM outbox
         WHERE inbound_id = ?1 AND last_error LIKE 'deferred:%' ORDER BY id",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok(DeferredMail {
            outbox_id: r.get(0)?,
            recipient: r.get(1)?,
            status: r.get(2)?,
            until: r.get(3)?,
            reason: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Returns the exactly-once key of a message with Message-ID `id` from
/// `sender` whose content has `fingerprints` (the one stored now first,
/// then the one rows recorded before it carry: a match of either is the
/// same message), or `None` when that message has been handled before. The
/// key is the Message-ID itself for the first message to bring it, and
/// `<id> sha256:<fingerprint>` for another one that reuses it (another
/// sender, or other content).
pub(crate) fn unseen_key(
    conn: &Connection,
    id: &str,
    sender: Option<&str>,
    fingerprints: [&str; 2],
) -> Result<Option<String>, StoreError> {
    let [fingerprint, older] = fingerprints;
    let own = format!("{id} sha256:{fingerprint}");
    let old_own = format!("{id} sha256:{older}");
    let mut stmt = conn.prepare_cached(
        // Three lookups, not `key IN (...)`: a list of bound values is built
        // into an ephemeral B-tree on every run.
        "SELECT key, sender, fingerprint FROM messages WHERE key = ?1
         UNION ALL SELECT key, sender, fingerprint FROM messages WHERE key = ?2
         UNION ALL SELECT key, sender, fingerprint FROM messages WHERE key = ?3",
    )?;
    let rows = stmt.query_map(params![id, own, old_own], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, Option<String>>(1)?,
            r.get::<_, Option<String>>(2)?,
        ))
    })?;
    let mut first_taken = false;
    for row in rows {
        let (key, by, print) = row?;
        let same =
            by.as_deref() == sender && print.as_deref().is_none_or(|p| fingerprints.contains(&p));
        if key == own || key == old_own || same {
            return Ok(None);
        }
        first_taken = true;
    }
    Ok(Some(if first_taken { own } else { id.to_string() }))
}

/// Returns how many messages of player `player_id` since `since` carry
/// the reason code `code`.
pub(crate) fn count_reason_since(
    conn: &Connection,
    player_id: PlayerId,
    code: &str,
    since: DateTime<Utc>,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM messages
             WHERE player_id = ?1 AND received_at >= ?3
               AND (' ' || reasons || ' ') LIKE '% ' || ?2 || ' %'",
        )?
        .query_row(params![player_id, code, Sql(since)], |r| r.get(0))?)
}

/// Returns true when a message with `key` has been handled before.
pub(crate) fn seen(conn: &Connection, key: &str) -> Result<bool, StoreError> {
    let found: Option<i64> = conn
        .prepare_cached("SELECT id FROM messages WHERE key = ?1")?
        .query_row([key], |r| r.get(0))
        .optional()?;
    Ok(found.is_some())
}

/// Records a handled message; returns its row id.
pub fn record(
    conn: &Connection,
    m: &NewMessage<'_>,
    now: DateTime<Utc>,
) -> Result<MessageId, StoreError> {
    conn.prepare_cached(
        "INSERT INTO messages (key, sender, player_id, subject, received_at, outcome, reasons, detail, source, fingerprint)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        m.key,
        m.sender,
        m.player_id,
        m.subject,
        Sql(now),
        m.outcome.name(),
        m.reasons,
        m.detail,
        m.source,
        m.fingerprint
    ])?;
    MessageId::from_rowid(conn.last_insert_rowid())
}

/// Returns the most recent `limit` messages, newest first.
pub(crate) fn list(conn: &Connection, limit: u32) -> Result<Vec<MessageRow>, StoreError> {
    let mut stmt = conn.prepare(
        "SELECT id, key, sender, subject, received_at, outcome, reasons, detail, source
         FROM messages ORDER BY id DESC LIMIT ?1",
    )?;
    let rows = stmt.query_map([limit], |r| {
        Ok(MessageRow {
            id: r.get(0)?,
            key: r.get(1)?,
            sender: r.get(2)?,
            subject: r.get(3)?,
            received_at: r.get(4)?,
            outcome: Outcome::parse(&r.get::<_, String>(5)?),
            reasons: (r.get::<_, String>(6)?)
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            detail: r.get(7)?,
            source: r.get(8)?,
            deferred: Vec::new(),
        })
    })?;
    let mut out = Vec::new();
    for row in rows {
        let row = row?;
        let deferred = deferred_of(conn, row.id)?;
        out.push(MessageRow { deferred, ..row });
    }
    Ok(out)
}

/// The last message row's id (0 when there is none): a batch reads it
/// before its messages, to find their rows with [`logged_since`].
pub(crate) fn last_id(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn
        .prepare_cached("SELECT coalesce(max(id), 0) FROM messages")?
        .query_row([], |r| r.get(0))?)
}

/// A message's row as its log line shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Logged {
    /// The file (or other source) it was read from.
    pub(crate) source: String,
    /// Its exactly-once key: the Message-ID, or a hash of the mail.
    pub(crate) key: String,
    /// The sender's address, if one was found.
    pub(crate) sender: Option<String>,
    /// What it came to.
    pub(crate) outcome: Outcome,
    /// The refusal (or ignore) codes, space-separated.
    pub(crate) reasons: String,
    /// The count of its commands and how they went, in words.
    pub(crate) detail: String,
}

/// Returns the rows recorded after row `after`, in order.
pub(crate) fn logged_since(conn: &Connection, after: i64) -> Result<Vec<Logged>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT source, key, sender, outcome, reasons, detail FROM messages
         WHERE id > ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([after], |r| {
        Ok(Logged {
            source: r.get(0)?,
            key: r.get(1)?,
            sender: r.get(2)?,
            outcome: Outcome::parse(&r.get::<_, String>(3)?),
            reasons: r.get(4)?,
            detail: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::store::Store;

    #[test]
    fn a_message_id_matches_its_sender_by_either_fingerprint() {
        let store = Store::open_in_memory().unwrap();
        let c = store.conn();
        let now = Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap();
        let m = NewMessage {
            key: "m1@x.org",
            sender: Some("alice@x.org"),
            player_id: None,
            subject: "s",
            outcome: Outcome::Applied,
            reasons: "",
            detail: "",
            source: "test",
            fingerprint: "strict-old",
        };
        record(c, &m, now).unwrap();
        let alice = Some("alice@x.org");
        let seen = |prints| unseen_key(c, "m1@x.org", alice, prints).unwrap();
        assert_eq!(seen(["words", "strict-old"]), None, "a row recorded before");
        let own = seen(["words-2", "strict-2"]);
        assert_eq!(own.as_deref(), Some("m1@x.org sha256:words-2"));
        let bob = unseen_key(c, "m1@x.org", Some("bob@x.org"), ["words", "strict-old"]);
        assert_eq!(bob.unwrap().as_deref(), Some("m1@x.org sha256:words"));
    }
}
