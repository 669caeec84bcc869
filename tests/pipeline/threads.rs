//! `poll` runs on three threads (transactions; reading, filing and sending;
//! rendering replies) where `deliver` runs on one. The same mails, polled
//! in one home and delivered one by one in another at the same pinned time,
//! must end the same way: the same message records, the same quarantine
//! entries and the same reply bytes under the same Message-IDs. Among them
//! are a stranger's mail and one from an address no reply can be built for
//! (recorded, never answered). A reply that fails on the render thread
//! makes `poll` run its batch again without it; the pipeline refuses such
//! senders before any reply is built, so that path is covered by the unit
//! tests of `runner::render_pool`.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::collections::BTreeMap;

use pbmgo_home::{PbmgoHome, Scripted, mail};
use serde_json::Value;

const GAMES: usize = 12;
const MOVES: usize = 6;

/// The mails: every scripted move, a `help` from a sender no reply can be
/// built for, and a stranger's `help`, interleaved.
fn mails(games: &[Scripted]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for k in 0..MOVES {
        for g in games {
            out.push(g.mail(k, "threads"));
        }
        if k == 2 {
            out.push(
                mail("a..b@example.org", "help", "help")
                    .id("bad-address@x")
                    .bytes(),
            );
            out.push(
                mail("stranger@example.org", "help", "help")
                    .id("stranger@x")
                    .bytes(),
            );
        }
    }
    out
}

fn home() -> (PbmgoHome, Vec<Scripted>) {
    let h = PbmgoHome::with_config("[limits]\nmax_replies_per_hour = 1000000\n");
    let games = h.scripted_games(6, GAMES, MOVES);
    (h, games)
}

/// What a home ended with: messages (key, outcome, reasons), held files'
/// errors, and every queued reply's bytes by Message-ID.
fn ending(h: &PbmgoHome) -> (Vec<String>, Vec<String>, BTreeMap<String, Vec<u8>>) {
    let messages = h
        .messages()
        .iter()
        .map(|m| format!("{} {} {}", m["key"], m["outcome"], m["reasons"]))
        .collect();
    let mut held: Vec<String> = h
        .quarantined()
        .iter()
        .map(|q: &Value| q["error"].to_string())
        .collect();
    held.sort();
    let replies = h
        .outbox_rows()
        .iter()
        .map(|row| {
            let id = row["message_id"].as_str().unwrap().to_string();
            let raw = std::fs::read(h.path().join("outbox").join(format!("{id}.eml"))).unwrap();
            (id, raw)
        })
        .collect();
    (messages, held, replies)
}

#[test]
fn poll_on_threads_ends_like_deliver_one_by_one() {
    let (polled, games) = home();
    let (delivered, games_b) = home();
    assert_eq!(
        games.iter().map(|g| &g.moves).collect::<Vec<_>>(),
        games_b.iter().map(|g| &g.moves).collect::<Vec<_>>()
    );
    let all = mails(&games);
    for raw in &all {
        polled.drop_mail(raw);
    }
    let summary = polled.poll();
    for raw in &all {
        let out = delivered.deliver(raw);
        assert!(out.status.success(), "deliver: {out:?}");
    }
    delivered.ok(&["send"]);

    let (messages, held, replies) = ending(&polled);
    assert_eq!(
        (messages.len() + held.len()),
        all.len(),
        "every mail ended somewhere: {summary}"
    );
    assert!(held.is_empty(), "{held:?}");
    assert!(
        messages.contains(&r#""bad-address@x" "ignored" ["bad-sender"]"#.to_string()),
        "the sender no reply can be built for is recorded, unanswered: {messages:#?}"
    );
    assert_eq!(
        replies.len(),
        2 * GAMES * MOVES + 1,
        "a transcript and an opponent's mail per move, and the stranger's answer"
    );
    let want = ending(&delivered);
    assert_eq!(messages, want.0, "message records");
    assert_eq!(held, want.1, "quarantine entries");
    assert_eq!(
        replies.keys().collect::<Vec<_>>(),
        want.2.keys().collect::<Vec<_>>(),
        "reply Message-IDs"
    );
    for (id, raw) in &replies {
        assert!(
            raw == &want.2[id],
            "reply {id} differs between poll and deliver"
        );
    }
    for g in &games {
        let played: Vec<(&str, &str)> = g
            .moves
            .iter()
            .enumerate()
            .map(|(k, p)| (if k % 2 == 0 { "black" } else { "white" }, p.as_str()))
            .collect();
        polled.assert_moves(&g.id, MOVES, &played);
        polled.ok(&["game", "verify", &g.id]);
    }
}
