//! Pace (issue 25): a player in a live game is never held back by a cap.
//! With the default config, a 9x9 of 60 moves at one move every 20
//! seconds gets every "your move" notice and every confirmation out in the
//! poll of its move; what others make pbmgo send (words) is still capped,
//! held back rather than dropped, and its sender is told when it leaves;
//! answers to a player's own mail stop only at the loop backstop.
//! In-process, on the pipeline harness.

use chrono::{Duration, SecondsFormat};

use crate::common::clock_mail::{ALICE, BOB, at, send, start};
use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home::{PbmgoHome, mail};

/// The `n`th (from 0) point of a 9x9 row by row from `first_row` on: black
/// fills rows 1 to 4 and white rows 6 to 9, so no move captures.
fn point(first_row: u32, n: u32) -> String {
    let column = b"ABCDEFGHJ"[(n % 9) as usize] as char;
    format!("{column}{}", first_row + n / 9)
}

/// `seconds` after the simulated start, as RFC 3339.
fn at_seconds(seconds: i64) -> String {
    let t = start() + Duration::seconds(seconds);
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Plays 60 moves of a 9x9 in `h`, one every 20 seconds, each mail
/// polled at its time; checks that each move's confirmation and notice
/// left in the poll of its move.
fn sixty_moves_twenty_seconds_apart<H: Home>(h: &H) {
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    for i in 0..60u32 {
        let (from, to, first_row) = match i % 2 {
            0 => (ALICE, BOB, 1),
            _ => (BOB, ALICE, 6),
        };
        let mv = point(first_row, i / 2);
        let before = h.outbox_rows().len();
        h.drop_mail(&mail(from, "commands", &format!("move game1 {mv}")).bytes());
        h.poll_at(&at_seconds(60 + 20 * i64::from(i)));
        let rows = h.outbox_rows();
        let new = &rows[before..];
        let kinds: Vec<(&str, &str)> = new
            .iter()
            .map(|r| {
                (
                    r["recipient"].as_str().unwrap(),
                    r["kind"].as_str().unwrap(),
                )
            })
            .collect();
        assert!(
            kinds.contains(&(from, "reply")) && kinds.contains(&(to, "your-move")),
            "move {} ({mv}): {kinds:?}",
            i + 1
        );
        let waiting: Vec<_> = rows.iter().filter(|r| r["status"] != "sent").collect();
        assert!(waiting.is_empty(), "move {} ({mv}): {waiting:#?}", i + 1);
    }
    h.assert_moves("game1", 60, &[("white", "C9")]);
    let to_alice = h.sent_to(ALICE).len();
    assert_eq!(to_alice, 60, "30 confirmations, 30 notices");
}

#[test]
fn sixty_moves_twenty_seconds_apart_leave_every_mail_in_the_poll_of_its_move() {
    sixty_moves_twenty_seconds_apart(&Harness::new());
}

#[test]
fn sixty_moves_through_the_binary_with_the_default_config() {
    sixty_moves_twenty_seconds_apart(&PbmgoHome::new());
}

#[test]
fn words_over_the_cap_wait_and_their_sender_is_told_when_they_leave() {
    let h =
        Harness::with_config("[limits]\nmax_replies_per_hour = 3\nsays_per_game_per_hour = 100");
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    for i in 0..5 {
        send(
            &h,
            ALICE,
            &format!("say game1 word {i}"),
            f64::from(i) / 60.0,
        );
    }
    let says: Vec<_> = h
        .outbox_rows()
        .into_iter()
        .filter(|r| r["recipient"] == BOB && r["kind"] == "say")
        .collect();
    let held = says.iter().filter(|r| r["status"] == "pending").count();
    assert!(held >= 1, "{says:#?}");
    let mut replies = h.sent_to(ALICE).into_iter().filter(|m| m.kind() == "reply");
    let told = replies.next_back().unwrap().text;
    // The first word went at 00:00, so the hour that filled the cap ends at 01:00.
    assert!(
        told.contains("Your words to bob wait until 01:00 UTC: bob has had 3 mails"),
        "{told}"
    );
    assert!(told.contains("(limits.max_replies_per_hour)"), "{told}");
    // A move to bob is not held back by the words that filled his cap.
    send(&h, ALICE, "move game1 e5", 5.0 / 60.0);
    let notice = h
        .outbox_rows()
        .into_iter()
        .rev()
        .find(|r| r["kind"] == "your-move");
    assert_eq!(notice.unwrap()["status"], "sent");
    assert_eq!(h.send_at(&at(0.5)), 0, "nothing held goes before its hour");
    h.send_at(&at(1.1));
    let rows = h.outbox_rows();
    assert!(rows.iter().all(|r| r["status"] == "sent"), "{rows:#?}");
}

#[test]
fn answers_stop_only_at_the_loop_backstop() {
    let h = Harness::with_config("[limits]\nmax_answers_per_hour = 4\n");
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    let before = h.sent_to(ALICE).len();
    for i in 0..30 {
        send(&h, ALICE, "board game1", f64::from(i) / 120.0);
    }
    let answers = h.sent_to(ALICE).len() - before;
    assert_eq!(answers, 4, "the backstop stops a loop at 4 answers an hour");
    let h = Harness::new();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    let before = h.sent_to(ALICE).len();
    for i in 0..30 {
        send(&h, ALICE, "board game1", f64::from(i) / 120.0);
    }
    let answers = h.sent_to(ALICE).len() - before;
    assert_eq!(
        answers, 30,
        "30 answers in a quarter hour are well under the default"
    );
}

#[test]
fn a_whole_game_then_two_challenges_within_the_hour_leave_every_mail_at_once() {
    use crate::common::lifecycle::{CAROL, harness, play, results, send as mail_and_poll};
    let h = harness();
    let all_sent = |h: &Harness, what: &str| {
        let rows = h.outbox_rows();
        let waiting: Vec<_> = rows.iter().filter(|r| r["status"] != "sent").collect();
        assert!(waiting.is_empty(), "after {what}: {waiting:#?}");
    };
    mail_and_poll(&h, ALICE, "challenge bob size 9 color black");
    mail_and_poll(&h, BOB, "accept game1");
    all_sent(&h, "the challenge");
    let moves: Vec<String> = (0..40).map(|i| point(1 + 5 * (i % 2), i / 2)).collect();
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    play(&h, "game1", ALICE, &moves);
    play(&h, "game1", ALICE, &["pass", "pass"]);
    mail_and_poll(&h, ALICE, "done game1");
    mail_and_poll(&h, BOB, "done game1");
    assert!(h.show("game1")["result"].is_string(), "the game is over");
    all_sent(&h, "the game");
    mail_and_poll(&h, ALICE, "challenge bob size 9");
    mail_and_poll(&h, ALICE, "challenge carol size 13");
    assert_eq!(results(&h, ALICE), ["challenge carol size 13 => ok"]);
    all_sent(&h, "two more challenges");
    assert_eq!(h.sent_to(CAROL).len(), 1, "carol's challenge left");
}
