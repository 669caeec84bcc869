//! `--json` on the commands an admin's scripts and monitoring run, through
//! the real binary: `init`, `poll`, `send`, `deliver`, `tick`, `backup` and
//! `game verify` each print one JSON object saying what was done.

use serde_json::Value;

use crate::common::home::Home;
use crate::common::pbmgo_home::{PbmgoHome, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.org";
const CAROL: &str = "Carol <carol@example.org>";

/// A home with alice and bob in game1.
fn with_a_game() -> PbmgoHome {
    let h = PbmgoHome::new();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    assert_eq!(h.game_new("alice", "bob", 9), "game1");
    h
}

fn parse(stdout: &[u8]) -> Value {
    let text = String::from_utf8_lossy(stdout);
    serde_json::from_str(text.trim()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

#[test]
fn init_json_says_what_it_created_and_then_that_nothing_was_needed() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbmgo"))
            .arg("--home")
            .arg(&home)
            .args(["init", "--json"])
            .env_remove("PBMGO_HOME")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        parse(&out.stdout)
    };
    let first = run();
    assert_eq!(first["created"]["home"], true);
    assert_eq!(first["created"]["config"], true);
    assert_eq!(first["created"]["database"], true);
    assert_eq!(first["created"]["folders"].as_array().unwrap().len(), 7);
    assert_eq!(first["migrated"], false);
    assert!(first["schema_version"].as_u64().unwrap() >= 19, "{first}");
    assert!(
        first["database"]
            .as_str()
            .unwrap()
            .ends_with("pbmgo.sqlite3")
    );
    let again = run();
    assert_eq!(again["created"]["home"], false);
    assert_eq!(again["created"]["config"], false);
    assert_eq!(again["created"]["database"], false);
    assert_eq!(again["created"]["folders"], serde_json::json!([]));
    assert_eq!(again["made_private"], 0);
}

#[test]
fn poll_json_counts_the_messages_by_outcome_and_the_mail_sent() {
    let h = with_a_game();
    h.drop_mail(&mail(ALICE, "move", "move game1 E5").bytes());
    h.drop_mail(&mail(CAROL, "help", "help").bytes());
    h.drop_mail(&mail(BOB, "move", "move game1 E5").bytes());
    let v = h.json(&["poll"]);
    assert_eq!(v["processed"], 3, "{v}");
    assert_eq!(v["applied"], 1, "{v}");
    assert_eq!(v["answered"], 1, "{v}");
    assert_eq!(v["rejected"], 1, "{v}");
    assert_eq!(v["quarantined"], 0, "{v}");
    assert_eq!(v["imap_error"], Value::Null, "{v}");
    let replies = v["replies"].as_u64().unwrap();
    assert!(replies >= 3, "{v}");
    assert_eq!(v["sent"].as_u64().unwrap(), replies, "{v}");
}

#[test]
fn send_json_counts_what_was_sent() {
    let h = with_a_game();
    h.drop_mail(&mail(ALICE, "move", "move game1 E5").bytes());
    let polled = h.ok(&["poll", "--no-send"]);
    assert!(polled.ends_with("sent 0\n"), "{polled}");
    let v = h.json(&["send"]);
    assert_eq!(v, serde_json::json!({"sent": 2, "retried": 0, "failed": 0}));
    assert_eq!(h.files("outbox").len(), 2);
}

#[test]
fn deliver_json_gives_the_outcome_a_duplicate_and_a_quarantined_mail() {
    let h = PbmgoHome::with_config("[limits]\nmax_message_bytes = 2000\n");
    let help = mail(CAROL, "help", "help").bytes();
    let deliver = |raw: &[u8]| {
        let out = h
            .cmd(&["deliver", "--json"])
            .write_stdin(raw.to_vec())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        parse(&out.stdout)
    };
    let first = deliver(&help);
    assert_eq!(
        first,
        serde_json::json!({"outcome": "answered", "replies": 1, "error": null})
    );
    assert_eq!(deliver(&help)["outcome"], "duplicate");
    let big = mail(CAROL, "help", &"help\n".repeat(1000)).bytes();
    let held = deliver(&big);
    assert_eq!(held["outcome"], "quarantined", "{held}");
    assert!(
        held["error"].as_str().unwrap().contains("over the limit"),
        "{held}"
    );
    assert_eq!(h.files("quarantine/new").len(), 1);
}

#[test]
fn deliver_json_says_why_when_the_mail_cannot_be_taken() {
    let h = PbmgoHome::new();
    std::fs::write(h.path().join("pbmgo.toml"), "[server]\nnope = 1\n").unwrap();
    let out = h
        .cmd(&["deliver", "--json"])
        .write_stdin(mail(CAROL, "help", "help").bytes())
        .output()
        .unwrap();
    // A config that cannot be used: 78, which the mail server defers on.
    assert_eq!(out.status.code(), Some(78), "{out:?}");
    let v = parse(&out.stdout);
    assert_eq!(v["outcome"], "not-set-up");
    assert!(v["error"].as_str().unwrap().contains("nope"), "{v}");
}

#[test]
fn tick_json_counts_the_letters_and_the_mail_sent() {
    let h = with_a_game();
    let v = h.json(&["tick"]);
    for key in ["reminders", "warnings", "timeouts", "deadlines", "digests"] {
        assert_eq!(v[key], 0, "{key}: {v}");
    }
    assert_eq!(v["sent"], 0, "{v}");
}

#[test]
fn backup_json_names_the_file_its_size_and_its_check() {
    let h = with_a_game();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("copy.sqlite3");
    let v = h.json(&["backup", file.to_str().unwrap()]);
    assert_eq!(v["file"], file.to_str().unwrap());
    assert_eq!(v["bytes"], std::fs::metadata(&file).unwrap().len());
    assert!(v["pages"].as_u64().unwrap() > 0, "{v}");
    assert!(v["schema_version"].as_u64().unwrap() >= 19, "{v}");
    assert_eq!(v["integrity"], "ok");
}

#[test]
fn game_verify_json_lists_each_game_and_exits_1_when_one_differs() {
    let h = with_a_game();
    h.ok(&["game", "play", "1", "E5", "--as", "alice"]);
    h.ok(&["game", "play", "1", "C3", "--as", "bob"]);
    let v = h.json(&["game", "verify"]);
    let want = serde_json::json!({"checked": 1, "differ": 0,
        "games": [{"game": "game1", "ok": true, "differences": []}]});
    assert_eq!(v, want);
    h.db()
        .execute("DELETE FROM moves WHERE number = 2", [])
        .unwrap();
    let out = h.cmd(&["game", "verify", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let v = parse(&out.stdout);
    assert_eq!(v["differ"], 1, "{v}");
    assert_eq!(v["games"][0]["ok"], false, "{v}");
    assert!(!v["games"][0]["differences"].as_array().unwrap().is_empty());
}
