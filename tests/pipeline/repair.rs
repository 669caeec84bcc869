//! The admin's repairs of an account as the mail sees them (issue #16),
//! in-process on the pipeline harness, the repairs made by the real binary
//! on the harness's home: a disabled player's mail is answered with one
//! short reply and nothing in it is acted on, nothing else is mailed to
//! them (no "your move", a `say` is kept), and enabling them undoes it;
//! `player password clear` lets a player whose password was set move
//! without the `password` line.

use crate::common::harness::{Harness, Processed};
use crate::common::home::Home;
use crate::common::lifecycle::{ALICE, BOB, harness, results};
use crate::common::pbmgo_home::{OutMail, command_on, mail};

/// The disabled sentence, as the reply says it.
const DISABLED: &str = "your account alice is disabled by the admin.";

/// Runs `pbmgo ARGS` on the harness's home, which must exit 0; returns stdout.
fn admin(h: &Harness, args: &[&str]) -> String {
    let out = command_on(&h.path(), args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Hands a mail of `body` from `from` to the pipeline.
fn mail_from(h: &Harness, from: &str, body: &str) -> Processed {
    h.process(&mail(from, "commands", body).bytes())
}

fn the_one_reply(p: &Processed) -> &OutMail {
    assert_eq!(p.queued.len(), 1, "one mail queued");
    &p.queued[0]
}

fn last_reasons(h: &Harness) -> serde_json::Value {
    h.messages().last().unwrap()["reasons"].clone()
}

#[test]
fn a_disabled_players_mail_gets_one_reply_and_moves_nothing() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    admin(&h, &["player", "disable", "alice"]);
    let p = mail_from(&h, ALICE, "move game1 E5\nsay game1 hello\ngames");
    let reply = the_one_reply(&p);
    assert_eq!((reply.recipient(), reply.kind()), (ALICE, "reply"));
    assert_eq!(reply.rejected(), ["account-disabled"]);
    assert!(reply.text.contains(DISABLED), "{}", reply.text);
    assert!(reply.subject.starts_with("Re: "), "{}", reply.subject);
    assert!(reply.header("In-Reply-To").is_some());
    assert!(h.moves("game1").is_empty(), "the move is not applied");
    assert_eq!(h.messages().last().unwrap()["outcome"], "rejected");
    assert_eq!(last_reasons(&h), serde_json::json!(["account-disabled"]));

    admin(&h, &["player", "enable", "alice"]);
    mail_from(&h, ALICE, "move game1 E5");
    assert_eq!(results(&h, ALICE), ["move game1 E5 => ok"]);
    assert_eq!(h.moves("game1").len(), 1);
}

#[test]
fn nothing_else_is_mailed_to_a_disabled_player() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    admin(&h, &["player", "disable", "bob"]);
    let p = mail_from(&h, ALICE, "move game1 E5");
    let reply = the_one_reply(&p);
    assert_eq!(reply.recipient(), ALICE, "no your-move to bob");
    assert_eq!(results(&h, ALICE), ["move game1 E5 => ok"]);
    mail_from(&h, ALICE, "say game1 are you there?");
    let said = crate::common::lifecycle::transcript(&h, ALICE).text;
    assert!(
        said.contains("The account of bob is disabled by the admin"),
        "{said}"
    );
    assert!(h.sent_to(BOB).is_empty(), "nothing to bob");

    admin(&h, &["player", "enable", "bob"]);
    mail_from(&h, BOB, "move game1 C3");
    assert_eq!(results(&h, BOB), ["move game1 C3 => ok"]);
    let p = mail_from(&h, ALICE, "move game1 D4");
    assert!(
        p.queued
            .iter()
            .any(|m| m.recipient() == BOB && m.kind() == "your-move")
    );
}

#[test]
fn a_cleared_password_is_no_longer_asked_for() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    mail_from(&h, ALICE, "password hunter2");
    mail_from(&h, ALICE, "move game1 E5");
    assert_eq!(last_reasons(&h), serde_json::json!(["bad-password"]));
    assert!(h.moves("game1").is_empty());
    let said = admin(&h, &["player", "password", "clear", "alice"]);
    assert_eq!(said, "Cleared the password of alice.\n");
    mail_from(&h, ALICE, "move game1 E5");
    assert_eq!(results(&h, ALICE), ["move game1 E5 => ok"]);
    assert_eq!(h.moves("game1").len(), 1);
}
