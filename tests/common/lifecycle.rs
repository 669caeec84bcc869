//! What the `pipeline::lifecycle*` tests share: a home with alice and bob
//! (driven by the binary or in-process), sending one mail and polling, the
//! last transcript to a player and its results, the SGF attached to a
//! queued mail, and playing a list of moves.

use super::harness::Harness;
use super::home::Home;
use super::pbmgo_home::{Counts, OutMail, PbmgoHome, counts, mail};

pub const ALICE: &str = "alice@example.org";
pub const BOB: &str = "bob@example.org";
pub const CAROL: &str = "carol@example.org";

/// A home driven by the binary with alice, bob and carol, and room for many replies.
pub fn home() -> PbmgoHome {
    home_with("")
}

/// As [`home`], with more config (sections other than `[limits]`).
pub fn home_with(extra: &str) -> PbmgoHome {
    players(PbmgoHome::with_config(&config(extra)))
}

/// As [`home`], in-process.
pub fn harness() -> Harness {
    harness_with("")
}

/// As [`home_with`], in-process.
pub fn harness_with(extra: &str) -> Harness {
    players(Harness::with_config(&config(extra)))
}

/// The default config (default limits: a lively game is never held back,
/// issue 25) plus `extra`.
fn config(extra: &str) -> String {
    format!("[limits]\n{extra}")
}

fn players<H: Home>(h: H) -> H {
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.player("carol", CAROL);
    h
}

/// Mails `body` from `from` and polls at `now`.
pub fn send_at(h: &impl Home, from: &str, body: &str, now: &str) -> Counts {
    h.drop_mail(&mail(from, "pbmgo", body).bytes());
    counts(&h.poll_at(now))
}

/// Mails `body` from `from` and polls.
pub fn send(h: &impl Home, from: &str, body: &str) -> Counts {
    send_at(h, from, body, super::pbmgo_home::NOW)
}

/// The last transcript to `to`.
pub fn transcript(h: &impl Home, to: &str) -> OutMail {
    h.sent_to(to)
        .into_iter()
        .rfind(|m| m.kind() == "reply")
        .unwrap_or_else(|| panic!("no transcript to {to}"))
}

/// The results of the last transcript to `to`, as `command => ok|rejected...`.
pub fn results(h: &impl Home, to: &str) -> Vec<String> {
    transcript(h, to)
        .results()
        .into_iter()
        .map(|(c, r)| format!("{c} => {r}"))
        .collect()
}

/// The mails of `kind` to `to`, oldest first.
pub fn letters(h: &impl Home, to: &str, kind: &str) -> Vec<OutMail> {
    h.sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == kind)
        .collect()
}

/// The SGF attached to a queued mail.
pub fn attached_sgf(m: &OutMail) -> String {
    let parsed = mail_parser::MessageParser::default().parse(&m.raw).unwrap();
    use mail_parser::MimeHeaders;
    let part = parsed
        .attachments()
        .find(|a| a.is_content_type("application", "x-go-sgf"))
        .expect("an SGF attachment");
    String::from_utf8(part.contents().to_vec()).unwrap()
}

/// Plays `moves` in `game`, alternating from `first` (`ALICE` or `BOB`); each must be accepted.
pub fn play(h: &impl Home, game: &str, first: &str, moves: &[&str]) {
    let other = |a: &str| if a == ALICE { BOB } else { ALICE };
    let mut who = first;
    for m in moves {
        let line = match *m {
            "pass" => format!("pass {game}"),
            p => format!("move {game} {p}"),
        };
        send(h, who, &line);
        assert_eq!(results(h, who), [format!("{line} => ok")], "{line}");
        who = other(who);
    }
}

/// `pbmgo game verify GAME` exits 0.
pub fn verified(h: &impl Home, game: &str) {
    let out = h.verify(Some(game));
    assert!(out.contains("ok"), "{out}");
}
