//! [`round_robin`]: a round robin's whole schedule at once, by the circle
//! method (Berger's tables): one player stays put while the others turn
//! around them, so every pair meets exactly once in `n - 1` rounds (`n`
//! rounds for an odd count, each player sitting out exactly once).
//!
//! Colours come from the players' places in the list, not from the round:
//! of two players at places `a < b`, the one at `a` takes Black when
//! `a + b` is odd, the one at `b` when it is even. Everyone then has as
//! many Blacks as Whites, or one more of either when they play an odd
//! number of games.

use crate::error::PairingError;
use crate::model::Player;
use crate::model::{Bye, Game, Key, Points, Round};
use crate::record::index_of;

/// The rounds of a round robin among `players` (their order is the
/// seeding), each with its games and, for an odd count, one bye worth
/// nothing (everyone has one, so it changes no place).
pub fn round_robin<K: Key>(players: &[K]) -> Result<Vec<Round<K>>, PairingError<K>> {
    let listed: Vec<Player<K>> = players.iter().map(|&id| Player::new(id, 0)).collect();
    index_of(&listed)?;
    let n = players.len();
    if n < 2 {
        return Err(PairingError::TooFewPlayers(n));
    }
    let seats = n + n % 2;
    let turning = seats - 1;
    let rounds = (0..turning)
        .map(|r| {
            let mut pairs = vec![(seats - 1, r)];
            pairs.extend((1..seats / 2).map(|i| ((r + i) % turning, (r + turning - i) % turning)));
            let mut round = Round::default();
            for (a, b) in pairs {
                match (a < n, b < n) {
                    (true, true) => round.games.push(game(players, a, b)),
                    (true, false) => round.byes.push(bye(players[a])),
                    (false, _) => round.byes.push(bye(players[b])),
                }
            }
            round
        })
        .collect();
    Ok(rounds)
}

/// The game between the players at places `a` and `b`, coloured by the
/// parity rule.
fn game<K: Key>(players: &[K], a: usize, b: usize) -> Game<K> {
    let (low, high) = (a.min(b), a.max(b));
    let (black, white) = if (low + high) % 2 == 1 {
        (low, high)
    } else {
        (high, low)
    };
    Game::new(players[black], players[white])
}

fn bye<K: Key>(player: K) -> Bye<K> {
    Bye {
        player,
        points: Points::ZERO,
    }
}
