//! The `public on|off` command read from lines: both switches and their
//! canonical form, the words that are refused, and the lines that stay
//! chat.

use pbmgo::command::{Command, parse_command};

use crate::common::lines::{code, ok};

#[test]
fn on_and_off_in_any_case_read_back() {
    for (line, on) in [
        ("public on", true),
        ("Public ON", true),
        ("PUBLIC off", false),
        ("  public   off  ", false),
        ("public off.", false),
        ("Public on!", true),
    ] {
        assert_eq!(ok(line), Command::Public { on }, "{line:?}");
    }
    assert_eq!(ok("public on").to_string(), "public on");
    assert_eq!(ok("public off").to_string(), "public off");
    assert_eq!(
        parse_command("public off"),
        Some(Ok(Command::Public { on: false }))
    );
}

#[test]
fn missing_bad_or_extra_words_are_refused() {
    assert_eq!(code("public"), "missing-argument");
    assert_eq!(code("public 2"), "bad-option");
    assert_eq!(code("public on off"), "too-many-arguments");
}

#[test]
fn prose_starting_with_public_is_chat() {
    for line in [
        "Public transport was late today.",
        "public games are fun",
        "public maybe",
        "public off, I think.",
        "Public on the whole, I prefer it.",
        "Public?",
        "public on?",
    ] {
        assert!(parse_command(line).is_none(), "{line:?}");
    }
}
