//! Tests of the outbox's pictures: stored once for every mail that shows
//! them, put back byte for byte, and mail queued before migration 21 sent
//! as it was.

use rusqlite::Connection;

use super::*;
use crate::store::migrate;
use crate::store::{OutboxId, Store};

/// A mail as `mail::outbound` lays it out: a text part, then the picture
/// `cid` (base64 lines of `seed`) in its own part.
fn with_picture(message_id: &str, cid: &str, seed: u8) -> Vec<u8> {
    let line: String = (0..76u32)
        .map(|i| char::from(b'A' + ((i * 7 + u32::from(seed)) % 26) as u8))
        .collect();
    let lines = vec![line; 150].join("\r\n");
    format!(
        "Message-ID: <{message_id}>\r\nContent-Type: multipart/related; boundary=\"b\"\r\n\r\n\
         --b\r\nContent-Type: text/html\r\n\r\n<img src=\"cid:{cid}\"> the board of game1\r\n\
         --b\r\nContent-ID: <{cid}>\r\nContent-Disposition: inline\r\nContent-Type: image/png\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{lines}\r\n--b--\r\n"
    )
    .into_bytes()
}

/// How the body of outbox row `id` is stored (`lz4`, `pictures`, ...).
fn encoding_of(conn: &Connection, id: OutboxId) -> String {
    conn.query_row(
        "SELECT encoding FROM outbox_bodies WHERE outbox_id = ?1",
        [id],
        |r| r.get(0),
    )
    .unwrap()
}

fn queue(conn: &Connection, message_id: &str, raw: &[u8], pictures: &[&str]) -> OutboxId {
    let new = NewMail {
        message_id,
        envelope_from: "go@example.org",
        recipient: "a@example.org",
        kind: "reply",
        game_id: None,
        inbound_id: None,
        raw,
    };
    let later = enqueue_later(conn, &new, Utc::now()).unwrap();
    store_later(conn, later, &encode_body_without(raw, pictures)).unwrap();
    later.id()
}

fn count(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn a_picture_two_mails_show_is_stored_once_and_both_come_back_whole() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let cid = "board.1.00ff@example.org";
    let (reply, letter) = (with_picture("r@x", cid, 1), with_picture("l@x", cid, 1));
    let ids = [
        queue(c, "r@x", &reply, &[cid]),
        queue(c, "l@x", &letter, &[cid]),
    ];
    assert_eq!(count(c, "SELECT count(*) FROM outbox_pictures"), 1);
    let stored = count(
        c,
        "SELECT sum(length(body)) FROM outbox_bodies WHERE encoding = 'pictures'",
    );
    assert!(
        stored * 4 < reply.len() as i64,
        "{stored} bytes for two mails"
    );
    assert_eq!(raw(c, ids[0]).unwrap(), reply);
    assert_eq!(raw(c, ids[1]).unwrap(), letter);
    let due: Vec<Vec<u8>> = due(c, Utc::now(), 10)
        .unwrap()
        .into_iter()
        .map(|d| d.raw)
        .collect();
    assert_eq!(due, [reply, letter]);
}

#[test]
fn a_key_stored_with_other_bytes_leaves_the_mail_whole() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let cid = "board.1.00ff@example.org";
    queue(c, "a@x", &with_picture("a@x", cid, 1), &[cid]);
    let other = with_picture("b@x", cid, 2);
    let id = queue(c, "b@x", &other, &[cid]);
    let encoding = encoding_of(c, id);
    assert_eq!(encoding, "lz4");
    assert_eq!(raw(c, id).unwrap(), other);
    let absent = queue(c, "c@x", &with_picture("c@x", cid, 3), &["not.there@x"]);
    assert_eq!(raw(c, absent).unwrap(), with_picture("c@x", cid, 3));
}

#[test]
fn a_missing_picture_makes_the_body_corrupt() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let cid = "board.1.00ff@example.org";
    let id = queue(c, "a@x", &with_picture("a@x", cid, 1), &[cid]);
    c.execute_batch("PRAGMA foreign_keys = OFF; DELETE FROM outbox_pictures;")
        .unwrap();
    assert!(matches!(
        raw(c, id),
        Err(StoreError::Corrupt {
            what: "mail body",
            ..
        })
    ));
}

#[test]
fn mail_queued_before_migration_21_is_sent_as_it_was() {
    let mut conn = migrate::at_version(20);
    // As version 20 queued it: the whole mail, pictures and all, in lz4.
    let cid = "board.1.0123456789abcdef@example.org";
    let old = with_picture("old@x", cid, 5);
    let old_id = enqueue(&conn, &mail_row("old@x", &old), Utc::now()).unwrap();
    assert_eq!(migrate::migrate(&mut conn).unwrap(), migrate::latest() - 20);
    let encoding = encoding_of(&conn, old_id);
    assert_eq!(encoding, "lz4");
    let new = with_picture("new@x", cid, 5);
    let new_id = queue(&conn, "new@x", &new, &[cid]);
    assert_eq!(raw(&conn, old_id).unwrap(), old);
    assert_eq!(raw(&conn, new_id).unwrap(), new);
    let due: Vec<(OutboxId, Vec<u8>)> = due(&conn, Utc::now(), 10)
        .unwrap()
        .into_iter()
        .map(|d| (d.id, d.raw))
        .collect();
    assert_eq!(due, [(old_id, old), (new_id, new)]);
    assert_eq!(
        count(&conn, "SELECT count(*) FROM pragma_foreign_key_check"),
        0
    );
}

fn mail_row<'a>(message_id: &'a str, raw: &'a [u8]) -> NewMail<'a> {
    NewMail {
        message_id,
        envelope_from: "go@example.org",
        recipient: "a@example.org",
        kind: "reply",
        game_id: None,
        inbound_id: None,
        raw,
    }
}

#[test]
fn a_mail_encoded_apart_is_stored_as_when_cut() {
    let cid = "board.1.00ff@example.org";
    let raw = with_picture("a@x", cid, 3);
    let whole = encode_body_without(&raw, &[cid]);
    let (rest, cuts) = pictures::cut(&raw, &[cid]);
    let placed = cuts
        .iter()
        .map(|c| (c.at, c.key.clone(), c.data.clone()))
        .collect();
    let (put, apart) = encode_body_apart(&rest, placed);
    assert_eq!(put, raw);
    assert_eq!(
        (apart.encoding, &apart.body, &apart.cuts),
        (whole.encoding, &whole.body, &whole.cuts)
    );
}

#[test]
fn lines_every_mail_shares_are_stored_once_beside_the_pictures() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let style = b"body {\r\n  margin: 0;\r\n}\r\n";
    let mut ids = Vec::new();
    for (message_id, cid) in [("a@x", "board.1.00ff@x"), ("b@x", "board.2.00ee@x")] {
        let raw = with_picture(message_id, cid, 3);
        let (rest, cuts) = pictures::cut(&raw, &[cid]);
        // The stylesheet's lines go apart too, before the picture.
        let at = memchr::memmem::find(&rest, b"<img").unwrap();
        let picture = &cuts[0];
        let mut whole = raw.clone();
        whole.splice(at..at, style.iter().copied());
        let placed = vec![
            (
                at,
                "style.0123456789abcdef".to_owned(),
                style.as_slice().into(),
            ),
            (picture.at, picture.key.clone(), picture.data.clone()),
        ];
        let (put, encoded) = encode_body_apart(&rest, placed);
        assert_eq!(put, whole);
        let later = enqueue_later(c, &mail_row(message_id, &put), Utc::now()).unwrap();
        store_later(c, later, &encoded).unwrap();
        ids.push((later.id(), whole));
    }
    assert_eq!(
        count(c, "SELECT count(*) FROM outbox_pictures"),
        3,
        "one stylesheet, two pictures"
    );
    for (id, whole) in ids {
        assert_eq!(encoding_of(c, id), "pictures");
        assert_eq!(raw(c, id).unwrap(), whole, "read back whole");
    }
}
