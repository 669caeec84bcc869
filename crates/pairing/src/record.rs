//! [`Table`]: the history read once, player by player: what each round was
//! for them (a game, a bye or nothing), their score, wins, colour balance
//! and byes, and who has met whom. The history is checked here: every name
//! known, no one twice in a round.

use std::collections::BTreeMap;

use crate::error::PairingError;
use crate::model::{Colour, Key, Outcome, Player, Points, Round};

/// What one round was for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// A game against the player at this index.
    Game {
        opponent: usize,
        colour: Colour,
        outcome: Outcome,
        points: Points,
        /// Colours by rank (not counted in the balance).
        handicap: bool,
    },
    /// A bye and its points.
    Bye(Points),
    /// Not paired (withdrawn, or joined later).
    Absent,
}

/// One player's tournament so far.
#[derive(Debug, Clone)]
pub(crate) struct Record {
    /// The starting score (McMahon), zero otherwise.
    pub start: Points,
    /// Start, plus points from games and byes.
    pub score: Points,
    /// Games won.
    pub wins: u32,
    /// Games as Black minus games as White (handicap games left out).
    pub balance: i32,
    /// The colour of the last game that was not a handicap game.
    pub last: Option<Colour>,
    /// Byes had.
    pub byes: u32,
    /// Round by round.
    pub slots: Vec<Slot>,
}

/// Every player's record, by index in the player list.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    pub records: Vec<Record>,
    /// `met[a][b]`: a and b have been paired before.
    pub met: Vec<Vec<bool>>,
}

impl Table {
    /// Reads `history` for `players`, each starting at `starts[i]`.
    pub(crate) fn new<K: Key>(
        players: &[Player<K>],
        history: &[Round<K>],
        starts: &[Points],
    ) -> Result<Table, PairingError<K>> {
        let index = index_of(players)?;
        let n = players.len();
        let mut records: Vec<Record> = starts
            .iter()
            .map(|&start| Record {
                start,
                score: start,
                wins: 0,
                balance: 0,
                last: None,
                byes: 0,
                slots: Vec::with_capacity(history.len()),
            })
            .collect();
        let mut met = vec![vec![false; n]; n];
        for (r, round) in history.iter().enumerate() {
            let slots = round_slots(r + 1, round, &index, n)?;
            for (i, slot) in slots.into_iter().enumerate() {
                records[i].add(slot);
                if let Slot::Game { opponent, .. } = slot {
                    met[i][opponent] = true;
                }
            }
        }
        Ok(Table { records, met })
    }
}

impl Record {
    fn add(&mut self, slot: Slot) {
        match slot {
            Slot::Game {
                colour,
                points,
                handicap,
                ..
            } => {
                self.score += points;
                self.wins += u32::from(points == Points::ONE);
                if !handicap {
                    self.balance += if colour == Colour::Black { 1 } else { -1 };
                    self.last = Some(colour);
                }
            }
            Slot::Bye(points) => {
                self.score += points;
                self.byes += 1;
            }
            Slot::Absent => {}
        }
        self.slots.push(slot);
    }
}

/// Each player's index, or the first one listed twice.
pub(crate) fn index_of<K: Key>(
    players: &[Player<K>],
) -> Result<BTreeMap<K, usize>, PairingError<K>> {
    let mut index = BTreeMap::new();
    for (i, p) in players.iter().enumerate() {
        if index.insert(p.id, i).is_some() {
            return Err(PairingError::DuplicatePlayer(p.id));
        }
    }
    Ok(index)
}

/// What round `number` was for each player, by index.
fn round_slots<K: Key>(
    number: usize,
    round: &Round<K>,
    index: &BTreeMap<K, usize>,
    n: usize,
) -> Result<Vec<Slot>, PairingError<K>> {
    let mut slots = vec![Slot::Absent; n];
    let at = |player: K| {
        index
            .get(&player)
            .copied()
            .ok_or(PairingError::UnknownPlayer {
                round: number,
                player,
            })
    };
    let twice = |player: K| PairingError::TwiceInRound {
        round: number,
        player,
    };
    for game in &round.games {
        let (b, w) = (at(game.black)?, at(game.white)?);
        if b == w {
            return Err(twice(game.black));
        }
        for (me, opponent, colour) in [(b, w, Colour::Black), (w, b, Colour::White)] {
            if slots[me] != Slot::Absent {
                return Err(twice(if me == b { game.black } else { game.white }));
            }
            slots[me] = Slot::Game {
                opponent,
                colour,
                outcome: game.outcome,
                points: game.points_for(colour),
                handicap: game.handicap,
            };
        }
    }
    for bye in &round.byes {
        let i = at(bye.player)?;
        if slots[i] != Slot::Absent {
            return Err(twice(bye.player));
        }
        slots[i] = Slot::Bye(bye.points);
    }
    Ok(slots)
}
