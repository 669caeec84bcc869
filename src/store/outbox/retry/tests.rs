//! The retry schedule with the time pinned: waits that grow to hours, a
//! mail given up on only after `give_up_after`, `outbox retry`, `send
//! --now`'s expediting, the queue's sizes, and the lost mail told once.

use chrono::{DateTime, Duration, TimeZone, Utc};
use rusqlite::Connection;

use super::*;
use crate::store::Store;
use crate::store::outbox::{NewMail, enqueue, list, lost, mark_sent};
use crate::store::players;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 3, 9, 0, 0).unwrap()
}

fn policy() -> RetryPolicy {
    RetryPolicy {
        base_delay: Duration::seconds(60),
        give_up_after: Duration::days(5),
    }
}

fn queue(conn: &Connection, id: &str, to: &str, at: DateTime<Utc>) -> OutboxId {
    let raw = format!("Message-ID: <{id}>\r\nSubject: hi\r\n\r\nhi\r\n");
    let mail = NewMail {
        message_id: id,
        envelope_from: "go@example.org",
        recipient: to,
        kind: "your-move",
        game_id: None,
        inbound_id: None,
        raw: raw.as_bytes(),
    };
    enqueue(conn, &mail, at).unwrap()
}

/// (status, attempts, next_attempt_at) of row `id`.
fn state(conn: &Connection, id: OutboxId) -> (String, u32, DateTime<Utc>) {
    conn.query_row(
        "SELECT status, attempts, next_attempt_at FROM outbox WHERE id = ?1",
        [id],
        |r| Ok((r.get(0)?, r.get(1)?, r.stored(2)?)),
    )
    .unwrap()
}

fn fail(conn: &Connection, id: OutboxId, at: DateTime<Utc>) -> bool {
    mark_attempt_failed(conn, id, "451 try later", false, policy(), at).unwrap()
}

#[test]
fn waits_double_from_the_first_wait_up_to_four_hours() {
    let p = policy();
    let waits: Vec<i64> = (1..=10).map(|a| p.delay_after(a).num_minutes()).collect();
    assert_eq!(waits, [1, 2, 4, 8, 16, 32, 64, 128, 240, 240]);
    assert_eq!(p.delay_after(u32::MAX), MAX_WAIT);
}

#[test]
fn a_relay_outage_keeps_mail_pending_for_days_and_fails_it_after_five() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let id = queue(c, "m1@example.org", "alice@example.org", t0());
    let mut at = t0();
    let mut waits = Vec::new();
    while !fail(c, id, at) {
        let (status, _, next) = state(c, id);
        assert_eq!(status, "pending");
        waits.push((next - at).num_seconds());
        at = next;
    }
    // The waits grow to hours and then stay at four hours.
    assert_eq!(
        &waits[..9],
        [60, 120, 240, 480, 960, 1920, 3840, 7680, 14_400]
    );
    assert!(waits[9..waits.len() - 1].iter().all(|w| *w == 14_400));
    // Given up on at the deadline, not before: five days after the first failure.
    assert_eq!(at, t0() + Duration::days(5));
    let (status, attempts, _) = state(c, id);
    assert_eq!(
        (status.as_str(), attempts as usize),
        ("failed", waits.len() + 1)
    );
    assert!(attempts > 30, "{attempts} attempts in five days");
}

#[test]
fn a_permanent_refusal_fails_at_once() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let id = queue(c, "m1@example.org", "alice@example.org", t0());
    assert!(mark_attempt_failed(c, id, "550 no such user", true, policy(), t0()).unwrap());
    assert_eq!(state(c, id).0, "failed");
}

#[test]
fn retry_puts_a_failed_mail_back_due_now_and_restarts_its_clock() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let id = queue(c, "m1@example.org", "alice@example.org", t0());
    fail(c, id, t0());
    assert!(fail(c, id, t0() + Duration::days(6)));
    let later = t0() + Duration::days(7);
    let RetryOne::Retried(r) = retry(c, id, later).unwrap() else {
        panic!("not retried");
    };
    assert_eq!((r.was.as_str(), r.attempts), ("failed", 2));
    assert_eq!(state(c, id), ("pending".into(), 0, later));
    assert_eq!(list(c, None, 1).unwrap()[0].last_error, None);
    // Failing again right away is a first failure, not the end.
    assert!(!fail(c, id, later));
    mark_sent(c, id, later + Duration::minutes(1)).unwrap();
    assert_eq!(retry(c, id, later).unwrap(), RetryOne::Sent);
    assert!(matches!(
        retry(c, OutboxId::new(99).unwrap(), later),
        Err(StoreError::NotFound { .. })
    ));
}

#[test]
fn retry_all_takes_failed_mail_and_with_all_deferred_mail_but_never_held_mail() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let failed = queue(c, "f@example.org", "a@example.org", t0());
    mark_attempt_failed(c, failed, "550", true, policy(), t0()).unwrap();
    let deferred = queue(c, "d@example.org", "a@example.org", t0());
    fail(c, deferred, t0());
    let held = queue(c, "h@example.org", "a@example.org", t0());
    let hour = t0() + Duration::hours(1);
    crate::store::outbox::defer_message(c, "h@example.org", hour, "deferred: limit").unwrap();
    let now = t0() + Duration::seconds(10);
    let sizes = queue_sizes(c, now).unwrap();
    let counts = (
        sizes.pending,
        sizes.due,
        sizes.deferred,
        sizes.held,
        sizes.failed,
    );
    assert_eq!(counts, (2, 0, 1, 1, 1));
    let ids = |v: Vec<Retried>| v.into_iter().map(|r| r.id).collect::<Vec<_>>();
    assert_eq!(ids(retry_all(c, Which::Failed, now).unwrap()), [failed]);
    fail(c, failed, now);
    let all = ids(retry_all(c, Which::FailedAndDeferred, now).unwrap());
    assert_eq!(all, [failed, deferred]);
    assert_eq!(state(c, held).2, hour);
    assert_eq!(queue_sizes(c, now).unwrap().due, 2);
}

#[test]
fn expedite_makes_backed_off_mail_due_and_leaves_held_mail_waiting() {
    let store = Store::open_in_memory().unwrap();
    let c = store.conn();
    let backed_off = queue(c, "b@example.org", "a@example.org", t0());
    fail(c, backed_off, t0());
    let held = queue(c, "h@example.org", "a@example.org", t0());
    let hour = t0() + Duration::hours(1);
    crate::store::outbox::defer_message(c, "h@example.org", hour, "deferred: limit").unwrap();
    let now = t0() + Duration::seconds(5);
    assert_eq!(expedite(c, now).unwrap(), 1);
    assert_eq!(state(c, backed_off), ("pending".into(), 1, now));
    assert_eq!(state(c, held).2, hour);
}

#[test]
fn a_lost_mail_is_told_to_its_player_once() {
    let mut store = Store::open_in_memory().unwrap();
    let c = store.conn();
    players::add(c, "alice", &["alice@example.org".into()], t0()).unwrap();
    let lost_id = queue(c, "m1@example.org", "Alice@Example.org", t0());
    let stranger = queue(c, "m2@example.org", "who@example.org", t0());
    let gone = t0() + Duration::days(5);
    assert!(lost::record(c, lost_id, "alice played C3", gone).unwrap());
    assert!(!lost::record(c, stranger, "Re: hi", gone).unwrap());
    assert_eq!(lost::untold(c).unwrap(), 1);
    let told = lost::tell(c, "alice@example.org", "t1@example.org").unwrap();
    assert_eq!(told.len(), 1);
    assert_eq!(
        (told[0].what.as_str(), told[0].written_at),
        ("alice played C3", t0())
    );
    assert!(
        lost::tell(c, "alice@example.org", "t2@example.org")
            .unwrap()
            .is_empty()
    );
    // The telling mail failed too: the next one tells again.
    let t1 = queue(c, "t1@example.org", "alice@example.org", gone);
    mark_attempt_failed(c, t1, "550", true, policy(), gone).unwrap();
    assert_eq!(
        lost::tell(c, "alice@example.org", "t3@example.org")
            .unwrap()
            .len(),
        1
    );
    let t3 = queue(c, "t3@example.org", "alice@example.org", gone);
    mark_sent(c, t3, gone).unwrap();
    let rows: u32 = c
        .query_row("SELECT count(*) FROM lost_mail", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 0, "told in a mail that was sent: cleared");
    // A lost mail put back in the queue is no longer lost.
    store
        .write(|tx| {
            lost::record(tx, lost_id, "alice played C3", gone)?;
            retry(tx, lost_id, gone).map(|_| ())
        })
        .unwrap();
    assert_eq!(lost::untold(store.conn()).unwrap(), 0);
}
