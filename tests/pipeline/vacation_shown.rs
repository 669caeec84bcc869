//! A vacation is shown to the opponents: `vacation N` with words beside
//! it writes to each opponent in a game in play, in that game's thread,
//! with the words and the end date, and the clock line says the clock is
//! paused and until when.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{PbmgoHome, mail};

const ALICE: &str = "alice@example.org";
const BOB: &str = "bob@example.org";

#[test]
fn each_opponent_is_told_in_the_games_thread_with_the_words_and_the_end() {
    let h = PbmgoHome::new();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.player("carol", "carol@example.org");
    h.game_at(1, 9, &[], "alice", "bob");
    h.game_at(2, 9, &[], "carol", "bob");
    h.drop_mail(&mail(ALICE, "move", "move game1 e5").bytes());
    h.poll();
    let body = "vacation 3\nOff to the mountains, back on Monday.";
    h.drop_mail(&mail(BOB, "away", body).bytes());
    h.poll();
    for (to, game) in [(ALICE, "game1"), ("carol@example.org", "game2")] {
        let told = h.sent_to(to).pop().expect("the opponent is told");
        assert_eq!(told.kind(), "vacation");
        assert_eq!(told.header("X-Pbmgo-Game"), Some(game));
        let text = told.flat();
        let news = format!(
            "bob is on vacation until 2026-11-25 12:00 UTC: the clock of {game} is paused \
             while it is bob's move."
        );
        assert!(text.starts_with(&news), "{text}");
        assert!(
            text.contains("> Off to the mountains, back on Monday."),
            "{text}"
        );
    }
    // In game1 it is bob's move: its clock line says it is paused.
    let to_alice = h.sent_to(ALICE).pop().unwrap().flat();
    assert!(
        to_alice.contains("the clock is paused while on vacation until 2026-11-25 12:00 UTC"),
        "{to_alice}"
    );
    let reply = h.sent_to(BOB).pop().unwrap();
    assert!(
        reply.text.starts_with("Your clocks are paused for 3 days"),
        "{}",
        reply.text
    );
}
