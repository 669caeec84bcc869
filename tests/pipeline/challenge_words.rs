//! Words before there is a game (issue 14): a mail with only words that
//! answers a challenge goes to the challenge's other player, by its
//! `[gameN]` tag or by the mail of ours it answers, and accepts or
//! declines nothing; a stranger's reply that carries our answer unquoted
//! runs none of its example lines. All through `pbmgo poll`.

use super::words::last;
use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{OutMail, PbmgoHome, mail};

const NOTES: &str = "pbmgo <games@pbmgo.example> wrote on 05.12.2026 10:06:00:";

/// The status of challenge `id`.
fn status(h: &PbmgoHome, id: i64) -> String {
    let db = h.db();
    let sql = "SELECT status FROM challenges WHERE id = ?1";
    db.query_row(sql, [id], |r| r.get(0)).unwrap()
}

/// `m` as bsd-mailx's `~m` puts it in a reply: its headers and text,
/// every line indented with a TAB (blank lines stay blank).
fn tab_quoted(m: &OutMail) -> String {
    let head = ["From", "To", "Subject", "Date", "Message-ID"]
        .map(|name| format!("{name}: {}", m.header(name).unwrap_or_default()));
    let all = head.join("\n") + "\n\n" + &m.text;
    let tab = |l: &str| match l.trim().is_empty() {
        true => String::new(),
        false => format!("\t{l}"),
    };
    all.lines().map(tab).collect::<Vec<_>>().join("\n")
}

/// Drops `raw` and polls.
fn deliver(h: &PbmgoHome, raw: &[u8]) {
    h.drop_mail(raw);
    h.poll();
}

#[test]
fn a_decline_in_words_reaches_the_challenger_and_declines_nothing() {
    let h = home();
    send(&h, ALICE, "challenge bob size 9");
    let invite = last(&h, BOB, "challenge");
    assert!(invite.text.contains("accept game1"), "{}", invite.text);
    // bsd-mailx: `~m` quotes the letter with a TAB, headers included; no
    // threading headers, only the Subject's tag.
    let words = "Sorry, no time this month, maybe in January";
    let body = format!("{words}\n\n{}\n", tab_quoted(&invite));
    let subject = format!("Re: {}", invite.subject);
    deliver(&h, &mail(BOB, &subject, &body).bytes());

    assert_eq!(status(&h, 1), "open");
    assert_eq!(h.count("games"), 0, "nothing was accepted");
    let chat = last(&h, ALICE, "say");
    assert!(chat.subject.starts_with("[game1]"), "{}", chat.subject);
    assert!(chat.text.contains("bob writes about the challenge game1:"));
    assert!(chat.text.contains(&format!("> {words}")), "{}", chat.text);
    for ours in ["accept game1", "challenges you", "From:"] {
        assert!(!chat.text.contains(ours), "{ours}: {}", chat.text);
    }
    let t = transcript(&h, BOB);
    assert!(t.results().is_empty(), "{:?}", t.results());
    assert!(t.rejected().is_empty());
    assert!(t.subject.starts_with("Re: [game1] "), "{}", t.subject);
    for w in [
        "words to alice about the challenge game1",
        "Your words went to alice.",
        "game1 is still open.",
    ] {
        assert!(t.flat().contains(w), "{w}: {}", t.text);
    }
    assert!(!t.text.contains("Starting a game"), "no help: {}", t.text);
}

#[test]
fn the_challengers_words_reach_the_challenged_player_by_threading_alone() {
    let h = home();
    send(&h, ALICE, "challenge bob size 9\nFancy a game?");
    let mine = transcript(&h, ALICE);
    // A reply to her own transcript, its Subject without a tag.
    let raw = mail(ALICE, "Re: your commands", "Take your time, Bob.")
        .reply_to(mine.message_id())
        .bytes();
    deliver(&h, &raw);
    let chat = last(&h, BOB, "say");
    assert!(
        chat.text.contains("> Take your time, Bob."),
        "{}",
        chat.text
    );
    assert!(
        chat.text
            .contains("alice writes about the challenge game1:")
    );
    assert!(
        transcript(&h, ALICE)
            .text
            .contains("Your words went to bob.")
    );

    // bob answers that words letter, again by threading alone.
    let raw = mail(BOB, "Re: hello", "Thanks, I will let you know.")
        .reply_to(chat.message_id())
        .bytes();
    deliver(&h, &raw);
    let back = last(&h, ALICE, "say");
    assert!(back.text.contains("> Thanks, I will let you know."));
    assert_eq!(status(&h, 1), "open");

    // Once accepted, words answering the challenge letter go to the game.
    send(&h, BOB, "accept game1");
    let invite = last(&h, BOB, "challenge");
    let raw = mail(BOB, "Re: hi", "Good luck!")
        .reply_to(invite.message_id())
        .bytes();
    deliver(&h, &raw);
    let chat = last(&h, ALICE, "say");
    assert!(chat.text.contains("bob, your opponent in game1, writes:"));
}

#[test]
fn words_find_no_challenge_that_is_not_theirs_or_not_one() {
    let h = home();
    send(&h, ALICE, "challenge bob size 9");
    let before = h.sent_to(ALICE).len() + h.sent_to(BOB).len();
    let subject = "Re: [game1] alice challenges you to a game of Go";
    deliver(&h, &mail(CAROL, subject, "May I watch?").bytes());
    let t = transcript(&h, CAROL);
    assert!(t.text.contains("They went nowhere"), "{}", t.text);
    assert_eq!(h.sent_to(ALICE).len() + h.sent_to(BOB).len(), before);

    // Two challenges from one mail: its transcript names neither alone.
    send(&h, CAROL, "challenge alice size 9\nchallenge bob size 13");
    let mine = transcript(&h, CAROL);
    let before = h.sent_to(ALICE).len() + h.sent_to(BOB).len();
    let raw = mail(CAROL, "Re: your commands", "Whoever answers first!")
        .reply_to(mine.message_id())
        .bytes();
    deliver(&h, &raw);
    let t = transcript(&h, CAROL);
    assert!(t.text.contains("answers no game"), "{}", t.text);
    assert_eq!(h.sent_to(ALICE).len() + h.sent_to(BOB).len(), before);
}

#[test]
fn a_strangers_notes_style_reply_runs_none_of_our_lines() {
    let h = home();
    let dave = "dave@example.net";
    send(&h, dave, "Hello, what is this?");
    let who = last(&h, dave, "unknown-sender");
    assert!(who.text.contains("    signup NAME"), "{}", who.text);
    let players = h.count("players");
    let body = format!("I will think about it.\n\n\n\n{NOTES}\n\n{}", who.text);
    let subject = format!("Re: {}", who.subject);
    deliver(
        &h,
        &mail(dave, &subject, &body)
            .reply_to(who.message_id())
            .bytes(),
    );
    assert_eq!(h.count("players"), players, "no signup from our text");
    // As an autoresponder sends it: our text below theirs, no attribution.
    let body = format!("I am away until Monday.\n\n{}", who.text);
    deliver(
        &h,
        &mail(dave, &subject, &body)
            .reply_to(who.message_id())
            .bytes(),
    );
    assert_eq!(h.count("players"), players, "no signup from our text");

    // The help and how to join, carried back unquoted, run nothing either.
    let erin = "erin@example.net";
    send(&h, erin, "help");
    let help = h.sent_to(erin).pop().unwrap();
    assert!(help.text.contains("signup NAME"), "{}", help.text);
    let body = format!("Interesting.\n\n{NOTES}\n\n{}", help.text);
    deliver(
        &h,
        &mail(erin, "Re: help", &body)
            .reply_to(help.message_id())
            .bytes(),
    );
    assert_eq!(h.count("players"), players);
    assert_eq!(h.sent_to(erin).len(), 2);
    assert!(!h.sent_to(erin)[1].text.contains("Welcome"));

    // Their own signup below our text, unquoted, is read.
    let body = format!("{}\n\nsignup dave\n", who.text);
    deliver(
        &h,
        &mail(dave, &subject, &body)
            .reply_to(who.message_id())
            .bytes(),
    );
    let t = transcript(&h, dave);
    assert_eq!(t.results(), [("signup dave".into(), "ok".into())]);
    assert_eq!(h.count("players"), players + 1);
}
