//! [`crosstable`]: the standings with every round's game, one [`Cell`] a
//! player and round: the opponent (and their place), the colour and the
//! result, a bye, or nothing. The server renders these as text, an HTML
//! `<table>` or JSON; [`Cell`]'s `Display` is the usual short text,
//! `3+/b` (beat the player placed 3rd, with Black).

use std::fmt;

use crate::error::PairingError;
use crate::model::{Colour, Key, Outcome, Player, Points, Round};
use crate::record::{Slot, Table, index_of};
use crate::standings::{Standing, standings};
use crate::system::System;

/// A game's result for one of its players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// They won.
    Win,
    /// They lost.
    Loss,
    /// A jigo.
    Jigo,
    /// Both lost.
    BothLose,
    /// Not played, or not finished yet.
    Unplayed,
}

/// What one round was for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell<K> {
    /// A game.
    Game {
        /// Against whom.
        opponent: K,
        /// The opponent's place in the standings.
        opponent_place: usize,
        /// The player's colour.
        colour: Colour,
        /// The player's result.
        result: GameResult,
    },
    /// A bye worth these points.
    Bye(Points),
    /// Not paired that round.
    Absent,
}

/// One player's line: their standing and a cell a round.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CrossRow<K> {
    /// Place, points and tie-breaks.
    pub standing: Standing<K>,
    /// Round by round, from round 1.
    pub cells: Vec<Cell<K>>,
}

/// The crosstable after `history`, in place order.
pub fn crosstable<K: Key>(
    system: &System,
    players: &[Player<K>],
    history: &[Round<K>],
) -> Result<Vec<CrossRow<K>>, PairingError<K>> {
    let lines = standings(system, players, history)?;
    let index = index_of(players)?;
    let table = Table::new(players, history, &system.starts(players)?)?;
    let mut place = vec![0; players.len()];
    for line in &lines {
        place[index[&line.player]] = line.place;
    }
    let rows = lines
        .into_iter()
        .map(|standing| {
            let cells = table.records[index[&standing.player]]
                .slots
                .iter()
                .map(|&slot| cell(players, &place, slot))
                .collect();
            CrossRow { standing, cells }
        })
        .collect();
    Ok(rows)
}

fn cell<K: Key>(players: &[Player<K>], place: &[usize], slot: Slot) -> Cell<K> {
    match slot {
        Slot::Game {
            opponent,
            colour,
            outcome,
            points,
            ..
        } => Cell::Game {
            opponent: players[opponent].id,
            opponent_place: place[opponent],
            colour,
            result: match outcome {
                Outcome::Jigo => GameResult::Jigo,
                Outcome::BothLose => GameResult::BothLose,
                Outcome::Unplayed => GameResult::Unplayed,
                Outcome::BlackWins | Outcome::WhiteWins if points == Points::ONE => GameResult::Win,
                Outcome::BlackWins | Outcome::WhiteWins => GameResult::Loss,
            },
        },
        Slot::Bye(points) => Cell::Bye(points),
        Slot::Absent => Cell::Absent,
    }
}

/// `+` win, `-` loss or both lose, `=` jigo, `?` unplayed.
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::Win => "+",
            GameResult::Loss | GameResult::BothLose => "-",
            GameResult::Jigo => "=",
            GameResult::Unplayed => "?",
        })
    }
}

/// `3+/b`: the opponent's place, the result, the colour; `bye`; `-`.
impl<K> fmt::Display for Cell<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Game {
                opponent_place,
                colour,
                result,
                ..
            } => {
                let c = if *colour == Colour::Black { 'b' } else { 'w' };
                write!(f, "{opponent_place}{result}/{c}")
            }
            Cell::Bye(_) => f.write_str("bye"),
            Cell::Absent => f.write_str("-"),
        }
    }
}
