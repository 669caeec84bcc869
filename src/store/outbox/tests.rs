//! The outbox's unit tests: the bytes coming back from their compressed
//! body, and the migration that moved them there.

use rusqlite::Connection;

use super::*;
use crate::store::Store;
use crate::store::migrate;

fn mail<'a>(id: &'a str, raw: &'a [u8]) -> NewMail<'a> {
    NewMail {
        message_id: id,
        envelope_from: "go@example.org",
        recipient: "a@example.org",
        kind: "reply",
        game_id: None,
        inbound_id: None,
        raw,
    }
}

/// About 4 KB like a move reply: headers, a 19x19 board and some text.
fn reply() -> Vec<u8> {
    let mut m = String::from(
        "From: pbmgo <go@example.org>\r\nTo: alice@example.org\r\nSubject: [game1] bob played D4\r\n\
         Message-ID: <r1.game1@example.org>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n",
    );
    for row in (1..=19).rev() {
        m.push_str(&format!("{row:>2} "));
        for col in 0..19 {
            m.push_str(if (row * 7 + col * 3) % 11 == 0 {
                " X"
            } else {
                " ."
            });
        }
        m.push_str("\r\n");
    }
    while m.len() < 4000 {
        m.push_str("Reply with your move, e.g. \"play game1 Q16\", or \"help\".\r\n");
    }
    m.into_bytes()
}

fn encoding(conn: &Connection, id: OutboxId) -> (String, usize) {
    conn.query_row(
        "SELECT encoding, length(body) FROM outbox_bodies WHERE outbox_id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as usize)),
    )
    .unwrap()
}

#[test]
fn queued_bytes_come_back_from_due_and_raw() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let now = Utc::now();
    let (big, tiny) = (reply(), b"hi\r\n".to_vec());
    let big_id = enqueue(c, &mail("big@x", &big), now).unwrap();
    let tiny_id = enqueue(c, &mail("tiny@x", &tiny), now).unwrap();
    let (enc, stored) = encoding(c, big_id);
    assert_eq!(enc, "lz4");
    assert!(stored * 2 < big.len(), "{stored} of {} bytes", big.len());
    assert_eq!(encoding(c, tiny_id), ("identity".into(), tiny.len()));
    let due = due(c, now, 10).unwrap();
    let got: Vec<(OutboxId, &str, &[u8])> = due
        .iter()
        .map(|d| (d.id, d.message_id.as_str(), d.raw.as_slice()))
        .collect();
    assert_eq!(
        got,
        [(big_id, "big@x", &big[..]), (tiny_id, "tiny@x", &tiny[..])]
    );
    assert_eq!(raw(c, big_id).unwrap(), big);
    assert_eq!(raw(c, tiny_id).unwrap(), tiny);
    let unknown = OutboxId::new(99).unwrap();
    assert!(matches!(raw(c, unknown), Err(StoreError::NotFound { .. })));
    mark_sent(c, big_id, now).unwrap();
    assert_eq!(raw(c, big_id).unwrap(), big, "sent mail keeps its bytes");
}

#[test]
fn a_corrupt_or_missing_body_is_an_error() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let now = Utc::now();
    let id = enqueue(c, &mail("a@x", &reply()), now).unwrap();
    c.execute(
        "UPDATE outbox_bodies SET body = substr(body, 1, 40) WHERE outbox_id = ?1",
        [id],
    )
    .unwrap();
    let corrupt = |r: Result<(), StoreError>| matches!(r, Err(StoreError::Corrupt { what: "mail body", id, .. }) if id == "outbox 1");
    assert!(corrupt(raw(c, id).map(|_| ())));
    assert!(corrupt(due(c, now, 10).map(|_| ())));
    c.execute("DELETE FROM outbox_bodies WHERE outbox_id = ?1", [id])
        .unwrap();
    assert!(corrupt(raw(c, id).map(|_| ())));
    assert!(corrupt(due(c, now, 10).map(|_| ())));
}

#[test]
fn due_reads_the_index_order_and_sorts_nothing() {
    let store = Store::open_in_memory().unwrap();
    let plan: Vec<String> = store
        .conn()
        .prepare(&format!("EXPLAIN QUERY PLAN {DUE}"))
        .unwrap()
        .query_map(params!["", 1], |r| r.get(3))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let plan = plan.join("\n");
    assert!(plan.contains("outbox_due"), "{plan}");
    assert!(!plan.contains("TEMP B-TREE"), "{plan}");
}

#[test]
fn the_migration_moves_the_bytes_of_a_version_4_outbox_intact() {
    let mut conn = migrate::at_version(4);
    let bytes = reply();
    conn.execute(
        "INSERT INTO outbox (message_id, envelope_from, recipient, kind, raw, status,
                             next_attempt_at, created_at)
         VALUES ('old@x', 'go@example.org', 'a@example.org', 'reply', ?1, 'pending',
                 '2024-01-01T00:00:00Z', '2024-01-01T00:00:00Z')",
        [&bytes],
    )
    .unwrap();
    let id = OutboxId::new(conn.last_insert_rowid()).unwrap();
    conn.execute(
        "INSERT INTO send_attempts (outbox_id, attempt, at, error)
         VALUES (?1, 1, '2024-01-01T00:00:00Z', 'refused')",
        [id],
    )
    .unwrap();
    conn.execute(
        "INSERT INTO bounces (address, outbox_id, report_key, received_at)
         VALUES ('a@example.org', ?1, 'dsn@x', '2024-01-01T00:00:00Z')",
        [id],
    )
    .unwrap();

    // 0005 and every migration after it.
    assert_eq!(migrate::migrate(&mut conn).unwrap(), migrate::latest() - 4);
    assert_eq!(migrate::version(&conn).unwrap(), migrate::latest());
    assert_eq!(raw(&conn, id).unwrap(), bytes);
    assert_eq!(encoding(&conn, id), ("identity".into(), bytes.len()));
    let due = due(&conn, Utc::now(), 10).unwrap();
    assert_eq!((due.len(), &due[0].raw), (1, &bytes));
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('outbox')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(!columns.iter().any(|c| c == "raw"), "{columns:?}");
    let broken: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(broken, 0);
}
