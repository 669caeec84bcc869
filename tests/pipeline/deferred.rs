//! No silent drops (issue 15): thirty moves exchanged within fifteen
//! minutes under a low hourly reply cap. Every move's "your move" notice
//! reaches the opponent, at once or deferred until the hour that filled
//! the cap has passed; what piles up for one player is merged into one
//! mail; a deferred one says why in `outbox list` and `message list`, and
//! none is lost. In-process, on the pipeline harness.

use crate::common::clock_mail::{ALICE, BOB, at, send};
use crate::common::harness::Harness;
use crate::common::home::Home;

/// Thirty points of a 9x9 board no move of which captures.
const MOVES: [&str; 30] = [
    "C3", "G7", "C7", "G3", "E5", "E3", "C5", "G5", "E7", "D4", "F6", "D6", "F4", "B4", "H6", "B6",
    "H4", "D2", "F8", "F2", "D8", "B2", "H8", "B8", "H2", "J5", "A5", "E1", "E9", "A1",
];

#[test]
fn thirty_moves_in_fifteen_minutes_under_a_cap_lose_no_notice() {
    let h = Harness::with_config("[limits]\nmax_replies_per_hour = 6\n");
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    for (i, point) in MOVES.iter().enumerate() {
        let from = if i % 2 == 0 { ALICE } else { BOB };
        send(&h, from, &format!("move game1 {point}"), i as f64 / 120.0);
    }
    h.assert_moves("game1", 30, &[("white", "A1")]);
    let notices = |h: &Harness| -> Vec<serde_json::Value> {
        h.outbox_rows()
            .into_iter()
            .filter(|r| r["kind"] == "your-move")
            .collect()
    };
    let rows = notices(&h);
    let waiting: Vec<_> = rows.iter().filter(|r| r["status"] == "pending").collect();
    assert!(!waiting.is_empty(), "the cap of 6 holds some back");
    for who in [ALICE, BOB] {
        let held = waiting.iter().filter(|r| r["recipient"] == who).count();
        assert_eq!(
            held, 1,
            "what is held back for {who} is merged into one mail"
        );
    }
    for r in &waiting {
        let why = r["last_error"].as_str().unwrap_or_default();
        assert!(
            why.starts_with("deferred: ") && why.contains("max_replies_per_hour"),
            "{r}"
        );
    }
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
    // Nothing deferred goes before its hour; all of it goes after.
    assert_eq!(h.send_at(&at(0.5)), 0);
    h.send_at(&at(1.5));
    let rows = notices(&h);
    assert!(rows.iter().all(|r| r["status"] == "sent"), "{rows:?}");
    // Every move's news reached the opponent, once.
    for (i, point) in MOVES.iter().enumerate() {
        let to = if i % 2 == 0 { BOB } else { ALICE };
        let news = format!("played {point} in game1");
        let texts: Vec<String> = h.sent_to(to).iter().map(|m| m.flat()).collect();
        let n = texts.iter().filter(|t| t.contains(&news)).count();
        assert_eq!(n, 1, "{news} to {to}: {texts:#?}");
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
