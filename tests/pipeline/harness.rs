//! The in-process harness against the real binary: the same mails handled
//! by `pbmgo poll` on one home and by the harness on another, at the same
//! pinned time, end with the same message records, the same outbox rows,
//! byte-identical replies under the same Message-IDs and the same games
//! (made new, or imported with a history);
//! and what one mail comes to, seen through `Harness::process`.

use std::collections::BTreeMap;

use pbmgo::store::messages::Outcome;
use pbmgo::testkit::Disposition;
use serde_json::Value;

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::pbmgo_home::{NOW, PbmgoHome, counts, history, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.org";

/// Two new games and one imported with a history and a ko rule (as
/// `game import --ko positional` makes it).
fn with_games<H: Home>(h: H) -> H {
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    h.game_new("bob", "alice", 13);
    let moves = history(9, 12, &[], &["E5"]);
    h.import(9, &moves, ["alice", "bob"], &["--ko", "positional"]);
    h
}

/// Moves, refusals, a duplicate, a board, a stranger and a machine.
fn mails() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (n, (from, body)) in [
        (ALICE, "move game1 E5"),
        (BOB, "move game1 C3\nmove game2 D4"),
        (ALICE, "move game1 C3"),
        (ALICE, "move game2 K10\nboard game1"),
        (BOB, "resign game1"),
        (ALICE, "move game3 E5"),
        ("carol@example.net", "help"),
    ]
    .into_iter()
    .enumerate()
    {
        out.push(mail(from, "moves", body).id(&format!("same-{n}@x")).bytes());
    }
    out.push(out[0].clone());
    out.push(
        mail(ALICE, "away", "move game2 A1")
            .header("Auto-Submitted", "auto-replied")
            .bytes(),
    );
    out
}

/// What a home ended with: the messages, the outbox rows, every reply's
/// bytes by Message-ID, and the games.
struct Ending {
    messages: Vec<Value>,
    rows: Vec<Value>,
    replies: BTreeMap<String, Vec<u8>>,
    games: Vec<Value>,
}

fn ending(h: &impl Home) -> Ending {
    Ending {
        messages: h.messages(),
        rows: h.outbox_rows(),
        replies: h
            .sent()
            .into_iter()
            .map(|m| (m.message_id().to_string(), m.raw))
            .collect(),
        games: vec![h.show("game1"), h.show("game2"), h.show("game3")],
    }
}

#[test]
fn the_harness_ends_like_poll() {
    let polled = with_games(PbmgoHome::new());
    let harness = with_games(Harness::new());
    for raw in mails() {
        polled.drop_mail(&raw);
        harness.drop_mail(&raw);
    }
    let by_poll = counts(&polled.poll());
    assert_eq!(harness.poll(), by_poll);
    assert_eq!((by_poll.processed, by_poll.applied), (9, 5), "{by_poll:?}");
    let got = ending(&harness);
    let want = ending(&polled);
    assert_eq!(got.messages, want.messages, "message records");
    assert_eq!(got.rows, want.rows, "outbox rows");
    assert_eq!(
        got.replies.keys().collect::<Vec<_>>(),
        want.replies.keys().collect::<Vec<_>>(),
        "reply Message-IDs"
    );
    for (id, raw) in &got.replies {
        assert!(raw == &want.replies[id], "reply {id} differs from poll's");
    }
    assert_eq!(got.games, want.games, "the games");
    for game in ["game2", "game3"] {
        assert_eq!(harness.moves(game), polled.moves(game), "{game}'s moves");
    }
    harness.verify(None);
}

#[test]
fn process_gives_the_disposition_and_the_mails_queued() {
    let h = with_games(Harness::new());
    let raw = mail(ALICE, "move", "move game1 E5").bytes();
    let first = h.process(&raw);
    assert!(
        matches!(
            first.disposition,
            Disposition::Handled {
                outcome: Outcome::Applied,
                replies: 2
            }
        ),
        "{:?}",
        first.disposition
    );
    let to: Vec<(&str, &str)> = first
        .queued
        .iter()
        .map(|m| (m.recipient(), m.kind()))
        .collect();
    // The opponent's mail first: the first mail about a game roots its
    // thread, which the transcript then names first in its References.
    assert_eq!(to, [(BOB, "your-move"), (ALICE, "reply")]);
    assert_eq!(first.queued[0].header("X-Pbmgo-Game"), Some("game1"));

    let again = h.process(&raw);
    assert!(matches!(again.disposition, Disposition::Duplicate));
    assert!(again.queued.is_empty());

    assert!(
        h.transport().sent().is_empty(),
        "nothing is sent before a poll"
    );
    assert_eq!(h.send_at(NOW), 2);
    let sent = h.transport().sent();
    let rcpt: Vec<&str> = sent.iter().map(|m| m.envelope.to[0].as_str()).collect();
    assert_eq!(rcpt, [BOB, ALICE]);
    assert_eq!(sent[0].raw, first.queued[0].raw);
    assert_eq!(h.send_at(NOW), 0, "each mail once");
}
