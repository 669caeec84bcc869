//! Words that look like a command, through `poll`: "I resign. Good game!"
//! alone is answered with the exact command to send (for the game the
//! mail answers, else the sender's only game, or the challenge it
//! answers), the game goes on, and the opponent reads the words with a
//! note that they are not a resignation; a conversation that merely
//! contains "pass" is only words.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{PbmgoHome, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.org";

/// A home where alice (Black) and bob play game1 on 9x9, alice to move.
fn home() -> PbmgoHome {
    let h = PbmgoHome::new();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_at(1, 9, &[], "alice", "bob");
    h
}

/// The first paragraph of the last reply to `to` (its news), unwrapped.
fn first_line(h: &PbmgoHome, to: &str) -> String {
    let mut replies = h.sent_to(to).into_iter().filter(|m| m.kind() == "reply");
    let reply = replies
        .next_back()
        .unwrap_or_else(|| panic!("no reply to {to}"));
    let first = reply.text.split("\n\n").next().unwrap_or_default();
    first.replace('\n', " ")
}

#[test]
fn i_resign_alone_is_answered_with_the_command_and_the_game_goes_on() {
    let h = home();
    let body = "I resign. Good game!\n";
    h.drop_mail(&mail(ALICE, "Re: [game1] alice vs bob, 9x9", body).bytes());
    h.poll();
    assert_eq!(h.show("game1")["status"], "active");
    assert_eq!(
        first_line(&h, ALICE),
        "To resign game1, send: resign game1."
    );
    let note = h.sent_to(BOB).pop().expect("the words go to bob");
    let text = note.flat();
    assert!(
        text.contains("writes (the game goes on: this is not a resignation):"),
        "{text}"
    );
    assert!(text.contains("> I resign. Good game!"), "{text}");
}

#[test]
fn undo_please_without_a_game_names_the_senders_only_game() {
    let h = home();
    h.drop_mail(&mail(ALICE, "hello", "move game1 e5").bytes());
    h.poll();
    h.drop_mail(&mail(ALICE, "oops", "undo please").bytes());
    h.poll();
    assert_eq!(
        first_line(&h, ALICE),
        "To take back your move in game1, send: undo game1."
    );
    assert_eq!(h.moves("game1").len(), 1, "nothing was taken back");
}

#[test]
fn i_accept_answering_a_challenge_names_the_challenge() {
    let h = home();
    h.drop_mail(&mail(ALICE, "a game?", "challenge bob size 9").bytes());
    h.poll();
    let invite = h.sent_to(BOB).pop().unwrap();
    let subject = format!("Re: {}", invite.subject);
    h.drop_mail(
        &mail(BOB, &subject, "I accept!")
            .reply_to(invite.message_id())
            .bytes(),
    );
    h.poll();
    assert!(h.quarantined().is_empty(), "{:?}", h.quarantined());
    assert_eq!(first_line(&h, BOB), "To accept game2, send: accept game2.");
    let to_alice = h.sent_to(ALICE).pop().unwrap().flat();
    assert!(
        to_alice.contains("(the challenge is still open: words alone do not accept it)"),
        "{to_alice}"
    );
}

#[test]
fn a_conversation_that_says_pass_is_only_words() {
    let h = home();
    let body = "Will you pass by the club on Friday? I may resign from the board.";
    h.drop_mail(&mail(ALICE, "Re: [game1] alice vs bob, 9x9", body).bytes());
    h.poll();
    assert_eq!(first_line(&h, ALICE), "Your words went to bob in game1.");
    let note = h.sent_to(BOB).pop().unwrap().flat();
    assert!(!note.contains("this is not"), "{note}");
}

#[test]
fn a_bare_point_answering_no_game_suggests_the_game_to_move() {
    let h = home();
    h.drop_mail(&mail(ALICE, "my move", "q14").bytes());
    h.poll();
    assert_eq!(
        first_line(&h, ALICE),
        "Did you mean: move game1 q14? It is your move in game1, and your mail named no game."
    );
    assert!(h.moves("game1").is_empty(), "nothing is played");
}

#[test]
fn a_move_in_a_finished_game_suggests_the_game_to_move() {
    let h = home();
    h.game_at(2, 9, &[], "bob", "alice");
    h.drop_mail(&mail(BOB, "over", "resign game2").bytes());
    h.poll();
    // alice won game2 and is to move in game1 only.
    h.drop_mail(&mail(ALICE, "Re: [game2] bob vs alice, 9x9", "q14").bytes());
    h.poll();
    let reply = h.sent_to(ALICE).pop().unwrap();
    assert_eq!(reply.rejected(), ["game-over"]);
    assert!(
        reply
            .flat()
            .contains("did you mean: move game1 q14? It is your move in game1"),
        "{}",
        reply.text
    );
}
