//! The `address` command read from lines: listing, adding and removing an
//! address, the words that are refused, and the lines that stay chat.

use pbmgo::command::{AddressAction, Command, parse_command};

use crate::common::lines::{code, ok};

fn action(line: &str) -> AddressAction {
    match ok(line) {
        Command::Address { action } => action,
        other => panic!("{line:?} gave {other:?}"),
    }
}

#[test]
fn listing_adding_and_removing() {
    assert_eq!(action("address"), AddressAction::List);
    assert_eq!(action("Address list"), AddressAction::List);
    let add = AddressAction::Add("Alice@Example.NET".into());
    assert_eq!(action("address add Alice@Example.NET"), add);
    assert_eq!(action("ADDRESS ADD <Alice@Example.NET>."), add);
    let remove = AddressAction::Remove("old@example.org".into());
    assert_eq!(action("address remove old@example.org"), remove);
    assert_eq!(
        ok("address add a@example.net").to_string(),
        "address add a@example.net"
    );
    assert_eq!(ok("address").to_string(), "address");
}

#[test]
fn missing_or_extra_words_are_refused() {
    assert_eq!(code("address add"), code("address remove"));
    assert_eq!(code("address add"), "missing-argument");
    assert_eq!(
        code("address add a@example.net b@example.net"),
        "too-many-arguments"
    );
}

#[test]
fn prose_starting_with_address_is_chat() {
    for line in [
        "Address me as Bob, please.",
        "address of the club: 12 Main Street",
        "Address?",
        "address add later, I am busy",
        "Address list is long",
    ] {
        assert!(parse_command(line).is_none(), "{line:?}");
    }
}
