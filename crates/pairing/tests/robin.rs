//! Round robin schedules: for 2 to 12 players, every pair meets exactly
//! once, every round pairs everyone (one bye for an odd count, each player
//! sitting out once), and no one's Blacks and Whites differ by more than
//! one. A 4-player schedule written out by hand, and the refusals.

mod support;

use std::collections::BTreeSet;

use pbmgo_pairing::{Game, PairingError, round_robin};
use support::{colour_balance, pair};

#[test]
fn every_pair_meets_exactly_once_for_2_to_12_players() {
    for n in 2..=12u32 {
        let ids: Vec<u32> = (1..=n).collect();
        let rounds = round_robin(&ids).unwrap();
        let want_rounds = if n.is_multiple_of(2) { n - 1 } else { n };
        assert_eq!(rounds.len(), want_rounds as usize, "{n} players: rounds");
        let mut pairs = BTreeSet::new();
        for g in rounds.iter().flat_map(|r| r.games.iter()) {
            assert!(pairs.insert(pair(g)), "{n} players: {:?} twice", pair(g));
        }
        assert_eq!(pairs.len() as u32, n * (n - 1) / 2, "{n} players: pairs");
    }
}

#[test]
fn every_round_pairs_everyone_with_one_bye_when_odd() {
    for n in 2..=12u32 {
        let ids: Vec<u32> = (1..=n).collect();
        let rounds = round_robin(&ids).unwrap();
        let mut byes = Vec::new();
        for (r, round) in rounds.iter().enumerate() {
            let mut seen: Vec<u32> = round
                .games
                .iter()
                .flat_map(|g| [g.black, g.white])
                .collect();
            seen.extend(round.byes.iter().map(|b| b.player));
            seen.sort_unstable();
            assert_eq!(seen, ids, "{n} players, round {}", r + 1);
            assert_eq!(
                round.byes.len(),
                (n % 2) as usize,
                "{n} players, round {}",
                r + 1
            );
            byes.extend(round.byes.iter().map(|b| b.player));
        }
        byes.sort_unstable();
        let want: Vec<u32> = if n % 2 == 1 { ids.clone() } else { Vec::new() };
        assert_eq!(byes, want, "{n} players: one bye each when odd");
    }
}

#[test]
fn colours_differ_by_at_most_one_for_2_to_12_players() {
    for n in 2..=12u32 {
        let ids: Vec<u32> = (1..=n).collect();
        let rounds = round_robin(&ids).unwrap();
        for id in ids {
            let balance = colour_balance(&rounds, id);
            assert!(balance.abs() <= 1, "{n} players: player {id} is {balance}");
            if n % 2 == 1 {
                assert_eq!(
                    balance, 0,
                    "{n} players: an even number of games, even colours"
                );
            }
        }
    }
}

#[test]
fn four_players_by_hand() {
    // Seats 0..3 are players 10, 20, 30, 40; seat 3 stays put. Round r
    // pairs seat 3 with seat r and seat r+1 with seat r-1 (mod 3). Black:
    // the lower seat when the seats' sum is odd, else the higher.
    let rounds = round_robin(&[10, 20, 30, 40]).unwrap();
    let table: Vec<Vec<(u32, u32)>> = rounds
        .iter()
        .map(|r| r.games.iter().map(|g| (g.black, g.white)).collect())
        .collect();
    assert_eq!(
        table,
        [
            // seats 3-0 (sum 3, odd: 0 black), 1-2 (sum 3: 1 black)
            vec![(10, 40), (20, 30)],
            // seats 3-1 (sum 4, even: 3 black), 2-0 (sum 2: 2 black)
            vec![(40, 20), (30, 10)],
            // seats 3-2 (sum 5: 2 black), 0-1 (sum 1: 0 black)
            vec![(30, 40), (10, 20)],
        ]
    );
    assert!(rounds.iter().all(|r| r.byes.is_empty()));
    assert_eq!(rounds[0].games[0], Game::new(10, 40));
}

#[test]
fn too_few_or_repeated_players_are_refused() {
    assert_eq!(round_robin::<u32>(&[]), Err(PairingError::TooFewPlayers(0)));
    assert_eq!(round_robin(&[7u32]), Err(PairingError::TooFewPlayers(1)));
    assert_eq!(
        round_robin(&[7u32, 8, 7]),
        Err(PairingError::DuplicatePlayer(7))
    );
}

#[test]
fn next_round_of_a_round_robin_follows_the_schedule_without_the_withdrawn() {
    use pbmgo_pairing::{Player, Points, System, next_round};
    let ids = [1u32, 2, 3, 4, 5, 6];
    let schedule = round_robin(&ids).unwrap();
    let mut players: Vec<Player<u32>> = ids.iter().map(|&id| Player::new(id, 20)).collect();
    let next = next_round(&System::RoundRobin, &players, &schedule[..2], Points::ONE).unwrap();
    assert_eq!(next, schedule[2]);
    players[0] = players[0].withdrawn();
    let next = next_round(&System::RoundRobin, &players, &schedule[..2], Points::ONE).unwrap();
    let mut want = schedule[2].clone();
    want.games.retain(|g| g.black != 1 && g.white != 1);
    assert_eq!(next, want);
    assert_eq!(want.games.len(), 2);
    assert_eq!(
        next_round(&System::RoundRobin, &players, &schedule, Points::ONE),
        Err(PairingError::NoPairing { round: 6 })
    );
}
