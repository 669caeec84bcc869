//! [`standings`]: the places, with the tie-breaks OpenGotha names.
//!
//! - **points**: wins, plus half a point a jigo, plus each bye's points;
//!   in a McMahon, the McMahon score: the starting score plus those points.
//!   A both-lose or unplayed game scores nothing.
//! - **wins**: games won (a bye is not a game won).
//! - **SOS**: the sum of the opponents' final scores (McMahon scores in a
//!   McMahon), one per round. A round without a game (a bye, or a round the
//!   player was not paired in, having withdrawn or joined late) counts a
//!   virtual opponent who scores the player's own starting score: nothing
//!   in a Swiss or round robin, the player's McMahon start in a McMahon
//!   (OpenGotha's rule). Every game counts its opponent, whatever its
//!   result, unplayed included.
//! - **SOSOS**: the sum of the opponents' SOS, one per round; a round
//!   without a game counts the virtual opponent's SOS, its score times the
//!   number of rounds.
//! - **SODOS**: the sum of the scores of the opponents beaten, plus half
//!   the scores of those drawn with.
//!
//! Places: Swiss and McMahon by points, SOS, SOSOS; round robin by points,
//! SODOS. Players equal on every criterion share the place (1, 2, 2, 4)
//! and are listed stronger first, then by id. Withdrawn players keep their
//! place in the table with the games they played.

use std::cmp::Reverse;

use crate::error::PairingError;
use crate::model::{Key, Player, Points, Round};
use crate::record::{Slot, Table};
use crate::system::System;

/// One line of the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Standing<K> {
    /// The place, from 1; shared by players equal on every criterion.
    pub place: usize,
    /// Who.
    pub player: K,
    /// Points (the McMahon score in a McMahon).
    pub points: Points,
    /// Games won.
    pub wins: u32,
    /// Sum of opponents' scores.
    pub sos: Points,
    /// Sum of opponents' SOS.
    pub sosos: Points,
    /// Sum of the scores of opponents beaten, plus half of those drawn.
    pub sodos: Points,
}

impl<K> Standing<K> {
    /// The values the system places by, most important first.
    fn criteria(&self, system: &System) -> [Points; 3] {
        match system {
            System::RoundRobin => [self.points, self.sodos, Points::ZERO],
            System::Swiss | System::McMahon(_) => [self.points, self.sos, self.sosos],
        }
    }
}

/// The standings after `history`, in place order.
pub fn standings<K: Key>(
    system: &System,
    players: &[Player<K>],
    history: &[Round<K>],
) -> Result<Vec<Standing<K>>, PairingError<K>> {
    let starts = system.starts(players)?;
    let table = Table::new(players, history, &starts)?;
    let r = &table.records;
    let rounds = i32::try_from(history.len()).unwrap_or(i32::MAX);
    let opponents_sum = |i: usize, of: &dyn Fn(usize) -> Points, absent: Points| -> Points {
        r[i].slots
            .iter()
            .map(|slot| match *slot {
                Slot::Game { opponent, .. } => of(opponent),
                Slot::Bye(_) | Slot::Absent => absent,
            })
            .sum()
    };
    let n = players.len();
    let sos: Vec<Points> = (0..n)
        .map(|i| opponents_sum(i, &|o| r[o].score, r[i].start))
        .collect();
    let sosos: Vec<Points> = (0..n)
        .map(|i| opponents_sum(i, &|o| sos[o], r[i].start * rounds))
        .collect();
    let sodos = |i: usize| -> Points {
        r[i].slots
            .iter()
            .map(|slot| match *slot {
                Slot::Game {
                    opponent, points, ..
                } => r[opponent].score.times(points),
                Slot::Bye(_) | Slot::Absent => Points::ZERO,
            })
            .sum()
    };
    let mut lines: Vec<(Standing<K>, i32)> = (0..n)
        .map(|i| {
            let line = Standing {
                place: 0,
                player: players[i].id,
                points: r[i].score,
                wins: r[i].wins,
                sos: sos[i],
                sosos: sosos[i],
                sodos: sodos(i),
            };
            (line, players[i].strength)
        })
        .collect();
    lines.sort_by_key(|(s, strength)| (Reverse(s.criteria(system)), Reverse(*strength), s.player));
    Ok(placed(lines, system))
}

/// Numbers the sorted lines' places: players equal on every criterion of
/// `system` share a place (1, 2, 2, 4).
fn placed<K: Key>(lines: Vec<(Standing<K>, i32)>, system: &System) -> Vec<Standing<K>> {
    let mut out: Vec<Standing<K>> = Vec::with_capacity(lines.len());
    for (k, (mut line, _)) in lines.into_iter().enumerate() {
        line.place = match out.last() {
            Some(prev) if prev.criteria(system) == line.criteria(system) => prev.place,
            _ => k + 1,
        };
        out.push(line);
    }
    out
}
