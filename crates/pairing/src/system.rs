//! [`System`]: how a tournament pairs and places, and [`McMahon`]'s
//! starting scores from strength.
//!
//! A McMahon start: every player at or above the bar starts in the top
//! group with `bar - floor` points; each level below the bar one point
//! less; players at or below the floor start with 0. The floor defaults to
//! the weakest player's strength (so the weakest start at 0 and every
//! starting score is a whole number of points, never negative).

use crate::error::PairingError;
use crate::model::{Key, Player, Points};

/// A tournament's system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum System {
    /// Everyone plays everyone once; placed by points, then SODOS.
    RoundRobin,
    /// Paired by points; placed by points, SOS, SOSOS.
    Swiss,
    /// Paired by McMahon score; placed by McMahon score, SOS, SOSOS.
    McMahon(McMahon),
}

/// A McMahon tournament's bar and floor, as strength levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct McMahon {
    /// Players at or above this level make the top group.
    pub bar: i32,
    /// Players at or below this level start at 0; `None`: the weakest
    /// player's level (or the bar, if everyone is above it).
    pub floor: Option<i32>,
}

impl McMahon {
    /// A bar with the default floor.
    pub fn bar(bar: i32) -> McMahon {
        McMahon { bar, floor: None }
    }

    /// The floor in force among `players`.
    pub fn floor_among<K: Key>(&self, players: &[Player<K>]) -> Result<i32, PairingError<K>> {
        let weakest = players.iter().map(|p| p.strength).min();
        let floor = self
            .floor
            .unwrap_or(weakest.unwrap_or(self.bar).min(self.bar));
        if floor > self.bar {
            return Err(PairingError::FloorAboveBar {
                bar: self.bar,
                floor,
            });
        }
        Ok(floor)
    }

    /// The starting score of a player of `strength`, with `floor` in force.
    pub fn start(&self, strength: i32, floor: i32) -> Points {
        Points::whole(strength.clamp(floor, self.bar) - floor)
    }
}

impl System {
    /// Each player's starting score, in the order of `players`: their
    /// McMahon start, or zero in the other systems.
    pub fn starts<K: Key>(&self, players: &[Player<K>]) -> Result<Vec<Points>, PairingError<K>> {
        match self {
            System::McMahon(mm) => {
                let floor = mm.floor_among(players)?;
                Ok(players
                    .iter()
                    .map(|p| mm.start(p.strength, floor))
                    .collect())
            }
            System::RoundRobin | System::Swiss => Ok(vec![Points::ZERO; players.len()]),
        }
    }
}
