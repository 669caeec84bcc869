//! `done` answers one count (issue 16): each change of the marking makes a
//! new count number; a `done` that answers an older count (by the mail it
//! replies to, or `done GAME#K`) is refused as stale with the count that
//! stands, and a `done` in the mail that made the change accepts it.
//! In-process, on the pipeline harness.

use super::lifecycle_scoring::scored_game;
use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{OutMail, mail};

/// Bob's `body` as his client's reply to the mail `to`.
fn bob_replies(h: &impl Home, to: &OutMail, body: &str) {
    let subject = format!("Re: {}", to.subject);
    let reply = mail(BOB, &subject, body).reply_to(to.message_id());
    h.drop_mail(&reply.bytes());
    h.poll();
}

#[test]
fn a_done_answering_a_count_that_has_changed_is_refused_as_stale() {
    let h = scored_game();
    // Count #1 is the server's proposal (A4 dead); Alice marks A4 alive.
    send(&h, ALICE, "alive game1 a4");
    let first = letters(&h, BOB, "scoring").pop().unwrap();
    assert!(first.text.contains("This is count #2"), "{}", first.text);
    assert!(first.text.contains("done game1#2"), "{}", first.text);
    // Alice thinks again: A4 dead. Count #3 (B+... changes).
    send(&h, ALICE, "dead game1 a4");
    let second = letters(&h, BOB, "scoring").pop().unwrap();
    assert!(second.text.contains("This is count #3"), "{}", second.text);

    // Bob answers the first mail: stale, nothing accepted.
    bob_replies(&h, &first, "done");
    let t = transcript(&h, BOB);
    assert_eq!(t.rejected(), ["stale-count"], "{}", t.text);
    assert!(
        t.text.contains("has changed since count #2") && t.text.contains("done game1#3"),
        "{}",
        t.text
    );
    assert_eq!(h.show("game1")["status"], "scoring");
    // Naming the old count is refused too; a count not made yet as well.
    send(&h, BOB, "done game1#2");
    assert_eq!(transcript(&h, BOB).rejected(), ["stale-count"]);
    send(&h, BOB, "done game1 #9");
    assert_eq!(transcript(&h, BOB).rejected(), ["stale-count"]);
    assert!(transcript(&h, BOB).text.contains("has no count #9 yet"));
    send(&h, BOB, "done game1#x");
    assert_eq!(transcript(&h, BOB).rejected(), ["bad-count-number"]);

    // The reply to the second mail accepts count #3; alice's done ends it.
    bob_replies(&h, &second, "done");
    assert!(transcript(&h, BOB).rejected().is_empty());
    send(&h, ALICE, "done game1#3");
    let shown = h.show("game1");
    assert_eq!(shown["status"], "finished", "{shown}");
    h.verify(Some("game1"));
}

#[test]
fn a_done_in_the_mail_that_changed_the_marking_accepts_the_new_count() {
    let h = scored_game();
    send(&h, ALICE, "alive game1 a4");
    let first = letters(&h, BOB, "scoring").pop().unwrap();
    // Bob, answering that mail, marks A4 dead again and accepts his own count.
    bob_replies(&h, &first, "dead game1 a4\ndone");
    let t = transcript(&h, BOB);
    assert!(t.rejected().is_empty(), "{}", t.text);
    let to_alice = letters(&h, ALICE, "scoring").pop().unwrap();
    assert!(
        to_alice.text.contains("This is count #3"),
        "{}",
        to_alice.text
    );
    // A plain done, with no mail answered, accepts the count that stands.
    send(&h, ALICE, "done game1");
    assert_eq!(h.show("game1")["status"], "finished");
}
