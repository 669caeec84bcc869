//! What the admin reads (issue #15): `outbox list` with each mail's date
//! and Subject, `outbox show` by id or Message-ID, the clock in `game show`
//! (text and `--json`, after the pinned keys), and the rating, games,
//! notify mode, vacation and password state in `player list|show`.

use serde_json::Value;

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{NOW, PbmgoHome};

/// A home where alice challenged bob (alice Black, 3 days a move) and bob
/// accepted: game1 runs with alice to move.
fn game_under_way() -> PbmgoHome {
    let h = home();
    send(&h, ALICE, "challenge bob size 9 color black days 3");
    send(&h, BOB, "accept game1");
    assert_eq!(h.show("game1")["status"], "active");
    h
}

#[test]
fn outbox_list_gives_each_mails_date_and_subject() {
    let h = game_under_way();
    let sent = h.sent();
    let rows = h.json(&["outbox", "list"]);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), sent.len());
    let text = h.ok(&["outbox", "list"]);
    assert_eq!(text.lines().count(), rows.len(), "{text}");
    for row in rows {
        let mail = sent
            .iter()
            .find(|m| m.row["id"] == row["id"])
            .expect("every row is a sent mail");
        assert!(!mail.subject.is_empty());
        assert_eq!(row["subject"], mail.subject.as_str(), "{row}");
        assert_eq!(row["created_at"], NOW);
        // The pinned fields are still there.
        for key in [
            "id",
            "message_id",
            "recipient",
            "kind",
            "status",
            "attempts",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
        let id = row["id"].as_i64().unwrap();
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{id} ")))
            .unwrap();
        assert!(line.contains("2026-11-22 12:00 UTC"), "{line}");
        assert!(line.contains(&mail.subject), "{line}");
    }
}

#[test]
fn outbox_show_prints_the_raw_mail_by_id_or_message_id() {
    let h = game_under_way();
    let mail = h.sent().pop().unwrap();
    let id = mail.row["id"].to_string();
    let mid = mail.message_id().to_string();
    let raw = String::from_utf8(mail.raw.clone()).unwrap();
    let bare = mid.trim_start_matches('<').trim_end_matches('>');
    for key in [id.as_str(), bare, &format!("<{bare}>")] {
        let shown = h.ok(&["outbox", "show", key]);
        assert_eq!(shown.trim_end(), raw.trim_end(), "outbox show {key}");
    }
    assert!(raw.contains("Subject: "));
    for unknown in ["9999", "<nobody@nowhere>"] {
        let out = h.cmd(&["outbox", "show", unknown]).output().unwrap();
        assert!(!out.status.success(), "outbox show {unknown}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn game_show_gives_the_clock() {
    let h = game_under_way();
    // The pinned keys keep their order; the clock comes after them.
    let raw = h.ok(&["game", "show", "game1", "--json"]);
    assert!(
        raw.starts_with("{\"id\":\"game1\",\"size\":9,")
            && raw.contains("\"result\":null,\"clock\":{"),
        "{raw}"
    );
    let g: Value = serde_json::from_str(&raw).unwrap();
    let clock = &g["clock"];
    assert_eq!(clock["running"], true, "{clock}");
    assert_eq!(clock["days_per_move"], 3);
    assert_eq!(clock["to_move"], "alice");
    assert_eq!(clock["deadline"], "2026-11-25T12:00:00Z");
    assert_eq!(clock["seconds_left"], 3 * 86_400);
    let text = h.ok(&["game", "show", "game1"]);
    assert!(
        text.contains(
            "Clock: per-move 3d.\n\
             Black (alice), to play: 3d left for this move (3d a move).\n\
             Runs out if no move comes: 2026-11-25 12:00 UTC.\n\
             White (bob): 3d a move.\n"
        ),
        "{text}"
    );
    let later = h.ok_at(&["game", "show", "game1"], "2026-11-25T13:30:00Z");
    assert!(
        later.contains("Black (alice): the time is up.\n"),
        "{later}"
    );

    send(&h, ALICE, "move game1 e5");
    let clock = &h.json(&["game", "show", "game1"])["clock"];
    assert_eq!(clock["to_move"], "bob", "{clock}");
    send(&h, ALICE, "resign game1");
    let clock = &h.json(&["game", "show", "game1"])["clock"];
    assert_eq!(
        (
            &clock["running"],
            &clock["deadline"],
            &clock["seconds_left"]
        ),
        (&Value::Bool(false), &Value::Null, &Value::Null),
        "{clock}"
    );
    let text = h.ok(&["game", "show", "game1"]);
    assert!(
        text.contains("Clock: stopped (the game is over); per-move 3d.\n"),
        "{text}"
    );
}

#[test]
fn players_show_rating_games_notify_vacation_and_password() {
    let h = game_under_way();
    send(&h, BOB, "notify digest\npassword hunter22");
    send(&h, CAROL, "vacation 5");
    let list = h.json(&["player", "list"]);
    let by_name = |name: &str| -> Value {
        list.as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .unwrap()
    };
    let bob = by_name("bob");
    // The default rank, 20k (100 on the EGF scale), unknown until declared
    // or played for.
    assert_eq!(bob["rating"], 100);
    assert_eq!(bob["rank"], serde_json::Value::Null);
    assert_eq!(bob["rated_games"], 0);
    assert_eq!(
        (&bob["games_active"], &bob["games_finished"]),
        (&1.into(), &0.into())
    );
    assert_eq!(bob["notify"], "digest");
    assert_eq!(bob["password_set"], true);
    assert_eq!(bob["on_vacation"], false);
    assert!(!bob.to_string().contains("argon2"), "{bob}");
    let carol = by_name("carol");
    assert_eq!(carol["on_vacation"], true, "{carol}");
    assert_eq!(carol["vacation_until"], "2026-11-27T12:00:00Z");
    assert_eq!(carol["password_set"], false);
    assert_eq!(carol["notify"], "each");

    let text = h.ok(&["player", "list"]);
    assert!(
        text.lines().any(|l| l.starts_with("bob ")
            && l.contains("rank ?, 1 active, 0 finished, notify digest, password set")),
        "{text}"
    );
    assert!(
        text.contains("on vacation until 2026-11-27 12:00 UTC"),
        "{text}"
    );

    send(&h, ALICE, "resign game1");
    let alice = h.json(&["player", "show", "alice"]);
    assert_eq!(
        (&alice["games_active"], &alice["games_finished"]),
        (&0.into(), &1.into())
    );
    // game1 ended by resignation at move 0: an escape, so unrated.
    assert_eq!(alice["rating"], 100, "{alice}");
    assert_eq!(alice["rated_games"], 0, "{alice}");
    assert_eq!(alice["games"][0]["id"], "game1");
    let shown = h.ok(&["player", "show", "bob"]);
    assert!(
        shown.contains("Profile: rank ?") && shown.contains("0 active, 1 finished"),
        "{shown}"
    );
    assert!(
        shown.contains("password set") && !shown.contains("argon2"),
        "{shown}"
    );
}
