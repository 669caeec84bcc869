//! [`PairingError`]: why a request could not be met. Every impossible
//! request is one of these values, never a panic.

use crate::model::Key;

/// Why pairing, standings or a schedule could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError<K: Key> {
    /// The same player is listed twice.
    #[error("player {0:?} is listed twice")]
    DuplicatePlayer(K),
    /// The history names a player who is not in the list.
    #[error("round {round} names player {player:?}, who is not in the tournament")]
    UnknownPlayer {
        /// The round, from 1.
        round: usize,
        /// Who.
        player: K,
    },
    /// A player has two places in one round (two games, or a game and a bye),
    /// or plays against themselves.
    #[error("player {player:?} is in round {round} more than once")]
    TwiceInRound {
        /// The round, from 1.
        round: usize,
        /// Who.
        player: K,
    },
    /// Fewer than two players to schedule.
    #[error("a round robin needs at least two players, not {0}")]
    TooFewPlayers(usize),
    /// Every way of pairing the active players repeats a game already
    /// played (or no one is left to pair).
    #[error("no pairing of round {round} avoids a repeated game")]
    NoPairing {
        /// The round that could not be paired, from 1.
        round: usize,
    },
    /// A McMahon floor above the bar.
    #[error("the McMahon floor ({floor}) is above the bar ({bar})")]
    FloorAboveBar {
        /// The bar's level.
        bar: i32,
        /// The floor's level.
        floor: i32,
    },
}
