//! A whole short game by mail, answered as a mail client answers (`Re:`
//! the Subject of the last mail, threaded under it): from the challenge to
//! the game over with words, `say`, an undo and a count marked, spoken and
//! accepted in one mail after a dispute. Every mail about the game has the game's one
//! Subject once `Re: ` is taken off, `References` starting with the
//! challenge letter and `X-Pbmgo-Game`, an HTML part that passes the
//! checker, and a deadline when it asks for a move; each inbound mail brings each
//! player at most one mail; the end brings the SGF once. In-process.

use std::collections::HashMap;

use mail_parser::MimeHeaders;

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::html_check;
use crate::common::lifecycle::{ALICE, BOB, attached_sgf, harness};
use crate::common::pbmgo_home::{OutMail, mail};

const SUBJECT: &str = "[game1] alice vs bob, 9x9";

/// Mails `body` from `from` as an answer to the last mail `from` got
/// (a new mail with Subject `pbmgo` if none); returns the mails it caused.
fn answer(h: &Harness, from: &str, body: &str) -> Vec<OutMail> {
    let before = h.sent().len();
    let m = match h.sent_to(from).pop() {
        Some(last) => {
            mail(from, &format!("Re: {}", last.subject), body).reply_to(last.message_id())
        }
        None => mail(from, "pbmgo", body),
    };
    h.drop_mail(&m.bytes());
    h.poll();
    h.sent().split_off(before)
}

/// The first id in a References header.
fn first_reference(m: &OutMail) -> String {
    let refs = m
        .header("References")
        .unwrap_or_else(|| panic!("{}", m.subject));
    refs.split_whitespace()
        .next()
        .unwrap()
        .trim_matches(['<', '>'])
        .into()
}

/// Checks each caused mail is one per recipient and in the game's thread.
fn check(caused: &[OutMail], root: &str) {
    let mut per: HashMap<&str, u32> = HashMap::new();
    for m in caused {
        *per.entry(m.recipient()).or_default() += 1;
        assert!(m.rejected().is_empty(), "{}", m.text);
        assert_eq!(m.subject.trim_start_matches("Re: "), SUBJECT, "{}", m.text);
        assert_eq!(m.header("X-Pbmgo-Game"), Some("game1"), "{}", m.subject);
        let html = m
            .html
            .as_deref()
            .unwrap_or_else(|| panic!("no HTML: {}", m.text));
        let problems = html_check::problems(html);
        assert!(problems.is_empty(), "{problems:?}\n{html}");
        if m.text.contains("It is your turn") {
            assert!(
                m.text.contains("Runs out if no move comes: "),
                "no deadline: {}",
                m.text
            );
        }
        if m.message_id() != root {
            assert_eq!(first_reference(m), root, "{}: {}", m.kind(), m.text);
            assert!(m.header("In-Reply-To").is_some(), "{}", m.kind());
        }
    }
    assert!(per.values().all(|n| *n == 1), "{per:?}");
}

#[test]
fn a_whole_game_is_one_thread_with_one_mail_per_player_per_mail() {
    let h = harness();
    let challenged = answer(&h, ALICE, "challenge bob size 9 color black");
    let letter = challenged.iter().find(|m| m.kind() == "challenge").unwrap();
    assert_eq!(letter.subject, SUBJECT);
    assert!(
        letter.text.starts_with("alice challenges you"),
        "{}",
        letter.text
    );
    let root = letter.message_id().to_string();
    check(&challenged, &root);
    let mut mails_in = 1;
    let mut mails_out = challenged.len();
    let steps: [(&str, &str); 12] = [
        (BOB, "accept game1"),
        (ALICE, "move game1 d4\nGood luck!"),
        (BOB, "move game1 f6"),
        (ALICE, "move game1 c3"),
        (ALICE, "undo game1"),
        (BOB, "undo game1\nsay game1 no problem"),
        (ALICE, "move game1 c4"),
        (BOB, "pass game1"),
        (ALICE, "pass game1"),
        (BOB, "dead game1 d4\nsay game1 it is dead"),
        (ALICE, "alive game1 d4\nsay game1 no, it lives"),
        (
            BOB,
            "dead game1 d4\nsay game1 that stone is dead\ndone game1",
        ),
    ];
    for (from, body) in steps {
        let caused = answer(&h, from, body);
        check(&caused, &root);
        mails_in += 1;
        mails_out += caused.len();
    }
    // Alice got one mail with the marking, bob's words and his acceptance,
    // told as they stand at the end.
    let to_alice = h.sent_to(ALICE).pop().unwrap();
    let t = &to_alice.text;
    assert!(t.starts_with("In game1, bob (White) marked dead"), "{t}");
    assert!(
        t.contains("that stone is dead") && t.contains("accepted the count"),
        "{t}"
    );
    assert_eq!(t.matches("Dead stones are drawn").count(), 1, "{t}");
    let done = answer(&h, ALICE, "done game1\nsgf game1");
    check(&done, &root);
    mails_in += 1;
    mails_out += done.len();
    let reply = done.iter().find(|m| m.recipient() == ALICE).unwrap();
    assert_eq!(reply.subject, format!("Re: {SUBJECT}"));
    let parsed = mail_parser::MessageParser::default()
        .parse(&reply.raw)
        .unwrap();
    let files = parsed
        .attachments()
        .filter(|a| !a.is_content_type("image", "png"));
    assert_eq!(files.count(), 1, "the SGF once (the board picture aside)");
    assert!(
        attached_sgf(reply).contains("RE["),
        "the SGF has the result"
    );
    let over = done.iter().find(|m| m.recipient() == BOB).unwrap();
    assert!(over.text.starts_with("You won game1 by "), "{}", over.text);
    // Before one mail per player per mail: 29 mails out for these 12 in
    // (dead + say + done brought alice 3, done + sgf brought her 3).
    assert_eq!((mails_in, mails_out), (14, 28));
}

#[test]
fn a_transcript_about_no_one_game_keeps_its_own_subject() {
    let h = harness();
    let m = mail(ALICE, "Re: RE: Fwd: my games", "games");
    h.drop_mail(&m.bytes());
    h.poll();
    let reply = h.sent_to(ALICE).pop().unwrap();
    assert_eq!(reply.subject, "Re: Fwd: my games");
    assert_eq!(reply.header("X-Pbmgo-Game"), None);
}

#[test]
fn a_reply_with_only_words_under_the_games_subject_is_words() {
    let h = harness();
    answer(&h, ALICE, "challenge bob size 9 color black");
    answer(&h, BOB, "accept game1");
    let caused = answer(&h, ALICE, "Thanks, good luck!");
    let reply = caused.iter().find(|m| m.recipient() == ALICE).unwrap();
    assert!(reply.rejected().is_empty(), "{}", reply.text);
    assert!(reply.results().is_empty(), "{:?}", reply.results());
    let to_bob = caused.iter().find(|m| m.recipient() == BOB).unwrap();
    assert_eq!(to_bob.subject, SUBJECT);
    assert!(
        to_bob.text.contains("> Thanks, good luck!"),
        "{}",
        to_bob.text
    );
}
