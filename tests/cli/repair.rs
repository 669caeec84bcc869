//! The admin's repairs of a player's account through the real binary
//! (issue #16): `player password clear`, `player address add|remove`,
//! `player rename`, `player disable|enable`. Each prints one line and exits
//! 0, also when there was nothing to do; a refusal is one line on stderr
//! and exit 2, and changes nothing. `player list|show` (text and `--json`)
//! show the disabled state.

use serde_json::Value;

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::PbmgoHome;

/// Runs a command that must exit 2 with one line on stderr; returns the line.
fn refused(h: &PbmgoHome, args: &[&str]) -> String {
    let out = h.cmd(args).output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("pbmgo: "), "{stderr}");
    assert!(out.stdout.is_empty(), "{args:?}");
    stderr
}

fn player(h: &PbmgoHome, name: &str) -> Value {
    h.json(&["player", "show", name])
}

fn addresses(h: &PbmgoHome, name: &str) -> Value {
    player(h, name)["addresses"].clone()
}

#[test]
fn password_clear_removes_the_password_once() {
    let h = home();
    send(&h, BOB, "password hunter22");
    assert_eq!(player(&h, "bob")["password_set"], true);
    let said = h.ok(&["player", "password", "clear", "Bob"]);
    assert_eq!(said, "Cleared the password of bob.\n");
    assert_eq!(player(&h, "bob")["password_set"], false);
    let again = h.ok(&["player", "password", "clear", "bob"]);
    assert_eq!(again, "bob has no password; nothing to clear.\n");
    let nobody = refused(&h, &["player", "password", "clear", "nobody"]);
    assert!(nobody.contains("no player nobody"), "{nobody}");
}

#[test]
fn an_address_is_added_normalized_and_never_taken_from_another_player() {
    let h = home();
    let said = h.ok(&[
        "player",
        "address",
        "add",
        "alice",
        "Alice <Alice@Home.Example>",
    ]);
    assert_eq!(
        said,
        "Added alice@home.example to alice (alice@example.org, alice@home.example).\n"
    );
    let again = h.ok(&["player", "address", "add", "ALICE", "alice@home.example"]);
    assert_eq!(
        again,
        "alice already has alice@home.example; nothing to add.\n"
    );
    let taken = refused(
        &h,
        &["player", "address", "add", "alice", "Bob@Example.org"],
    );
    assert!(
        taken.contains("bob@example.org") && taken.contains("by bob") && taken.contains("taken"),
        "{taken}"
    );
    let bad = refused(&h, &["player", "address", "add", "alice", "not-an-address"]);
    assert!(bad.contains("invalid address"), "{bad}");
    refused(&h, &["player", "address", "add", "nobody", "n@example.org"]);
    assert_eq!(
        addresses(&h, "alice"),
        serde_json::json!(["alice@example.org", "alice@home.example"])
    );
    assert_eq!(addresses(&h, "bob"), serde_json::json!(["bob@example.org"]));
    // Mail from the new address is alice's.
    send(&h, "alice@home.example", "games");
    assert!(results(&h, "alice@home.example")[0].starts_with("games => ok"));
}

#[test]
fn an_address_is_removed_but_never_the_last_or_another_players() {
    let h = home();
    h.ok(&["player", "address", "add", "alice", "alice@home.example"]);
    let other = refused(
        &h,
        &["player", "address", "remove", "alice", "bob@example.org"],
    );
    assert!(
        other.contains("alice has no address bob@example.org"),
        "{other}"
    );
    let said = h.ok(&[
        "player",
        "address",
        "remove",
        "alice",
        "<Alice@Example.org>",
    ]);
    assert_eq!(
        said,
        "Removed alice@example.org from alice (alice@home.example left).\n"
    );
    let last = refused(
        &h,
        &["player", "address", "remove", "alice", "alice@home.example"],
    );
    assert!(last.contains("only address of alice"), "{last}");
    assert_eq!(
        addresses(&h, "alice"),
        serde_json::json!(["alice@home.example"])
    );
    // The removed address is a stranger's now.
    send(&h, ALICE, "games");
    let reply = h.sent_to(ALICE).pop().unwrap();
    assert_eq!(reply.kind(), "unknown-sender");
}

#[test]
fn a_rename_is_checked_like_a_new_name_and_keeps_the_games() {
    let h = home();
    send(&h, ALICE, "challenge bob size 9 color black");
    send(&h, BOB, "accept game1");
    for bad in [
        "a",
        "two words",
        "al!ce",
        "postmaster",
        "game7",
        "games",
        "PBMGO",
    ] {
        let why = refused(&h, &["player", "rename", "alice", bad]);
        assert!(why.contains("invalid player name"), "{bad}: {why}");
    }
    let clash = refused(&h, &["player", "rename", "alice", "BOB"]);
    assert!(
        clash.contains("player name bob is already taken"),
        "{clash}"
    );
    refused(&h, &["player", "rename", "nobody", "somebody"]);
    let same = h.ok(&["player", "rename", "alice", "Alice"]);
    assert_eq!(same, "alice is already called alice; nothing to rename.\n");
    let said = h.ok(&["player", "rename", "Alice", "Alicia_2"]);
    assert_eq!(said, "Renamed alice to alicia_2.\n");
    refused(&h, &["player", "show", "alice"]);
    let alicia = player(&h, "alicia_2");
    assert_eq!(alicia["addresses"], serde_json::json!([ALICE]));
    assert_eq!(h.show("game1")["black"], "alicia_2");
    send(&h, ALICE, "move game1 E5");
    assert_eq!(results(&h, ALICE), ["move game1 E5 => ok"]);
}

#[test]
fn disable_and_enable_show_in_list_and_show() {
    let h = home();
    assert_eq!(player(&h, "bob")["disabled"], false);
    let said = h.ok(&["player", "disable", "Bob"]);
    assert!(said.starts_with("Disabled bob: "), "{said}");
    assert_eq!(said.lines().count(), 1);
    let again = h.ok(&["player", "disable", "bob"]);
    assert_eq!(again, "bob is already disabled; nothing to change.\n");
    assert_eq!(player(&h, "bob")["disabled"], true);
    let list = h.json(&["player", "list"]);
    let flags: Vec<(&str, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap(),
                p["disabled"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(flags, [("alice", false), ("bob", true), ("carol", false)]);
    let text = h.ok(&["player", "list"]);
    assert!(
        text.lines()
            .any(|l| l.starts_with("bob ") && l.contains("(disabled)")),
        "{text}"
    );
    assert!(
        !text
            .lines()
            .any(|l| l.starts_with("alice") && l.contains("disabled"))
    );
    let shown = h.ok(&["player", "show", "bob"]);
    assert!(shown.contains("Account: disabled by the admin"), "{shown}");

    send(&h, BOB, "games");
    let reply = h.sent_to(BOB).pop().unwrap();
    assert_eq!(reply.rejected(), ["account-disabled"]);

    let enabled = h.ok(&["player", "enable", "bob"]);
    assert_eq!(enabled, "Enabled bob: their mail is acted on again.\n");
    let again = h.ok(&["player", "enable", "bob"]);
    assert_eq!(again, "bob is already enabled; nothing to change.\n");
    assert_eq!(player(&h, "bob")["disabled"], false);
    assert!(!h.ok(&["player", "show", "bob"]).contains("Account:"));
    refused(&h, &["player", "disable", "nobody"]);
    refused(&h, &["player", "enable", "nobody"]);
}
