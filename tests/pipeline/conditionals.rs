//! Conditional moves by mail (`if GAME P1 Q1 ...`): a sequence fires whole,
//! one branch among alternatives, a deviation or an answer made illegal
//! clears them (and the player is told why), conflicts and sequences set
//! on one's own move are refused, undo and the end of the game clear them,
//! and the opponent's mails never mention them. alice is Black, bob White.

use crate::common::clock_mail::{self, ALICE, BOB, Row};
use crate::common::home::Home;

use clock_mail::{body, harness, html, last_id, outbox_after, send};

/// Mails `text` from `from` at hour `t`; returns the mails it caused.
fn mail(h: &impl Home, from: &str, text: &str, t: f64) -> Vec<Row> {
    let before = last_id(h);
    send(h, from, text, t);
    outbox_after(h, before)
}

/// The one mail of `rows` to `to`.
fn to<'a>(rows: &'a [Row], to: &str) -> &'a Row {
    let mut mine = rows.iter().filter(|r| r.recipient == to);
    let one = mine.next().unwrap_or_else(|| panic!("no mail to {to}"));
    assert!(mine.next().is_none(), "two mails to {to}");
    one
}

/// Asserts that bob's mail says nothing of alice's sequences: neither the
/// `if` command nor any of the `secret` answers not played yet (that an
/// answer played at once was a "(conditional move)" is news, not a secret).
fn says_nothing(row: &Row, secret: &[&str]) {
    for text in [body(row), html(row)] {
        let lower = text.replace('\n', " ").to_lowercase();
        let lower = lower.replace("(conditional move)", "");
        assert!(!lower.contains("conditional"), "{text}");
        assert!(!lower.contains("if game1"), "{text}");
        for p in secret {
            assert!(!text.contains(p), "{p} in {text}");
        }
    }
}

/// The moves of game1, as `game show --json` would have them: read from the store.
fn moves(h: &impl Home) -> Vec<String> {
    let db = h.db();
    let mut stmt = db
        .prepare("SELECT point FROM moves WHERE game_id = 1 ORDER BY number")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// How many sequences are stored for game1.
fn stored(h: &impl Home) -> i64 {
    h.db()
        .query_row(
            "SELECT count(*) FROM conditionals WHERE game_id = 1",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// The text part with its lines joined (the mails wrap at 72 columns).
fn flat(row: &Row) -> String {
    body(row).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The HTML part, checked, with its lines joined.
fn flat_html(row: &Row) -> String {
    html(row).split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_sequence_of_three_exchanges_fires_whole() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let rows = mail(&h, ALICE, "move game1 e5\nif game1 c3 g7 c7 g3 g5 c5", 0.0);
    let reply = to(&rows, ALICE);
    assert!(reply.mail.rejected().is_empty(), "{}", flat(reply));
    assert!(
        flat(reply).contains("Conditional moves set in game1"),
        "{}",
        flat(reply)
    );
    says_nothing(to(&rows, BOB), &["G7", "G3", "C5"]);
    h.verify(Some("game1"));

    let exchanges = [("c3", "G7", 3), ("c7", "G3", 5), ("g5", "C5", 7)];
    let secrets = ["G7", "G3", "C5"];
    for (i, (theirs, answer, number)) in exchanges.iter().enumerate() {
        let rows = mail(&h, BOB, &format!("move game1 {theirs}"), 1.0 + i as f64);
        assert_eq!(rows.len(), 2, "one mail each");
        let bob = to(&rows, BOB);
        let told = format!("alice answered with {answer} at once (conditional move): your move");
        assert!(flat(bob).contains(&told), "{}", flat(bob));
        says_nothing(bob, &secrets[i + 1..]);
        let alice = to(&rows, ALICE);
        let text = flat(alice);
        let played = format!("played for you: {answer} as move {number}.");
        assert!(text.contains(&played), "{text}");
        assert!(
            text.contains(&format!("It is bob's turn to play move {}", number + 1)),
            "{text}"
        );
        assert!(!text.contains("It is your turn"), "{text}");
        html(alice);
        h.verify(Some("game1"));
    }
    assert_eq!(moves(&h), ["E5", "C3", "G7", "C7", "G3", "G5", "C5"]);
    assert_eq!(stored(&h), 0);
    let rows = mail(&h, ALICE, "if game1", 8.0);
    assert!(flat(to(&rows, ALICE)).contains("You have no conditional moves in game1."));
}

#[test]
fn a_branch_is_chosen_among_alternatives() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let set = "move game1 e5\nif game1 c3 g7 c7 g3\nif game1 c3 g7 d7 d3\nif game1 c7 g3";
    let rows = mail(&h, ALICE, set, 0.0);
    assert!(to(&rows, ALICE).mail.rejected().is_empty());
    let rows = mail(&h, ALICE, "if game1", 0.5);
    let list = flat(to(&rows, ALICE));
    for line in [
        "if game1 C3 G7 C7 G3",
        "if game1 C3 G7 D7 D3",
        "if game1 C7 G3",
    ] {
        assert!(list.contains(line), "{list}");
    }
    let rows = mail(&h, BOB, "move game1 c3", 1.0);
    assert!(flat(to(&rows, ALICE)).contains("G7 as move 3. 2 sequences are waiting"));
    says_nothing(to(&rows, BOB), &["G3", "D3"]);
    let rows = mail(&h, BOB, "move game1 d7", 2.0);
    assert!(flat(to(&rows, BOB)).contains("answered with D3 at once (conditional move)"));
    assert_eq!(moves(&h), ["E5", "C3", "G7", "D7", "D3"]);
    assert_eq!(stored(&h), 0);
    h.verify(Some("game1"));
}

#[test]
fn a_move_no_sequence_expected_clears_them_and_the_mail_says_so() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    mail(&h, ALICE, "move game1 e5\nif game1 c3 g7 c7 g3", 0.0);
    let rows = mail(&h, BOB, "move game1 d4", 1.0);
    let alice = to(&rows, ALICE);
    let text = flat(alice);
    let cleared =
        "Your conditional moves in game1 were cleared: bob played D4, which none of them expected.";
    assert!(text.contains(cleared), "{text}");
    assert!(text.contains("It is your turn to play move 3."), "{text}");
    assert!(flat_html(alice).contains("which none of them expected"));
    says_nothing(to(&rows, BOB), &["G7", "G3"]);
    assert_eq!(moves(&h), ["E5", "D4"]);
    assert_eq!(stored(&h), 0);
    h.verify(Some("game1"));
}

#[test]
fn an_answer_made_illegal_is_not_played_and_clears_with_the_reason() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    // The answer to C3 is C3 itself: occupied once bob plays there.
    mail(&h, ALICE, "move game1 e5\nif game1 c3 c3 d3 d4", 0.0);
    let rows = mail(&h, BOB, "move game1 c3", 1.0);
    let text = flat(to(&rows, ALICE));
    assert!(
        text.contains("were cleared: your answer C3 could not be played ("),
        "{text}"
    );
    assert!(text.contains("It is your turn to play move 3."), "{text}");
    says_nothing(to(&rows, BOB), &["D4"]);
    assert_eq!(moves(&h), ["E5", "C3"]);
    assert_eq!(stored(&h), 0);
    h.verify(Some("game1"));
}

#[test]
fn conflicts_and_sequences_on_ones_own_move_are_refused() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let rows = mail(&h, ALICE, "if game1 c3 g7", 0.0);
    assert_eq!(to(&rows, ALICE).mail.rejected(), ["conditional-your-move"]);
    let lines = "move game1 e5\nif game1 c3 g7 c7 g3\nif game1 c3 g3\nif game1 c3 g7 c7 g5\nif game1 c3 g7 d7 d3";
    let rows = mail(&h, ALICE, lines, 1.0);
    let reply = to(&rows, ALICE);
    assert_eq!(
        reply.mail.rejected(),
        ["conditional-conflict", "conditional-conflict"]
    );
    assert!(
        flat(reply).contains("answers C3 with G3, but one you set in game1 answers it with G7")
    );
    assert_eq!(stored(&h), 2);
    let rows = mail(&h, ALICE, "if game1 off", 2.0);
    assert!(flat(to(&rows, ALICE)).contains("were cleared (2 sequences)."));
    assert_eq!(stored(&h), 0);
    let rows = mail(&h, BOB, "if game1 d4 d5", 3.0);
    assert_eq!(to(&rows, BOB).mail.rejected(), ["conditional-your-move"]);
    let rows = mail(&h, ALICE, "if game1 pass pass", 3.5);
    assert!(to(&rows, ALICE).mail.rejected().is_empty());
    assert_eq!(stored(&h), 1);
    h.verify(Some("game1"));
}

#[test]
fn undo_and_the_end_of_the_game_clear_them() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    mail(&h, ALICE, "move game1 e5\nif game1 c3 g7", 0.0);
    mail(&h, ALICE, "undo game1", 1.0);
    mail(&h, BOB, "undo game1", 2.0);
    assert_eq!(stored(&h), 0);
    mail(&h, ALICE, "move game1 e5\nif game1 c3 g7", 3.0);
    assert_eq!(stored(&h), 1);
    mail(&h, BOB, "resign game1", 4.0);
    assert_eq!(stored(&h), 0);
    h.verify(Some("game1"));
}

#[test]
fn the_admin_lists_them_and_the_opponent_never_sees_them() {
    let h = clock_mail::home();
    h.game_new("alice", "bob", 9);
    assert_eq!(
        h.ok(&["game", "conditionals", "game1"]).trim(),
        "game1: no conditional moves."
    );
    send(
        &h,
        ALICE,
        "move game1 e5\nif game1 c3 g7 c7 g3\nif game1 d4 d5",
        0.0,
    );
    let listing = h.json(&["game", "conditionals", "game1"]);
    let want = serde_json::json!([{
        "player": "alice",
        "color": "black",
        "after_move": 1,
        "current": true,
        "sequences": [["C3", "G7", "C7", "G3"], ["D4", "D5"]],
    }]);
    assert_eq!(listing, want);
    let text = h.ok(&["game", "conditionals", "game1"]);
    assert!(text.contains("alice (black), set after move 1:"), "{text}");
    assert!(text.contains("    if game1 C3 G7 C7 G3\n"), "{text}");
    send(&h, BOB, "move game1 c3", 1.0);
    let listing = h.json(&["game", "conditionals", "game1"]);
    assert_eq!(listing[0]["after_move"], 3);
    assert_eq!(listing[0]["sequences"], serde_json::json!([["C7", "G3"]]));
    for row in outbox_after(&h, 0).iter().filter(|r| r.recipient == BOB) {
        says_nothing(row, &["G3"]);
    }
    h.verify(Some("game1"));
}

#[test]
fn an_answer_that_would_retake_a_ko_is_not_played() {
    let h = harness();
    // Black D5 C4 D3 E4 against White E5 F4 E3: White D4 takes E4 in a ko.
    let record = ["D5", "E5", "C4", "F4", "D3", "E3", "E4"].map(String::from);
    let game = h.import(9, &record, ["alice", "bob"], &[]);
    assert_eq!(game, "game1");
    let rows = mail(&h, ALICE, "if game1 d4 e4 a1 b1", 0.0);
    assert!(
        to(&rows, ALICE).mail.rejected().is_empty(),
        "{}",
        flat(to(&rows, ALICE))
    );
    let rows = mail(&h, BOB, "move game1 d4", 1.0);
    let text = flat(to(&rows, ALICE));
    assert!(
        text.contains("your answer E4 could not be played (E4 "),
        "{text}"
    );
    assert!(text.to_lowercase().contains("ko"), "{text}");
    assert!(text.contains("It is your turn to play move 9."), "{text}");
    says_nothing(to(&rows, BOB), &["E4 as", "B1"]);
    assert_eq!(moves(&h).len(), 8);
    assert_eq!(stored(&h), 0);
    h.verify(Some("game1"));
}

#[test]
fn an_answer_that_captures_says_so_to_both() {
    let h = harness();
    let record = ["B1", "A1", "E5", "E4", "E6"].map(String::from);
    h.import(9, &record, ["alice", "bob"], &[]);
    mail(&h, ALICE, "if game1 d4 a2", 0.0);
    let rows = mail(&h, BOB, "move game1 d4", 1.0);
    let bob = flat(to(&rows, BOB));
    let told = "alice answered with A2 at once (conditional move) and captured 1 stone (A1)";
    assert!(bob.contains(told), "{bob}");
    let alice = flat(to(&rows, ALICE));
    assert!(
        alice.contains("A2 as move 7 and captured 1 stone: A1."),
        "{alice}"
    );
    h.verify(Some("game1"));
}
