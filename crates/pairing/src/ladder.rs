//! [`Ladder`]: players standing in an order, top first, DGS style.
//!
//! - A player may challenge anyone at most `reach` places above them
//!   ([`DEFAULT_REACH`] is 5), never someone below and never themselves
//!   ([`may_challenge`]).
//! - A challenger who beats a higher player takes the loser's place and
//!   everyone from there down to the challenger's old place moves down one;
//!   any other result changes nothing ([`after_win`]).
//! - Joining puts a player at the bottom; withdrawing removes them and
//!   closes the gap.
//!
//! Every change returns a new ladder; a request that makes no sense is a
//! [`LadderError`].

use crate::model::Key;

/// How far up a player may challenge unless the ladder says otherwise.
pub const DEFAULT_REACH: usize = 5;

/// A ladder: its players, top first.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Ladder<K> {
    players: Vec<K>,
}

/// Why a ladder request was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LadderError<K: Key> {
    /// The player is not on the ladder.
    #[error("{0:?} is not on the ladder")]
    NotOnLadder(K),
    /// The player is on the ladder already.
    #[error("{0:?} is on the ladder already")]
    AlreadyOn(K),
    /// A player cannot challenge themselves.
    #[error("a player cannot challenge themselves")]
    SelfChallenge,
    /// The target stands below the challenger.
    #[error("place {target} is below place {challenger}: challenge upwards")]
    Below {
        /// The challenger's place, from 1.
        challenger: usize,
        /// The target's place, from 1.
        target: usize,
    },
    /// The target stands more than `reach` places above.
    #[error("place {target} is {} places above place {challenger}, more than {reach}", challenger - target)]
    OutOfReach {
        /// The challenger's place, from 1.
        challenger: usize,
        /// The target's place, from 1.
        target: usize,
        /// How far up a challenge may go.
        reach: usize,
    },
}

impl<K: Key> Ladder<K> {
    /// A ladder in this order, top first; a player listed twice is refused.
    pub fn new(players: Vec<K>) -> Result<Ladder<K>, LadderError<K>> {
        let mut seen = std::collections::BTreeSet::new();
        if let Some(&twice) = players.iter().find(|&&p| !seen.insert(p)) {
            return Err(LadderError::AlreadyOn(twice));
        }
        Ok(Ladder { players })
    }

    /// The players, top first.
    pub fn players(&self) -> &[K] {
        &self.players
    }

    /// A player's place, from 1 at the top.
    pub fn place(&self, player: K) -> Option<usize> {
        self.players
            .iter()
            .position(|&p| p == player)
            .map(|i| i + 1)
    }

    fn place_of(&self, player: K) -> Result<usize, LadderError<K>> {
        self.place(player).ok_or(LadderError::NotOnLadder(player))
    }

    /// The ladder with `player` added at the bottom.
    pub fn join(&self, player: K) -> Result<Ladder<K>, LadderError<K>> {
        if self.place(player).is_some() {
            return Err(LadderError::AlreadyOn(player));
        }
        let mut players = self.players.clone();
        players.push(player);
        Ok(Ladder { players })
    }

    /// The ladder without `player`, the players below moving up one.
    pub fn withdraw(&self, player: K) -> Result<Ladder<K>, LadderError<K>> {
        let place = self.place_of(player)?;
        let mut players = self.players.clone();
        players.remove(place - 1);
        Ok(Ladder { players })
    }
}

/// Whether `challenger` may challenge `target`: at most `reach` places
/// above, not below, not themselves.
pub fn may_challenge<K: Key>(
    ladder: &Ladder<K>,
    challenger: K,
    target: K,
    reach: usize,
) -> Result<(), LadderError<K>> {
    if challenger == target {
        return Err(LadderError::SelfChallenge);
    }
    let (from, to) = (ladder.place_of(challenger)?, ladder.place_of(target)?);
    if to > from {
        return Err(LadderError::Below {
            challenger: from,
            target: to,
        });
    }
    if from - to > reach {
        return Err(LadderError::OutOfReach {
            challenger: from,
            target: to,
            reach,
        });
    }
    Ok(())
}

/// The ladder after `winner` beat `loser`: a winner from below takes the
/// loser's place, and everyone from that place to the winner's old one
/// moves down one; a winner from above changes nothing.
pub fn after_win<K: Key>(
    ladder: &Ladder<K>,
    winner: K,
    loser: K,
) -> Result<Ladder<K>, LadderError<K>> {
    if winner == loser {
        return Err(LadderError::SelfChallenge);
    }
    let (w, l) = (ladder.place_of(winner)?, ladder.place_of(loser)?);
    let mut players = ladder.players.clone();
    if w > l {
        players.remove(w - 1);
        players.insert(l - 1, winner);
    }
    Ok(Ladder { players })
}
