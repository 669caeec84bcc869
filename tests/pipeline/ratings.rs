//! Ranks, ratings and fair handicaps by mail (issue 29), through `pbmgo
//! poll`: ranks declared at signup and with `rank`, `handicap auto` by
//! board size, a rated game's changes in the final mail (checked against
//! the ratings crate), an escape left unrated, the admin's rank with its
//! reason, `players near`, and `ratings recompute` finding nothing to
//! change.

use serde_json::Value;

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::PbmgoHome;
use pbmgo::rating::{Outcome, RatedGame, rate};

const DAVE: &str = "dave@example.net";
const ERIN: &str = "erin@example.net";

/// The standings line of `name`.
fn standing(h: &PbmgoHome, name: &str) -> Value {
    let table = h.json(&["standings"]);
    table
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("no {name} in {table}"))
}

/// The text of the letter of `kind` to `to` about `game`, its
/// whitespace made single spaces (paragraphs are wrapped at 72 columns).
fn letter(h: &impl Home, to: &str, kind: &str, game: &str) -> String {
    let text = letters(h, to, kind)
        .into_iter()
        .rfind(|m| m.subject.contains(&format!("[{game}]")))
        .unwrap_or_else(|| panic!("no {kind} letter about {game} to {to}"))
        .text;
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn declared_ranks_and_handicap_auto_on_each_board_size() {
    let h = home();
    send(&h, DAVE, "signup dave 5k");
    send(&h, ERIN, "signup erin 2 dan");
    let dave = standing(&h, "dave");
    assert_eq!(
        (&dave["rank"], &dave["rating"], &dave["rated_games"]),
        (&"5k".into(), &1600.into(), &0.into())
    );
    assert_eq!(standing(&h, "erin")["rating"], 2200);
    assert_eq!(standing(&h, "carol")["rank"], Value::Null, "undeclared: ?");
    // 5k and 2d are 6 ranks apart: 6 stones on 19x19; a stone is worth
    // (19/13)² = 2.1 ranks on 13x13 (3 stones) and 4.5 on 9x9 (1: no
    // stones, komi 0.5).
    for (n, size, stones) in [(1, 19, 6), (2, 13, 3), (3, 9, 0)] {
        send(
            &h,
            DAVE,
            &format!("challenge erin size {size} handicap auto"),
        );
        let game = format!("game{n}");
        let offer = letter(&h, ERIN, "challenge", &game);
        assert!(
            offer.contains("Ranks: dave 5k (1600), erin 2d (2200)"),
            "{offer}"
        );
        assert!(
            offer.contains(&format!(
                "6 ranks apart on {size}x{size}, so dave takes Black"
            )),
            "{offer}"
        );
        send(&h, ERIN, &format!("accept {game}"));
        let shown = h.json(&["game", "show", &game]);
        assert_eq!(shown["black"], "dave", "the weaker player takes Black");
        assert_eq!(shown["handicap"], stones, "{size}x{size}");
        assert_eq!(shown["komi"], 0.5, "{size}x{size}");
        assert_eq!(shown["rated"], true);
    }
    send(
        &h,
        ERIN,
        "challenge dave size 9 handicap auto color black unrated",
    );
    let refused = results(&h, ERIN);
    assert!(
        refused[0].contains("rejected: handicap auto gives Black to the weaker player"),
        "{refused:?}"
    );
    send(&h, ERIN, "challenge dave size 9 unrated");
    send(&h, DAVE, "accept game4");
    assert_eq!(h.json(&["game", "show", "game4"])["rated"], false);
    send(&h, CAROL, "challenge dave free");
    let free = results(&h, CAROL);
    assert!(
        free[0].contains("rejected"),
        "free without stones: {free:?}"
    );
    send(&h, CAROL, "rank 12 kyu");
    assert_eq!(results(&h, CAROL), ["rank 12 kyu => ok"]);
    assert!(
        transcript(&h, CAROL)
            .text
            .contains("Your rank is now 12k (900).")
    );
    assert_eq!(standing(&h, "carol")["rank"], "12k");
}

#[test]
fn a_rated_game_moves_both_ratings_and_an_escape_moves_none() {
    let h = home();
    send(&h, ALICE, "rank 5k");
    send(&h, BOB, "rank 3k");
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    let moves = ["C3", "G7", "C7", "G3", "E5", "D5", "E4", "D4", "E6", "D6"];
    play(&h, "game1", ALICE, &moves);
    send(&h, BOB, "resign game1");
    // The weaker player won: an upset, worth more than the loser loses.
    let even = RatedGame {
        black: 1600.0,
        white: 1800.0,
        handicap: 0,
    };
    let (alice, bob) = rate(even, Outcome::BlackWins);
    let (a, b) = (alice.round() as i64, bob.round() as i64);
    let over = letter(&h, ALICE, "game-over", "game1");
    let line = format!(
        "Ratings: alice 5k 1600 → {a}, {:+}; bob 3k 1800 → {b}, {:+}",
        a - 1600,
        b - 1800
    );
    assert!(over.contains(&line), "{line}\n{over}");
    assert!(a - 1600 > 1800 - b, "{a} {b}");
    assert!(
        over.contains(&format!(
            "game1: alice {} ({a}) (Black, X)",
            pbmgo::rating::Rank::of(alice)
        )),
        "{over}"
    );
    let sgf = attached_sgf(&letters(&h, ALICE, "game-over")[0]);
    assert!(
        sgf.contains("PB[alice]BR[") && sgf.contains("PW[bob]WR[3k]"),
        "{sgf}"
    );
    assert_eq!(standing(&h, "alice")["rated_games"], 1);

    send(&h, ALICE, "rank 1d");
    let locked = results(&h, ALICE);
    assert!(
        locked[0].starts_with("rank 1d => rejected: Your rank comes from your rated games now"),
        "{locked:?}"
    );

    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    send(&h, BOB, "resign game2");
    let escaped = letter(&h, ALICE, "game-over", "game2");
    assert!(
        escaped.contains(
            "This game was not rated: it ended by resignation or on time before move 10."
        ),
        "{escaped}"
    );
    assert_eq!(standing(&h, "alice")["rating"], a);
    assert_eq!(standing(&h, "alice")["rated_games"], 1);

    let dry = h.json(&["ratings", "recompute", "--dry-run"]);
    assert_eq!(
        (&dry["changed"], &dry["rated_games"]),
        (&0.into(), &1.into()),
        "{dry}"
    );
    h.ok(&[
        "player",
        "rank",
        "bob",
        "4k",
        "--reason",
        "moved down by the club",
    ]);
    let bob_now = standing(&h, "bob");
    assert_eq!(
        (&bob_now["rank"], &bob_now["rating"]),
        (&"4k".into(), &1700.into())
    );
    assert_eq!(h.json(&["player", "show", "bob"])["rank"], "4k");
    let dry = h.json(&["ratings", "recompute", "--dry-run"]);
    assert_eq!(
        dry["changed"], 0,
        "the admin's rank is part of the replay: {dry}"
    );

    send(&h, ALICE, "players near");
    let near = transcript(&h, ALICE).text;
    assert!(near.contains("within three ranks of you"), "{near}");
    assert!(
        near.lines()
            .any(|l| l.trim_start().starts_with("bob ") && l.contains("4k")),
        "{near}"
    );
    assert!(
        !near.lines().any(|l| l.trim_start().starts_with("carol ")),
        "carol is 20k: {near}"
    );

    h.ok(&["game", "rated", "game1", "off"]);
    assert_eq!(standing(&h, "alice")["rating"], 1600);
    assert_eq!(standing(&h, "alice")["rated_games"], 0);
}

#[test]
fn handicap_auto_as_the_servers_default() {
    let h = home_with("[games]\nhandicap = \"auto\"\n");
    send(&h, ALICE, "rank 8k");
    send(&h, BOB, "rank 4k");
    send(&h, ALICE, "challenge bob");
    let offer = letter(&h, BOB, "challenge", "game1");
    assert!(offer.contains("4 ranks apart on 19x19"), "{offer}");
    send(&h, BOB, "accept game1");
    let shown = h.json(&["game", "show", "game1"]);
    assert_eq!(
        (&shown["handicap"], &shown["komi"], &shown["black"]),
        (&4.into(), &0.5.into(), &"alice".into())
    );
    send(&h, ALICE, "challenge bob handicap 0");
    send(&h, BOB, "accept game2");
    let even = h.json(&["game", "show", "game2"]);
    assert_eq!(even["handicap"], 0, "a number overrides the default");
}

#[test]
fn a_rank_declared_at_signup_waits_for_the_confirmation() {
    use crate::common::harness::Harness;
    use crate::common::pbmgo_home::mail;
    let h = Harness::from_config(
        "[server]\naddress = \"go@pbmgo.example\"\nname = \"pbmgo\"\nsignup = \"confirm\"\n",
    );
    h.drop_mail(&mail(DAVE, "hello", "signup dave 3d").bytes());
    h.poll_at("2026-11-22T12:00:00Z");
    let c = h.sent_to(DAVE).pop().unwrap();
    assert_eq!(c.kind(), "signup-confirm");
    let to = c.header("Reply-To").unwrap().to_string();
    let reply = mail(DAVE, &format!("Re: {}", c.subject), "confirm").header("To", &to);
    h.drop_mail(&reply.bytes());
    h.poll_at("2026-11-22T13:00:00Z");
    let (rating, ranked): (f64, bool) = h
        .db()
        .query_row(
            "SELECT rating, ranked FROM players WHERE name = 'dave'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!((rating, ranked), (2300.0, true), "3d, declared");
}
