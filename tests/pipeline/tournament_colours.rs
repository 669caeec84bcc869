//! Colours in a Swiss and a McMahon by mail when one colour wins every
//! game: each round's winners are all due the other colour, so each score
//! group gives way to colours. Played through the binary to the end; every
//! player's Blacks and Whites end within one, no pair meets twice, each
//! round starts by itself, and the standings agree with the reference.
//! With `--handicap auto`, a game between different ranks gives Black to
//! the weaker, is marked as a handicap game, and its colours are left out
//! of the count.

use serde_json::Value;

use std::collections::BTreeMap;

use crate::common::home::Home;
use crate::common::lifecycle::send;

use super::tournaments::{
    address, check_standings, games, going, mcmahon, pairs_and_colours, show, tournament,
};

/// Plays a tournament of `n` made with `args` to the end by mail, the
/// player with Black resigning every game when `black_loses`, else the
/// one with White. After each round is paired (by itself, once the last
/// game of the round before ended), every player's Blacks and Whites so
/// far are within one and no pair has met twice. Returns the final
/// `tournament show --json`.
fn one_colour_wins(n: usize, args: &[&str], black_loses: bool) -> Value {
    let h = tournament(n, args);
    h.ok(&["tournament", "start", "cup"]);
    let mut round = 0;
    loop {
        let j = show(&h);
        let now = going(&j);
        if now.is_empty() {
            assert_eq!(j["status"], "finished", "{j}");
            assert_eq!(round, 3, "three rounds, each started by itself");
            return j;
        }
        round += 1;
        assert_eq!(j["round"], round, "{j}");
        let colours = pairs_and_colours(&j);
        assert!(
            colours.values().all(|d| d.abs() <= 1),
            "round {round}, Blacks minus Whites: {colours:?}"
        );
        for (game, black, white) in now {
            let loser = if black_loses { black } else { white };
            send(&h, &address(&loser), &format!("resign {game}"));
        }
    }
}

#[test]
fn a_swiss_of_eight_where_white_wins_every_game_keeps_colours_within_one() {
    let args = ["--system", "swiss", "--rounds", "3"];
    let j = one_colour_wins(8, &args, true);
    check_standings(&j, 1.0, &[0, 1, 2]);
}

#[test]
fn a_swiss_of_seven_where_black_wins_every_game_keeps_colours_within_one() {
    let args = ["--system", "swiss", "--rounds", "3"];
    let j = one_colour_wins(7, &args, false);
    check_standings(&j, 1.0, &[0, 1, 2]);
}

#[test]
fn a_mcmahon_of_six_where_black_wins_every_game_keeps_colours_within_one() {
    let args = ["--system", "mcmahon", "--bar", "3k", "--rounds", "3"];
    one_colour_wins(6, &args, false);
}

#[test]
fn handicap_games_give_black_to_the_weaker_and_are_left_out_of_the_count() {
    let ranks = [
        ("ann", "2d"),
        ("ben", "2d"),
        ("cat", "5k"),
        ("dan", "5k"),
        ("eve", "9k"),
        ("fay", "9k"),
    ];
    // Strength order: ann = ben > cat = dan > eve = fay.
    let level = BTreeMap::from([
        ("ann", 2),
        ("ben", 2),
        ("cat", 1),
        ("dan", 1),
        ("eve", 0),
        ("fay", 0),
    ]);
    let h = mcmahon(&ranks, &["--handicap", "auto", "--rounds", "3"]);
    loop {
        let j = show(&h);
        let now = going(&j);
        if now.is_empty() {
            break;
        }
        for (game, black, white) in now {
            send(&h, &address(&white), &format!("resign {game}"));
            assert!(
                level[black.as_str()] <= level[white.as_str()],
                "{game}: {black} has Black"
            );
        }
    }
    let j = show(&h);
    assert_eq!(j["status"], "finished", "{j}");
    let uneven = games(&j)
        .filter(|g| {
            let rank = |k: &str| level[g[k].as_str().unwrap()];
            rank("black") != rank("white")
        })
        .count();
    let marked: i64 = h
        .db()
        .query_row(
            "SELECT count(*) FROM tournament_pairings WHERE handicap = 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(uneven > 0, "some games between ranks: {j}");
    assert_eq!(
        usize::try_from(marked).unwrap(),
        uneven,
        "each game between ranks marked, and only those"
    );
    pairs_and_colours(&j);
}

#[test]
fn groups_first_pairs_each_score_group_within_itself_and_says_so() {
    let h = tournament(8, &["--system", "swiss", "--colours", "groups-first"]);
    h.ok(&["tournament", "start", "cup"]);
    assert_eq!(show(&h)["colours"], "groups-first");
    let winners: Vec<String> = going(&show(&h))
        .into_iter()
        .map(|(game, black, white)| {
            send(&h, &address(&black), &format!("resign {game}"));
            white
        })
        .collect();
    let j = show(&h);
    assert_eq!(j["round"], 2, "{j}");
    for (_, black, white) in going(&j) {
        assert_eq!(
            winners.contains(&black),
            winners.contains(&white),
            "{black} and {white} come from different score groups"
        );
    }
    let default = tournament(4, &["--system", "mcmahon"]);
    assert_eq!(show(&default)["colours"], "within-one");
}
