//! No silent drops (issue 15): thirty moves exchanged within fifteen
//! minutes under a low hourly reply cap. Every move's "your move" notice
//! reaches the opponent, at once or deferred until the hour that filled
//! the cap has passed; a deferred one says why in `outbox list`, and none
//! is lost. In-process, on the pipeline harness.

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
    assert_eq!(rows.len(), 30, "one notice per move, none dropped");
    let waiting: Vec<_> = rows.iter().filter(|r| r["status"] == "pending").collect();
    assert!(!waiting.is_empty(), "the cap of 6 holds some back");
    for r in &waiting {
        let why = r["last_error"].as_str().unwrap_or_default();
        assert!(
            why.starts_with("deferred: ") && why.contains("max_replies_per_hour"),
            "{r}"
        );
    }
    // Nothing deferred goes before its hour; all of it goes after.
    assert_eq!(h.send_at(&at(0.5)), 0);
    h.send_at(&at(1.5));
    let rows = notices(&h);
    assert!(rows.iter().all(|r| r["status"] == "sent"), "{rows:?}");
    for (who, n) in [(ALICE, 15), (BOB, 15)] {
        let got = rows.iter().filter(|r| r["recipient"] == who).count();
        assert_eq!(got, n, "{who}");
    }
}
