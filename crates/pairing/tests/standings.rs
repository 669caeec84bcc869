//! Standings and crosstables of small tournaments worked by hand: the
//! arithmetic of every points, SOS, SOSOS and SODOS figure is written
//! beside it. The 5-player Swiss is the one tests/known.rs pairs.

use pbmgo_pairing::{
    Bye, Cell, Colour, Game, GameResult, McMahon, Outcome, Player, Points, Round, Standing, System,
    crosstable, round_robin, standings,
};

use Outcome::{BlackWins, Jigo, WhiteWins};

fn pts(quarters: i32) -> Points {
    Points::from_quarters(quarters)
}

fn round(games: &[(u32, u32, Outcome)], bye: Option<u32>) -> Round<u32> {
    Round {
        games: games
            .iter()
            .map(|&(b, w, o)| Game::new(b, w).ended(o))
            .collect(),
        byes: bye
            .iter()
            .map(|&player| Bye {
                player,
                points: Points::ONE,
            })
            .collect(),
    }
}

fn five() -> (Vec<Player<u32>>, Vec<Round<u32>>) {
    let players = [30, 29, 28, 27, 26]
        .iter()
        .zip(1..)
        .map(|(&s, id)| Player::new(id, s))
        .collect();
    let history = vec![
        round(&[(3, 1, WhiteWins), (4, 2, WhiteWins)], Some(5)),
        round(&[(1, 5, WhiteWins), (2, 3, BlackWins)], Some(4)),
        round(&[(5, 2, BlackWins), (1, 4, Jigo)], Some(3)),
    ];
    (players, history)
}

/// (place, player, points, wins, SOS, SOSOS, SODOS), points in quarters.
fn lines(got: &[Standing<u32>]) -> Vec<(usize, u32, i32, u32, i32, i32, i32)> {
    got.iter()
        .map(|s| {
            let q = |p: Points| p.quarters();
            (
                s.place,
                s.player,
                q(s.points),
                s.wins,
                q(s.sos),
                q(s.sosos),
                q(s.sodos),
            )
        })
        .collect()
}

#[test]
fn swiss_tie_breaks_by_hand() {
    let (players, history) = five();
    let got = standings(&System::Swiss, &players, &history).unwrap();
    // Points: 1 = win + loss + jigo = 1.5; 2 = win + win + loss = 2;
    // 3 = loss + loss + bye = 1; 4 = loss + bye + jigo = 1.5;
    // 5 = bye + win + win = 3.
    // SOS (a bye: a virtual opponent with 0 in a Swiss):
    //   1: 3 (1) + 5 (3) + 4 (1.5) = 5.5    2: 4 (1.5) + 3 (1) + 5 (3) = 5.5
    //   3: 1 (1.5) + 2 (2) + bye 0 = 3.5    4: 2 (2) + bye 0 + 1 (1.5) = 3.5
    //   5: bye 0 + 1 (1.5) + 2 (2) = 3.5
    // SOSOS: 1: 3.5 + 3.5 + 3.5 = 10.5; 2: the same opponents, 10.5;
    //   3: SOS(1) 5.5 + SOS(2) 5.5 + 0 = 11; 4 and 5 likewise 11.
    // SODOS: 1: beat 3 (1) + drew 4 (1.5 / 2) = 1.75; 2: beat 4 (1.5) +
    //   beat 3 (1) = 2.5; 3: 0; 4: drew 1 (0.75); 5: beat 1 (1.5) + 2 (2) = 3.5.
    // Places: 5 (3), 2 (2), then 1 and 4 on 1.5 split by SOS 5.5 > 3.5, 3.
    assert_eq!(
        lines(&got),
        [
            (1, 5, 12, 2, 14, 44, 14),
            (2, 2, 8, 2, 22, 42, 10),
            (3, 1, 6, 1, 22, 42, 7),
            (4, 4, 6, 0, 14, 44, 3),
            (5, 3, 4, 0, 14, 44, 0),
        ]
    );
    assert_eq!(got[2].sodos.to_string(), "1.75");
    assert_eq!(got[2].points.to_string(), "1.5");
    assert_eq!(got[0].sosos.as_f64(), 11.0);
}

#[test]
fn crosstable_cells_by_hand() {
    let (players, history) = five();
    let rows = crosstable(&System::Swiss, &players, &history).unwrap();
    let text: Vec<(u32, Vec<String>)> = rows
        .iter()
        .map(|r| {
            (
                r.standing.player,
                r.cells.iter().map(ToString::to_string).collect(),
            )
        })
        .collect();
    // "3+/w": beat the player placed 3rd, with White.
    let want = [
        (5, ["bye", "3+/w", "2+/b"]),
        (2, ["4+/w", "5+/b", "1-/w"]),
        (1, ["5+/w", "1-/b", "4=/b"]),
        (4, ["2-/b", "bye", "3=/w"]),
        (3, ["3-/b", "2-/w", "bye"]),
    ];
    let want: Vec<(u32, Vec<String>)> = want
        .iter()
        .map(|(p, cells)| (*p, cells.iter().map(ToString::to_string).collect()))
        .collect();
    assert_eq!(text, want);
    assert_eq!(
        rows[2].cells[2],
        Cell::Game {
            opponent: 4,
            opponent_place: 4,
            colour: Colour::Black,
            result: GameResult::Jigo,
        }
    );
    assert_eq!(rows[0].cells[0], Cell::Bye(Points::ONE));
}

#[test]
fn mcmahon_counts_a_bye_as_an_opponent_at_the_players_start() {
    // Bar 30, floor 27: starts A (30) 3, B (29) 2, C (28) 1.
    let players = [
        Player::new(1u32, 30),
        Player::new(2, 29),
        Player::new(3, 28),
    ];
    let system = System::McMahon(McMahon {
        bar: 30,
        floor: Some(27),
    });
    let history = [round(&[(2, 1, BlackWins)], Some(3))];
    let got = standings(&system, &players, &history).unwrap();
    // Scores: A 3 + 0 = 3; B 2 + 1 = 3; C 1 + bye 1 = 2.
    // SOS: A: B's 3; B: A's 3; C: a virtual opponent at C's start, 1.
    // SOSOS: A: SOS(B) 3; B: SOS(A) 3; C: start 1 x 1 round = 1.
    // SODOS: B beat A (3): 3. A and B are equal on score, SOS and SOSOS:
    // they share first place, the stronger listed first.
    assert_eq!(
        lines(&got),
        [
            (1, 1, 12, 0, 12, 12, 0),
            (1, 2, 12, 1, 12, 12, 12),
            (3, 3, 8, 0, 4, 4, 0),
        ]
    );
}

#[test]
fn round_robin_places_by_points_then_sodos() {
    // 1 beats 2 and 4; 2 beats 3 and 4; 3 beats 1; 4 beats 3.
    let winner = |a: u32, b: u32| match (a.min(b), a.max(b)) {
        (1, 2) | (1, 4) => 1,
        (2, 3) | (2, 4) => 2,
        (1, 3) => 3,
        _ => 4,
    };
    let history: Vec<Round<u32>> = round_robin(&[1u32, 2, 3, 4])
        .unwrap()
        .into_iter()
        .map(|r| Round {
            games: r
                .games
                .iter()
                .map(|g| {
                    let o = if winner(g.black, g.white) == g.black {
                        BlackWins
                    } else {
                        WhiteWins
                    };
                    g.ended(o)
                })
                .collect(),
            byes: r.byes,
        })
        .collect();
    let players: Vec<Player<u32>> = (1..=4).map(|id| Player::new(id, 20)).collect();
    let got = standings(&System::RoundRobin, &players, &history).unwrap();
    // Points: 1: 2, 2: 2, 3: 1, 4: 1.
    // SODOS: 1: 2 (2) + 4 (1) = 3; 2: 3 (1) + 4 (1) = 2; 3: 1 (2) = 2;
    // 4: 3 (1) = 1. SOS: 1: 2 + 1 + 1 = 4; 2: 2 + 1 + 1 = 4; 3: 2 + 2 + 1
    // = 5; 4: 2 + 2 + 1 = 5. SOSOS: 1: SOS 2, 3, 4 = 4 + 5 + 5 = 14;
    // 2: 4 + 5 + 5 = 14; 3: 4 + 4 + 5 = 13; 4: 13.
    assert_eq!(
        lines(&got),
        [
            (1, 1, 8, 2, 16, 56, 12),
            (2, 2, 8, 2, 16, 56, 8),
            (3, 3, 4, 1, 20, 52, 8),
            (4, 4, 4, 1, 20, 52, 4),
        ]
    );
}

#[test]
fn a_withdrawn_player_keeps_their_games() {
    let (mut players, history) = five();
    players[1] = players[1].withdrawn();
    let before = standings(&System::Swiss, &five().0, &history).unwrap();
    let after = standings(&System::Swiss, &players, &history).unwrap();
    assert_eq!(before, after);
    // And a later round they miss counts as a virtual opponent with 0.
    let mut longer = history.clone();
    longer.push(round(&[(1, 3, WhiteWins), (4, 5, BlackWins)], None));
    let got = standings(&System::Swiss, &players, &longer).unwrap();
    let two = got.iter().find(|s| s.player == 2).unwrap();
    assert_eq!((two.points, two.wins), (pts(8), 2));
    // SOS: 4 (now 2.5) + 3 (now 2) + 5 (still 3) + absent 0 = 7.5.
    assert_eq!(two.sos, pts(30));
}

#[test]
fn both_lose_and_unplayed_games_score_nothing_but_count_their_opponent() {
    use Outcome::{BothLose, Unplayed};
    let players = [
        Player::new(1u32, 20),
        Player::new(2, 20),
        Player::new(3, 20),
    ];
    // Round 1: 1-2 both lose, 3 has the bye (1). Round 2: 1-3 unplayed,
    // 2 has the bye. Round 3: 3 beats 2, 1 has the bye.
    let history = [
        round(&[(1, 2, BothLose)], Some(3)),
        round(&[(3, 1, Unplayed)], Some(2)),
        round(&[(3, 2, BlackWins)], Some(1)),
    ];
    let got = standings(&System::Swiss, &players, &history).unwrap();
    // Points: 1: bye = 1; 2: bye = 1; 3: bye + win = 2.
    // SOS: 1: 2 (1) + 3 (2) + bye 0 = 3; 2: 1 (1) + bye 0 + 3 (2) = 3;
    // 3: bye 0 + 1 (1) + 2 (1) = 2. SOSOS: 1: 3 + 2 = 5; 2: 3 + 2 = 5;
    // 3: 3 + 3 = 6. SODOS: 3 beat 2 (1): 1. 1 and 2 are equal throughout:
    // they share second place, listed by id.
    assert_eq!(
        lines(&got),
        [
            (1, 3, 8, 1, 8, 24, 4),
            (2, 1, 4, 0, 12, 20, 0),
            (2, 2, 4, 0, 12, 20, 0),
        ]
    );
    let rows = crosstable(&System::Swiss, &players, &history).unwrap();
    let cells: Vec<String> = rows[1].cells.iter().map(ToString::to_string).collect();
    assert_eq!(cells, ["2-/b", "1?/w", "bye"]);
}
