//! What one sender can make pbmgo mail to someone else is bounded (issue
//! 16): `say` per game per hour, challenges per day, the SGF once per
//! mail, and what others make pbmgo send to an address counts against its
//! hourly cap, over which it is held back and merged, never dropped.
//! In-process.

use crate::common::clock_mail::{ALICE, BOB, at, send};
use crate::common::harness::Harness;
use crate::common::home::Home;

fn home(limits: &str) -> Harness {
    let h = Harness::with_config(&format!("[limits]\n{limits}\n"));
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h
}

#[test]
fn says_beyond_the_hourly_limit_are_refused_and_not_mailed() {
    let h = home("says_per_game_per_hour = 5");
    h.game_new("alice", "bob", 9);
    let before = h.sent_to(BOB).len();
    for i in 0..5 {
        let lines: String = (0..20)
            .map(|j| format!("say game1 hello {i}.{j}\n"))
            .collect();
        send(&h, ALICE, &lines, f64::from(i) / 60.0);
    }
    let to_bob = h.sent_to(BOB).len() - before;
    assert!(to_bob <= 5, "{to_bob} mails to bob");
    let said: i64 = h.count("game_comments");
    assert_eq!(said, 5, "five words kept, the rest refused");
    let t = h.sent_to(ALICE).pop().unwrap();
    assert!(!t.rejected().is_empty(), "{}", t.text);
    assert!(
        t.rejected().iter().all(|c| *c == "say-limit"),
        "{:?}",
        t.rejected()
    );
    // An hour later the player may talk again.
    send(&h, ALICE, "say game1 still there?", 1.5);
    assert_eq!(h.count("game_comments"), 6);
}

#[test]
fn challenges_beyond_the_daily_limit_are_refused() {
    let h = home("challenges_per_day = 3");
    let lines: String = (0..20)
        .map(|_| "challenge bob size 9\n".to_string())
        .collect();
    send(&h, ALICE, &lines, 0.0);
    assert_eq!(h.count("challenges"), 3);
    let codes = h.sent_to(ALICE).pop().unwrap().rejected().len();
    assert_eq!(codes, 17);
    assert!(h.sent_to(BOB).len() <= 3, "{}", h.sent_to(BOB).len());
}

#[test]
fn twenty_sgf_lines_bring_one_mail_with_one_record() {
    let h = home("");
    h.game_new("alice", "bob", 9);
    let before = h.sent_to(ALICE).len();
    let lines: String = (0..20).map(|_| "sgf game1\n".to_string()).collect();
    send(&h, ALICE, &lines, 0.0);
    let got = h.sent_to(ALICE);
    assert_eq!(got.len() - before, 1);
    let parsed = mail_parser::MessageParser::default()
        .parse(&got.last().unwrap().raw)
        .unwrap();
    assert_eq!(parsed.attachments().count(), 1);
}

#[test]
fn words_over_the_hourly_cap_are_held_and_merged_not_dropped() {
    let h = home("max_replies_per_hour = 3\nsays_per_game_per_hour = 100");
    h.game_new("alice", "bob", 9);
    for i in 0..8 {
        send(
            &h,
            ALICE,
            &format!("say game1 word {i}"),
            f64::from(i) / 60.0,
        );
    }
    let rows: Vec<_> = h
        .outbox_rows()
        .into_iter()
        .filter(|r| r["recipient"] == BOB && r["kind"] == "say")
        .collect();
    let waiting: Vec<_> = rows.iter().filter(|r| r["status"] == "pending").collect();
    assert_eq!(
        waiting.len(),
        1,
        "what waits for bob is one mail: {rows:#?}"
    );
    let why = waiting[0]["last_error"].as_str().unwrap_or_default();
    assert!(
        why.starts_with("deferred: ") && why.contains("max_replies_per_hour"),
        "{why}"
    );
    // `message list` says which mails wait, and why.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(h.path())
        .args(["message", "list", "--limit", "100"])
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap();
    let listed = String::from_utf8(out.stdout).unwrap();
    assert!(listed.contains(" waits, due "), "{listed}");
    assert_eq!(h.send_at(&at(0.2)), 0, "nothing deferred goes early");
    h.send_at(&at(1.5));
    let rows = h.outbox_rows();
    assert!(rows.iter().all(|r| r["status"] == "sent"), "{rows:#?}");
    // Every word reached bob, once; the held ones in one merged mail.
    let texts: Vec<String> = h.sent_to(BOB).iter().map(|m| m.flat()).collect();
    for i in 0..8 {
        let n = texts
            .iter()
            .filter(|t| t.contains(&format!("word {i}")))
            .count();
        assert_eq!(n, 1, "word {i}: {texts:#?}");
    }
    let merged = h.sent_to(BOB).pop().unwrap();
    assert!(
        merged.text.contains("Held back by the hourly mail limit"),
        "{}",
        merged.text
    );
    let problems = crate::common::html_check::problems(merged.html.as_deref().unwrap());
    assert!(problems.is_empty(), "{problems:?}");
}
