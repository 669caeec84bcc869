//! Command or chat by mail through `poll`: "Play well!" beside a move
//! leaves no rejection and the move is played; a typo (`mvoe game1 c5`) is
//! refused with "did you mean move?" and changes nothing; a copied example
//! line (`move game1 POINT#1`) plays nothing; the reply codes of bad
//! arguments and bad challenge options say what went wrong.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{PbmgoHome, counts, mail, pairs};

const ALICE: &str = "Alice Liddell <alice@example.org>";
const BOB: &str = "bob@example.org";

/// A home where alice (Black) and bob play game1 on 9x9, alice to move.
fn home() -> PbmgoHome {
    let h = PbmgoHome::new();
    h.player("alice", "alice@example.org");
    h.player("bob", BOB);
    h.game_at(1, 9, &[], "alice", "bob");
    h
}

#[test]
fn chat_beside_a_move_is_no_rejection_and_the_move_is_played() {
    let h = home();
    let body = "move game1 e5\n\nPlay well!\nPass the popcorn.\nBoard meeting all day tomorrow...";
    h.drop_mail(&mail(ALICE, "Re: Board meeting", body).bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    let reply = h.transcript_to("alice@example.org");
    assert!(reply.rejected().is_empty(), "{}", reply.text);
    assert_eq!(reply.results(), pairs(&[("move game1 e5", "ok")]));
    h.assert_moves("game1", 1, &[("black", "E5")]);
    let note = h.sent_to(BOB).pop().unwrap();
    for line in ["Play well!", "Pass the popcorn.", "Board meeting all day"] {
        assert!(note.text.contains(line), "{line}: {}", note.text);
    }
}

#[test]
fn a_typo_is_refused_with_a_hint_and_changes_nothing() {
    let h = home();
    let before = h.show("game1");
    h.drop_mail(&mail(ALICE, "Re: [game1] Your move", "mvoe game1 c5").bytes());
    let c = counts(&h.poll());
    assert_eq!((c.applied, c.rejected), (0, 1));
    let reply = h.transcript_to("alice@example.org");
    assert_eq!(reply.rejected(), ["did-you-mean"]);
    let results = reply.results();
    assert_eq!(results.len(), 1, "{}", reply.text);
    assert_eq!(results[0].0, "mvoe game1 c5");
    assert!(
        results[0].1.contains("did you mean move?"),
        "{}",
        reply.text
    );
    assert_eq!(h.show("game1"), before);
    assert!(h.sent_to(BOB).is_empty());
}

#[test]
fn a_copied_example_line_plays_nothing() {
    let h = home();
    let before = h.show("game1");
    let body = "OK now I need to think about this one\n\n\
                It is your turn to play move 1. Answer with a command such as\n\n    \
                move game1 POINT#1\n\nwith the point you play, such as D4, in place of POINT.";
    h.drop_mail(&mail(ALICE, "Re: [game1] Your move", body).bytes());
    h.poll();
    assert_eq!(h.show("game1"), before);
    for reply in h.sent_to("alice@example.org") {
        assert!(reply.rejected().is_empty(), "{}", reply.text);
    }
}

#[test]
fn bad_arguments_and_bad_options_have_their_own_codes() {
    let h = home();
    let body =
        "move game1 e5 d4\nmove game1 e5#x\nchallenge bob size 30\nkomi game1 7\nmove game1 z99";
    h.drop_mail(&mail(ALICE, "several", body).bytes());
    h.poll();
    let reply = h.transcript_to("alice@example.org");
    assert_eq!(
        reply.rejected(),
        [
            "bad-argument",
            "bad-argument",
            "bad-option",
            "unknown-command",
            "bad-point"
        ]
    );
}
