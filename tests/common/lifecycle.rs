//! What the `game_lifecycle*` tests share: a home with alice and bob,
//! sending one mail and polling, the last transcript to a player and its
//! results, the SGF attached to a queued mail, and playing a list of moves.

use super::pbmgo_home::{Counts, OutMail, PbmgoHome, counts, mail};

pub const ALICE: &str = "alice@example.org";
pub const BOB: &str = "bob@example.org";
pub const CAROL: &str = "carol@example.org";

/// A home with alice, bob and carol, and room for many replies.
pub fn home() -> PbmgoHome {
    home_with("")
}

/// As [`home`], with more config (sections other than `[limits]`).
pub fn home_with(extra: &str) -> PbmgoHome {
    let h = PbmgoHome::with_config(&format!("[limits]\nmax_replies_per_hour = 1000\n{extra}"));
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.player("carol", CAROL);
    h
}

/// Mails `body` from `from` and polls at `now`.
pub fn send_at(h: &PbmgoHome, from: &str, body: &str, now: &str) -> Counts {
    h.drop_mail(&mail(from, "pbmgo", body).bytes());
    counts(&h.poll_at(now))
}

/// Mails `body` from `from` and polls.
pub fn send(h: &PbmgoHome, from: &str, body: &str) -> Counts {
    send_at(h, from, body, super::pbmgo_home::NOW)
}

/// The last transcript to `to`.
pub fn transcript(h: &PbmgoHome, to: &str) -> OutMail {
    h.sent_to(to)
        .into_iter()
        .rfind(|m| m.kind() == "reply")
        .unwrap_or_else(|| panic!("no transcript to {to}"))
}

/// The results of the last transcript to `to`, as `command => ok|rejected...`.
pub fn results(h: &PbmgoHome, to: &str) -> Vec<String> {
    transcript(h, to)
        .results()
        .into_iter()
        .map(|(c, r)| format!("{c} => {r}"))
        .collect()
}

/// The mails of `kind` to `to`, oldest first.
pub fn letters(h: &PbmgoHome, to: &str, kind: &str) -> Vec<OutMail> {
    h.sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == kind)
        .collect()
}

/// The SGF attached to a queued mail.
pub fn attached_sgf(h: &PbmgoHome, m: &OutMail) -> String {
    let raw = std::fs::read(
        h.path()
            .join("outbox")
            .join(format!("{}.eml", m.message_id())),
    )
    .unwrap();
    let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
    use mail_parser::MimeHeaders;
    let part = parsed
        .attachments()
        .find(|a| a.is_content_type("application", "x-go-sgf"))
        .expect("an SGF attachment");
    String::from_utf8(part.contents().to_vec()).unwrap()
}

/// Plays `moves` in `game`, alternating from `first` (`ALICE` or `BOB`); each must be accepted.
pub fn play(h: &PbmgoHome, game: &str, first: &str, moves: &[&str]) {
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
pub fn verified(h: &PbmgoHome, game: &str) {
    let out = h.ok(&["game", "verify", game]);
    assert!(out.contains("ok"), "{out}");
}
