//! The scoring phase by mail: two passes open it with the server's
//! proposal of dead stones marked;
//! a dead-stone dispute goes back and forth (each change clears the other
//! player's acceptance) until both accept; a game resumed from scoring and
//! scored again; and a game ended by the scoring deadline, driven by
//! `tick` at pinned times, with the warning sent once. In-process, on the
//! pipeline harness.

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::lifecycle::*;

/// A 5x5 game: Black walls column C, White column D, and a white stone at
/// A4 inside Black's area; two passes, the second by White.
pub(super) fn scored_game() -> Harness {
    let h = harness();
    send(&h, ALICE, "challenge bob size 5 color black komi 0.5");
    send(&h, BOB, "accept game1");
    play(
        &h,
        "game1",
        ALICE,
        &[
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A4", "pass",
            "pass",
        ],
    );
    assert_eq!(h.show("game1")["status"], "scoring");
    h
}

#[test]
fn two_passes_a_dispute_back_and_forth_and_agreement() {
    let h = scored_game();
    // Both get the board counted with the server's proposal (A4 dead), and the commands.
    let note = letters(&h, ALICE, "your-move").pop().unwrap();
    assert!(note.subject.starts_with("[game1] "), "{}", note.subject);
    assert_eq!(
        note.text.lines().next(),
        Some("bob passed in game1: both players passed, so the game is being scored.")
    );
    for text in [&note.text, &transcript(&h, BOB).text] {
        assert!(text.contains("Marked dead: A4."), "{text}");
        assert!(text.contains("This is count #1"), "{text}");
        assert!(
            text.contains("This marking is the server's proposal"),
            "{text}"
        );
        assert!(
            text.contains("Black: 10 points of territory + 5 stones on the board = 15"),
            "{text}"
        );
        assert!(
            text.contains("done game1") && text.contains("resume game1"),
            "{text}"
        );
    }
    send(&h, BOB, "move game1 b2");
    assert_eq!(transcript(&h, BOB).rejected(), ["scoring-phase"]);
    send(&h, BOB, "dead game1 b2");
    assert_eq!(transcript(&h, BOB).rejected(), ["no-stone"]);

    send(&h, BOB, "alive game1 a4");
    let to_alice = letters(&h, ALICE, "scoring").pop().unwrap();
    assert!(
        to_alice.subject.starts_with("[game1] "),
        "{}",
        to_alice.subject
    );
    assert_eq!(
        to_alice.text.lines().next(),
        Some("In game1, bob (White) marked alive the stones at A4 (1 stone).")
    );
    assert!(to_alice.text.contains("No stones are marked dead."));
    assert!(!to_alice.text.contains("server's proposal"));
    send(&h, BOB, "done game1");
    assert!(
        letters(&h, ALICE, "scoring")
            .pop()
            .unwrap()
            .text
            .contains("bob (White) accepted the count")
    );

    send(&h, ALICE, "dead game1 a4");
    let to_bob = letters(&h, BOB, "scoring").pop().unwrap();
    assert!(to_bob.subject.starts_with("[game1] "), "{}", to_bob.subject);
    assert_eq!(
        to_bob.text.lines().next(),
        Some("In game1, alice (Black) marked dead the stones at A4 (1 stone).")
    );
    assert!(
        to_bob.text.contains("bob (White) has not accepted yet."),
        "{}",
        to_bob.text
    );
    insta::assert_snapshot!(board_part(&to_bob.text), @r"
        A B C D E
     5  # # X O -  5
     4  o # X O -  4
     3  # # X O -  3
     2  # # X O -  2
     1  # # X O -  1
        A B C D E

    Dead stones are drawn x and o, territory # (Black) and - (White).

        Counting: area scoring, komi 0.5
        Black: 10 points of territory + 5 stones on the board = 15
        White: 5 points of territory + 5 stones on the board + 0.5 komi = 10.5
        Black wins by 4.5 (B+4.5)
    ");

    send(&h, ALICE, "done game1");
    send(&h, BOB, "done game1");
    assert_eq!(results(&h, BOB), ["done game1 => ok"]);
    let game = h.show("game1");
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("B+4.5"))
    );
    let over = letters(&h, ALICE, "game-over");
    assert_eq!(over.len(), 1);
    assert!(
        over[0].subject.starts_with("[game1] "),
        "{}",
        over[0].subject
    );
    assert_eq!(
        over[0].text.lines().next(),
        Some("You won game1 by 4.5 points (B+4.5); your rating is now 145 (+45).")
    );
    assert!(
        over[0].text.contains("Black wins by 4.5 (B+4.5)"),
        "{}",
        over[0].text
    );
    assert!(attached_sgf(&over[0]).contains("RE[B+4.5]"));
    // bob, who accepted last, reads the end and gets the record in his transcript.
    assert!(letters(&h, BOB, "game-over").is_empty());
    let last = transcript(&h, BOB);
    assert!(
        last.text
            .starts_with("You lost game1 by 4.5 points (B+4.5)"),
        "{}",
        last.text
    );
    assert!(attached_sgf(&last).contains("RE[B+4.5]"));
    send(&h, BOB, "alive game1 a4");
    assert_eq!(transcript(&h, BOB).rejected(), ["game-over"]);
    verified(&h, "game1");
}

/// The scored board (from its letters line to the count) of a mail.
fn board_part(text: &str) -> String {
    let start = text.find("    A B").unwrap();
    let end = text
        .find("White wins")
        .or_else(|| text.find("Black wins"))
        .unwrap();
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    text[start..line_end].to_string()
}

#[test]
fn a_game_resumed_from_scoring_is_scored_again() {
    let h = scored_game();
    send(&h, BOB, "resume game1");
    assert_eq!(results(&h, BOB), ["resume game1 => ok"]);
    let note = letters(&h, ALICE, "resumed").pop().unwrap();
    assert!(
        note.text.contains("bob (White) asked to play on"),
        "{}",
        note.text
    );
    assert!(note.text.contains("It is your move"), "{}", note.text);
    send(&h, BOB, "move game1 b2");
    assert_eq!(transcript(&h, BOB).rejected(), ["not-your-turn"]);
    verified(&h, "game1");
    play(&h, "game1", ALICE, &["B4", "pass", "A5", "pass", "A3"]);
    assert_eq!(h.show("game1")["captures"]["black"], 1);
    play(&h, "game1", BOB, &["pass", "pass"]);
    send(&h, ALICE, "done game1");
    send(&h, BOB, "done game1");
    let game = h.show("game1");
    assert_eq!(game["status"], "finished");
    verified(&h, "game1");
}

#[test]
fn the_scoring_deadline_warns_once_then_the_count_stands() {
    let h = scored_game();
    send(&h, ALICE, "dead game1 a4\ndone game1");
    let t = transcript(&h, ALICE).text;
    assert!(t.contains("bob has until 2026-11-29 12:00 UTC"), "{t}");
    h.tick_at("2026-11-28T11:00:00Z");
    assert!(letters(&h, BOB, "scoring-warning").is_empty(), "too early");
    h.tick_at("2026-11-28T13:00:00Z");
    h.tick_at("2026-11-28T13:30:00Z");
    let warnings = letters(&h, BOB, "scoring-warning");
    assert_eq!(warnings.len(), 1, "once");
    assert!(
        warnings[0].subject.starts_with("[game1] "),
        "{}",
        warnings[0].subject
    );
    assert_eq!(
        warnings[0].text.lines().next(),
        Some(
            "The count in game1 stands on 2026-11-29 12:00 UTC unless you answer: alice accepted \
             it and waits for you."
        )
    );
    assert!(warnings[0].text.contains("stands on 2026-11-29 12:00 UTC"));
    assert!(letters(&h, ALICE, "scoring-warning").is_empty());
    assert_eq!(h.show("game1")["status"], "scoring");

    h.tick_at("2026-11-29T12:00:01Z");
    let game = h.show("game1");
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("B+4.5"))
    );
    let over = letters(&h, BOB, "game-over");
    assert_eq!(over.len(), 1);
    assert!(
        over[0]
            .flat()
            .contains("alice accepted the count and bob did not answer within 7 days"),
        "{}",
        over[0].text
    );
    h.tick_at("2026-11-30T12:00:00Z");
    assert_eq!(letters(&h, BOB, "game-over").len(), 1, "once");
    assert_eq!(letters(&h, ALICE, "game-over").len(), 1);
    verified(&h, "game1");
    let source: String = h
        .db()
        .query_row(
            "SELECT source FROM game_events WHERE game_id = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(source, "tick");
}
