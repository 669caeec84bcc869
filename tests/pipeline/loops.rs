//! Loop safety through `pbmgo poll`: mail from machines (auto-replies,
//! bulk and list mail, bounces, mail systems, our own address) is recorded
//! as ignored with its reason and never answered, even when it holds a
//! command a player could send; and the reply caps (per address per hour,
//! per unknown address per day) hold. The caps are checked in-process, on
//! the pipeline harness.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{Counts, PbmgoHome, SERVER, counts, fixture, mail};

/// A home where the fixtures' commands would be carried out if they were
/// read: ian (Black, to move) in game1, bob (Black, to move) in game12.
fn home() -> PbmgoHome {
    let h = PbmgoHome::new();
    h.player("alice", "alice@example.org");
    h.player("bob", "bob.hatter@example.net");
    h.player("ian", "ian@example.co.uk");
    h.game_at(1, 9, &[], "ian", "alice");
    h.game_at(12, 19, &[], "bob", "alice");
    h
}

#[test]
fn machine_mail_is_recorded_as_ignored_and_never_answered() {
    let h = home();
    let alice = "Alice <alice@example.org>";
    let cases: Vec<(Vec<u8>, &str, &str)> = vec![
        (
            fixture("auto-reply.eml"),
            "auto-submitted",
            "Auto-Submitted: auto-replied",
        ),
        (fixture("mailing-list.eml"), "list-mail", "mailing list"),
        (
            fixture("precedence-bulk.eml"),
            "precedence",
            "Precedence: bulk",
        ),
        (
            fixture("dsn-bounce.eml"),
            "delivery-report",
            "delivery status",
        ),
        (
            mail(alice, "x", "board game1")
                .header("Precedence", "junk")
                .bytes(),
            "precedence",
            "junk",
        ),
        (
            mail(alice, "x", "board game1")
                .header("Precedence", "list")
                .bytes(),
            "precedence",
            "list",
        ),
        (
            mail(alice, "x", "board game1")
                .header("List-Id", "<go.lists.example>")
                .bytes(),
            "list-mail",
            "list",
        ),
        (
            mail(alice, "x", "board game1")
                .header("Auto-Submitted", "auto-generated")
                .bytes(),
            "auto-submitted",
            "auto-generated",
        ),
        (
            mail(alice, "x", "board game1")
                .header("Return-Path", "<>")
                .bytes(),
            "null-return-path",
            "empty return path",
        ),
        (
            mail("MAILER-DAEMON@mx.example.org", "Undelivered", "help")
                .header("Return-Path", "<>")
                .bytes(),
            "null-return-path",
            "empty",
        ),
        (
            mail("Postmaster <postmaster@example.org>", "help", "help").bytes(),
            "mailer-daemon",
            "mail system",
        ),
        (
            mail(&format!("pbmgo <{SERVER}>"), "help", "help").bytes(),
            "own-address",
            "own address",
        ),
        (
            mail("GAMES+bounce-1@PBMGO.example", "help", "help").bytes(),
            "own-address",
            "own address",
        ),
    ];
    for (raw, _, _) in &cases {
        h.drop_mail(raw);
    }
    let n = cases.len() as u32;
    assert_eq!(
        counts(&h.poll()),
        Counts {
            processed: n,
            ignored: n,
            ..Counts::default()
        }
    );
    assert_eq!(h.count("outbox"), 0);
    assert!(h.files("outbox").is_empty());
    let messages = h.messages();
    assert_eq!(messages.len(), cases.len());
    for (m, (_, code, words)) in messages.iter().zip(&cases) {
        assert_eq!(m["outcome"], "ignored", "{m}");
        assert_eq!(m["reasons"], serde_json::json!([code]), "{m}");
        let detail = m["detail"].as_str().unwrap();
        assert!(detail.contains(words), "{code}: {detail:?}");
    }
    assert!(h.moves("game1").is_empty() && h.moves("game12").is_empty());
    assert!(h.files("inbox/new").is_empty());
    assert_eq!(h.files("inbox/cur").len(), cases.len());

    // The same home answers a person, and "Auto-Submitted: no" is a person.
    h.drop_mail(
        &mail(alice, "board", "board game1")
            .header("Auto-Submitted", "no")
            .bytes(),
    );
    assert_eq!(
        counts(&h.poll()),
        Counts {
            processed: 1,
            answered: 1,
            sent: 1,
            ..Counts::default()
        }
    );
}

#[test]
fn answers_to_one_address_stop_at_the_hourly_backstop_but_moves_still_count() {
    let h = Harness::with_config("[limits]\nmax_answers_per_hour = 2\n");
    h.player("alice", "alice@example.org");
    h.player("bob", "bob@example.org");
    h.game_at(1, 9, &[], "alice", "bob");
    for body in ["board game1", "board game1", "board game1", "move game1 e5"] {
        h.drop_mail(&mail("alice@example.org", "x", body).bytes());
    }
    let got = counts(&h.poll());
    assert_eq!((got.processed, got.answered, got.applied), (4, 3, 1));
    assert_eq!(
        h.sent_to("alice@example.org").len(),
        2,
        "only 2 replies to alice in an hour"
    );
    assert_eq!(
        h.moves("game1").len(),
        1,
        "the fourth mail's move is played all the same"
    );
    assert_eq!(
        h.sent_to("bob@example.org").len(),
        1,
        "bob is told about it"
    );
    assert_eq!(h.messages().len(), 4);

    // Within the hour: still capped. An hour later: answered again.
    h.drop_mail(&mail("alice@example.org", "x", "board game1").bytes());
    h.poll_at("2026-11-22T12:59:00Z");
    assert_eq!(h.sent_to("alice@example.org").len(), 2);
    h.drop_mail(&mail("alice@example.org", "x", "board game1").bytes());
    h.poll_at("2026-11-22T13:00:01Z");
    assert_eq!(h.sent_to("alice@example.org").len(), 3);
}

#[test]
fn an_unknown_sender_gets_a_few_replies_a_day() {
    let h = Harness::new();
    let carol = "Carol <carol@example.net>";
    for i in 0..5 {
        h.drop_mail(&mail(carol, "hello", &format!("move game1 c{}", i + 1)).bytes());
    }
    let got = counts(&h.poll());
    assert_eq!(
        got,
        Counts {
            processed: 5,
            answered: 3,
            ignored: 2,
            sent: 3,
            ..Counts::default()
        }
    );
    let replies = h.sent_to("carol@example.net");
    assert_eq!(replies.len(), 3);
    for r in &replies {
        assert_eq!(r.kind(), "unknown-sender");
        assert_eq!(r.rejected(), ["unknown-sender"]);
        assert_eq!(r.header("Auto-Submitted"), Some("auto-replied"));
        assert!(r.text.contains("signup NAME"), "{}", r.text);
    }
    let messages = h.messages();
    let outcomes: Vec<&str> = messages
        .iter()
        .map(|m| m["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(
        outcomes,
        ["answered", "answered", "answered", "ignored", "ignored"]
    );
    assert!(
        messages[4]["detail"]
            .as_str()
            .unwrap()
            .contains("daily limit"),
        "{}",
        messages[4]
    );
    assert_eq!(
        messages[4]["reasons"],
        serde_json::json!(["unknown-sender"])
    );

    // The next day counts afresh.
    h.drop_mail(&mail(carol, "hello again", "help").bytes());
    h.poll_at("2026-11-23T12:00:01Z");
    assert_eq!(h.sent_to("carol@example.net").len(), 4);
}

#[test]
fn refused_signups_count_against_the_unknown_sender_cap() {
    let h = Harness::new();
    h.player("alice", "alice@example.org");
    // A forged sender asking for a taken name, again and again: backscatter.
    for _ in 0..6 {
        h.drop_mail(&mail("victim@forged.example", "hi", "signup alice").bytes());
    }
    let got = counts(&h.poll());
    assert_eq!(got.processed, 6);
    let replies = h.sent_to("victim@forged.example");
    assert!(
        replies.len() <= 3,
        "{} replies in a day to an address of no player",
        replies.len()
    );
}
