//! Outgoing mail end to end: templates fill the bodies, `outbound` renders
//! the bytes, and each transport delivers them unchanged.
//!
//! This file holds the rendering and header-safety tests; transports and
//! templates have their own files under `tests/mail/outbound/`.

pub mod templates;
mod transport;

use chrono::{DateTime, TimeZone, Utc};
use mail_parser::{MessageParser, MimeHeaders};
use pbmgo::mail::outbound::{
    AUTO_GENERATED, AUTO_REPLIED, Attachment, Identity, OutboundError, OutboundMail, clean_body,
    clean_header_text, message_id, render,
};
use pbmgo::mail::templates::{BoardCtx, Templates, TranscriptCtx, TranscriptLine};
use proptest::prelude::*;

/// A 9x9 board as the engine draws it (see `go::render`).
pub const BOARD: &str = "    A B C D E F G H J
 9  . . . . . . . . .  9
 8  . . . . . . . . .  8
 7  . . + . . . + . .  7
 6  . . . . O . . . .  6
 5  . . . .(X). . . .  5
 4  . . . . . . . . .  4
 3  . . X . . . + . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
";

/// An SGF record with bare LFs and a NUL, which must survive byte for byte.
const SGF: &[u8] = b"(;GM[1]FF[4]SZ[9]\n;B[ee]\n;W[ef]\n;B[cg]C[\0])\n";

pub fn date() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 10, 30, 0).unwrap()
}

pub fn server() -> Identity {
    Identity {
        address: "pbmgo@example.org".into(),
        name: "pbmgo Go server".into(),
    }
}

pub fn board_ctx() -> BoardCtx {
    BoardCtx {
        game: "game42".into(),
        black: "alice".into(),
        white: "bob".into(),
        size: 9,
        komi: "6.5".into(),
        captures_black: 0,
        captures_white: 1,
        to_move: "White".into(),
        move_number: 4,
        status: "playing".into(),
        result: None,
        last_move: Some("E5".into()),
        board: BOARD.into(),
        phase: "play".into(),
        clock: Some(
            "Clock: fischer 3d+1d max 7d, weekends off.\n\
             Black (alice): 3d 4h + 1d a move (max 7d).\n\
             White (bob), to play: 2d 23h + 1d a move (max 7d).\n\
             Runs out if no move comes: 2026-11-30 11:42 Europe/Berlin\n\
             (2026-11-30 10:42 UTC)."
                .into(),
        ),
        ko: Some("Ko: White (bob) may not retake D5 with this move; play elsewhere first.".into()),
        recent: Some("Moves 1-3: Black C3, White D4, Black E5.".into()),
        link: None,
    }
}

pub fn transcript_ctx() -> TranscriptCtx {
    let line = |command: &str, reason: Option<&str>| TranscriptLine {
        command: command.into(),
        ok: reason.is_none(),
        reason: reason.map(Into::into),
    };
    TranscriptCtx {
        headline: "You played C3 in game42; bob to move; 1 of 3 commands done, 2 refused.".into(),
        server_name: "pbmgo".into(),
        lines: vec![
            line("move game42 c3", None),
            line("move game42 e6", Some("E6 is already occupied")),
            line("pass game7", Some("you have no game called game7")),
        ],
        not_processed: vec!["board game42".into()],
        boards: vec![board_ctx()],
        sections: vec![],
        help_hint: true,
    }
}

/// A reply as the pipeline would build it, both bodies from the templates.
pub fn reply() -> OutboundMail {
    let templates = Templates::new(None).unwrap();
    let ctx = transcript_ctx();
    OutboundMail {
        to: "alice@example.net".into(),
        to_name: Some("Alice Ünal".into()),
        subject: "Re: move game42 c3 — Zügzwang?".into(),
        text: templates.render("reply-transcript.txt", &ctx).unwrap(),
        html: None,
        message_id: "20261122.1.abc@example.org".into(),
        in_reply_to: Some("orig.7@mail.example.net".into()),
        references: vec![
            "root.1@mail.example.net".into(),
            "orig.7@mail.example.net".into(),
        ],
        auto_submitted: AUTO_REPLIED,
        rejected_codes: vec!["occupied".into(), "no-such-game".into()],
        game: Some("game42".into()),
        attachments: vec![Attachment {
            filename: "game42.sgf".into(),
            content_type: "application/x-go-sgf".into(),
            body: SGF.to_vec(),
        }],
        reply_to: None,
        inline_images: Vec::new(),
        laid_out: Vec::new(),
    }
}

/// The top-level header block of a rendered mail, unfolded, one per entry.
pub fn header_lines(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    let head = text.split("\r\n\r\n").next().unwrap_or_default();
    let mut lines: Vec<String> = Vec::new();
    for line in head.split("\r\n") {
        match lines.last_mut() {
            Some(last) if line.starts_with([' ', '\t']) => last.push_str(line),
            _ => lines.push(line.to_owned()),
        }
    }
    lines
}

fn header_names(raw: &[u8]) -> Vec<String> {
    header_lines(raw)
        .iter()
        .map(|l| l.split(':').next().unwrap_or_default().to_ascii_lowercase())
        .collect()
}

#[test]
fn a_rendered_reply_parses_back_with_every_header_and_body() {
    let raw = render(&reply(), &server(), date()).unwrap();
    let msg = MessageParser::default().parse(&raw).unwrap();

    let from = msg.from().unwrap().first().unwrap();
    assert_eq!(from.name(), Some("pbmgo Go server"));
    assert_eq!(from.address(), Some("pbmgo@example.org"));
    let to = msg.to().unwrap();
    assert_eq!(to.as_list().map(|l| l.len()), Some(1));
    assert_eq!(to.first().unwrap().name(), Some("Alice Ünal"));
    assert_eq!(to.first().unwrap().address(), Some("alice@example.net"));
    assert_eq!(msg.subject(), Some("Re: move game42 c3 — Zügzwang?"));
    assert_eq!(msg.date().unwrap().to_timestamp(), date().timestamp());
    assert_eq!(msg.message_id(), Some("20261122.1.abc@example.org"));
    assert_eq!(msg.in_reply_to().as_text(), Some("orig.7@mail.example.net"));
    let refs: Vec<&str> = msg
        .references()
        .as_text_list()
        .unwrap()
        .iter()
        .map(|r| r.as_ref())
        .collect();
    assert_eq!(refs, ["root.1@mail.example.net", "orig.7@mail.example.net"]);
    assert_eq!(
        msg.header_raw("Auto-Submitted").map(str::trim),
        Some("auto-replied")
    );
    assert_eq!(
        msg.header_raw("X-Pbmgo-Game").map(str::trim),
        Some("game42")
    );
    let rejected: Vec<&str> = msg
        .headers_raw()
        .filter(|(name, _)| name.eq_ignore_ascii_case("X-Pbmgo-Rejected"))
        .map(|(_, value)| value.trim())
        .collect();
    assert_eq!(rejected, ["occupied", "no-such-game"]);
    assert!(!header_names(&raw).contains(&"precedence".to_owned()));

    let text = msg.body_text(0).unwrap().replace("\r\n", "\n");
    assert!(text.contains("> move game42 e6\nrejected: E6 is already occupied\n"));
    assert!(text.contains(BOARD), "board not verbatim in:\n{text}");
    let html = msg.body_html(0).unwrap().replace("\r\n", "\n");
    assert!(
        html.contains(&format!("<pre class=\"board\">{}</pre>", BOARD.trim_end())),
        "board not in <pre>:\n{html}"
    );

    assert_eq!(msg.attachment_count(), 1);
    let sgf = msg.attachment(0).unwrap();
    assert_eq!(sgf.attachment_name(), Some("game42.sgf"));
    assert_eq!(sgf.content_type().unwrap().ctype(), "application");
    assert_eq!(sgf.contents(), SGF);
}

#[test]
fn a_mail_without_html_gets_it_from_its_text_and_no_threading() {
    let mail = OutboundMail {
        html: None,
        attachments: Vec::new(),
        in_reply_to: None,
        references: Vec::new(),
        rejected_codes: Vec::new(),
        game: None,
        auto_submitted: AUTO_GENERATED,
        text: "your move\n".into(),
        ..reply()
    };
    let raw = render(&mail, &server(), date()).unwrap();
    let names = header_names(&raw);
    for absent in [
        "in-reply-to",
        "references",
        "x-pbmgo-rejected",
        "x-pbmgo-game",
    ] {
        assert!(!names.contains(&absent.to_owned()), "{absent} in {names:?}");
    }
    let msg = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(msg.content_type().unwrap().subtype(), Some("alternative"));
    assert_eq!(msg.body_text(0).unwrap().trim_end(), "your move");
    assert!(msg.body_html(0).unwrap().contains("<p>your move</p>"));
    assert_eq!(
        msg.header_raw("Auto-Submitted").map(str::trim),
        Some("auto-generated")
    );
    assert_eq!(msg.body_text(0).unwrap().trim_end(), "your move");
}

#[test]
fn rendering_is_deterministic() {
    let raw = render(&reply(), &server(), date()).unwrap();
    assert_eq!(raw, render(&reply(), &server(), date()).unwrap());
    insta::assert_snapshot!("reply.eml", String::from_utf8(raw).unwrap());
}

#[test]
fn message_ids_are_deterministic_and_always_valid() {
    assert_eq!(message_id(7, "abc", "example.org"), "7.abc@example.org");
    assert_eq!(message_id(1, "a b<>@", "..ex..org."), "1.ab@ex.org");
    assert_eq!(message_id(1, "", "\r\n"), "1.0@invalid");
    let odd = message_id(u64::MAX, "@@", "@");
    let mail = OutboundMail {
        message_id: odd.clone(),
        ..reply()
    };
    let raw = render(&mail, &server(), date()).unwrap();
    let msg = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(msg.message_id(), Some(odd.as_str()));
}

#[test]
fn cleaning_keeps_header_values_on_one_line_and_bodies_free_of_controls() {
    let cleaned = clean_header_text("x\r\nBcc: evil@example.org", 100);
    assert_eq!(cleaned, "x Bcc: evil@example.org");
    assert_eq!(
        clean_header_text("\t a\u{0}b \u{2028} c\u{7f}", 100),
        "a b c"
    );
    assert_eq!(clean_header_text("abcdef", 3), "abc");
    assert_eq!(clean_header_text("\r\n", 3), "");
    assert_eq!(
        clean_body("a\r\nb\rc\nd\te\u{0}\u{1b}[31m"),
        "a\nb\nc\nd\te[31m"
    );
    assert_eq!(clean_body("\r.\r\n"), "\n.\n");
}

const HOSTILE: &str = "x\r\nBcc: evil@example.org\r\nX-Injected: 1";

#[test]
fn hostile_header_values_never_add_a_header() {
    let mail = OutboundMail {
        subject: HOSTILE.into(),
        to_name: Some(format!("Eve {HOSTILE}")),
        rejected_codes: vec![HOSTILE.into(), "a\nX-Injected: 2".into(), "\r\n".into()],
        game: Some(HOSTILE.into()),
        in_reply_to: Some(format!("a@b{HOSTILE}")),
        references: vec![HOSTILE.into(), "ok@example.net".into()],
        attachments: vec![Attachment {
            filename: format!("evil{HOSTILE}.sgf"),
            content_type: "application/x-go-sgf".into(),
            body: b"(;)".to_vec(),
        }],
        ..reply()
    };
    let raw = render(&mail, &server(), date()).unwrap();
    let names = header_names(&raw);
    assert!(
        !names.iter().any(|n| n == "bcc" || n == "x-injected"),
        "{names:?}"
    );
    let count = |name: &str| names.iter().filter(|n| *n == name).count();
    assert_eq!(count("x-pbmgo-rejected"), 2);
    assert_eq!(count("to"), 1);
    let msg = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(msg.subject(), Some("x Bcc: evil@example.org X-Injected: 1"));
    assert_eq!(msg.to().unwrap().as_list().map(|l| l.len()), Some(1));
    assert!(msg.bcc().is_none());
    assert_eq!(msg.in_reply_to().as_text(), None);
    assert_eq!(msg.references().as_text(), Some("ok@example.net"));
    for part in msg.parts.iter() {
        for h in part.headers() {
            assert!(
                !h.name().eq_ignore_ascii_case("x-injected"),
                "part header {h:?}"
            );
        }
    }
}

#[test]
fn invalid_input_is_an_error_not_a_panic() {
    let bad_to = OutboundMail {
        to: "alice@example.net\r\nBcc: evil@example.org".into(),
        ..reply()
    };
    assert!(matches!(
        render(&bad_to, &server(), date()),
        Err(OutboundError::BadAddress(_))
    ));
    let no_at = OutboundMail {
        to: "not an address".into(),
        ..reply()
    };
    assert!(matches!(
        render(&no_at, &server(), date()),
        Err(OutboundError::BadAddress(_))
    ));
    let bad_from = Identity {
        address: "".into(),
        ..server()
    };
    assert!(matches!(
        render(&reply(), &bad_from, date()),
        Err(OutboundError::BadAddress(_))
    ));
    let bad_id = OutboundMail {
        message_id: "no brackets <>".into(),
        ..reply()
    };
    assert!(matches!(
        render(&bad_id, &server(), date()),
        Err(OutboundError::BadMessageId(_))
    ));
    let bad_type = OutboundMail {
        attachments: vec![Attachment {
            filename: "x".into(),
            content_type: "nonsense".into(),
            body: vec![],
        }],
        ..reply()
    };
    assert!(matches!(
        render(&bad_type, &server(), date()),
        Err(OutboundError::BadContentType { .. })
    ));
    let ancient = Utc.with_ymd_and_hms(1969, 12, 31, 23, 59, 59).unwrap();
    assert!(matches!(
        render(&reply(), &server(), ancient),
        Err(OutboundError::BadDate(_))
    ));
    assert!(render(&reply(), &server(), DateTime::<Utc>::MAX_UTC).is_err());
}

/// Whether every line ends in CRLF and no other control byte but tab occurs.
fn only_crlf_and_no_controls(raw: &[u8]) -> bool {
    raw.split(|&b| b == b'\n').all(|line| {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        line.iter().all(|&b| b == b'\t' || (b >= 0x20 && b != 0x7f))
    }) && raw
        .windows(2)
        .filter(|w| w[1] == b'\n')
        .all(|w| w[0] == b'\r')
        && raw.first() != Some(&b'\n')
}

/// The header names a reply may have at the top level.
const ALLOWED: &[&str] = &[
    "x-pbmgo-rejected",
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "auto-submitted",
    "x-pbmgo-game",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn no_player_text_can_add_a_header(
        subject in "[a-zA-Z:<>@ \r\n\t\u{0}-\u{1f}\u{7f}\u{85}\u{2028}é]{0,40}",
        name in "[a-zA-Z:<>@\" \r\n\t\u{0}-\u{1f}é]{0,40}",
        codes in proptest::collection::vec("[a-z:\r\n -]{0,20}", 0..4),
        text in "[a-z.\r\n \t\u{0}\u{1b}\u{7f}é]{0,80}",
    ) {
        let mail = OutboundMail {
            subject,
            to_name: Some(name),
            rejected_codes: codes.clone(),
            text,
            html: None,
            attachments: Vec::new(),
            ..reply()
        };
        let raw = render(&mail, &server(), date()).unwrap();
        prop_assert!(only_crlf_and_no_controls(&raw), "{}", String::from_utf8_lossy(&raw));
        let names = header_names(&raw);
        for n in &names {
            prop_assert!(ALLOWED.contains(&n.as_str()), "unexpected header {n:?} in {names:?}");
        }
        let kept = codes.iter().filter(|c| !c.trim().is_empty()).count();
        prop_assert_eq!(names.iter().filter(|n| *n == "x-pbmgo-rejected").count(), kept);
        prop_assert_eq!(names.iter().filter(|n| *n == "subject").count(), 1);
    }
}
