//! The bounds on one command line, from strings (issue 26): an `if` line
//! over `max_if_moves`, `say` words over `max_say_chars` and any other
//! command line over `max_line_chars` are refused with their own codes and
//! quoted back cut short; prose that only starts like a command stays
//! words; inbound text loses its line separators and tag characters.

use pbmgo::command::{
    Command, CommandError, IfAction, Limits, MAX_LINE_CHARS, OwnWords, parse_limited, parse_mail,
    plain_text,
};
use pbmgo::mail::inbound;

use crate::common::lines::{code, ok};

/// The first command of `body` read under `limits`.
fn first(body: &str, limits: &Limits) -> Result<Command, CommandError> {
    let parsed = parse_limited("", body, &OwnWords::new(), None, limits);
    parsed.commands.first().expect("a command").parsed.clone()
}

fn small() -> Limits {
    Limits {
        max_line_chars: 60,
        max_say_chars: 10,
        max_if_moves: 4,
    }
}

#[test]
fn the_defaults_are_the_documented_ones() {
    let d = Limits::default();
    assert_eq!(
        (d.max_line_chars, d.max_say_chars, d.max_if_moves),
        (1000, 2000, 40)
    );
}

#[test]
fn an_if_line_over_its_moves_is_refused_with_the_limit() {
    let l = small();
    let four = first("if game1 c3 d4 c4 d5", &l);
    assert!(matches!(
        four,
        Ok(Command::If { action: IfAction::Set(ref m), .. }) if m.len() == 4
    ));
    let six = first("if game1 c3 d4 c4 d5 e5 e6", &l);
    assert_eq!(six, Err(CommandError::IfTooLong(4)));
    assert_eq!(six.unwrap_err().code(), "if-too-long");
    assert_eq!(
        code(&format!("if game1 {}", "c3 d4 ".repeat(21))),
        "if-too-long"
    );
    assert!(matches!(
        ok(&format!("if game1 {}", "c3 d4 ".repeat(20))),
        Command::If { .. }
    ));
}

#[test]
fn a_megabyte_if_line_is_refused_and_quoted_cut_short() {
    let body = format!("if game1 {}", "c3 d4 ".repeat(170_000));
    let parsed = parse_mail("", &body);
    let line = &parsed.commands[0];
    assert_eq!(line.parsed, Err(CommandError::IfTooLong(40)));
    assert_eq!(line.text.chars().count(), MAX_LINE_CHARS);
    assert!(line.text.ends_with('…'), "{}", line.text);
}

#[test]
fn say_words_over_the_limit_are_refused() {
    let l = small();
    assert!(matches!(
        first("say game1 0123456789", &l),
        Ok(Command::Say { ref text, .. }) if text == "0123456789"
    ));
    assert_eq!(
        first("say game1 0123456789x", &l),
        Err(CommandError::SayTooLong(10))
    );
    // `say` words are bounded by their own limit, not the line's.
    let long = Limits {
        max_say_chars: 100,
        ..small()
    };
    assert!(first(&format!("say game1 {}", "a".repeat(90)), &long).is_ok());
    assert_eq!(
        code(&format!("say game1 {}", "é".repeat(2001))),
        "say-too-long"
    );
    assert!(matches!(
        ok(&format!("say game1 {}", "é".repeat(2000))),
        Command::Say { .. }
    ));
}

#[test]
fn any_other_command_line_over_the_limit_is_refused() {
    let l = small();
    let line = format!("dead game1 {}", "c3 ".repeat(20));
    assert_eq!(first(&line, &l), Err(CommandError::LineTooLong(60)));
    let password = format!("password {}", "s".repeat(70));
    let parsed = parse_limited("", &password, &OwnWords::new(), None, &l);
    assert_eq!(
        parsed.commands[0].parsed,
        Err(CommandError::LineTooLong(60))
    );
    assert_eq!(parsed.commands[0].text, "password ********");
    assert_eq!(CommandError::LineTooLong(60).code(), "line-too-long");
}

#[test]
fn long_prose_that_starts_like_a_command_stays_words() {
    let l = small();
    let prose = "If you like, we can play another game after this one, with more time.";
    let parsed = parse_limited("", prose, &OwnWords::new(), None, &l);
    assert!(parsed.commands.is_empty(), "{parsed:?}");
    assert_eq!(parsed.comment.len(), 1);
}

#[test]
fn line_separators_break_lines_and_tags_are_dropped() {
    let text = "say game1 hi\u{2028}move game1 c3\u{2029}t\u{e0041}\u{e007f}ail";
    assert_eq!(plain_text(text), "say game1 hi\nmove game1 c3\ntail");
    let parsed = parse_mail("", &plain_text(text));
    assert_eq!(parsed.commands.len(), 2);
    assert_eq!(parsed.comment, ["tail"]);
}

#[test]
fn inbound_text_and_subject_are_made_plain() {
    let raw = "From: alice@example.org\r\nTo: pbmgo@localhost\r\n\
               Subject: hello\u{2028}there\u{e0041}\r\nMessage-ID: <x@y>\r\n\
               Content-Type: text/plain; charset=utf-8\r\n\r\n\
               say game1 one\u{2029}two\u{e0020}\r\n";
    let mail = inbound::parse(raw.as_bytes()).unwrap();
    assert_eq!(mail.subject, "hello there");
    assert_eq!(mail.text.trim_end(), "say game1 one\ntwo");
}
