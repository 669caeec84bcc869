//! The news lines of the wording snapshot: every first line a mail about
//! a game can open with.

use super::fixtures::{Page, at, id, stones};
use crate::go::{Color, GameResult, Move, Point};
use crate::pipeline::base::wording::{news as w, personal, play};

/// Adds every news line to `p`.
pub(super) fn news_words(p: &mut Page) {
    let due = Some("2026-11-29 12:00 UTC");
    let e5 = stones()[..1].to_vec();
    p.show(
        "news::you_played",
        w::you_played(id(), "E5", &[], "bob", due),
    );
    let took = w::you_played(id(), "D5", &e5, "alice", due);
    p.show("news::you_played(captured)", took);
    p.show(
        "news::you_played(pass)",
        w::you_played(id(), "pass", &[], "bob", None),
    );
    p.show(
        "news::they_played",
        w::they_played(id(), "bob", "Q14", &[], due),
    );
    let took = w::they_played(id(), "bob", "D5", &stones(), None);
    p.show("news::they_played(captured)", took);
    p.show(
        "news::passed_to_scoring",
        w::passed_to_scoring(id(), "alice"),
    );
    let c5 = Move::Play(Point::new(2, 4));
    let answered = w::you_were_answered(id(), "J4", ("alice", c5, &[]), due);
    p.show("news::you_were_answered", answered);
    let answered = w::you_were_answered(id(), "J4", ("alice", c5, &stones()), None);
    p.show("news::you_were_answered(captured)", answered);
    let j4 = Move::Play(Point::new(8, 3));
    let played = w::your_answer_played(id(), "bob", j4, c5);
    p.show("news::your_answer_played", played);
    game_over_words(p);
    p.show("news::rating_change", w::rating_change(1600, 1616));
    p.show("news::refused", w::refused("move game12 e5", "E5 is taken"));
    p.show("news::answered", w::answered("games"));
    p.show("news::several", w::several("You played E5 in game12", 3, 1));
    p.show(
        "news::several(all)",
        w::several("You played E5 in game12", 2, 2),
    );
    p.show("news::board_of(you)", w::board_of(id(), Some("you"), due));
    p.show("news::board_of(bob)", w::board_of(id(), Some("bob"), None));
    p.show("news::board_of(over)", w::board_of(id(), None, None));
    p.show("news::words_sent", w::words_sent("bob", id()));
    p.show("news::words_nowhere", w::words_nowhere());
    p.show("news::nothing_read", w::nothing_read());
    for k in ["resign", "pass", "accept", "decline", "undo"] {
        p.show(
            &format!("play::send_instead({k})"),
            play::send_instead(k, Some(id())),
        );
        p.show(&format!("play::not_a_command({k})"), play::not_a_command(k));
    }
    p.show(
        "play::send_instead(no game)",
        play::send_instead("resign", None),
    );
    let away = personal::away_until(id(), "bob", at(29, 12));
    p.show("personal::away_until", away);
    let refused = personal::undo_refused(id(), "bob", 41);
    p.show("personal::undo_refused", refused);
}

/// The end of a game, seen by each player.
fn game_over_words(p: &mut Page) {
    let score = GameResult::Score(Some(Color::Black), 1.5);
    let resign = GameResult::Resignation(Color::White);
    let time = GameResult::Time(Color::White);
    let cases = [
        ("score, won", score, Color::Black, None),
        ("score, lost", score, Color::White, None),
        ("resigned, won", resign, Color::White, Some("alice")),
        ("resigned, lost", resign, Color::Black, Some("alice")),
        ("admin W+R", resign, Color::White, None),
        ("time, won", time, Color::White, Some("alice")),
        ("time, lost", time, Color::Black, Some("alice")),
        ("draw", GameResult::Score(None, 0.0), Color::Black, None),
        ("void", GameResult::Void, Color::White, None),
    ];
    for (name, result, reader, loser) in cases {
        let line = w::game_over(id(), result, reader, loser);
        p.show(&format!("news::game_over({name})"), line);
    }
}
