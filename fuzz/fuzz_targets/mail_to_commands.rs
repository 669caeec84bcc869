//! Raw mail to commands, the first steps of the pipeline: `inbound::parse`,
//! `classify`, `parse_mail`; then the reply's headers, as the pipeline
//! writes them from the mail's Subject, Message-ID and References, are
//! rendered and checked: only pbmgo's header names, CRLF-only lines, no
//! player text as a header of its own.
#![no_main]

use chrono::{TimeZone, Utc};
use libfuzzer_sys::fuzz_target;
use pbmgo::mail::classify::classify;
use pbmgo::command::{MAX_COMMANDS, parse_mail, strip_subject};
use pbmgo::mail::inbound;
use pbmgo::mail::outbound::{AUTO_REPLIED, Identity, OutboundMail, render};

const ALLOWED: &[&str] = &[
    "from",
    "to",
    "subject",
    "date",
    "message-id",
    "in-reply-to",
    "references",
    "auto-submitted",
    "x-pbmgo-rejected",
    "x-pbmgo-game",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
];

fuzz_target!(|data: &[u8]| {
    let Ok(mail) = inbound::parse(data) else {
        return;
    };
    let _ = classify(&mail, "games@pbmgo.example");
    assert!(!mail.subject.chars().any(char::is_control));
    let parsed = parse_mail(&mail.subject, &mail.text);
    assert!(parsed.commands.len() <= MAX_COMMANDS);

    let (rest, _) = strip_subject(&mail.subject);
    let reply = OutboundMail {
        to: mail
            .from
            .clone()
            .unwrap_or_else(|| "alice@example.org".into()),
        to_name: mail.from_name.clone(),
        subject: format!("[game1] Re: {rest}"),
        text: mail.text.clone(),
        html: None,
        message_id: "1.fuzz@pbmgo.example".into(),
        in_reply_to: mail.message_id.clone(),
        references: mail.references.clone(),
        auto_submitted: AUTO_REPLIED,
        rejected_codes: parsed.comment.iter().take(3).cloned().collect(),
        game: Some("game1".into()),
        attachments: Vec::new(),
        inline_images: Vec::new(),
        laid_out: Vec::new(),
        reply_to: None,
    };
    let server = Identity {
        address: "games@pbmgo.example".into(),
        name: "pbmgo".into(),
    };
    let date = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
    // A sender address lettre refuses is a quarantined message, not a reply.
    let Ok(raw) = render(&reply, &server, date) else {
        return;
    };
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("end of headers");
    let head = &raw[..end + 2];
    for (i, &b) in head.iter().enumerate() {
        match b {
            b'\r' => assert_eq!(head.get(i + 1), Some(&b'\n'), "bare CR"),
            b'\n' => assert_eq!(head[i - 1], b'\r', "bare LF"),
            b'\t' => {}
            b => assert!(!b.is_ascii_control(), "control byte {b:#04x} in headers"),
        }
    }
    for line in String::from_utf8_lossy(head).split_terminator("\r\n") {
        if line.starts_with([' ', '\t']) {
            continue;
        }
        let name = line.split_once(':').map(|(n, _)| n.to_ascii_lowercase());
        assert!(
            name.as_deref().is_some_and(|n| ALLOWED.contains(&n)),
            "header line {line:?}"
        );
    }
    let back = mail_parser::MessageParser::default()
        .parse(&raw)
        .expect("the reply parses");
    for h in back.headers() {
        let name = h.name().to_ascii_lowercase();
        assert!(ALLOWED.contains(&name.as_str()), "header {name:?}");
    }
});
