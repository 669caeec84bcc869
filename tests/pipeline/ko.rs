//! A ko fight by mail on 9x9 under the default ko rule (`list`): White
//! takes the ko, Black's immediate retake is refused with
//! `X-Pbmgo-Rejected: ko` and a reason in plain words, the game is left
//! exactly as it was, and after a move elsewhere by each player the retake
//! is played. In-process, on the pipeline harness.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{Counts, counts, mail};

const ALICE: &str = "Alice <alice@example.org>";
const BOB: &str = "Bob <bob@example.org>";

/// Plays `moves` by mail, alternating alice (Black) and bob, one poll each.
fn play(h: &Harness, first_black: bool, moves: &[&str]) {
    for (i, point) in moves.iter().enumerate() {
        let from = if (i % 2 == 0) == first_black {
            ALICE
        } else {
            BOB
        };
        h.drop_mail(&mail(from, "my move", &format!("move game1 {point}")).bytes());
        let got = counts(&h.poll());
        assert_eq!((got.processed, got.applied), (1, 1), "{point}");
    }
}

fn home() -> Harness {
    let h = Harness::new();
    h.player("alice", "alice@example.org");
    h.player("bob", "bob@example.org");
    h.game_at(1, 9, &[], "alice", "bob");
    // Black D6, White E6, ..., White D5 captures the black stone on E5.
    play(&h, true, &["d6", "e6", "c5", "f5", "e5", "e4", "d4", "d5"]);
    h
}

#[test]
fn the_immediate_retake_is_refused_in_plain_words() {
    let h = home();
    let before = h.show("game1");
    assert_eq!(before["move_number"], 8);
    assert_eq!(before["captures"]["white"], 1);
    assert_eq!(before["board"][4], "..XO.O...", "{before}");
    assert_eq!(
        before["ko_list"].as_array().map(Vec::len),
        Some(1),
        "{before}"
    );
    let sent_before = h.outbox_rows().len();

    let retake = mail(ALICE, "Re: [game1] Your move", "move game1 e5").id("retake-1@example.org");
    h.drop_mail(&retake.bytes());
    let got = counts(&h.poll());
    assert_eq!(
        got,
        Counts {
            processed: 1,
            rejected: 1,
            sent: 1,
            ..Counts::default()
        }
    );
    assert_eq!(h.show("game1"), before, "a refused move changes nothing");
    assert_eq!(h.moves("game1").len(), 8);

    let sent = h.sent();
    assert_eq!(
        sent.len(),
        sent_before + 1,
        "no mail to bob about a refused move"
    );
    let reply = sent.last().unwrap();
    assert_eq!(reply.recipient(), "alice@example.org");
    assert_eq!(reply.rejected(), ["ko"]);
    assert_eq!(reply.header("In-Reply-To"), Some("<retake-1@example.org>"));
    assert!(
        reply.subject.starts_with("Re: [game1] "),
        "{}",
        reply.subject
    );
    let results = reply.results();
    assert_eq!(results.len(), 1);
    let (command, verdict) = &results[0];
    assert_eq!(command, "move game1 e5");
    let reason = verdict.strip_prefix("rejected: ").expect("a rejection");
    for debug in ["Ko {", "Point {", "IllegalMove", "Some(", "{ ", "::"] {
        assert!(
            !reply.text.contains(debug),
            "Rust debug text {debug:?} in: {}",
            reply.text
        );
    }
    assert!(reason.contains("E5") && reason.contains("ko"), "{reason}");
    assert!(
        reason.split_whitespace().count() >= 5,
        "a sentence, not a code: {reason}"
    );
    let html = reply.html.as_deref().unwrap_or("");
    assert!(
        !html.contains("Ko {") && !html.contains("Point {"),
        "{html}"
    );
    assert!(
        reply.text.contains(" 5  . . X(O)+ O . . .  5"),
        "{}",
        reply.text
    );

    let m = h.messages().pop().unwrap();
    assert_eq!(
        (&m["outcome"], &m["reasons"]),
        (&"rejected".into(), &serde_json::json!(["ko"]))
    );
}

#[test]
fn the_retake_is_played_after_a_move_elsewhere_by_each_player() {
    let h = home();
    h.drop_mail(&mail(ALICE, "my move", "move game1 e5").bytes());
    assert_eq!(counts(&h.poll()).rejected, 1);

    // A ko threat elsewhere and its answer, then the retake.
    play(&h, true, &["h2", "h3", "e5"]);
    let game = h.show("game1");
    assert_eq!(game["move_number"], 11);
    assert_eq!(game["last_move"], "E5");
    assert_eq!(
        game["captures"],
        serde_json::json!({"black": 1, "white": 1})
    );
    assert_eq!(game["board"][4], "..X.XO...", "{game}");
    let retake = h.sent_to("alice@example.org").pop().unwrap();
    assert!(retake.rejected().is_empty());
    assert_eq!(
        retake.results(),
        [("move game1 e5".to_string(), "ok".to_string())]
    );
    let note = h.sent_to("bob@example.org").pop().unwrap();
    assert_eq!(note.subject, "[game1] alice vs bob, 9x9");
    assert!(
        note.text
            .starts_with("alice played E5 in game1 and captured 1 stone (D5): your move")
    );

    // Now White may not retake at once.
    h.drop_mail(&mail(BOB, "my move", "move game1 d5").bytes());
    assert_eq!(counts(&h.poll()).rejected, 1);
    assert_eq!(
        h.sent_to("bob@example.org").pop().unwrap().rejected(),
        ["ko"]
    );
    assert_eq!(h.show("game1")["move_number"], 11);
}

#[test]
fn a_pass_clears_the_ko_under_the_list_rule() {
    let h = home();
    h.drop_mail(&mail(ALICE, "pass", "pass game1").bytes());
    h.drop_mail(&mail(BOB, "pass", "move game1 j9").bytes());
    h.drop_mail(&mail(ALICE, "retake", "move game1 e5").bytes());
    let got = counts(&h.poll());
    assert_eq!((got.applied, got.rejected), (3, 0), "{got:?}");
    assert_eq!(h.show("game1")["board"][4], "..X.XO...");
}

#[test]
fn every_refusal_has_its_code_and_plain_words() {
    let h = home();
    h.player("carol", "carol@example.org");
    h.game_at(2, 9, &[], "bob", "carol");
    h.game_at(3, 9, &[], "alice", "bob");
    let suicide: Vec<String> = ["G7", "A2", "G3", "B1"].map(String::from).to_vec();
    assert_eq!(h.import(9, &suicide, ["alice", "bob"], &[]), "game4");
    h.drop_mail(&mail(BOB, "gg", "resign game3").bytes());
    let commands = [
        ("move game1 d5", "occupied"),
        ("move game1 e5", "ko"),
        ("move game1 k10", "bad-point"),
        ("move game1 a1#3", "stale-move-number"),
        ("move game9 a1", "no-such-game"),
        ("move game2 a1", "not-a-player"),
        ("move game3 a1", "game-over"),
        ("komi game1 7", "unknown-command"),
        ("move game4 a1", "suicide"),
        ("signup alice2", "name-taken"),
        ("move game1 j1", ""),
        ("move game1 j2", "not-your-turn"),
    ];
    let body: Vec<&str> = commands.iter().map(|(c, _)| *c).collect();
    h.drop_mail(&mail(ALICE, "lots", &body.join("\n")).bytes());
    assert_eq!(counts(&h.poll()).applied, 2);

    let reply = h.sent_to("alice@example.org").pop().unwrap();
    let codes: Vec<&str> = commands
        .iter()
        .map(|(_, c)| *c)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(reply.rejected(), codes);
    let results = reply.results();
    assert_eq!(results.len(), commands.len(), "{}", reply.text);
    let mut reasons = std::collections::HashSet::new();
    for ((command, verdict), (sent, code)) in results.iter().zip(&commands) {
        assert_eq!(command, sent);
        if code.is_empty() {
            assert_eq!(verdict, "ok");
            continue;
        }
        let reason = verdict
            .strip_prefix("rejected: ")
            .unwrap_or_else(|| panic!("{command}: {verdict}"));
        assert!(
            reason.split_whitespace().count() >= 4,
            "{command}: {reason}"
        );
        assert!(
            reasons.insert(reason.to_string()),
            "{command}: the same words twice: {reason}"
        );
        for debug in [
            "{", "}", "::", "Some(", "None", "Point", "Color", "Black(", "White(",
        ] {
            assert!(
                !reason.contains(debug),
                "{command}: Rust debug text {debug:?} in {reason:?}"
            );
        }
    }
    assert_eq!(h.show("game1")["last_move"], "J1");
}

/// The point at column `x`, row `y` from the top of a 19x19 board.
fn at(x: usize, y: usize) -> String {
    format!("{}{}", &"ABCDEFGHJKLMNOPQRST"[x..=x], 19 - y)
}

/// Three kos side by side on 19x19 (columns 0-3, 6-9, 12-15): the first
/// and third hold a black stone White can take, the second a white stone
/// Black can take; White to move. Returns the record and the cycle of six
/// captures that recreates the start board.
fn triple_ko() -> (Vec<String>, Vec<String>) {
    let mut moves = Vec::new();
    for x in [0, 6, 12] {
        let black = [at(x + 1, 2), at(x, 3), at(x + 1, 4)];
        let white = [at(x + 2, 2), at(x + 3, 3), at(x + 2, 4)];
        for (b, w) in black.into_iter().zip(white) {
            moves.extend([b, w]);
        }
    }
    moves.extend([at(2, 3), at(7, 3), at(14, 3)]);
    let cycle = [at(1, 3), at(8, 3), at(13, 3), at(2, 3), at(7, 3), at(14, 3)];
    (moves, cycle.to_vec())
}

#[test]
fn a_triple_ko_cycle_is_superko_under_positional_and_ko_under_the_list() {
    let h = Harness::new();
    h.player("alice", "alice@example.org");
    h.player("bob", "bob@example.org");
    let (record, cycle) = triple_ko();
    assert_eq!(
        h.import(19, &record, ["alice", "bob"], &["--ko", "positional"]),
        "game1"
    );
    assert_eq!(h.import(19, &record, ["alice", "bob"], &[]), "game2");
    for game in ["game1", "game2"] {
        for (i, point) in cycle.iter().enumerate() {
            let from = if i % 2 == 0 { BOB } else { ALICE };
            h.drop_mail(&mail(from, "ko", &format!("move {game} {point}")).bytes());
        }
    }
    let got = counts(&h.poll());
    assert_eq!((got.applied, got.rejected), (10, 2), "{got:?}");
    let refused: Vec<Vec<String>> = h
        .sent_to("alice@example.org")
        .iter()
        .filter(|m| !m.rejected().is_empty())
        .map(|m| m.rejected().iter().map(|c| c.to_string()).collect())
        .collect();
    assert_eq!(refused, [["superko"], ["ko"]]);
    assert_eq!(h.show("game1")["move_number"], 26);
    assert_eq!(h.show("game2")["move_number"], 26);
}
