//! The first line of every mail of a whole game, from the challenge to the
//! result: it says the news (what happened, in which game, who moves
//! next), names the game, and is not said again as the next sentence.
//! Run with `--nocapture` to read them as a table.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{PbmgoHome, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.org";

/// Sends `body` from `from` and polls.
fn send(h: &PbmgoHome, from: &str, body: &str) {
    h.drop_mail(&mail(from, "commands", body).bytes());
    h.poll();
}

#[test]
fn every_mail_of_a_whole_game_opens_with_its_news_once() {
    let h = PbmgoHome::new();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    send(&h, ALICE, "challenge bob size 5 komi 0.5 color black");
    send(&h, BOB, "accept game1");
    send(&h, ALICE, "move game1 c3");
    send(&h, BOB, "move game1 d4");
    send(&h, ALICE, "move game1 b2\nundo game1");
    send(&h, BOB, "undo game1");
    send(&h, ALICE, "move game1 c4");
    send(&h, BOB, "resign game1");
    let mut table = Vec::new();
    for m in h.sent() {
        let first = m.text.split("\n\n").next().unwrap_or_default();
        let first = first.replace('\n', " ");
        table.push(format!(
            "{:<6} {:<12} {first}",
            &m.recipient()[..3],
            m.kind()
        ));
        assert!(first.contains("game1"), "the news names the game: {first}");
        assert!(!first.starts_with("Done:"), "{first}");
        let rest = m.text[first.len().min(m.text.len())..].trim_start();
        let again = rest.split(['.', '\n']).next().unwrap_or_default();
        assert!(
            again.is_empty() || !first.contains(again.trim()),
            "said twice: {first} / {again}"
        );
    }
    println!("{}", table.join("\n"));
    let lines = table.join("\n");
    for news in [
        "You challenged bob: game1 waits for their answer",
        "alice challenges you to a game of Go (game1)",
        "bob accepted your challenge: game1 has begun",
        "You played C3 in game1; bob to move",
        "alice played C3 in game1: your move",
        "alice asks to take back move 3 (Black B2) in game1",
        "bob agreed to take back move 3 (Black B2) in game1: your move again",
        "You lost game1: you resigned (B+R)",
        "You won game1: bob resigned (B+R)",
    ] {
        assert!(lines.contains(news), "{news}:\n{lines}");
    }
}
