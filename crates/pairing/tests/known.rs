//! Small tournaments paired by hand, round by round, each step worked out
//! in the comments from the rules in src/swiss.rs: who is in which score
//! group, who sits out, who meets whom, who takes Black. And McMahon
//! starting scores as a table.

use pbmgo_pairing::{
    Bye, ColourRule, Game, McMahon, Outcome, PairingError, Player, Points, Round, System,
    next_round, next_round_with,
};

use Outcome::{BlackWins, Jigo, WhiteWins};

/// A round as written: its games (Black, White, outcome) and its bye.
type Written = (Vec<(u32, u32, Outcome)>, Option<u32>);

/// Pairs each round of `rounds` from the ones before and checks it is the
/// one written, then plays it with the written outcomes.
fn replay(system: System, players: &[Player<u32>], rounds: &[Written]) {
    let mut history: Vec<Round<u32>> = Vec::new();
    for (r, (games, bye)) in rounds.iter().enumerate() {
        let got = next_round(&system, players, &history, Points::ONE).unwrap();
        let want = Round {
            games: games.iter().map(|&(b, w, _)| Game::new(b, w)).collect(),
            byes: bye
                .iter()
                .map(|&player| Bye {
                    player,
                    points: Points::ONE,
                })
                .collect(),
        };
        assert_eq!(got, want, "round {}", r + 1);
        let played = games
            .iter()
            .map(|&(b, w, o)| Game::new(b, w).ended(o))
            .collect();
        history.push(Round {
            games: played,
            byes: want.byes,
        });
    }
}

#[test]
fn four_players_three_rounds_swiss() {
    let players = [
        Player::new(1, 30),
        Player::new(2, 28),
        Player::new(3, 26),
        Player::new(4, 24),
    ];
    replay(
        System::Swiss,
        &players,
        &[
            // One group of 4 by strength, 1 2 | 3 4: top half against bottom
            // half, 1-3 and 2-4. Colours all even: the weaker takes Black.
            // 1 wins; 4 beats 2.
            (vec![(3, 1, WhiteWins), (4, 2, BlackWins)], None),
            // Groups {1, 4} (1 point) and {2, 3}. Black to the one who had
            // White: 1 (White in round 1) against 4, 2 against 3.
            (vec![(1, 4, BlackWins), (2, 3, WhiteWins)], None),
            // Order 1 (2 points), 3 and 4 (1, 3 stronger), 2 (0). 1 has met
            // 3 and 4, so 1-2 across groups, and 3-4. All four had one Black
            // and one White, and White last for 3 and 4, Black last for 1
            // and 2: the weaker takes Black in both games.
            (vec![(2, 1, WhiteWins), (4, 3, Jigo)], None),
        ],
    );
}

#[test]
fn eight_players_swiss_where_black_wins_every_game() {
    let players: Vec<Player<u32>> = (1..=8).map(|id| Player::new(id, 31 - id as i32)).collect();
    replay(
        System::Swiss,
        &players,
        &[
            // One group by strength, 1 2 3 4 | 5 6 7 8: 1-5, 2-6, 3-7, 4-8,
            // the weaker with Black. Black wins all four.
            (
                vec![
                    (5, 1, BlackWins),
                    (6, 2, BlackWins),
                    (7, 3, BlackWins),
                    (8, 4, BlackWins),
                ],
                None,
            ),
            // Groups {5, 6, 7, 8} (1 point, all had Black) and {1, 2, 3, 4}
            // (all had White). Within a group every game would leave one
            // player two Blacks or two Whites, so colours send each winner
            // to a loser they have not met, top first and to the top of the
            // lower group: 5-2 (5 met 1), 6-1, 7-4 (7 met 3), 8-3. The
            // losers, due Black, take it, and win again.
            (
                vec![
                    (2, 5, BlackWins),
                    (1, 6, BlackWins),
                    (4, 7, BlackWins),
                    (3, 8, BlackWins),
                ],
                None,
            ),
            // Everyone 1 point, one Black and one White: one group by
            // strength again, the k-th against the k-th after the middle
            // where they have not met: 1 met 5 and 6, so 1-4 (one seat
            // off); 2 met 6, so 2-7 (5 met 2 in round 2); 3-6; 5-8.
            // Everyone is even: Black to the one who had White last (7, 6),
            // else the weaker (4 and 1 both had Black last; 8 and 5 both
            // White).
            (
                vec![
                    (4, 1, WhiteWins),
                    (7, 2, BlackWins),
                    (6, 3, WhiteWins),
                    (8, 5, Jigo),
                ],
                None,
            ),
        ],
    );
}

/// The five players of the Swiss below (tests/standings.rs places them).
fn five() -> [Player<u32>; 5] {
    [
        Player::new(1, 30),
        Player::new(2, 29),
        Player::new(3, 28),
        Player::new(4, 27),
        Player::new(5, 26),
    ]
}

#[test]
fn five_players_three_rounds_swiss_with_byes() {
    replay(
        System::Swiss,
        &five(),
        &[
            // The bye to the weakest, 5. Then 1 2 | 3 4 by strength: 1-3,
            // 2-4, the weaker with Black.
            (vec![(3, 1, WhiteWins), (4, 2, WhiteWins)], Some(5)),
            // Scores 1, 2, 5: 1 point; 3, 4: 0. The bye to the lowest
            // without one: 3 and 4 have 0, 4 is weaker. Group {1, 2, 5}:
            // 1 would take 2 (the middle), but both had White, so 1-5
            // (colours first); 2 floats down to 3. Black to the one with
            // fewer Blacks: 1 (had White) against 5 (bye), 2 against 3.
            (vec![(1, 5, WhiteWins), (2, 3, BlackWins)], Some(4)),
            // Scores 2 and 5: 2; 1 and 4: 1; 3: 0. The bye to 3 (the only
            // 0 without a bye). 2-5 and 1-4 (2-4 and 1-5 have met). 5 has
            // had a White and no Black, 4 a Black and no White.
            (vec![(5, 2, BlackWins), (1, 4, Jigo)], Some(3)),
        ],
    );
}

#[test]
fn mcmahon_round_one_pairs_within_start_groups() {
    // Bar 30, floor 26 (the weakest): starts 4 4 3 3 1 0.
    let players = [
        Player::new(1, 32),
        Player::new(2, 30),
        Player::new(3, 29),
        Player::new(4, 29),
        Player::new(5, 27),
        Player::new(6, 26),
    ];
    let system = System::McMahon(McMahon::bar(30));
    // Groups {1, 2}, {3, 4}, {5}, {6}: 5 and 6 are alone, so they meet.
    // Weaker with Black; 3 and 4 are as strong: round 1 is odd, so Black to
    // the higher placed, 3 (placed before 4 by id).
    replay(
        system,
        &players,
        &[(
            vec![(2, 1, WhiteWins), (3, 4, BlackWins), (6, 5, BlackWins)],
            None,
        )],
    );
}

#[test]
fn mcmahon_start_table() {
    let players: Vec<Player<u32>> = [32, 30, 29, 27, 25]
        .iter()
        .zip(1..)
        .map(|(&strength, id)| Player::new(id, strength))
        .collect();
    let starts = |floor: Option<i32>| -> Vec<i32> {
        let system = System::McMahon(McMahon { bar: 30, floor });
        let s = system.starts(&players).unwrap();
        s.iter().map(|p| p.quarters() / 4).collect()
    };
    // strength:              32 30 29 27 25
    assert_eq!(starts(None), [5, 5, 4, 2, 0], "floor: the weakest, 25");
    assert_eq!(starts(Some(27)), [3, 3, 2, 0, 0], "floor 27");
    assert_eq!(starts(Some(30)), [0, 0, 0, 0, 0], "floor at the bar");
    let above = System::McMahon(McMahon {
        bar: 30,
        floor: Some(31),
    });
    assert_eq!(
        above.starts(&players),
        Err(PairingError::FloorAboveBar { bar: 30, floor: 31 })
    );
    // Everyone above the bar: the floor is the bar, everyone starts at 0.
    let strong = [Player::new(1u32, 35), Player::new(2, 33)];
    let s = System::McMahon(McMahon::bar(30)).starts(&strong).unwrap();
    assert_eq!(s, [Points::ZERO, Points::ZERO]);
}

#[test]
fn a_bad_history_is_an_error_value() {
    let players = [Player::new(1u32, 20), Player::new(2, 20)];
    let stranger = Round {
        games: vec![Game::new(1, 9)],
        byes: vec![],
    };
    assert_eq!(
        next_round(&System::Swiss, &players, &[stranger], Points::ONE),
        Err(PairingError::UnknownPlayer {
            round: 1,
            player: 9
        })
    );
    let twice = Round {
        games: vec![Game::new(1, 2)],
        byes: vec![Bye {
            player: 2,
            points: Points::ONE,
        }],
    };
    assert_eq!(
        next_round(&System::Swiss, &players, &[twice], Points::ONE),
        Err(PairingError::TwiceInRound {
            round: 1,
            player: 2
        })
    );
    let listed_twice = [Player::new(1u32, 20), Player::new(1, 21)];
    assert_eq!(
        next_round(&System::Swiss, &listed_twice, &[], Points::ONE),
        Err(PairingError::DuplicatePlayer(1))
    );
}

#[test]
fn handicap_games_do_not_count_in_the_colour_balance() {
    // 2 and 4 took Black by rank against 1 and 3, and won. Their Blacks
    // were the handicap's, not the pairing's: round 2 pairs the group
    // {2, 4} within itself. Counted as Blacks, they would send 2 and 4
    // to the other group instead.
    let players = [
        Player::new(1u32, 30),
        Player::new(2, 20),
        Player::new(3, 30),
        Player::new(4, 20),
    ];
    let round_one = |handicap: bool| {
        let game = |b: u32, w: u32| {
            let g = Game::new(b, w).ended(BlackWins);
            if handicap { g.with_handicap() } else { g }
        };
        vec![Round {
            games: vec![game(2, 1), game(4, 3)],
            byes: vec![],
        }]
    };
    let pairs = |history: &[Round<u32>]| -> Vec<(u32, u32)> {
        let round = next_round(&System::Swiss, &players, history, Points::ONE).unwrap();
        round.games.iter().map(|g| (g.black, g.white)).collect()
    };
    // Round 2 is even: with nothing else between them, Black to the lower
    // placed (4 after 2, 3 after 1).
    assert_eq!(pairs(&round_one(true)), [(4, 2), (3, 1)]);
    assert_eq!(pairs(&round_one(false)), [(3, 2), (1, 4)]);
}

#[test]
fn groups_first_pairs_a_group_due_one_colour_within_itself() {
    // The eight players above after Black won every game of round 1:
    // under ColourRule::GroupsFirst, round 2 pairs {5, 6, 7, 8} and
    // {1, 2, 3, 4} within themselves, top half against bottom half, and
    // one of each game takes its colour a second time.
    let players: Vec<Player<u32>> = (1..=8).map(|id| Player::new(id, 31 - id as i32)).collect();
    let round_one = Round {
        games: [(5, 1), (6, 2), (7, 3), (8, 4)]
            .iter()
            .map(|&(b, w)| Game::new(b, w).ended(BlackWins))
            .collect(),
        byes: vec![],
    };
    let history = [round_one];
    let pairs = |rule: ColourRule| -> Vec<(u32, u32)> {
        let round = next_round_with(&System::Swiss, &players, &history, Points::ONE, rule).unwrap();
        round.games.iter().map(|g| (g.black, g.white)).collect()
    };
    // Even round, all four had Black: Black to the lower placed.
    assert_eq!(
        pairs(ColourRule::GroupsFirst),
        [(7, 5), (8, 6), (3, 1), (4, 2)]
    );
    assert_eq!(
        pairs(ColourRule::WithinOne),
        [(2, 5), (1, 6), (4, 7), (3, 8)]
    );
}
