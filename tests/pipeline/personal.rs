//! The player's own commands end to end, by mail through the pipeline
//! (in-process, on the pipeline harness): `undo` (request, agreement,
//! refusals, a capture taken back exactly so that `pbmgo game verify`
//! passes), `say`, and `standings` with Elo numbers computed by hand (with
//! `pbmgo standings` through the real binary).

use crate::common::clock_mail;
use crate::common::home::Home;

use clock_mail::{ALICE, BOB, CAROL, body, harness, home, html, of_kinds, outbox_after, send};
use serde_json::json;

/// The results of the transcript to `to` of the last mail.
fn last_results(h: &impl Home, to: &str) -> Vec<(String, String)> {
    let replies: Vec<_> = h
        .sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == "reply")
        .collect();
    replies.last().expect("a transcript").results()
}

fn last_codes(h: &impl Home, to: &str) -> Vec<String> {
    let replies: Vec<_> = h
        .sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == "reply")
        .collect();
    let last = replies.last().expect("a transcript");
    last.rejected().into_iter().map(str::to_string).collect()
}

fn points(h: &impl Home, game: &str) -> Vec<String> {
    h.moves(game)
        .iter()
        .map(|m| m["point"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn undo_takes_back_a_capture_exactly() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let play = [
        (ALICE, "E5"),
        (BOB, "E6"),
        (ALICE, "D6"),
        (BOB, "A1"),
        (ALICE, "F6"),
        (BOB, "A2"),
        (ALICE, "E7"),
    ];
    for (i, (who, p)) in play.iter().enumerate() {
        send(&h, who, &format!("move game1 {p}"), i as f64);
    }
    let before = h.show("game1");
    assert_eq!(before["captures"], json!({"black": 1, "white": 0}));
    // Bob may not ask: the last move is Alice's.
    send(&h, BOB, "undo game1", 10.0);
    assert_eq!(last_codes(&h, BOB), ["cannot-undo"]);
    send(&h, CAROL, "undo game1", 10.5);
    assert_eq!(last_codes(&h, CAROL), ["not-a-player"]);
    send(&h, ALICE, "undo game1", 11.0);
    assert_eq!(last_results(&h, ALICE)[0].1, "ok");
    send(&h, ALICE, "undo game1", 11.5);
    assert_eq!(last_codes(&h, ALICE), ["undo-pending"]);
    let asked = of_kinds(&h, &["undo-request"]);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].recipient, BOB);
    assert!(
        asked[0].mail.subject.starts_with("[game1] "),
        "{}",
        asked[0].mail.subject
    );
    assert_eq!(
        asked[0].mail.text.lines().next(),
        Some("alice asks to take back move 7 (Black E7) in game1.")
    );
    insta::assert_snapshot!("undo-request.txt", body(&asked[0]));
    insta::assert_snapshot!("undo-request.html", html(&asked[0]));
    send(&h, BOB, "undo game1", 12.0);
    assert_eq!(last_results(&h, BOB)[0].1, "ok");
    assert_eq!(points(&h, "game1"), ["E5", "E6", "D6", "A1", "F6", "A2"]);
    let after = h.show("game1");
    assert_eq!(after["captures"], json!({"black": 0, "white": 0}));
    assert_eq!(after["to_move"], "black");
    assert_eq!(after["move_number"], 6);
    assert!(
        after["board"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().contains('O'))
    );
    assert_eq!(
        h.verify(Some("game1")).trim(),
        "game1: ok, the stored game matches its move list"
    );
    let done = of_kinds(&h, &["undo-done"]);
    assert_eq!(done.len(), 1);
    assert_eq!(done[0].recipient, ALICE);
    // Like a your-move mail: the news, the clock and the command hint.
    let text = done[0].mail.flat();
    for said in [
        "your move again, due",
        "Black (alice), to play: 7d left for this move",
        "move game1 POINT#7",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    insta::assert_snapshot!("undo-done.txt", body(&done[0]));
    insta::assert_snapshot!("undo-done.html", html(&done[0]));
    // The request is spent: Bob's undo now asks to take back his own A2.
    send(&h, BOB, "undo game1", 13.0);
    assert_eq!(last_results(&h, BOB)[0].1, "ok");
    // Alice answers with a move instead: that cancels Bob's request, and
    // Bob is told so in the mail about her move.
    send(&h, ALICE, "move game1 E7", 14.0);
    let note = of_kinds(&h, &["your-move"]).pop().unwrap();
    assert_eq!(note.recipient, BOB);
    assert!(
        note.mail
            .flat()
            .contains("alice did not agree to take back your move 6 in game1: they played on"),
        "{}",
        note.mail.text
    );
    send(&h, ALICE, "undo game1", 15.0);
    send(&h, BOB, "undo game1", 15.5);
    assert_eq!(last_results(&h, BOB)[0].1, "ok");
    assert_eq!(points(&h, "game1"), ["E5", "E6", "D6", "A1", "F6", "A2"]);
    h.verify(None);
}

#[test]
fn undo_is_refused_in_a_game_without_moves_and_after_the_game() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "undo game1", 1.0);
    assert_eq!(last_codes(&h, ALICE), ["cannot-undo"]);
    send(&h, ALICE, "move game1 E5\nresign game1", 2.0);
    send(&h, ALICE, "undo game1", 3.0);
    assert_eq!(last_codes(&h, ALICE), ["cannot-undo"]);
    send(&h, ALICE, "undo game9", 4.0);
    assert_eq!(last_codes(&h, ALICE), ["no-such-game"]);
}

#[test]
fn say_mails_the_opponent() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "say game1 Good luck, and have fun!", 1.0);
    assert_eq!(last_results(&h, ALICE)[0].1, "ok");
    let said = of_kinds(&h, &["say"]);
    assert_eq!(said.len(), 1);
    assert_eq!(said[0].recipient, BOB);
    assert!(
        said[0].mail.subject.starts_with("[game1] "),
        "{}",
        said[0].mail.subject
    );
    assert_eq!(
        said[0].mail.text.lines().next(),
        Some("alice wrote in game1: \"Good luck, and have fun!\"")
    );
    insta::assert_snapshot!("say.txt", body(&said[0]));
    insta::assert_snapshot!("say.html", html(&said[0]));
    send(&h, CAROL, "say game1 hello", 2.0);
    assert_eq!(last_codes(&h, CAROL), ["not-a-player"]);
    // Bob has notify off: a say message is kept, not mailed (issue 16).
    send(&h, BOB, "notify off", 3.0);
    send(&h, ALICE, "say game1 Still there?", 4.0);
    assert_eq!(of_kinds(&h, &["say"]).len(), 1);
}

/// Four finished games and one active, all from 20k (100 on the EGF
/// scale), checked against the ratings crate:
///   1. alice (B) beats bob by 2.5 points: rated, even;
///   2. carol resigns against alice before move 10: unrated (an escape),
///      but a win and a loss all the same;
///   3. played unrated (`game rated game3 off`): carol beats bob, and no
///      rating moves;
///   4. carol (B, 2 stones) beats alice by 3.5: rated with the handicap.
#[test]
fn standings_count_games_and_rate_the_rated_ones_in_finishing_order() {
    use pbmgo::rating::{Outcome, RatedGame, rate};
    let h = home();
    h.game_new("alice", "bob", 9);
    h.game_new("carol", "alice", 9);
    h.game_new("bob", "carol", 9);
    h.ok(&[
        "game",
        "new",
        "--black",
        "carol",
        "--white",
        "alice",
        "--size",
        "9",
        "--handicap",
        "2",
    ]);
    h.game_new("alice", "bob", 9);
    h.ok(&["game", "adjudicate", "game1", "B+2.5"]);
    send(&h, CAROL, "resign game2", 2.0);
    h.ok(&["game", "rated", "game3", "off"]);
    h.ok(&["game", "adjudicate", "game3", "W+0.5"]);
    h.ok(&["game", "adjudicate", "game4", "B+3.5"]);
    let even = |black, white| RatedGame {
        black,
        white,
        handicap: 0,
    };
    let (alice, bob) = rate(even(100.0, 100.0), Outcome::BlackWins);
    let two_stones = RatedGame {
        black: 100.0,
        white: alice,
        handicap: 2,
    };
    let (carol, alice) = rate(two_stones, Outcome::BlackWins);
    let at = |r: f64| r.round() as i64;
    let rank = |r: f64| pbmgo::rating::Rank::of(r).to_string();
    let table = h.json(&["standings"]);
    assert_eq!(
        table,
        json!([
            {"name": "carol", "rank": rank(carol), "rating": at(carol), "rated_games": 1,
             "won": 2, "lost": 1, "active": 0},
            {"name": "alice", "rank": rank(alice), "rating": at(alice), "rated_games": 2,
             "won": 2, "lost": 1, "active": 1},
            {"name": "bob", "rank": rank(bob), "rating": at(bob), "rated_games": 1,
             "won": 0, "lost": 2, "active": 1},
        ])
    );
    // alice's loss to carol at two stones costs her less than her win gave.
    assert!(
        carol > alice && alice > 100.0 && bob < 100.0,
        "{carol} {alice} {bob}"
    );
    let replayed = h.json(&["ratings", "recompute", "--dry-run"]);
    assert_eq!(replayed["changed"], 0, "{replayed}");
    let first = clock_mail::last_id(&h);
    send(&h, CAROL, "standings", 5.0);
    let reply = outbox_after(&h, first)
        .into_iter()
        .find(|r| r.recipient == CAROL)
        .unwrap();
    insta::assert_snapshot!("standings.txt", body(&reply));
    insta::assert_snapshot!("standings.html", html(&reply));
    let text = h.ok(&["standings"]);
    let line = format!(
        "alice                {:>5}  {:>6}      2     2     1       1",
        rank(alice),
        at(alice)
    );
    assert!(text.contains(&line), "{line:?} in\n{text}");
}
