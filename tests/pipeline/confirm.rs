//! `confirm off` / `confirm on` by mail (issue 25): with confirmations off
//! a mail whose commands were all done draws no reply, while the opponent
//! still gets their notice, a refusal or a question is always answered,
//! and `confirm` alone says the setting. In-process.

use crate::common::clock_mail::{ALICE, BOB, harness};
use crate::common::harness::{Harness, Processed};
use crate::common::home::Home;
use crate::common::pbmgo_home::mail;

/// Mails `body` from `from`; returns what it came to and queued.
fn send(h: &Harness, from: &str, body: &str) -> Processed {
    h.process(&mail(from, "commands", body).bytes())
}

fn to(p: &Processed, who: &str) -> Vec<String> {
    let to_them = p.queued.iter().filter(|m| m.recipient() == who);
    to_them.map(|m| m.kind().to_string()).collect()
}

#[test]
fn with_confirmations_off_a_done_mail_draws_no_reply_and_a_refusal_does() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let asked = send(&h, ALICE, "confirm");
    assert!(
        asked.queued[0].text.contains("Confirmations are on"),
        "{}",
        asked.queued[0].text
    );
    let off = send(&h, ALICE, "Confirm OFF");
    assert!(
        off.queued[0].text.contains("will get no reply"),
        "{}",
        off.queued[0].text
    );
    let moved = send(&h, ALICE, "move game1 E5");
    assert_eq!(
        to(&moved, ALICE),
        Vec::<String>::new(),
        "no reply to the mover"
    );
    assert_eq!(to(&moved, BOB), ["your-move"], "the opponent is told");
    let refused = send(&h, ALICE, "move game1 D4");
    assert_eq!(to(&refused, ALICE), ["reply"], "a refusal is answered");
    assert!(!refused.queued[0].rejected().is_empty());
    let half = send(&h, BOB, "move game1 C3\nmove game1 C3");
    assert_eq!(to(&half, BOB), ["reply"], "bob's setting is his own");
    let shown = send(&h, ALICE, "board game1");
    assert_eq!(to(&shown, ALICE), ["reply"], "a question is answered");
    let listed = send(&h, ALICE, "Address");
    assert_eq!(
        to(&listed, ALICE),
        ["reply"],
        "the address list is answered"
    );
    let said = send(&h, ALICE, "say game1 hello");
    assert_eq!(to(&said, ALICE), Vec::<String>::new());
    assert_eq!(to(&said, BOB), ["say"]);
    let asked = send(&h, ALICE, "confirm");
    assert!(
        asked.queued[0].text.contains("Confirmations are off"),
        "{}",
        asked.queued[0].text
    );
    send(&h, ALICE, "confirm on");
    let moved = send(&h, ALICE, "move game1 D4");
    assert_eq!(to(&moved, ALICE), ["reply"], "answered again");
}
