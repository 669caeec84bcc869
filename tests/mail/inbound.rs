//! Every fixture in `tests/fixtures/inbound/` (described in the README
//! there) through the mail front end: `inbound::parse` → `classify` →
//! `command::parse_mail`, with the commands and comment as inline
//! snapshots for the mail of real clients.

use std::path::PathBuf;

use pbmgo::command::{Command, CommandError, GameRef, Parsed, parse_mail};
use pbmgo::go::Point;
use pbmgo::mail::classify::{IgnoreReason, Verdict, classify};
use pbmgo::mail::inbound::{self, InboundMail};
use proptest::prelude::*;

const OWN: &str = "pbmgo <games@pbmgo.example>";

fn fixture_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/inbound")
}

fn raw(name: &str) -> Vec<u8> {
    let path = fixture_dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn load(name: &str) -> InboundMail {
    inbound::parse(&raw(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn commands(name: &str) -> (Verdict, Parsed) {
    let mail = load(name);
    (classify(&mail, OWN), parse_mail(&mail.subject, &mail.text))
}

/// The commands, unprocessed lines and comment as the reply would list them.
fn transcript(parsed: &Parsed) -> String {
    let mut out = Vec::new();
    for line in &parsed.commands {
        match &line.parsed {
            Ok(command) => out.push(format!("{}  =>  {command}", line.text)),
            Err(e) => out.push(format!("{}  =>  {}: {e}", line.text, e.code())),
        }
    }
    out.extend(
        parsed
            .not_processed
            .iter()
            .map(|l| format!("not processed: {l}")),
    );
    out.extend(parsed.comment.iter().map(|l| format!("comment: {l}")));
    out.join("\n")
}

fn answered(name: &str) -> Parsed {
    let (verdict, parsed) = commands(name);
    assert_eq!(verdict, Verdict::Answer, "{name}");
    parsed
}

fn ok_commands(parsed: &Parsed) -> Vec<Command> {
    parsed
        .commands
        .iter()
        .filter_map(|c| c.parsed.clone().ok())
        .collect()
}

fn point(text: &str) -> Point {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(game: u64, at: &str, expected: Option<u32>) -> Command {
    Command::Move {
        game: GameRef(game),
        point: point(at),
        expected,
    }
}

#[test]
fn gmail_reply_with_quoted_history() {
    let parsed = answered("gmail-reply-quoted.eml");
    assert_eq!(ok_commands(&parsed), [mv(12, "q16", Some(42))]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    move game12 q16 #42  =>  move game12 Q16#42
    comment: Nice try with the ladder, but I read it out this time :)
    ");
}

#[test]
fn outlook_html_only() {
    let parsed = answered("outlook-html-only.eml");
    assert_eq!(ok_commands(&parsed), [mv(5, "K10", None)]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    play game5 K10  =>  move game5 K10
    comment: Sorry for the slow reply – busy week. Your shape on the left side looks thin to me & I'm going in.
    comment: Erik
    ");
}

#[test]
fn apple_mail_quoted_printable() {
    let parsed = answered("apple-mail.eml");
    let pass = Command::Pass {
        game: GameRef(3),
        expected: Some(57),
    };
    assert_eq!(ok_commands(&parsed), [pass]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    Pass game3 #57  =>  pass game3#57
    comment: So close — I think it’s over, let’s count.
    ");
}

#[test]
fn thunderbird_format_flowed() {
    let parsed = answered("thunderbird-plain.eml");
    assert_eq!(ok_commands(&parsed), [Command::Resign { game: GameRef(9) }]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    resign  =>  resign game9
    comment: Well played - the bottom group was dead long before I noticed. A
    comment: rematch with reversed colours next week?
    ");
}

#[test]
fn mutt_signature_is_cut() {
    let parsed = answered("mutt-signature.eml");
    let board = Command::Board { game: GameRef(4) };
    assert_eq!(ok_commands(&parsed), [Command::Games, board]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    games  =>  games
    board game4  =>  board game4
    comment: Cheers,
    comment: Dave
    ");
}

#[test]
fn base64_utf8_body_and_encoded_headers() {
    let mail = load("base64-utf8.eml");
    assert_eq!(mail.subject, "Anmeldung – 囲碁");
    assert_eq!(mail.from_name.as_deref(), Some("Zoë Tanaka"));
    let parsed = answered("base64-utf8.eml");
    let signup = Command::Signup {
        name: "zoë".into(),
        rank: None,
    };
    assert_eq!(ok_commands(&parsed), [signup, Command::Help]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    signup Zoë  =>  signup zoë
    help  =>  help
    comment: Hallo! Ich möchte gerne mitspielen.
    comment: 囲碁が好きです。
    ");
}

#[test]
fn iso_8859_1_quoted_printable_with_german_quote_header() {
    let mail = load("iso-8859-1-qp.eml");
    assert_eq!(
        mail.subject,
        "Re: [game21] Sie sind am Zug – Weiß hat gespielt"
    );
    assert_eq!(mail.from_name.as_deref(), Some("Jürgen Müller"));
    let parsed = answered("iso-8859-1-qp.eml");
    assert_eq!(ok_commands(&parsed), [mv(21, "e5", None)]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    move game21 e5  =>  move game21 E5
    comment: Das hätte ich nicht erwartet, schöner Zug von Weiß.
    comment: Grüße, Jürgen
    ");
}

#[test]
fn crlf_outlook_plain_text_block_is_cut() {
    let raw = raw("crlf.eml");
    assert!(raw.windows(2).filter(|w| w == b"\r\n").count() > 20);
    assert!(!load("crlf.eml").text.contains('\r'));
    let parsed = answered("crlf.eml");
    let board = Command::Board { game: GameRef(14) };
    let pass = Command::Pass {
        game: GameRef(14),
        expected: Some(18),
    };
    assert_eq!(ok_commands(&parsed), [board, pass]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    show game14  =>  board game14
    move game14 pass#18  =>  pass game14#18
    comment: Priya
    ");
}

#[test]
fn subject_only_command() {
    let mail = load("subject-only.eml");
    assert_eq!(mail.text, "");
    let parsed = answered("subject-only.eml");
    assert_eq!(ok_commands(&parsed), [mv(2, "c3", None)]);
    insta::assert_snapshot!(transcript(&parsed), @"move game2 C3  =>  move game2 C3");
}

#[test]
fn thread_reply_with_a_bare_point() {
    let parsed = answered("thread-reply.eml");
    assert_eq!(ok_commands(&parsed), [mv(7, "d4", None)]);
    insta::assert_snapshot!(transcript(&parsed), @"d4  =>  move game7 D4");
}

#[test]
fn multiple_commands_with_comment() {
    let parsed = answered("multiple-commands.eml");
    assert_eq!(parsed.commands.len(), 6);
    let errors: Vec<_> = parsed
        .commands
        .iter()
        .filter_map(|c| c.parsed.clone().err())
        .collect();
    assert!(matches!(errors.as_slice(), [CommandError::BadPoint(_)]));
    insta::assert_snapshot!(transcript(&parsed), @r"
    games  =>  games
    board game3  =>  board game3
    move game3 c3  =>  move game3 C3
    MOVE Game4 d17 #8  =>  move game4 D17#8
    play game6 z99  =>  bad-point: Z99 is off the 25x25 board
    resign game5  =>  resign game5
    comment: Sorry about game5, I have to travel for two weeks.
    comment: See you in the next tournament!
    ");
}

#[test]
fn twenty_five_commands_leave_five_unprocessed() {
    let parsed = answered("too-many-commands.eml");
    assert_eq!(parsed.commands.len(), 20);
    assert_eq!(
        parsed.commands.first().map(|c| c.text.as_str()),
        Some("move game101 a1")
    );
    assert_eq!(
        parsed.commands.last().map(|c| c.text.as_str()),
        Some("move game120 a1")
    );
    assert!(parsed.commands.iter().all(|c| c.parsed.is_ok()));
    insta::assert_snapshot!(parsed.not_processed.join("\n"), @r"
    move game121 b2
    move game122 c3
    move game123 d4
    move game124 e5
    move game125 f6
    ");
    assert_eq!(parsed.comment, ["Moves for the whole simul:", "Hana"]);
}

#[test]
fn truncated_mime_keeps_the_text_part() {
    let parsed = answered("truncated-mime.eml");
    assert_eq!(ok_commands(&parsed), [mv(30, "k10", Some(61))]);
    insta::assert_snapshot!(transcript(&parsed), @r"
    k10 #61  =>  move game30 K10#61
    comment: Hope this one arrives – my phone keeps dropping.
    ");
}

#[test]
fn unknown_charset_is_decoded_lossily() {
    let parsed = answered("unknown-charset.eml");
    let board = Command::Board { game: GameRef(40) };
    assert_eq!(ok_commands(&parsed), [board, mv(40, "t19", None)]);
    assert_eq!(parsed.comment, ["Caf\u{fffd} break after this move."]);
}

#[test]
fn machines_and_lists_are_not_answered() {
    let cases = [
        (
            "auto-reply.eml",
            IgnoreReason::AutoSubmitted("auto-replied".into()),
        ),
        ("mailing-list.eml", IgnoreReason::ListMail),
        ("dsn-bounce.eml", IgnoreReason::DeliveryReport),
        (
            "precedence-bulk.eml",
            IgnoreReason::Precedence("bulk".into()),
        ),
        ("no-from.eml", IgnoreReason::NoSender),
        ("two-from.eml", IgnoreReason::NoSender),
    ];
    for (name, reason) in cases {
        let (verdict, _) = commands(name);
        assert_eq!(verdict, Verdict::Ignore(reason), "{name}");
    }
}

#[test]
fn dsn_facts() {
    let mail = load("dsn-bounce.eml");
    assert!(mail.is_dsn);
    assert_eq!(mail.return_path.as_deref(), Some(""));
    assert_eq!(mail.from.as_deref(), Some("mailer-daemon@mx.pbmgo.example"));
    assert_eq!(mail.to, ["games+bounce-12-41@pbmgo.example"]);
    assert_eq!(mail.auto_submitted.as_deref(), Some("auto-replied"));
}

#[test]
fn sender_facts() {
    let gmail = load("gmail-reply-quoted.eml");
    assert_eq!(gmail.from.as_deref(), Some("alice.liddell@gmail.com"));
    assert_eq!(
        gmail.in_reply_to.as_deref(),
        Some("pbmgo.game12.41@pbmgo.example")
    );
    assert_eq!(
        gmail.date.as_deref(),
        Some("Sun, 22 Nov 2026 10:14:03 +0100")
    );
    assert_eq!(gmail.authentication_results.len(), 1);
    assert!(
        gmail
            .authentication_results
            .iter()
            .all(|a| a.contains("dkim=pass"))
    );
    let two = load("two-from.eml");
    assert_eq!((two.from, two.from_count), (None, 2));
    let none = load("no-from.eml");
    assert_eq!((none.from, none.from_count), (None, 0));
    assert!(load("mailing-list.eml").has_list_headers);
    assert_eq!(
        load("precedence-bulk.eml").precedence.as_deref(),
        Some("bulk")
    );
}

#[test]
fn every_fixture_parses_and_is_documented() {
    let readme = std::fs::read_to_string(fixture_dir().join("README.md")).unwrap_or_default();
    let mut count = 0;
    for entry in std::fs::read_dir(fixture_dir())
        .into_iter()
        .flatten()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.ends_with(".eml") {
            continue;
        }
        count += 1;
        let bytes = raw(&name);
        let mail = load(&name);
        assert_eq!(mail.size, bytes.len(), "{name}");
        assert_eq!(mail.content_hash.len(), 64, "{name}");
        assert!(mail.message_id.is_some(), "{name}");
        assert!(
            readme.contains(&format!("`{name}`")),
            "{name} is not in README.md"
        );
    }
    assert!(count >= 14, "only {count} fixtures");
}

/// Pieces of MIME structure; random sequences of them make nested,
/// truncated and contradictory messages (one such found a mail-parser
/// panic, now caught by `inbound::parse`).
const MIME_PIECES: &str = "Content-Type: multipart/mixed; boundary=b\r\n|\
    Content-Type: multipart/alternative; boundary=c\r\n|Content-Type: message/rfc822\r\n|\
    Content-Type: multipart/digest; boundary=b\r\n|Content-Type: text/html\r\n|\
    Content-Type: text/plain; charset=utf-16\r\n|Content-Transfer-Encoding: base64\r\n|\
    Content-Transfer-Encoding: quoted-printable\r\n|From: a@b.example\r\n|\
    Subject: =?utf-8?q?x?=\r\n|--b\r\n|--b--\r\n|--c\r\n|--c--|\r\n|\n|\r\n\r\n|=\r\n|\
    =E4|QUJD|<div>|<blockquote>|</blockquote>|&#x|-- |> |x";

fn fixture_bytes() -> Vec<Vec<u8>> {
    let dir = fixture_dir();
    let mut all: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".eml"))
        .filter_map(|e| std::fs::read(e.path()).ok())
        .collect();
    all.sort();
    all
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn inbound_parse_never_panics(raw in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let _ = inbound::parse(&raw);
    }

    #[test]
    fn inbound_parse_never_panics_on_damaged_fixtures(
        pick in any::<prop::sample::Index>(),
        cut in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..20),
    ) {
        let fixtures = fixture_bytes();
        let mut raw = fixtures.get(pick.index(fixtures.len().max(1))).cloned().unwrap_or_default();
        for (at, byte) in edits {
            if !raw.is_empty() {
                let i = at.index(raw.len());
                raw[i] = byte;
            }
        }
        raw.truncate(cut.index(raw.len() + 1));
        if let Ok(mail) = inbound::parse(&raw) {
            let _ = parse_mail(&mail.subject, &mail.text);
        }
    }

    #[test]
    fn inbound_parse_never_panics_on_mime_soup(
        pieces in proptest::collection::vec(
            proptest::sample::select(MIME_PIECES.split('|').collect::<Vec<_>>()),
            0..40,
        ),
    ) {
        if let Ok(mail) = inbound::parse(pieces.concat().as_bytes()) {
            let _ = parse_mail(&mail.subject, &mail.text);
        }
    }
}
