//! No silent drops (issue 15) and no held moves (issue 25): thirty moves
//! exchanged within fifteen minutes under a low hourly cap. The cap is for
//! what others make pbmgo send; a "your move" notice is bounded by the
//! opponent's own play, so every one leaves at once, each move's news
//! reaching the opponent once. In-process, on the pipeline harness.

use crate::common::clock_mail::{ALICE, BOB, send};
use crate::common::harness::Harness;
use crate::common::home::Home;

/// Thirty points of a 9x9 board no move of which captures.
const MOVES: [&str; 30] = [
    "C3", "G7", "C7", "G3", "E5", "E3", "C5", "G5", "E7", "D4", "F6", "D6", "F4", "B4", "H6", "B6",
    "H4", "D2", "F8", "F2", "D8", "B2", "H8", "B8", "H2", "J5", "A5", "E1", "E9", "A1",
];

#[test]
fn thirty_moves_in_fifteen_minutes_under_a_low_cap_hold_no_notice() {
    let h = Harness::with_config("[limits]\nmax_replies_per_hour = 6\n");
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    for (i, point) in MOVES.iter().enumerate() {
        let from = if i % 2 == 0 { ALICE } else { BOB };
        send(&h, from, &format!("move game1 {point}"), i as f64 / 120.0);
    }
    h.assert_moves("game1", 30, &[("white", "A1")]);
    let rows = h.outbox_rows();
    assert_eq!(rows.len(), 60, "a confirmation and a notice a move");
    assert!(rows.iter().all(|r| r["status"] == "sent"), "{rows:#?}");
    for (i, point) in MOVES.iter().enumerate() {
        let to = if i % 2 == 0 { BOB } else { ALICE };
        let news = format!("played {point} in game1");
        let texts: Vec<String> = h.sent_to(to).iter().map(|m| m.flat()).collect();
        let n = texts.iter().filter(|t| t.contains(&news)).count();
        assert_eq!(n, 1, "{news} to {to}: {texts:#?}");
    }
}
