//! Outbox pictures: the inline pictures of queued mail, stored once per
//! distinct picture in `outbox_pictures` (keyed by Content-ID) instead of
//! inside every body; and, the same way, any other run of lines that many
//! mails share (the stylesheet of the HTML part, keyed `style.<hash>`, see
//! `mail::outbound::render_apart`). A body whose pictures were cut out is
//! stored with the encoding `pictures`: a header saying where each picture
//! goes, then the rest of the mail as an lz4 block.
//!
//! Owns the cutting (finding a picture's base64 lines in the rendered
//! mail), the header, and putting the mail back together. What a picture
//! is and how the mail is laid out are `mail::outbound`'s; this only finds
//! the lines of a part by its `Content-ID` header.

use std::sync::Arc;

use memchr::memmem;
use rusqlite::{Connection, OptionalExtension, params};

use crate::store::StoreError;

/// One picture cut out of a mail: its key (Content-ID), where it went in
/// the rest of the mail, and its bytes (the part's base64 lines).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cut {
    pub(super) key: String,
    pub(super) at: usize,
    /// Shared with the mail that showed it, not copied.
    pub(super) data: Arc<[u8]>,
}

impl Cut {
    /// The picture `key` with the lines `data`, to go at `at` in the rest.
    pub(super) fn new(key: String, at: usize, data: Arc<[u8]>) -> Cut {
        Cut { key, at, data }
    }
}

/// Bytes of the header for each picture: where it goes and its row.
const ENTRY: usize = 16;

/// Returns `raw` without the body lines of the parts whose Content-IDs are
/// `keys`, and those cuts (in the order they were in `raw`). A key whose
/// part is not found is left in the mail (the pictures are the last parts,
/// so each is looked for from the end).
pub(super) fn cut(raw: &[u8], keys: &[&str]) -> (Vec<u8>, Vec<Cut>) {
    let mut spans: Vec<(usize, usize, &str)> = keys
        .iter()
        .filter_map(|key| span(raw, key).map(|(start, end)| (start, end, *key)))
        .collect();
    spans.sort_unstable();
    spans.dedup_by(|b, a| b.0 < a.1);
    let mut rest = Vec::with_capacity(raw.len());
    let mut cuts = Vec::with_capacity(spans.len());
    let mut from = 0;
    for (start, end, key) in spans {
        rest.extend_from_slice(&raw[from..start]);
        cuts.push(Cut {
            key: key.to_owned(),
            at: rest.len(),
            data: raw[start..end].into(),
        });
        from = end;
    }
    rest.extend_from_slice(&raw[from..]);
    (rest, cuts)
}

/// The body lines of the part with header `Content-ID: <key>`: from after
/// the blank line ending its headers to the line break before the next
/// boundary line (base64 has no `-`).
fn span(raw: &[u8], key: &str) -> Option<(usize, usize)> {
    let header = format!("Content-ID: <{key}>\r\n");
    let at = memmem::rfind(raw, header.as_bytes())?;
    let start = at + memmem::find(&raw[at..], b"\r\n\r\n")? + 4;
    let end = start + memmem::find(&raw[start..], b"\r\n--")?;
    (end > start).then_some((start, end))
}

/// Stores each cut's picture unless stored already; returns the header
/// that says where each goes, or `None` when a key is stored already with
/// other bytes (the caller then stores the mail whole).
pub(super) fn store(conn: &Connection, cuts: &[Cut]) -> Result<Option<Vec<u8>>, StoreError> {
    let mut header = Vec::with_capacity(4 + ENTRY * cuts.len());
    header.extend_from_slice(&(cuts.len() as u32).to_le_bytes());
    for cut in cuts {
        let Some(id) = picture_id(conn, cut)? else {
            return Ok(None);
        };
        header.extend_from_slice(&(cut.at as u64).to_le_bytes());
        header.extend_from_slice(&id.to_le_bytes());
    }
    Ok(Some(header))
}

/// The row of `cut`'s picture, inserted if new; `None` when its key holds
/// other bytes. The bytes are compared here, not bound to the query: SQLite
/// would copy the picture (about 12 KB) to bind it, for every mail that
/// shows it.
fn picture_id(conn: &Connection, cut: &Cut) -> Result<Option<i64>, StoreError> {
    let found: Option<(i64, bool)> = conn
        .prepare_cached("SELECT id, data FROM outbox_pictures WHERE key = ?1")?
        .query_row(params![cut.key], |r| {
            let same = r.get_ref(1)?.as_blob().is_ok_and(|d| d == &*cut.data);
            Ok((r.get(0)?, same))
        })
        .optional()?;
    if let Some((id, same)) = found {
        return Ok(same.then_some(id));
    }
    conn.prepare_cached("INSERT INTO outbox_pictures (key, data) VALUES (?1, ?2)")?
        .execute(params![cut.key, cut.data])?;
    Ok(Some(conn.last_insert_rowid()))
}

/// Where a picture goes in the rest of a mail, and its row.
pub(super) type Entry = (usize, i64);

/// Splits a `pictures` body into its entries and the rest's lz4 block;
/// `None` when the header does not fit the body.
pub(super) fn entries(body: &[u8]) -> Option<(Vec<Entry>, &[u8])> {
    let n = u32::from_le_bytes(*body.first_chunk::<4>()?) as usize;
    let end = n.checked_mul(ENTRY)?.checked_add(4)?;
    let table = body.get(4..end)?;
    let entries = table
        .chunks_exact(ENTRY)
        .map(|e| {
            let at = u64::from_le_bytes(e[..8].try_into().unwrap_or_default());
            let id = i64::from_le_bytes(e[8..].try_into().unwrap_or_default());
            (usize::try_from(at).unwrap_or(usize::MAX), id)
        })
        .collect();
    Some((entries, &body[end..]))
}

/// Puts the pictures of `entries` back into `rest`; `corrupt` makes the
/// error for a picture that is missing or out of place.
pub(super) fn splice(
    conn: &Connection,
    rest: &[u8],
    entries: &[Entry],
    corrupt: impl Fn(String) -> StoreError,
) -> Result<Vec<u8>, StoreError> {
    let mut out = Vec::with_capacity(rest.len() + 12_000 * entries.len());
    let mut from = 0;
    for &(at, id) in entries {
        if at < from || at > rest.len() {
            return Err(corrupt(format!("picture {id} placed at {at}")));
        }
        let data: Vec<u8> = conn
            .prepare_cached("SELECT data FROM outbox_pictures WHERE id = ?1")?
            .query_row([id], |r| r.get(0))
            .optional()?
            .ok_or_else(|| corrupt(format!("picture {id} is missing")))?;
        out.extend_from_slice(&rest[from..at]);
        out.extend_from_slice(&data);
        from = at;
    }
    out.extend_from_slice(&rest[from..]);
    Ok(out)
}

/// Puts `cuts` back into `rest` (no database: the cuts hold the bytes).
pub(super) fn uncut(rest: &[u8], cuts: &[Cut]) -> Vec<u8> {
    let mut out = Vec::with_capacity(rest.len() + cuts.iter().map(|c| c.data.len()).sum::<usize>());
    let mut from = 0;
    for cut in cuts {
        out.extend_from_slice(&rest[from..cut.at]);
        out.extend_from_slice(&cut.data);
        from = cut.at;
    }
    out.extend_from_slice(&rest[from..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAIL: &[u8] =
        b"Subject: x\r\n\r\n--b\r\nContent-Type: text/html\r\n\r\n<img src=\"cid:p1@h\">\r\n\
        --b\r\nContent-ID: <p1@h>\r\nContent-Type: image/png\r\n\r\niVBORw0K\r\nGgoAAA==\r\n\
        --b\r\nContent-ID: <p2@h>\r\n\r\nQUJD\r\n--b--\r\n";

    #[test]
    fn pictures_are_cut_by_content_id_and_put_back() {
        let (rest, cuts) = cut(MAIL, &["p2@h", "p1@h", "absent@h"]);
        assert_eq!(cuts.len(), 2);
        assert_eq!(&*cuts[0].data, b"iVBORw0K\r\nGgoAAA==");
        assert_eq!(&*cuts[1].data, b"QUJD");
        assert_eq!(rest.len(), MAIL.len() - 22);
        assert_eq!(uncut(&rest, &cuts), MAIL);
    }

    #[test]
    fn a_header_that_does_not_fit_its_body_is_refused() {
        assert!(entries(&[]).is_none());
        assert!(entries(&[2, 0, 0, 0, 1, 2, 3]).is_none());
        assert!(entries(&u32::MAX.to_le_bytes()).is_none());
        let (list, rest) = entries(&[0, 0, 0, 0, 9]).unwrap();
        assert!(list.is_empty());
        assert_eq!(rest, [9]);
    }
}
