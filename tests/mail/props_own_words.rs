//! Property: a reply that only repeats a mail pbmgo sent, quoted in any
//! style, executes nothing. The mails are real: a short game driven through
//! `poll` (moves with a comment, passes into scoring, `help`, `games`), its
//! outbox collected once; the replies quote one of them with no marks, with
//! `> `, with an attribution above the quote, Notes-style (attribution
//! then the original unquoted), below an Outlook header block, with a tab
//! (mailx), or as an HTML `<blockquote>`; each is read as the pipeline reads
//! it (`inbound::parse`, the mail's words as `OwnWords`, `parse_reply`).

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo::command::parse_reply;
use pbmgo::mail::inbound;
use pbmgo::mail::inbound::sent::{Recognise, own_words};
use pbmgo_home::{PbmgoHome, mail};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// The raw mails a short game makes pbmgo send.
fn sent_mails() -> Vec<Vec<u8>> {
    let h = PbmgoHome::new();
    h.player("bob", "bob@example.net");
    h.player("alice", "alice@example.org");
    h.game_new("bob", "alice", 9);
    let script = [
        ("bob@example.net", "move game1 d4\nYour turn!"),
        ("alice@example.org", "move game1 c5\nplay well"),
        ("bob@example.net", "pass game1"),
        ("alice@example.org", "pass game1"),
        ("bob@example.net", "help"),
        ("alice@example.org", "games"),
    ];
    for (from, body) in script {
        h.drop_mail(&mail(from, "game", body).bytes());
        h.poll();
    }
    let dir = h.path().join("outbox");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "eml"))
        .collect();
    files.sort();
    files.iter().map(|p| std::fs::read(p).unwrap()).collect()
}

#[derive(Debug, Clone, Copy)]
enum Style {
    Bare,
    Prefixed,
    AttributionAbove,
    Notes,
    OutlookBlock,
    Tab,
    HtmlBlockquote,
}

const STYLES: [Style; 7] = [
    Style::Bare,
    Style::Prefixed,
    Style::AttributionAbove,
    Style::Notes,
    Style::OutlookBlock,
    Style::Tab,
    Style::HtmlBlockquote,
];

fn prefixed(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|l| format!("{prefix}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The body of a reply to a mail whose text is `text` (HTML `html`).
fn body(style: Style, text: &str, html: &str) -> (String, &'static str) {
    let attribution = "On Sat, Dec 5, 2026 at 10:06 AM pbmgo <games@pbmgo.example> wrote:";
    let plain = "text/plain; charset=utf-8";
    match style {
        Style::Bare => (text.to_string(), plain),
        Style::Prefixed => (prefixed(text, "> "), plain),
        Style::AttributionAbove => (format!("{attribution}\n{}", prefixed(text, "> ")), plain),
        Style::Notes => (
            format!("pbmgo <games@pbmgo.example> wrote on 05.12.2026 10:06:00:\n\n{text}"),
            plain,
        ),
        Style::OutlookBlock => (
            format!("________________________________\nFrom: pbmgo\nSent: Saturday\n\n{text}"),
            plain,
        ),
        Style::Tab => (prefixed(text, "\t"), plain),
        Style::HtmlBlockquote => (
            format!("<div class=\"gmail_attr\">{attribution}</div><blockquote>{html}</blockquote>"),
            "text/html; charset=utf-8",
        ),
    }
}

fn html_of(raw: &[u8]) -> String {
    let message = mail_parser::MessageParser::default().parse(raw).unwrap();
    message
        .body_html(0)
        .map(|h| h.to_string())
        .unwrap_or_else(|| {
            message
                .body_text(0)
                .unwrap_or_default()
                .replace('\n', "<br>")
        })
}

#[test]
fn replying_with_our_mail_alone_executes_nothing() {
    let mails = sent_mails();
    assert!(mails.len() >= 6, "{} mails", mails.len());
    let mut runner = TestRunner::new(Config {
        cases: 64,
        ..Config::default()
    });
    let strategy = (0..mails.len(), 0..STYLES.len());
    runner
        .run(&strategy, |(m, s)| {
            let raw = &mails[m];
            let ours = inbound::parse(raw).unwrap();
            let (text, ctype) = body(STYLES[s], &ours.text, &html_of(raw));
            let reply = mail("alice@example.org", &format!("Re: {}", ours.subject), &text)
                .header("Content-Type", ctype)
                .bytes();
            let read = inbound::parse(&reply).unwrap();
            let own = own_words([raw.as_slice()], Recognise::LinesAndSubjects);
            let parsed = parse_reply(&read.subject, &read.text, &own);
            prop_assert!(
                parsed.commands.is_empty(),
                "{:?} reply to {:?}: {:?}",
                STYLES[s],
                ours.subject,
                parsed.commands
            );
            Ok(())
        })
        .unwrap();
}
