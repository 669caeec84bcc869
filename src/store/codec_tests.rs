//! Round trips of every column form through SQLite, the exact text or
//! number each leaves in the column, and the error a bad stored value gives.

use chrono::{DateTime, TimeZone, Utc};
use rusqlite::Connection;
use rusqlite::types::{FromSql, ToSql, Value};

use super::*;
use crate::go::GameResult;
use crate::store::{GameId, PlayerId, StoreError};

fn conn() -> Connection {
    let c = Connection::open_in_memory().unwrap();
    c.execute("CREATE TABLE t (v)", []).unwrap();
    c
}

/// Writes `v`, returns what the column holds and `v` read back by `read`.
fn through<T: ToSql, R>(
    c: &Connection,
    v: T,
    read: fn(&rusqlite::Row<'_>) -> rusqlite::Result<R>,
) -> (Value, R) {
    c.execute("DELETE FROM t", []).unwrap();
    c.execute("INSERT INTO t (v) VALUES (?1)", [v]).unwrap();
    c.query_row("SELECT v, v FROM t", [], |r| Ok((r.get(0)?, read(r)?)))
        .unwrap()
}

/// Reads `stored` (a raw column value) as a `T` and returns the store's error.
fn bad<T>(stored: Value) -> StoreError
where
    T: FromSql + std::fmt::Debug,
{
    let c = conn();
    c.execute("INSERT INTO t (v) VALUES (?1)", [stored])
        .unwrap();
    let read = c.query_row("SELECT v FROM t", [], |r| r.get::<_, T>(0));
    StoreError::from(read.expect_err("a bad value must not read"))
}

fn text(s: &str) -> Value {
    Value::Text(s.into())
}

#[test]
fn colours_are_stored_as_their_names() {
    let c = conn();
    for (colour, name) in [(Color::Black, "black"), (Color::White, "white")] {
        let (raw, back) = through(&c, Sql(colour), |r| r.stored::<Color>(1));
        assert_eq!((raw, back), (text(name), colour));
    }
}

#[test]
fn phases_are_stored_as_their_statuses() {
    let c = conn();
    let all = [
        (Phase::Play, "active"),
        (Phase::Scoring, "scoring"),
        (Phase::Finished, "finished"),
    ];
    for (phase, name) in all {
        let (raw, back) = through(&c, Sql(phase), |r| r.stored::<Phase>(1));
        assert_eq!((raw, back), (text(name), phase));
    }
}

#[test]
fn times_are_rfc_3339_utc_to_the_second() {
    let c = conn();
    let t = Utc.with_ymd_and_hms(2026, 11, 22, 15, 4, 5).unwrap();
    let (raw, back) = through(&c, Sql(t), |r| r.stored::<DateTime<Utc>>(1));
    assert_eq!((raw, back), (text("2026-11-22T15:04:05Z"), t));
    assert_eq!(time_text(t), "2026-11-22T15:04:05Z");
    // Text written with an offset by hand still reads, as the same instant.
    let (_, back) = through(&c, "2026-11-22T16:04:05+01:00", |r| {
        r.stored::<DateTime<Utc>>(1)
    });
    assert_eq!(back, t);
    assert!(parse_time("yesterday").is_err());
}

#[test]
fn optional_columns_read_null_as_none() {
    let c = conn();
    let (raw, back) = through(&c, None::<Sql<Color>>, |r| r.stored_opt::<Color>(1));
    assert_eq!((raw, back), (Value::Null, None));
    let (_, back) = through(&c, Some(Sql(Color::White)), |r| r.stored_opt::<Color>(1));
    assert_eq!(back, Some(Color::White));
}

#[test]
fn moves_and_points_are_read_against_the_board_size() {
    let c = conn();
    let nine = BoardSize::new(9).unwrap();
    let c3 = Point::parse("C3", nine).unwrap();
    let (raw, back) = through(&c, Sql(Move::Play(c3)), |r| {
        r.move_on(1, BoardSize::new(9).unwrap())
    });
    assert_eq!((raw, back), (text("C3"), Move::Play(c3)));
    let (raw, back) = through(&c, Sql(Move::Pass), |r| {
        r.move_on(1, BoardSize::new(9).unwrap())
    });
    assert_eq!((raw, back), (text("pass"), Move::Pass));
    let (raw, back) = through(&c, Sql(c3), |r| r.get::<_, OnBoard>(1));
    assert_eq!(back.to_point(nine), Ok(c3));
    assert_eq!(raw, text("C3"));
    // Q16 is on 19x19 but not on 9x9: the column does not read there.
    c.execute("DELETE FROM t", []).unwrap();
    c.execute("INSERT INTO t (v) VALUES ('Q16')", []).unwrap();
    let off = c.query_row("SELECT v FROM t", [], |r| r.move_on(0, nine));
    let err = StoreError::from(off.unwrap_err());
    assert!(
        matches!(&err, StoreError::Unreadable { column: 0, reason } if reason.contains("Q16")),
        "{err}"
    );
}

#[test]
fn hashes_keep_all_64_bits() {
    let c = conn();
    for h in [0, 1, u64::MAX, 1 << 63, 0x9E37_79B9_7F4A_7C15] {
        let (raw, back) = through(&c, Sql(h), |r| r.stored::<u64>(1));
        assert_eq!((raw, back), (Value::Integer(h as i64), h));
    }
}

#[test]
fn rules_are_stored_as_their_names() {
    let c = conn();
    for ko in [KoRule::List, KoRule::Simple, KoRule::Positional] {
        let (raw, back) = through(&c, Sql(ko), |r| r.stored::<KoRule>(1));
        assert_eq!((raw, back), (text(ko.name()), ko));
    }
    for s in [Scoring::Area, Scoring::Territory] {
        let (raw, back) = through(&c, Sql(s), |r| r.stored::<Scoring>(1));
        assert_eq!((raw, back), (text(s.name()), s));
    }
}

#[test]
fn game_events_are_stored_as_the_engine_words_them() {
    let c = conn();
    let event = GameEvent::Finish(GameResult::Time(Color::White));
    let (raw, back) = through(&c, Sql(event), |r| r.stored::<GameEvent>(1));
    assert_eq!((raw, back), (text(&event.to_string()), event));
}

#[test]
fn ids_are_stored_as_the_bare_number() {
    let c = conn();
    let game = GameId::new(42).unwrap();
    let (raw, back) = through(&c, game, |r| r.get::<_, GameId>(1));
    assert_eq!((raw, back), (Value::Integer(42), game));
    let player = PlayerId::new(7).unwrap();
    let (raw, back) = through(&c, player, |r| r.get::<_, PlayerId>(1));
    assert_eq!((raw, back), (Value::Integer(7), player));
    // Shown and serialized as the number, as when it was an i64.
    assert_eq!(player.to_string(), "7");
    assert_eq!(serde_json::to_string(&player).unwrap(), "7");
}

#[test]
fn a_bad_stored_value_is_a_clear_error_naming_it() {
    let reason = |e: StoreError| match e {
        StoreError::Unreadable { column: 0, reason } => reason,
        other => panic!("not Unreadable: {other:?}"),
    };
    assert_eq!(
        reason(bad::<Sql<Color>>(text("purple"))),
        "'purple' is not a colour"
    );
    assert_eq!(
        reason(bad::<Sql<Phase>>(text("paused"))),
        "'paused' is not a status"
    );
    assert_eq!(
        reason(bad::<Sql<DateTime<Utc>>>(text("yesterday"))),
        "'yesterday' is not an RFC 3339 time"
    );
    assert_eq!(
        reason(bad::<Sql<KoRule>>(text("none"))),
        "'none' is not a ko rule"
    );
    assert_eq!(
        reason(bad::<GameId>(Value::Integer(0))),
        "'0' is not a game id"
    );
    assert_eq!(
        reason(bad::<PlayerId>(Value::Integer(-3))),
        "'-3' is not a player id"
    );
    // A colour column holding a number is the wrong type, also named.
    assert!(reason(bad::<Sql<Color>>(Value::Integer(1))).contains("Integer"));
    let shown = bad::<Sql<Color>>(text("purple")).to_string();
    assert_eq!(
        shown,
        "stored value unreadable in column 0: 'purple' is not a colour"
    );
}
