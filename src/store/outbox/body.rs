//! Outbox mail bodies: the `outbox_bodies` row of each outbox row, holding
//! the mail's RFC 5322 bytes apart from the small row that `mark_sent` and
//! the retries rewrite.
//!
//! Owns the encoding: an lz4 block with the uncompressed size prepended
//! (`lz4`) when that is smaller than the bytes, else the bytes as they are
//! (`identity`); a mail with inline pictures goes without them, which are
//! stored once each (`pictures`, see [`super::pictures`]). Decoding never
//! panics: a body that does not decode to the size it claims is
//! [`StoreError::Corrupt`].

use std::sync::Arc;

use rusqlite::{Connection, OptionalExtension, params};

use super::pictures::{self, Cut};
use crate::store::OutboxId;
use crate::store::StoreError;

/// The most an lz4 block can grow by per byte: a 4 KB body that claims to
/// hold gigabytes is refused before anything is allocated for it.
const MAX_RATIO: usize = 256;

/// A mail's bytes encoded for storing: lz4, or as they are, or lz4
/// without its pictures.
#[derive(Debug, Clone)]
pub(crate) struct Encoded {
    /// `lz4`, `identity` or `pictures`.
    pub(super) encoding: &'static str,
    /// The bytes to store (for `pictures`, the lz4 block of the rest; the
    /// header goes in front once the pictures have their rows).
    pub(super) body: Vec<u8>,
    /// The pictures cut out, for `pictures`.
    pub(super) cuts: Vec<Cut>,
}

/// Returns the encoding name and the bytes to store for `raw`.
pub(super) fn encode(raw: &[u8]) -> (&'static str, Vec<u8>) {
    let packed = lz4_flex::block::compress_prepend_size(raw);
    if packed.len() < raw.len() {
        ("lz4", packed)
    } else {
        ("identity", raw.to_vec())
    }
}

/// Encodes `raw` for storing; pure, so it may run on any thread.
pub(crate) fn encode_body(raw: &[u8]) -> Encoded {
    let (encoding, body) = encode(raw);
    Encoded {
        encoding,
        body,
        cuts: Vec::new(),
    }
}

/// Encodes `raw`, whose inline pictures have the Content-IDs `pictures`,
/// for storing: without those pictures, which are stored apart, once each.
/// Pure, so it may run on any thread.
pub(crate) fn encode_body_without(raw: &[u8], pictures: &[&str]) -> Encoded {
    let (rest, cuts) = pictures::cut(raw, pictures);
    if cuts.is_empty() {
        return encode_body(raw);
    }
    Encoded {
        encoding: "pictures",
        body: lz4_flex::block::compress_prepend_size(&rest),
        cuts,
    }
}

/// A mail rendered with its pictures apart (`rest` without their base64
/// lines; each picture's Content-ID, lines and where they go in `rest`, in
/// order): the mail put together, and what [`encode_body_without`] gives
/// for it, without cutting the pictures out again. Pure, so it may run on
/// any thread.
pub(crate) fn encode_body_apart(
    rest: &[u8],
    pictures: Vec<(usize, String, Arc<[u8]>)>,
) -> (Vec<u8>, Encoded) {
    let cuts: Vec<Cut> = pictures
        .into_iter()
        .map(|(at, key, data)| Cut::new(key, at, data))
        .collect();
    let raw = pictures::uncut(rest, &cuts);
    let encoded = Encoded {
        encoding: "pictures",
        body: lz4_flex::block::compress_prepend_size(rest),
        cuts,
    };
    (raw, encoded)
}

/// Returns the bytes a stored body holds; `id` names the outbox row in the
/// error.
pub(super) fn decode(id: OutboxId, encoding: &str, body: Vec<u8>) -> Result<Vec<u8>, StoreError> {
    let corrupt = |reason: String| StoreError::Corrupt {
        id: format!("outbox {id}"),
        what: "mail body",
        reason,
    };
    match encoding {
        "identity" => Ok(body),
        "lz4" => {
            let claimed = body
                .first_chunk::<4>()
                .map(|s| u32::from_le_bytes(*s) as usize)
                .ok_or_else(|| corrupt("shorter than its size".into()))?;
            if claimed > body.len().saturating_mul(MAX_RATIO) {
                return Err(corrupt(format!(
                    "claims {claimed} bytes in {} compressed",
                    body.len()
                )));
            }
            let raw = lz4_flex::block::decompress_size_prepended(&body)
                .map_err(|e| corrupt(format!("lz4: {e}")))?;
            if raw.len() != claimed {
                return Err(corrupt(format!(
                    "decodes to {} bytes, not the {claimed} it claims",
                    raw.len()
                )));
            }
            Ok(raw)
        }
        other => Err(corrupt(format!("unknown encoding '{other}'"))),
    }
}

/// Stores the body of outbox row `id`.
pub(super) fn insert(conn: &Connection, id: OutboxId, raw: &[u8]) -> Result<(), StoreError> {
    insert_encoded(conn, id, &encode_body(raw))
}

/// Stores the body of outbox row `id`, encoded already (and its pictures,
/// those not stored yet).
pub(super) fn insert_encoded(
    conn: &Connection,
    id: OutboxId,
    e: &Encoded,
) -> Result<(), StoreError> {
    if e.cuts.is_empty() {
        return insert_row(conn, id, e.encoding, &e.body);
    }
    match pictures::store(conn, &e.cuts)? {
        Some(mut header) => {
            header.extend_from_slice(&e.body);
            insert_row(conn, id, e.encoding, &header)
        }
        None => {
            let rest = decode(id, "lz4", e.body.clone())?;
            insert(conn, id, &pictures::uncut(&rest, &e.cuts))
        }
    }
}

fn insert_row(
    conn: &Connection,
    id: OutboxId,
    encoding: &str,
    body: &[u8],
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO outbox_bodies (outbox_id, encoding, body) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![id, encoding, body])?;
    Ok(())
}

/// Returns the bytes a stored body holds, its pictures put back from
/// `conn`; `id` names the outbox row in the error.
pub(super) fn decode_stored(
    conn: &Connection,
    id: OutboxId,
    encoding: &str,
    body: Vec<u8>,
) -> Result<Vec<u8>, StoreError> {
    if encoding != "pictures" {
        return decode(id, encoding, body);
    }
    let corrupt = |reason: String| StoreError::Corrupt {
        id: format!("outbox {id}"),
        what: "mail body",
        reason,
    };
    let (entries, rest) = pictures::entries(&body)
        .ok_or_else(|| corrupt("a picture list that does not fit".into()))?;
    let rest = decode(id, "lz4", rest.to_vec())?;
    pictures::splice(conn, &rest, &entries, corrupt)
}

/// Returns the bytes of outbox row `id`, or `None` when there is no such row.
pub(super) fn read(conn: &Connection, id: OutboxId) -> Result<Option<Vec<u8>>, StoreError> {
    let stored: Option<(String, Vec<u8>)> = conn
        .prepare_cached("SELECT encoding, body FROM outbox_bodies WHERE outbox_id = ?1")?
        .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    stored
        .map(|(encoding, body)| decode_stored(conn, id, &encoding, body))
        .transpose()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn id(n: i64) -> OutboxId {
        OutboxId::new(n).unwrap()
    }

    #[test]
    fn compressible_bytes_are_lz4_and_incompressible_ones_identity() {
        let text = "Subject: [game1] Your move\r\n\r\n".repeat(100);
        let (encoding, body) = encode(text.as_bytes());
        assert_eq!(encoding, "lz4");
        assert!(body.len() < text.len() / 4, "{} bytes", body.len());
        assert_eq!(decode(id(1), encoding, body).unwrap(), text.as_bytes());
        let (encoding, body) = encode(b"hi\r\n");
        assert_eq!((encoding, body.as_slice()), ("identity", &b"hi\r\n"[..]));
    }

    #[test]
    fn a_broken_lz4_body_is_corrupt() {
        let (_, good) = encode(&b"0123456789abcdef".repeat(64));
        let broken = [
            Vec::new(),
            vec![1, 2],
            good[..good.len() / 2].to_vec(),
            [&u32::MAX.to_le_bytes()[..], &good[4..]].concat(),
            [&100u32.to_le_bytes()[..], &good[4..]].concat(),
            [&5000u32.to_le_bytes()[..], &good[4..]].concat(),
        ];
        for body in broken {
            let err = decode(id(7), "lz4", body.clone()).unwrap_err();
            assert!(
                matches!(&err, StoreError::Corrupt { id, what: "mail body", .. } if id == "outbox 7"),
                "{body:?}: {err:?}"
            );
        }
        assert!(matches!(
            decode(id(7), "zstd", good),
            Err(StoreError::Corrupt { .. })
        ));
    }

    proptest! {
        #[test]
        fn any_bytes_decode_or_fail_without_panicking(body in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = decode(id(1), "lz4", body);
        }

        #[test]
        fn a_changed_byte_decodes_or_fails_without_panicking(at in 0usize..200, byte in any::<u8>()) {
            let (_, mut body) = encode(&b"[game1] B C3, W D4 ".repeat(60));
            let at = at % body.len();
            body[at] = byte;
            let _ = decode(id(1), "lz4", body);
        }

        #[test]
        fn any_bytes_come_back_as_encoded(raw in proptest::collection::vec(any::<u8>(), 0..3000)) {
            let (encoding, body) = encode(&raw);
            prop_assert_eq!(decode(id(1), encoding, body).unwrap(), raw);
        }
    }
}
