//! Bounces through the real binary on a real SQLite file: pbmgo's mail
//! goes out with a VERP envelope sender (`games+bounce-<id>@pbmgo.example`),
//! a Postfix delivery report that comes back is recorded against the
//! address and never answered, three permanent ones stop mail to it and
//! mark the player `bouncing`, the opponent is told once, a mail from the
//! player clears it, and a report of a delay counts for nothing.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{Counts, PbmgoHome, SERVER, counts, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.net";

/// A fixture of `tests/fixtures/bounces/` with its placeholders filled.
fn report(name: &str, verp: &str, to: &str, id: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/bounces/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    text.replace("{{VERP}}", verp)
        .replace("{{TO}}", to)
        .replace("{{ID}}", id)
        .replace("{{RCPT}}", BOB)
        .into_bytes()
}

/// Alice (black) and Bob in game1, and game2 with Bob black; Alice has
/// played game1's first move, so Bob has been sent a "your move" mail.
fn home() -> PbmgoHome {
    let h = PbmgoHome::new();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    assert_eq!(h.game_new("alice", "bob", 9), "game1");
    assert_eq!(h.game_new("bob", "alice", 9), "game2");
    h.drop_mail(&mail(ALICE, "move", "move game1 E5").bytes());
    h.poll();
    assert_eq!(h.sent_to(BOB).len(), 1);
    h
}

/// The envelope sender of the mails queued to `to`, oldest first.
fn envelopes(h: &PbmgoHome, to: &str) -> Vec<String> {
    let db = h.db();
    let mut stmt = db
        .prepare("SELECT envelope_from FROM outbox WHERE recipient = ?1 ORDER BY id")
        .unwrap();
    stmt.query_map([to], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn bounces_of(h: &PbmgoHome, address: &str) -> i64 {
    h.db()
        .query_row(
            "SELECT count(*) FROM bounces WHERE address = ?1 AND cleared_at IS NULL",
            [address],
            |r| r.get(0),
        )
        .unwrap()
}

fn bouncing(h: &PbmgoHome, name: &str) -> bool {
    h.json(&["player", "show", name])["bouncing"]
        .as_bool()
        .unwrap()
}

fn poll_report(h: &PbmgoHome, raw: &[u8]) -> Counts {
    h.drop_mail(raw);
    counts(&h.poll())
}

const IGNORED: Counts = Counts {
    processed: 1,
    applied: 0,
    rejected: 0,
    answered: 0,
    ignored: 1,
    quarantined: 0,
    sent: 0,
};

#[test]
fn outbound_mail_has_a_verp_envelope_sender() {
    let h = home();
    for envelope in envelopes(&h, BOB).into_iter().chain(envelopes(&h, ALICE)) {
        let id = envelope
            .strip_prefix("games+bounce-")
            .and_then(|rest| rest.strip_suffix("@pbmgo.example"))
            .unwrap_or_else(|| panic!("not a VERP sender: {envelope}"));
        assert_eq!(id.len(), 16, "{envelope}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{envelope}");
    }
    let all: std::collections::HashSet<String> = envelopes(&h, BOB)
        .into_iter()
        .chain(envelopes(&h, ALICE))
        .collect();
    assert_eq!(all.len(), 2, "one envelope per mail");
}

#[test]
fn a_postfix_report_is_recorded_and_never_answered() {
    let h = home();
    let verp = envelopes(&h, BOB).remove(0);
    let before = h.outbox_rows().len();
    let got = poll_report(&h, &report("postfix-failed.eml", &verp, &verp, "dsn1"));
    assert_eq!(got, IGNORED);
    assert_eq!(h.outbox_rows().len(), before, "a report is never answered");
    assert_eq!(bounces_of(&h, BOB), 1);
    let (status, outbox_id): (String, Option<i64>) = h
        .db()
        .query_row("SELECT status, outbox_id FROM bounces", [], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert_eq!(status, "5.1.1");
    assert!(outbox_id.is_some(), "the VERP id names the outbox row");
    let last = h.messages().pop().unwrap();
    assert_eq!(last["outcome"], "ignored");
    assert_eq!(last["reasons"], serde_json::json!(["delivery-report"]));
    assert!(!bouncing(&h, "bob"));
    // The same report again is a duplicate: it counts once.
    let again = poll_report(&h, &report("postfix-failed.eml", &verp, &verp, "dsn1"));
    assert_eq!(again.processed, 1);
    assert_eq!(bounces_of(&h, BOB), 1);
}

#[test]
fn a_delay_report_counts_for_nothing() {
    let h = home();
    let verp = envelopes(&h, BOB).remove(0);
    for n in 0..4 {
        let raw = report("postfix-delayed.eml", &verp, &verp, &format!("delay{n}"));
        assert_eq!(poll_report(&h, &raw), IGNORED);
    }
    assert_eq!(bounces_of(&h, BOB), 0);
    assert!(!bouncing(&h, "bob"));
}

#[test]
fn three_bounces_stop_mail_tell_the_opponent_once_and_a_mail_clears_them() {
    let h = home();
    let verp = envelopes(&h, BOB).remove(0);
    // By the VERP address in Delivered-To, by the VERP address in To only,
    // and by Final-Recipient alone.
    let reports = [
        report("postfix-failed.eml", &verp, &verp, "b1"),
        report("postfix-failed.eml", SERVER, &verp, "b2"),
        report("postfix-failed.eml", SERVER, SERVER, "b3"),
    ];
    assert_eq!(poll_report(&h, &reports[0]), IGNORED);
    assert_eq!(poll_report(&h, &reports[1]), IGNORED);
    assert!(!bouncing(&h, "bob"));
    let third = poll_report(&h, &reports[2]);
    assert_eq!(third, Counts { sent: 1, ..IGNORED }, "the letter to Alice");
    assert_eq!(bounces_of(&h, BOB), 3);
    assert!(bouncing(&h, "bob"));
    let list = h.json(&["player", "list"]);
    let flags: Vec<(&str, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap(),
                p["bouncing"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(flags, [("alice", false), ("bob", true)]);
    assert!(h.ok(&["player", "show", "bob"]).contains("bouncing"));

    let told: Vec<_> = h
        .sent_to(ALICE)
        .into_iter()
        .filter(|m| m.kind() == "opponent-bouncing")
        .collect();
    assert_eq!(told.len(), 1);
    assert!(
        told[0].subject.contains("bob's mail is bouncing"),
        "{}",
        told[0].subject
    );
    assert!(told[0].text.contains("game1, game2"), "{}", told[0].text);
    assert!(!told[0].text.contains(BOB), "the address is not given away");

    // A fourth report tells no one again; Alice's moves reach Bob no more.
    let fourth = report("postfix-failed.eml", &verp, &verp, "b4");
    assert_eq!(poll_report(&h, &fourth), IGNORED);
    let to_bob = h.sent_to(BOB).len();
    h.drop_mail(&mail(ALICE, "resign", "resign game2").bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
    assert_eq!(
        h.sent_to(BOB).len(),
        to_bob,
        "nothing more is queued to Bob"
    );

    // Bob writes: the mark is cleared and he is answered again.
    h.drop_mail(&mail(BOB, "move", "move game1 D4").bytes());
    let moved = counts(&h.poll());
    assert_eq!((moved.applied, moved.sent), (1, 2));
    assert!(!bouncing(&h, "bob"));
    assert_eq!(bounces_of(&h, BOB), 0);
    assert_eq!(h.sent_to(BOB).len(), to_bob + 1);
}

#[test]
fn a_report_for_an_address_pbmgo_never_wrote_to_is_not_counted() {
    let h = PbmgoHome::new();
    h.player("bob", BOB);
    let raw = report("postfix-failed.eml", SERVER, SERVER, "x1");
    assert_eq!(poll_report(&h, &raw), IGNORED);
    assert_eq!(bounces_of(&h, BOB), 0);
}

#[test]
fn the_limit_is_configurable_and_zero_never_stops() {
    let h = PbmgoHome::with_config("");
    std::fs::write(
        h.path().join("pbmgo.toml"),
        format!("[server]\naddress = \"{SERVER}\"\nbounce_limit = 1\n"),
    )
    .unwrap();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    h.drop_mail(&mail(ALICE, "move", "move game1 E5").bytes());
    h.poll();
    let verp = envelopes(&h, BOB).remove(0);
    let one = poll_report(&h, &report("postfix-failed.eml", &verp, &verp, "l1"));
    assert_eq!(one.sent, 1);
    assert!(bouncing(&h, "bob"));
    std::fs::write(
        h.path().join("pbmgo.toml"),
        format!("[server]\naddress = \"{SERVER}\"\nbounce_limit = 0\n"),
    )
    .unwrap();
    assert!(!bouncing(&h, "bob"));
}
