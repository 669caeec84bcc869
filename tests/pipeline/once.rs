//! Exactly once: a message is handled once whatever happens to its file.
//! Polling again finds nothing; a processed message copied back into
//! `inbox/new` under a new name, a mail without Message-ID sent twice (its
//! key is a hash of what it says), a copy with other transport headers,
//! two copies in one poll and `pbmgo deliver` of the same mail twice apply
//! the move once and queue no reply again; another mail that reuses a
//! Message-ID (from another sender, or with other words) is handled.
//! What needs no file runs in-process, on the pipeline harness.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{Counts, PbmgoHome, counts, mail};

fn home() -> PbmgoHome {
    with_game(PbmgoHome::new())
}

fn harness() -> Harness {
    with_game(Harness::new())
}

fn with_game<H: Home>(h: H) -> H {
    h.player("alice", "alice@example.org");
    h.player("bob", "bob@example.org");
    h.game_at(1, 9, &[], "alice", "bob");
    h
}

/// What a poll of `n` duplicates says.
fn duplicates(n: u32) -> Counts {
    Counts {
        processed: n,
        ignored: n,
        ..Counts::default()
    }
}

#[test]
fn a_processed_message_copied_back_under_a_new_name_is_not_run_again() {
    let h = home();
    let first = mail("alice@example.org", "my move", "move game1 e5").id("once-1@example.org");
    let second = mail("bob@example.org", "my move", "move game1 c3").id("once-2@example.org");
    h.drop_mail(&first.bytes());
    h.drop_mail(&second.bytes());
    assert_eq!(
        counts(&h.poll()),
        Counts {
            processed: 2,
            applied: 2,
            sent: 4,
            ..Counts::default()
        }
    );
    let outbox = h.outbox_rows();
    assert_eq!(outbox.len(), 4);
    let before = h.show("game1");

    // Nothing new: nothing done.
    assert_eq!(counts(&h.poll()), Counts::default());

    // The first mail again, as a new file (a re-delivery by the MTA).
    let name = h.drop_mail(&first.bytes());
    assert_eq!(counts(&h.poll()), duplicates(1));
    assert_eq!(h.moves("game1").len(), 2);
    assert_eq!(h.show("game1"), before);
    assert_eq!(h.outbox_rows(), outbox, "no reply is queued or sent again");
    assert_eq!(h.files("outbox").len(), 4);
    let messages = h.messages();
    assert_eq!(messages.len(), 2, "the key is recorded once: {messages:?}");
    assert_eq!(messages[0]["key"], "once-1@example.org");
    assert!(h.files("inbox/new").is_empty());
    assert!(
        h.files("inbox/cur")
            .iter()
            .any(|f| f.starts_with(&format!("{name}:2,")))
    );
    assert!(h.files("quarantine/new").is_empty());
}

#[test]
fn two_copies_in_one_poll_run_once() {
    let h = harness();
    let m = mail("alice@example.org", "my move", "move game1 e5").bytes();
    h.drop_mail(&m);
    h.drop_mail(&m);
    assert_eq!(
        counts(&h.poll()),
        Counts {
            processed: 2,
            applied: 1,
            ignored: 1,
            sent: 2,
            ..Counts::default()
        }
    );
    assert_eq!(h.moves("game1").len(), 1);
    assert_eq!(h.outbox_rows().len(), 2);
}

#[test]
fn a_mail_without_message_id_is_known_by_what_it_says() {
    let h = harness();
    let m = mail("alice@example.org", "my move", "move game1 e5").without("Message-ID");
    h.drop_mail(&m.bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    let key = h.messages()[0]["key"].as_str().unwrap().to_string();
    assert!(
        key.starts_with("sha256:") && key.len() == "sha256:".len() + 64,
        "{key}"
    );
    let reply = &h.sent_to("alice@example.org")[0];
    assert_eq!(reply.header("In-Reply-To"), None, "nothing to reply to");

    h.drop_mail(&m.bytes());
    assert_eq!(counts(&h.poll()), duplicates(1));
    let relayed = m
        .clone()
        .header("Received", "from relay.example by mx.example");
    h.drop_mail(&relayed.bytes());
    assert_eq!(counts(&h.poll()), duplicates(1), "another hop, same mail");
    assert_eq!(h.moves("game1").len(), 1);
    assert_eq!(h.outbox_rows().len(), 2);

    // Another Date is another mail: read, and refused.
    let later = m.header("Date", "Sun, 22 Nov 2026 10:05:00 +0000");
    h.drop_mail(&later.bytes());
    let got = counts(&h.poll());
    assert_eq!((got.processed, got.rejected, got.ignored), (1, 1, 0));
    let replies = h.sent_to("alice@example.org");
    assert_eq!(replies.len(), 2);
    assert_eq!(replies[1].rejected(), ["not-your-turn"]);
    assert_eq!(h.moves("game1").len(), 1);
}

#[test]
fn deliver_twice_applies_once() {
    let h = home();
    let m = mail("alice@example.org", "my move", "move game1 e5").id("deliver-1@example.org");
    let out = h.deliver(&m.bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "applied, 2 replies queued\n"
    );
    let outbox = h.outbox_rows();
    assert_eq!(outbox.len(), 2);
    assert!(outbox.iter().all(|r| r["status"] == "sent"), "{outbox:?}");

    let again = h.deliver(&m.bytes());
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(stdout.contains("seen before"), "{stdout}");
    assert_eq!(h.moves("game1").len(), 1);
    assert_eq!(h.outbox_rows(), outbox);
    assert_eq!(h.messages().len(), 1);
    assert!(h.files("inbox/new").is_empty());
    assert_eq!(
        h.files("inbox/cur").len(),
        2,
        "both copies are filed as seen"
    );

    // A poll afterwards finds nothing left to do.
    assert_eq!(counts(&h.poll()), Counts::default());
}

#[test]
fn a_message_id_reused_by_another_sender_or_other_words_is_another_mail() {
    let h = harness();
    let id = "same-id@example.org";
    let alice = mail("alice@example.org", "my move", "move game1 e5").id(id);
    h.drop_mail(&alice.bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    // Bob's client (or a forger) uses the same Message-ID: bob's move is
    // played, not dropped as a copy of alice's mail.
    let bob = mail("bob@example.org", "my move", "move game1 c3").id(id);
    h.drop_mail(&bob.bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    h.assert_moves("game1", 2, &[("black", "E5"), ("white", "C3")]);
    let keys: Vec<String> = h
        .messages()
        .iter()
        .map(|m| m["key"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(keys[0], id);
    assert!(
        keys[1].starts_with("same-id@example.org sha256:"),
        "{keys:?}"
    );
    // The same mail of bob's again, through another relay: a copy.
    let again = bob.clone().header("Received", "from relay.example");
    h.drop_mail(&again.bytes());
    assert_eq!(counts(&h.poll()), duplicates(1));
    // Alice again with the same id and other words: another mail.
    let other = mail("alice@example.org", "my move", "move game1 d4").id(id);
    h.drop_mail(&other.bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    assert_eq!(h.moves("game1").len(), 3);
    assert_eq!(h.messages().len(), 3);
}

#[test]
fn a_resend_with_only_whitespace_changed_is_a_copy() {
    let h = harness();
    let id = "resent@example.org";
    let first = mail("alice@example.org", "my move", "move game1 e5\n").id(id);
    h.drop_mail(&first.bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    let sent = h.sent().len();
    // The same mail resent: one more trailing blank line, a doubled space,
    // a tab and CRLF line ends. A copy: no move, no refusal, no reply.
    for body in ["move game1 e5\n\n", "move  game1\te5\r\n\r\n"] {
        let resent = mail("alice@example.org", "my move", body).id(id);
        h.drop_mail(&resent.bytes());
        assert_eq!(counts(&h.poll()), duplicates(1), "{body:?}");
    }
    assert_eq!(h.sent().len(), sent, "nothing answered again");
    assert_eq!(h.moves("game1").len(), 1);
    // Other words under the same Message-ID are still another mail.
    let other = mail("alice@example.org", "my move", "move game1 e5 d4\n").id(id);
    h.drop_mail(&other.bytes());
    assert_eq!(counts(&h.poll()).processed, 1);
    assert_eq!(h.messages().len(), 2);
}
