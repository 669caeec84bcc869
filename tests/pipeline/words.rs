//! A player's words travel with every command (issue 14): the lines of a
//! mail that are not commands reach the opponent in the mail the command
//! sends them anyway (challenge, accept, decline, undo asked and agreed,
//! dead, alive, done, resume, resign), a mail with only words that answers
//! a game's mail goes to the opponent, and a mail with no command gets a
//! short answer instead of the help. All through `pbmgo poll`; strangers,
//! newcomers and the server's name are in `newcomers`.

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{OutMail, PbmgoHome, mail};

/// The last mail of `kind` to `to`.
pub(super) fn last(h: &PbmgoHome, to: &str, kind: &str) -> OutMail {
    letters(h, to, kind)
        .pop()
        .unwrap_or_else(|| panic!("no {kind} mail to {to}"))
}

/// Asserts that `m` quotes `from`'s `words`, attributed, as a block of
/// its own (each line quoted with `> `).
fn quotes(m: &OutMail, from: &str, words: &[&str]) {
    assert!(
        m.text.contains(&format!("{from} wrote:")),
        "{}: {}",
        m.subject,
        m.text
    );
    for w in words {
        assert!(
            m.text.contains(&format!("> {w}")),
            "{w}: {}: {}",
            m.subject,
            m.text
        );
    }
}

/// Asserts that no mail to `to` since `before` carried `words`.
fn never_got(h: &PbmgoHome, to: &str, before: usize, words: &str) {
    for m in h.sent_to(to).iter().skip(before) {
        assert!(!m.text.contains(words), "{}: {}", m.subject, m.text);
    }
}

/// A home where alice (Black) and bob (White) play game1 on 9x9, started by
/// a challenge and an accept that both carry words.
pub(super) fn started() -> PbmgoHome {
    let h = home();
    send(
        &h,
        ALICE,
        "challenge bob size 9 color black\nFancy a quick game, Bob?",
    );
    assert_eq!(
        results(&h, ALICE),
        ["challenge bob size 9 color black => ok"]
    );
    quotes(
        &last(&h, BOB, "challenge"),
        "alice",
        &["Fancy a quick game, Bob?"],
    );
    send(&h, BOB, "accept game1\nWith pleasure.\nGood luck!");
    assert_eq!(results(&h, BOB), ["accept game1 => ok"]);
    quotes(
        &last(&h, ALICE, "game-start"),
        "bob",
        &["With pleasure.", "Good luck!"],
    );
    h
}

#[test]
fn the_challenge_note_and_the_words_of_accept_reach_the_other_player() {
    let h = started();
    // The challenger's own transcript does not quote their words back.
    assert!(!transcript(&h, ALICE).text.contains("Fancy a quick game"));
    // The note stands after the letter's first paragraph, before the terms.
    let invite = last(&h, BOB, "challenge");
    let note = invite.text.find("alice wrote:").unwrap();
    assert!(note < invite.text.find("accept game1").unwrap());
    assert!(invite.text.find("challenges you").unwrap() < note);
}

#[test]
fn undo_asked_and_agreed_carries_the_words_both_ways() {
    let h = started();
    play(&h, "game1", ALICE, &["E5"]);
    send(&h, ALICE, "undo game1\nOops, my mouse slipped.");
    assert_eq!(results(&h, ALICE), ["undo game1 => ok"]);
    quotes(
        &last(&h, BOB, "undo-request"),
        "alice",
        &["Oops, my mouse slipped."],
    );
    let t = transcript(&h, ALICE);
    assert!(t.text.contains("Your words went to bob."), "{}", t.text);
    send(&h, BOB, "undo game1\nSure, take it back.");
    assert_eq!(results(&h, BOB), ["undo game1 => ok"]);
    quotes(
        &last(&h, ALICE, "undo-done"),
        "bob",
        &["Sure, take it back."],
    );
    assert_eq!(h.show("game1")["move_number"].as_u64(), Some(0));
}

#[test]
fn the_scoring_commands_carry_the_words_to_the_opponent() {
    let h = started();
    play(&h, "game1", ALICE, &["E5", "C3", "pass", "pass"]);
    send(&h, ALICE, "dead game1 C3\nThat white stone cannot live.");
    assert_eq!(results(&h, ALICE), ["dead game1 C3 => ok"]);
    quotes(
        &last(&h, BOB, "scoring"),
        "alice",
        &["That white stone cannot live."],
    );
    send(&h, BOB, "alive game1 C3\nIt has room to live.");
    assert_eq!(results(&h, BOB), ["alive game1 C3 => ok"]);
    quotes(
        &last(&h, ALICE, "scoring"),
        "bob",
        &["It has room to live."],
    );
    send(&h, ALICE, "resume game1\nLet us play it out then.");
    assert_eq!(results(&h, ALICE), ["resume game1 => ok"]);
    quotes(
        &last(&h, BOB, "resumed"),
        "alice",
        &["Let us play it out then."],
    );
    play(&h, "game1", ALICE, &["G7", "pass", "pass"]);
    send(&h, ALICE, "done game1\nI accept the count as it is.");
    assert_eq!(results(&h, ALICE), ["done game1 => ok"]);
    quotes(
        &last(&h, BOB, "scoring"),
        "alice",
        &["I accept the count as it is."],
    );
    let before = h.sent_to(ALICE).len();
    send(&h, BOB, "done game1\nAgreed, thanks.");
    assert_eq!(results(&h, BOB), ["done game1 => ok"]);
    quotes(&last(&h, ALICE, "game-over"), "bob", &["Agreed, thanks."]);
    // bob's transcript, which tells him the end, does not quote bob to himself.
    let own = transcript(&h, BOB);
    assert!(own.text.contains("game1 is over"), "{}", own.text);
    assert!(!own.text.contains("Agreed, thanks."), "{}", own.text);
    // alice reads bob's words once, in the first mail she gets.
    let got: Vec<OutMail> = h.sent_to(ALICE).into_iter().skip(before).collect();
    let with = got.iter().filter(|m| m.text.contains("Agreed, thanks."));
    assert_eq!(with.count(), 1);
}

#[test]
fn a_resignation_note_and_a_decline_reason_reach_the_other_player() {
    let h = started();
    play(&h, "game1", ALICE, &["E5"]);
    send(&h, BOB, "resign game1\nToo strong for me today.");
    assert_eq!(results(&h, BOB), ["resign game1 => ok"]);
    quotes(
        &last(&h, ALICE, "game-over"),
        "bob",
        &["Too strong for me today."],
    );

    send(
        &h,
        CAROL,
        "challenge alice\nA rematch of last year's final?",
    );
    let before = h.sent_to(BOB).len();
    send(&h, ALICE, "decline game2\nSorry, no time this month.");
    assert_eq!(results(&h, ALICE), ["decline game2 => ok"]);
    quotes(
        &last(&h, CAROL, "challenge-closed"),
        "alice",
        &["Sorry, no time this month."],
    );
    // bob has nothing to do with game2: he reads none of it.
    never_got(&h, BOB, before, "Sorry, no time this month.");
}

#[test]
fn words_alone_in_a_game_thread_reach_the_opponent_during_and_after_the_game() {
    let h = started();
    play(&h, "game1", ALICE, &["E5"]);
    // A reply to bob's "your move" mail, its Subject without the tag.
    let your_move = last(&h, BOB, "your-move");
    let raw = mail(
        BOB,
        "Re: hello",
        "Nice opening!\nI need to think about this one.",
    )
    .reply_to(your_move.message_id())
    .bytes();
    h.drop_mail(&raw);
    h.poll();
    let chat = last(&h, ALICE, "say");
    assert!(chat.subject.starts_with("[game1]"), "{}", chat.subject);
    assert!(chat.text.contains("bob, your opponent in game1, writes:"));
    for w in ["> Nice opening!", "> I need to think about this one."] {
        assert!(chat.text.contains(w), "{}", chat.text);
    }
    let t = transcript(&h, BOB);
    assert!(t.text.contains("Your words went to alice."), "{}", t.text);
    assert!(!t.text.contains("Starting a game"), "no help: {}", t.text);
    assert!(t.subject.starts_with("Re: [game1] "), "{}", t.subject);
    assert!(t.rejected().is_empty());
    assert_eq!(h.show("game1")["move_number"].as_u64(), Some(1));

    // After the game: thanks and a rematch offer, answering the game-over mail.
    send(&h, BOB, "resign game1");
    let over = last(&h, ALICE, "game-over");
    let raw = mail(
        ALICE,
        "Re: Game over",
        "Thanks for the game!\nRematch next week?",
    )
    .reply_to(over.message_id())
    .bytes();
    h.drop_mail(&raw);
    h.poll();
    let thanks = last(&h, BOB, "say");
    assert!(
        thanks.text.contains("> Thanks for the game!"),
        "{}",
        thanks.text
    );
    assert!(
        thanks.text.contains("> Rematch next week?"),
        "{}",
        thanks.text
    );
    let t = transcript(&h, ALICE);
    assert!(t.text.contains("Your words went to bob."), "{}", t.text);

    // Words with the game's tag in the Subject only (no threading headers).
    send_tagged(&h, BOB, "Re: [game1] Game over", "You too, see you then.");
    assert!(
        last(&h, ALICE, "say")
            .text
            .contains("> You too, see you then.")
    );
}

/// Mails `body` from `from` with `subject` and polls.
pub(super) fn send_tagged(h: &PbmgoHome, from: &str, subject: &str, body: &str) {
    h.drop_mail(&mail(from, subject, body).bytes());
    h.poll();
}

#[test]
fn a_mail_without_a_command_gets_a_short_answer_not_the_help() {
    let h = home();
    send_tagged(&h, ALICE, "question", "Hello there,\nhow does this work?");
    let t = transcript(&h, ALICE);
    for w in [
        "Your mail had no command I could read.",
        "> Hello there,",
        "> how does this work?",
        "They went nowhere because this mail answers no game.",
        "Send \"help\" for the commands.",
    ] {
        assert!(t.text.contains(w), "{w}: {}", t.text);
    }
    assert!(!t.text.contains("Starting a game"), "{}", t.text);
    assert!(t.text.len() < 1200, "{}", t.text);
    assert!(h.sent_to(BOB).is_empty() && h.sent_to(CAROL).is_empty());

    // An empty mail: nothing read at all.
    send_tagged(&h, ALICE, "", "");
    let t = transcript(&h, ALICE);
    assert!(t.text.contains("no words of yours either"), "{}", t.text);

    // help is where the help goes.
    send(&h, ALICE, "help");
    assert!(transcript(&h, ALICE).text.contains("Starting a game"));
}

#[test]
fn words_answering_someone_elses_game_go_nowhere() {
    let h = started();
    play(&h, "game1", ALICE, &["E5"]);
    let before = h.sent_to(ALICE).len() + h.sent_to(BOB).len();
    send_tagged(&h, CAROL, "Re: [game1] Your move", "Can I watch?");
    let t = transcript(&h, CAROL);
    assert!(
        t.flat().contains("game1, which is not one of your games"),
        "{}",
        t.text
    );
    assert_eq!(h.sent_to(ALICE).len() + h.sent_to(BOB).len(), before);
}

#[test]
fn words_beside_a_command_that_writes_to_nobody_are_said_to_go_nowhere() {
    let h = started();
    let before = h.sent_to(BOB).len();
    send(&h, ALICE, "games\nThanks for the game!");
    let t = transcript(&h, ALICE);
    assert_eq!(t.results(), [("games".into(), "ok".into())]);
    assert!(t.text.contains("Your words went nowhere"), "{}", t.text);
    never_got(&h, BOB, before, "Thanks for the game");
}

#[test]
fn a_move_with_words_reaches_an_opponent_who_takes_only_essential_mail() {
    let h = started();
    send(&h, BOB, "notify off");
    let before = letters(&h, BOB, "your-move").len();
    send(&h, ALICE, "move game1 E5\nYour turn, take your time.");
    let moved = letters(&h, BOB, "your-move");
    assert_eq!(moved.len(), before + 1);
    quotes(&moved[before], "alice", &["Your turn, take your time."]);
    send(&h, BOB, "move game1 C3");
    send(&h, ALICE, "move game1 G5");
    assert_eq!(
        letters(&h, BOB, "your-move").len(),
        before + 1,
        "no words, no mail"
    );
}
