//! Replies to pbmgo's own mails through `poll`: a move written below the
//! quote (bottom-posting) or between quoted blocks (interleaving) is
//! played; a Notes-style reply or an autoresponder that carries our "your
//! move" mail unquoted changes nothing, although that mail holds an example
//! command; a Subject of ours with `Re:` in front is not played again.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{OutMail, PbmgoHome, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.net";

/// game1 (bob Black, alice White) after bob's D4; alice has her "your move" mail.
fn started() -> PbmgoHome {
    let h = PbmgoHome::new();
    h.player("bob", BOB);
    h.player("alice", ALICE);
    assert_eq!(h.game_new("bob", "alice", 9), "game1");
    h.drop_mail(&mail(BOB, "move", "move game1 d4").bytes());
    h.poll();
    h.assert_moves("game1", 1, &[("black", "D4")]);
    h
}

fn latest(h: &PbmgoHome, to: &str, kind: &str) -> OutMail {
    let mut mails: Vec<OutMail> = h
        .sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == kind)
        .collect();
    mails
        .pop()
        .unwrap_or_else(|| panic!("no {kind} mail to {to}"))
}

fn quoted(text: &str) -> String {
    text.lines()
        .map(|l| format!("> {l}").trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Sends alice's reply to `note` with `body` and polls.
fn reply(h: &PbmgoHome, note: &OutMail, subject: &str, body: &str) {
    let raw = mail(ALICE, subject, body)
        .reply_to(note.message_id())
        .bytes();
    h.drop_mail(&raw);
    h.poll();
}

#[test]
fn bottom_posted_move_is_played() {
    let h = started();
    let note = latest(&h, ALICE, "your-move");
    let body = format!(
        "On Sat, Dec 5, 2026 at 10:06 AM pbmgo <games@pbmgo.example> wrote:\n{}\n\nc5\n\n-- \nAlice\n",
        quoted(&note.text)
    );
    reply(&h, &note, &format!("Re: {}", note.subject), &body);
    h.assert_moves("game1", 2, &[("black", "D4"), ("white", "C5")]);
    assert!(latest(&h, ALICE, "reply").rejected().is_empty());
}

#[test]
fn interleaved_move_is_played() {
    let h = started();
    let note = latest(&h, ALICE, "your-move");
    let lines: Vec<&str> = note.text.lines().collect();
    let (top, bottom) = lines.split_at(lines.len() / 2);
    let body = format!(
        "On Sat, Dec 5, 2026 at 10:06 AM pbmgo <games@pbmgo.example>\nwrote:\n\n{}\n\ne5\n\n{}\n\nNice try.\n",
        quoted(&top.join("\n")),
        quoted(&bottom.join("\n"))
    );
    reply(&h, &note, &format!("Re: {}", note.subject), &body);
    h.assert_moves("game1", 2, &[("black", "D4"), ("white", "E5")]);
}

#[test]
fn notes_style_reply_with_the_original_unquoted_changes_nothing() {
    let h = started();
    let note = latest(&h, ALICE, "your-move");
    let body = format!(
        "OK now I need to think about this one\n\n\n\npbmgo <games@pbmgo.example> wrote on 05.12.2026 10:06:00:\n\n{}",
        note.text
    );
    reply(&h, &note, &format!("Re: {}", note.subject), &body);
    h.assert_moves("game1", 1, &[("black", "D4")]);
}

#[test]
fn autoresponder_quoting_our_mail_unprefixed_changes_nothing() {
    let h = started();
    let note = latest(&h, ALICE, "your-move");
    let body = format!("I am out of the office until Monday.\n\n{}", note.text);
    let subject = format!("Out of office: {}", note.subject);
    reply(&h, &note, &subject, &body);
    h.assert_moves("game1", 1, &[("black", "D4")]);
    // Unthreaded, as some autoresponders send it: our latest mails are recognised.
    h.drop_mail(&mail(ALICE, &subject, &body).bytes());
    h.poll();
    h.assert_moves("game1", 1, &[("black", "D4")]);
}

#[test]
fn marked_autoreplies_are_neither_answered_nor_executed() {
    let h = started();
    let note = latest(&h, ALICE, "your-move");
    let before = h.sent_to(ALICE).len();
    for (name, value) in [("X-Autoreply", "yes"), ("X-Autorespond", "vacation")] {
        let raw = mail(ALICE, "Away", "c5")
            .header(name, value)
            .reply_to(note.message_id())
            .bytes();
        h.drop_mail(&raw);
        h.poll();
    }
    h.assert_moves("game1", 1, &[("black", "D4")]);
    assert_eq!(h.sent_to(ALICE).len(), before);
    let outcomes: Vec<String> = h
        .messages()
        .iter()
        .rev()
        .take(2)
        .map(|m| m["outcome"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(outcomes, ["ignored", "ignored"]);
}

#[test]
fn our_subject_is_not_played_again() {
    let h = started();
    h.drop_mail(&mail(ALICE, "move game1 c5", "").bytes());
    h.poll();
    h.drop_mail(&mail(BOB, "move", "move game1 d5").bytes());
    h.poll();
    let transcript = latest(&h, ALICE, "reply");
    assert_eq!(transcript.subject, "Re: [game1] bob vs alice, 9x9");
    let body = format!(
        "c3\n\nOn Sat, Dec 5, 2026, pbmgo <games@pbmgo.example> wrote:\n{}",
        quoted(&transcript.text)
    );
    reply(
        &h,
        &transcript,
        &format!("Re: {}", transcript.subject),
        &body,
    );
    h.assert_moves(
        "game1",
        4,
        &[("white", "C5"), ("black", "D5"), ("white", "C3")],
    );
    assert!(latest(&h, ALICE, "reply").rejected().is_empty());
}

#[test]
fn an_unthreaded_reply_does_not_replay_our_subject() {
    let h = started();
    h.drop_mail(&mail(ALICE, "move game1 c5", "").bytes());
    h.poll();
    h.drop_mail(&mail(BOB, "move", "move game1 d5").bytes());
    h.poll();
    let transcript = latest(&h, ALICE, "reply");
    // No In-Reply-To or References: the client dropped them.
    let raw = mail(ALICE, &format!("Re: {}", transcript.subject), "c3").bytes();
    h.drop_mail(&raw);
    h.poll();
    h.assert_moves(
        "game1",
        4,
        &[("white", "C5"), ("black", "D5"), ("white", "C3")],
    );
    assert!(latest(&h, ALICE, "reply").rejected().is_empty());
}
