//! `timezone` by mail (issue 28): a player chooses their time zone from the
//! time zone database in any case, goes back to the server's, asks which is
//! set, and a zone that does not exist is refused with the reason, while a
//! sentence about time zones is chat. In-process.

use crate::common::clock_mail::{ALICE, harness};
use crate::common::harness::{Harness, Processed};
use crate::common::home::Home;
use crate::common::pbmgo_home::mail;

fn send(h: &Harness, body: &str) -> Processed {
    h.process(&mail(ALICE, "commands", body).bytes())
}

fn reply(p: &Processed) -> &str {
    &p.queued[0].text
}

#[test]
fn a_player_chooses_a_zone_goes_back_to_the_servers_and_asks() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let asked = send(&h, "timezone");
    assert!(
        reply(&asked).contains("Your time zone is the server's"),
        "{}",
        reply(&asked)
    );
    let set = send(&h, "timezone europe/berlin");
    assert!(
        reply(&set).contains("Your time zone is now Europe/Berlin"),
        "{}",
        reply(&set)
    );
    let asked = send(&h, "Timezone");
    assert!(
        reply(&asked).contains("Your time zone is Europe/Berlin."),
        "{}",
        reply(&asked)
    );
    let back = send(&h, "timezone server");
    assert!(
        reply(&back).contains("now the server's"),
        "{}",
        reply(&back)
    );
    let asked = send(&h, "timezone");
    assert!(reply(&asked).contains("the server's"), "{}", reply(&asked));
}

#[test]
fn an_unknown_zone_is_refused_and_a_sentence_is_chat() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    let refused = send(&h, "timezone Mars/Olympus");
    assert!(!refused.queued[0].rejected().is_empty());
    assert!(
        reply(&refused).contains("Europe/Berlin"),
        "{}",
        reply(&refused)
    );
    let chat = send(&h, "Timezone differences make this slow.\nmove game1 E5");
    assert!(chat.queued[0].rejected().is_empty(), "{}", reply(&chat));
}
