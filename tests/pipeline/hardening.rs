//! One player's mail never spoils another's or itself (issue 16's small
//! defects), in-process on the pipeline harness: `vacation 3`, `vacation
//! off`, `vacation 2` in one mail with a move; a stale `done`.

use crate::common::clock_mail;
use crate::common::home::Home;

use clock_mail::{ALICE, harness, send};

#[test]
fn vacation_on_off_on_in_one_mail_keeps_the_move_and_the_last_vacation() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(
        &h,
        ALICE,
        "move game1 e5\nvacation 3\nvacation off\nvacation 2",
        1.0,
    );
    let messages = h.messages();
    let last = messages.last().unwrap();
    assert_eq!(last["outcome"], "applied", "{last}");
    assert_eq!(h.count("quarantine"), 0);
    h.assert_moves("game1", 1, &[("black", "E5")]);
    let db = h.db();
    let rows: Vec<(String, String)> = db
        .prepare("SELECT starts_at, ends_at FROM vacations")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].0, clock_mail::at(1.0));
    assert_eq!(rows[0].1, clock_mail::at(1.0 + 48.0), "the 2 days stand");
    let transcript = h.transcript_to(ALICE).text;
    assert!(!transcript.contains("internal"), "{transcript}");
}

#[test]
fn a_damaged_game_refuses_its_own_commands_and_the_others_are_played() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    h.game_new("alice", "bob", 9);
    // game2's stored board (version, size, two bits a point from A1) gets
    // a white stone at A9 hemmed in by black stones at B9 and A8.
    let db = h.db();
    let mut broken: Vec<u8> = db
        .query_row("SELECT board FROM games WHERE id = 2", [], |r| r.get(0))
        .unwrap();
    broken[2 + 72 / 4] = 0b0110; // A9 white, B9 black
    broken[2 + 63 / 4] |= 0b01 << 6; // A8 black
    db.execute("UPDATE games SET board = ?1 WHERE id = 2", [&broken])
        .unwrap();
    drop(db);
    send(&h, ALICE, "move game2 e5\nmove game1 e5", 1.0);
    assert_eq!(
        h.count("quarantine"),
        0,
        "the mail is not quarantined whole"
    );
    h.assert_moves("game1", 1, &[("black", "E5")]);
    let transcript = h.transcript_to(ALICE);
    assert!(
        transcript
            .text
            .contains("game2 cannot be read: its stored record is damaged"),
        "{}",
        transcript.text
    );
    assert!(transcript.rejected().contains(&"game-unreadable"));
}

#[test]
fn a_fifo_in_the_inbox_does_not_hang_poll_and_the_mail_beside_it_is_read() {
    let h = clock_mail::home();
    h.game_new("alice", "bob", 9);
    let fifo = h.path().join("inbox/new/000000.fifo.test");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.unwrap().success(), "mkfifo");
    send(&h, ALICE, "move game1 e5", 1.0);
    h.assert_moves("game1", 1, &[("black", "E5")]);
    assert!(fifo.exists());
}

#[test]
fn a_lost_database_is_not_started_afresh_in_a_home_that_has_handled_mail() {
    let h = clock_mail::home();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 1.0);
    let db = h.path().join("pbmgo.sqlite3");
    assert!(db.exists());
    for (lost, how) in [(true, "missing"), (false, "empty")] {
        for f in ["pbmgo.sqlite3", "pbmgo.sqlite3-wal", "pbmgo.sqlite3-shm"] {
            let _ = std::fs::remove_file(h.path().join(f));
        }
        if !lost {
            std::fs::write(&db, b"").unwrap();
        }
        let raw = crate::common::pbmgo_home::mail(ALICE, "my move", "move game1 c3").bytes();
        let out = h.deliver(&raw);
        assert_eq!(out.status.code(), Some(78), "{how}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is missing or empty"), "{how}: {err}");
        let polled = h.cmd(&["poll"]).output().unwrap();
        assert_eq!(polled.status.code(), Some(78), "{how}: {polled:?}");
        let size = std::fs::metadata(&db).map_or(0, |m| m.len());
        assert_eq!(size, 0, "{how}: no new database was made");
    }
    // `init` starts one on purpose.
    h.ok(&["init"]);
    assert!(std::fs::metadata(&db).unwrap().len() > 0);
}

#[test]
fn a_password_in_the_subject_is_never_echoed_nor_stored() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let raw = crate::common::pbmgo_home::mail(ALICE, "password hunter2", "games").bytes();
    h.drop_mail(&raw);
    h.poll_at(&clock_mail::at(1.0));
    for m in h.sent() {
        assert!(!m.subject.contains("hunter2"), "{}", m.subject);
        assert!(!m.text.contains("hunter2"), "{}", m.text);
    }
    let transcript = h.transcript_to(ALICE);
    assert_eq!(transcript.subject, "Re: password ********");
    for row in h.messages() {
        assert!(!row.to_string().contains("hunter2"), "{row}");
    }
    let db = h.db();
    let stored: String = db
        .query_row("SELECT group_concat(subject) FROM messages", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(!stored.contains("hunter2"), "{stored}");
}
