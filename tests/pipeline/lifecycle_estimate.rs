//! The server's proposed count by mail (issue 18): two passes open the
//! scoring phase with the proposal marked as count #1, and `done` by both
//! players ends the game with the proposal's result; `resume` and two
//! passes again propose afresh for the new position; `estimate GAME` is
//! refused while the game is played or scored (`estimate-in-play`) and,
//! once it is over, puts the proposal in the transcript. In-process, on
//! the pipeline harness.

use super::lifecycle_scoring::scored_game;
use crate::common::home::Home;
use crate::common::lifecycle::*;

#[test]
fn both_accepting_the_proposal_ends_the_game_with_its_result() {
    let h = scored_game();
    let note = letters(&h, ALICE, "your-move").pop().unwrap();
    assert!(note.text.contains(" 4  o # X O -  4"), "{}", note.text);
    assert!(note.text.contains("Marked dead: A4."), "{}", note.text);
    assert!(
        note.flat()
            .contains("the stones marked dead are the server's proposal"),
        "{}",
        note.text
    );
    assert!(note.text.contains("done game1#1"), "{}", note.text);
    send(&h, ALICE, "done game1#1");
    send(&h, BOB, "done game1");
    assert_eq!(results(&h, BOB), ["done game1 => ok"]);
    let game = h.show("game1");
    assert_eq!(
        (game["status"].as_str(), game["result"].as_str()),
        (Some("finished"), Some("B+4.5"))
    );
    let over = letters(&h, ALICE, "game-over").pop().unwrap();
    assert!(
        over.text.contains("Black wins by 4.5 (B+4.5)"),
        "{}",
        over.text
    );
    verified(&h, "game1");
}

#[test]
fn resumed_and_passed_again_the_server_proposes_afresh() {
    let h = scored_game();
    send(&h, BOB, "alive game1 a4");
    send(&h, BOB, "resume game1");
    assert_eq!(results(&h, BOB), ["resume game1 => ok"]);
    // Black takes a liberty of A4, White fills a point of its own, both
    // pass: the marking bob changed is gone, A4 is proposed dead again.
    play(&h, "game1", ALICE, &["A5", "E3", "pass", "pass"]);
    assert_eq!(h.show("game1")["status"], "scoring");
    let t = letters(&h, ALICE, "your-move").pop().unwrap();
    assert!(t.text.contains("Marked dead: A4."), "{}", t.text);
    assert!(t.text.contains("This is count #3"), "{}", t.text);
    assert!(
        t.text.contains("This marking is the server's proposal"),
        "{}",
        t.text
    );
    send(&h, BOB, "done game1#3");
    send(&h, ALICE, "done game1");
    assert_eq!(h.show("game1")["result"], "B+4.5");
    verified(&h, "game1");
}

#[test]
fn estimate_is_refused_during_the_game_and_shows_the_proposal_after() {
    let h = harness();
    send(&h, ALICE, "challenge bob size 5 color black komi 0.5");
    send(&h, BOB, "accept game1");
    send(&h, ALICE, "estimate game1");
    let t = transcript(&h, ALICE);
    assert_eq!(t.rejected(), ["estimate-in-play"], "{}", t.text);
    assert!(t.text.contains("game1 is still being played"), "{}", t.text);
    play(
        &h,
        "game1",
        ALICE,
        &[
            "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A4", "pass",
            "pass",
        ],
    );
    send(&h, BOB, "estimate game1");
    assert_eq!(transcript(&h, BOB).rejected(), ["estimate-in-play"]);
    // The players settle on a count of their own: A4 alive, W+6.5.
    send(&h, ALICE, "alive game1 a4\ndone game1");
    send(&h, BOB, "done game1");
    assert_eq!(h.show("game1")["status"], "finished");
    let result = h.show("game1")["result"].as_str().unwrap().to_string();
    assert_eq!(result, "W+6.5");
    send(&h, BOB, "estimate game1");
    let t = transcript(&h, BOB);
    assert!(t.rejected().is_empty(), "{}", t.text);
    assert!(
        t.flat().contains(
            "The server's proposed count for the final position of game1 (the game ended W+6.5)"
        ),
        "{}",
        t.text
    );
    assert!(
        t.flat().contains("it marks 1 stone dead: A4."),
        "{}",
        t.text
    );
    assert!(t.text.contains(" 4  o # X O -  4"), "{}", t.text);
    assert!(t.text.contains("Black wins by 4.5 (B+4.5)"), "{}", t.text);
    assert_eq!(h.show("game1")["result"], result.as_str(), "unchanged");
}
