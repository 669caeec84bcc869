//! Recalling the mails pbmgo sent, so that a reply that repeats them is
//! not read as the player's words: by Message-ID (the mails a reply names
//! in In-Reply-To and References) and, for a reply that names none, the
//! latest ones sent to an address; and the challenge letters beside a mail,
//! for a reply that answers a challenge.

use rusqlite::{Connection, params};

use super::body;
use crate::store::StoreError;
use crate::store::{GameId, OutboxId};

/// The most mails recalled at once: the mail answered and the few before
/// it in the thread (older ones repeat boards and placeholders, which are
/// never commands).
pub const MAX_RECALLED: usize = 8;

/// A mail pbmgo sent, as queued.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recalled {
    /// Its Message-ID, without brackets.
    pub message_id: String,
    /// The game it is about, if any.
    pub game_id: Option<GameId>,
    /// Its RFC 5322 bytes.
    pub raw: Vec<u8>,
}

/// Returns the outbox mails among `message_ids` (brackets allowed), at
/// most [`MAX_RECALLED`]: the last ones given, as a References header lists
/// the newest last. Unknown ids are left out.
pub fn recall(conn: &Connection, message_ids: &[String]) -> Result<Vec<Recalled>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT o.id, o.message_id, o.game_id, b.encoding, b.body
         FROM outbox o JOIN outbox_bodies b ON b.outbox_id = o.id WHERE o.message_id = ?1",
    )?;
    let mut found = Vec::new();
    let skip = message_ids.len().saturating_sub(MAX_RECALLED);
    for id in message_ids.iter().skip(skip) {
        let mut rows = stmt.query(params![bare_id(id)])?;
        if let Some(row) = rows.next()? {
            found.push(read(conn, row)?);
        }
    }
    Ok(found)
}

/// Returns the outbox mail `message_id` (brackets allowed), then the
/// challenge letters queued for the same inbound message: a challenge's
/// letter and the challenger's transcript of it come from one message.
/// Empty when the id is not ours.
pub fn with_challenge_letters(
    conn: &Connection,
    message_id: &str,
) -> Result<Vec<Recalled>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT l.id, l.message_id, l.game_id, b.encoding, b.body
         FROM outbox o JOIN outbox l
             ON l.id = o.id OR (l.inbound_id = o.inbound_id AND l.kind = 'challenge')
         JOIN outbox_bodies b ON b.outbox_id = l.id
         WHERE o.message_id = ?1 ORDER BY l.id != o.id, l.id LIMIT ?2",
    )?;
    read_all(
        conn,
        stmt.query(params![bare_id(message_id), MAX_RECALLED as i64])?,
    )
}

/// Returns the latest `limit` (at most [`MAX_RECALLED`]) mails queued for
/// `recipient`, newest first.
pub fn recent_to(
    conn: &Connection,
    recipient: &str,
    limit: usize,
) -> Result<Vec<Recalled>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT o.id, o.message_id, o.game_id, b.encoding, b.body
         FROM outbox o JOIN outbox_bodies b ON b.outbox_id = o.id
         WHERE o.recipient = ?1 ORDER BY o.created_at DESC, o.id DESC LIMIT ?2",
    )?;
    let limit = limit.min(MAX_RECALLED) as i64;
    read_all(conn, stmt.query(params![recipient, limit])?)
}

/// Returns a Message-ID without blanks and angle brackets, as the outbox keeps it.
pub(crate) fn bare_id(message_id: &str) -> &str {
    message_id
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
}

/// Reads every row of `rows` (pictures stored apart are read from `conn`).
fn read_all(conn: &Connection, mut rows: rusqlite::Rows<'_>) -> Result<Vec<Recalled>, StoreError> {
    let mut found = Vec::new();
    while let Some(row) = rows.next()? {
        found.push(read(conn, row)?);
    }
    Ok(found)
}

fn read(conn: &Connection, row: &rusqlite::Row<'_>) -> Result<Recalled, StoreError> {
    let id: OutboxId = row.get(0)?;
    let encoding: String = row.get(3)?;
    Ok(Recalled {
        message_id: row.get(1)?,
        game_id: row.get(2)?,
        raw: body::decode_stored(conn, id, &encoding, row.get(4)?)?,
    })
}
