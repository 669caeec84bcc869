//! Games by mail from the challenge to the result: a handicap game, free
//! placement, a resignation out of turn, refused and withdrawn challenges,
//! the limit on games per player, `sgf`, and the admin's `adjudicate` and
//! `resume`. The admin's commands, `pbmgo challenges` and the game events go
//! through the real binary on a real home; the rest runs in-process, on
//! the pipeline harness.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use crate::common::lifecycle::*;
use pbmgo_home::{counts, fixture};

#[test]
fn a_handicap_game_from_challenge_to_a_resignation_out_of_turn() {
    let h = harness();
    h.drop_mail(&fixture_lc("challenge-handicap.eml"));
    let c = counts(&h.poll());
    assert_eq!((c.applied, c.sent), (1, 2), "{c:?}");
    let t = transcript(&h, ALICE);
    assert!(
        t.text
            .starts_with("You challenged bob: game1 waits for their answer."),
        "{}",
        t.text
    );
    let invite = &letters(&h, BOB, "challenge")[0];
    assert_eq!(invite.subject, "[game1] alice vs bob, 9x9");
    assert!(
        invite
            .text
            .starts_with("alice challenges you to a game of Go (game1): accept or decline.\n"),
        "{}",
        invite.text
    );
    for words in [
        "Handicap: 3 stones on the star points",
        "accept game1",
        "decline game1",
        "alice plays White (O), you Black (X)",
        "Time: 3 days per move",
    ] {
        assert!(invite.text.contains(words), "{words}: {}", invite.text);
    }
    assert_eq!(
        results(&h, ALICE),
        ["challenge bob size 9 handicap 3 color white days 3 => ok"]
    );
    send(&h, ALICE, "games");
    assert!(
        transcript(&h, ALICE)
            .text
            .contains("game1    9x9 to bob, waiting for an answer")
    );

    h.drop_mail(&fixture_lc("accept-reply.eml"));
    let c = counts(&h.poll());
    assert_eq!((c.applied, c.sent), (1, 2), "{c:?}");
    assert_eq!(results(&h, BOB), ["accept => ok"]);
    let game = h.show("game1");
    assert_eq!(
        (game["handicap"].as_u64(), game["to_move"].as_str()),
        (Some(3), Some("white"))
    );
    assert_eq!(
        (game["black"].as_str(), game["komi"].as_f64()),
        (Some("bob"), Some(0.5))
    );
    assert_eq!(
        game["board"][2].as_str().unwrap().matches('X').count(),
        1,
        "{game}"
    );
    let start = &letters(&h, ALICE, "game-start")[0];
    assert!(start.text.contains("It is your move"), "{}", start.text);
    assert!(transcript(&h, BOB).text.contains("You accepted game1"));

    play(&h, "game1", ALICE, &["E5", "E3", "D5"]);
    // It is bob's turn; alice resigns out of turn.
    send(&h, ALICE, "resign game1");
    assert_eq!(results(&h, ALICE), ["resign game1 => ok"]);
    let game = h.show("game1");
    assert_eq!(game["result"], "B+R");
    let to_bob = letters(&h, BOB, "game-over");
    // alice, who resigned, reads the end in her transcript, the one mail to her.
    assert!(letters(&h, ALICE, "game-over").is_empty());
    let to_alice = [transcript(&h, ALICE)];
    assert!(
        to_bob[0].subject.starts_with("[game1] "),
        "{}",
        to_bob[0].subject
    );
    assert_eq!(
        to_bob[0].text.lines().next(),
        Some("You won game1: alice resigned (B+R).")
    );
    assert!(
        to_alice[0].subject.starts_with("Re: [game1] "),
        "{}",
        to_alice[0].subject
    );
    assert!(
        to_alice[0]
            .text
            .starts_with("You lost game1: you resigned (B+R)"),
        "{}",
        to_alice[0].text
    );
    assert!(attached_sgf(&to_alice[0]).contains("RE[B+R]"));
    let sgf = attached_sgf(&to_bob[0]);
    assert!(sgf.contains("RE[B+R]") && sgf.contains("HA[3]"), "{sgf}");
    assert!(
        to_alice[0].text.contains("alice (White) resigned."),
        "{}",
        to_alice[0].text
    );
    send(&h, BOB, "resign game1");
    assert_eq!(
        results(&h, BOB),
        ["resign game1 => rejected: game1 is already over"]
    );
    verified(&h, "game1");
    let finished: Option<String> = h
        .db()
        .query_row("SELECT finished_at FROM games WHERE id = 1", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(finished.as_deref(), Some("2026-11-22T12:00:00Z"));
}

fn fixture_lc(name: &str) -> Vec<u8> {
    let _ = fixture; // the inbound fixtures live elsewhere
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/lifecycle")
        .join(name);
    std::fs::read(path).unwrap()
}

#[test]
fn free_handicap_placement_then_two_passes_and_agreement() {
    let h = harness();
    send(
        &h,
        ALICE,
        "challenge bob size 9 handicap 3 free color black komi 0.5",
    );
    send(&h, BOB, "accept game1");
    assert!(
        transcript(&h, BOB)
            .text
            .contains("alice places 3 handicap stones first")
    );
    let start = &letters(&h, ALICE, "game-start")[0];
    assert!(
        start.text.contains("place game1 POINT POINT POINT\n"),
        "{}",
        start.text
    );
    send(&h, ALICE, "move game1 e5");
    let r = results(&h, ALICE);
    assert!(
        r[0].starts_with("move game1 e5 => rejected: alice (Black) has 3 handicap stones to place"),
        "{r:?}"
    );
    assert_eq!(transcript(&h, ALICE).rejected(), ["placing-handicap"]);
    send(&h, BOB, "place game1 c3");
    assert_eq!(transcript(&h, BOB).rejected(), ["not-your-stones"]);
    send(&h, ALICE, "place game1 c3 c3");
    assert_eq!(transcript(&h, ALICE).rejected(), ["bad-placement"]);
    send(&h, ALICE, "place game1 c3");
    assert!(
        transcript(&h, ALICE)
            .text
            .contains("2 handicap stones left to place")
    );
    send(&h, ALICE, "place game1 g7 g3 e5");
    assert_eq!(transcript(&h, ALICE).rejected(), ["too-many-stones"]);
    send(&h, ALICE, "place game1 g7 g3");
    assert!(
        transcript(&h, ALICE)
            .text
            .contains("all 3 handicap stones are placed")
    );
    let note = &letters(&h, BOB, "your-move")[0];
    assert!(note.subject.starts_with("[game1] alice vs bob, "));
    assert!(
        note.text
            .starts_with("alice (Black) has placed the 3 handicap stones in game1: your move.\n"),
        "{}",
        note.text
    );
    let game = h.show("game1");
    assert_eq!(
        (
            game["handicap"].as_u64(),
            game["to_move"].as_str(),
            game["move_number"].as_u64()
        ),
        (Some(3), Some("white"), Some(0))
    );
    verified(&h, "game1");
    play(&h, "game1", BOB, &["E5", "D5", "pass", "pass"]);
    assert_eq!(h.show("game1")["status"], "scoring");
    send(&h, BOB, "done game1");
    send(&h, ALICE, "done game1");
    let game = h.show("game1");
    assert_eq!(game["status"], "finished");
    let over = &letters(&h, BOB, "game-over")[0];
    assert!(
        over.text.contains("Both players accepted the count."),
        "{}",
        over.text
    );
    assert!(
        attached_sgf(over).contains("AB[cg][gg][gc]"),
        "{}",
        attached_sgf(over)
    );
    verified(&h, "game1");
}

#[test]
fn declined_withdrawn_and_expired_challenges() {
    let h = home();
    send(&h, ALICE, "challenge bob size 13");
    send(&h, ALICE, "accept game1");
    assert_eq!(transcript(&h, ALICE).rejected(), ["own-challenge"]);
    send(&h, CAROL, "decline game1");
    assert_eq!(transcript(&h, CAROL).rejected(), ["not-your-challenge"]);
    send(&h, BOB, "decline game1");
    assert_eq!(results(&h, BOB), ["decline game1 => ok"]);
    assert!(
        letters(&h, ALICE, "challenge-closed")[0]
            .text
            .contains("bob declined your challenge game1.")
    );
    send(&h, BOB, "accept game1");
    assert_eq!(
        results(&h, BOB),
        ["accept game1 => rejected: the challenge game1 was declined"]
    );

    send(&h, ALICE, "challenge carol");
    send(&h, ALICE, "decline game2");
    assert!(
        letters(&h, CAROL, "challenge-closed")[0]
            .text
            .contains("alice withdrew the challenge game2.")
    );
    send(&h, ALICE, "challenge alice");
    assert_eq!(transcript(&h, ALICE).rejected(), ["challenge-self"]);
    send(&h, ALICE, "challenge nobody");
    assert_eq!(transcript(&h, ALICE).rejected(), ["no-such-player"]);
    send(&h, ALICE, "challenge bob size 11 handicap 2");
    assert_eq!(transcript(&h, ALICE).rejected(), ["bad-handicap"]);
    send(&h, ALICE, "challenge bob size 9 handicap 6");
    assert_eq!(transcript(&h, ALICE).rejected(), ["bad-handicap"]);

    // A game made by the admin meanwhile does not take the challenge's number.
    send(&h, ALICE, "challenge bob size 9");
    assert_eq!(h.game_new("carol", "bob", 9), "game4");
    h.ok_at(&["tick"], "2026-12-06T11:59:00Z");
    send(&h, BOB, "accept game3");
    assert_eq!(results(&h, BOB), ["accept game3 => ok"]);
    assert_eq!(h.show("game3")["size"], 9);

    send(&h, ALICE, "challenge carol");
    let out = h.ok_at(&["tick"], "2026-12-06T12:00:01Z");
    assert!(!out.is_empty());
    let closed = letters(&h, CAROL, "challenge-closed");
    assert!(
        closed
            .last()
            .unwrap()
            .text
            .contains("The challenge game5 from alice to carol expired")
    );
    h.ok_at(&["tick"], "2026-12-06T13:00:00Z");
    assert_eq!(
        letters(&h, CAROL, "challenge-closed").len(),
        closed.len(),
        "once"
    );
    send(&h, CAROL, "accept game5");
    assert_eq!(
        results(&h, CAROL),
        ["accept game5 => rejected: the challenge game5 expired unanswered"]
    );
    assert_eq!(h.ok(&["challenges"]).trim(), "No challenges.");
    let all: serde_json::Value =
        serde_json::from_str(&h.ok(&["challenges", "--all", "--json"])).unwrap();
    let listed: Vec<(&str, &str, &str)> = all
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap(),
                c["challenged"].as_str().unwrap(),
                c["status"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            ("game5", "carol", "expired"),
            ("game3", "bob", "accepted"),
            ("game2", "carol", "withdrawn"),
            ("game1", "bob", "declined"),
        ]
    );
}

#[test]
fn the_limit_counts_games_and_open_challenges() {
    let h = harness_with("max_games_per_player = 1\n");
    send(&h, ALICE, "challenge bob");
    send(&h, ALICE, "challenge carol");
    assert_eq!(transcript(&h, ALICE).rejected(), ["too-many-games"]);
    send(&h, CAROL, "challenge bob");
    assert_eq!(
        transcript(&h, CAROL).rejected(),
        ["opponent-too-many-games"]
    );
    send(&h, BOB, "accept game1");
    send(&h, CAROL, "challenge alice");
    assert_eq!(
        transcript(&h, CAROL).rejected(),
        ["opponent-too-many-games"]
    );
}

#[test]
fn sgf_of_a_game_in_play_and_the_admin_commands() {
    let h = home();
    send(&h, ALICE, "challenge bob size 9 color black");
    send(&h, BOB, "accept game1");
    play(&h, "game1", ALICE, &["E5", "C3"]);
    send(&h, CAROL, "sgf game1");
    // The record comes in the transcript, the one mail to carol.
    assert!(letters(&h, CAROL, "sgf").is_empty());
    let rec = &transcript(&h, CAROL);
    assert!(
        rec.text.contains("game1 (active, after move 2)"),
        "{}",
        rec.text
    );
    let sgf = attached_sgf(rec);
    assert!(
        sgf.contains("TM[604800]OT[604800 simple]\n;B[ee]BL[604800];W[cg]WL[604800]")
            && !sgf.contains("RE["),
        "{sgf}"
    );

    h.ok(&["game", "adjudicate", "game1", "W+3.5"]);
    assert_eq!(h.show("game1")["result"], "W+3.5");
    let over = letters(&h, ALICE, "game-over");
    assert!(
        over[0]
            .flat()
            .contains("The server's admin decided the result: W+3.5, a win for White (bob).")
    );
    verified(&h, "game1");
    h.ok(&["game", "resume", "game1"]);
    let game = h.show("game1");
    assert_eq!(
        (game["status"].as_str(), &game["result"]),
        (Some("active"), &serde_json::Value::Null)
    );
    assert_eq!(letters(&h, BOB, "resumed").len(), 1);
    verified(&h, "game1");
    play(&h, "game1", ALICE, &["D4"]);
    verified(&h, "game1");
    let events: Vec<(String, String)> = {
        let db = h.db();
        let mut stmt = db
            .prepare("SELECT event, source FROM game_events ORDER BY seq")
            .unwrap();
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(
        events,
        [
            ("result W+3.5".to_string(), "cli".to_string()),
            ("resume".into(), "cli".into())
        ]
    );
    let listed = h.ok(&["game", "moves", "game1"]);
    let lines: Vec<&str> = listed.lines().map(str::trim_start).collect();
    assert!(lines[1].starts_with("2 white C3"), "{listed}");
    assert!(
        lines[2].starts_with("result W+3.5") && lines[2].ends_with(" cli"),
        "{listed}"
    );
    assert!(
        lines[3].starts_with("resume") && lines[3].ends_with(" cli"),
        "{listed}"
    );
    assert!(lines[4].starts_with("3 black D4"), "{listed}");
    let json: serde_json::Value =
        serde_json::from_str(&h.ok(&["game", "events", "game1", "--json"])).unwrap();
    let listed: Vec<(u64, &str, &str)> = json
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["after_move"].as_u64().unwrap(),
                e["event"].as_str().unwrap(),
                e["source"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(listed, [(2, "result W+3.5", "cli"), (2, "resume", "cli")]);
}

/// The point at column `x`, row `y` from the top of a 19x19 board.
fn at(x: usize, y: usize) -> String {
    format!("{}{}", &"ABCDEFGHJKLMNOPQRST"[x..=x], 19 - y)
}

#[test]
fn a_third_repetition_ends_the_game_void_with_mail_to_both() {
    let h = harness();
    // Three kos side by side (as in ko.rs); under the simple ko
    // rule each capture is legal, and six captures recreate the board.
    let mut record = Vec::new();
    for x in [0, 6, 12] {
        let black = [at(x + 1, 2), at(x, 3), at(x + 1, 4)];
        let white = [at(x + 2, 2), at(x + 3, 3), at(x + 2, 4)];
        for (b, w) in black.into_iter().zip(white) {
            record.extend([b, w]);
        }
    }
    record.extend([at(2, 3), at(7, 3), at(14, 3)]);
    let cycle = [at(1, 3), at(8, 3), at(13, 3), at(2, 3), at(7, 3), at(14, 3)];
    assert_eq!(
        h.import(19, &record, ["alice", "bob"], &["--ko", "simple"]),
        "game1"
    );
    for round in 0..2 {
        for (i, point) in cycle.iter().enumerate() {
            let from = if i % 2 == 0 { BOB } else { ALICE };
            send(&h, from, &format!("move game1 {point}"));
            assert!(transcript(&h, from).rejected().is_empty(), "{round} {i}");
        }
    }
    let game = h.show("game1");
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("Void"))
    );
    // The player who moved reads it in their transcript, the other in a letter.
    for to in [ALICE, BOB] {
        let over: Vec<_> = h
            .sent_to(to)
            .into_iter()
            .filter(|m| m.flat().contains("for the third time"))
            .collect();
        assert_eq!(over.len(), 1, "{to}");
        assert!(attached_sgf(&over[0]).contains("RE[Void]"));
    }
    verified(&h, "game1");
}

#[test]
fn nigiri_follows_the_accepting_message_id() {
    let colours = || -> Vec<String> {
        let h = harness();
        (1..=6)
            .map(|n| {
                send(&h, ALICE, "challenge bob size 9");
                let accept = pbmgo_home::mail(BOB, "ok", &format!("accept game{n}"))
                    .id(&format!("nigiri-{n}@mail.example.org"));
                h.drop_mail(&accept.bytes());
                h.poll();
                let g = h.show(&format!("game{n}"));
                assert!(
                    transcript(&h, BOB)
                        .text
                        .contains("colours picked by nigiri")
                );
                g["black"].as_str().unwrap().to_string()
            })
            .collect()
    };
    let first = colours();
    assert!(
        first.iter().any(|b| b == "alice") && first.iter().any(|b| b == "bob"),
        "{first:?}"
    );
    assert_eq!(colours(), first, "the same mails pick the same colours");
}
