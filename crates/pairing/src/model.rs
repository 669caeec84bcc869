//! The values a tournament is made of: [`Player`], the [`Round`]s played so
//! far (each a list of [`Game`]s with their [`Outcome`] and of [`Bye`]s),
//! [`Colour`], and [`Points`], a score counted in half points so that a jigo
//! or a half-point bye is exact.

use std::fmt;

/// What identifies a player: any small copyable, ordered value (the
/// server's player id). The order is the last tie-break everywhere, so the
/// output never depends on the order of the input.
pub trait Key: Copy + Ord + fmt::Debug {}

impl<K: Copy + Ord + fmt::Debug> Key for K {}

/// A player of a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Player<K> {
    /// Who they are.
    pub id: K,
    /// Their rank as a level, one step a rank, higher is stronger; where
    /// zero lies is the caller's (EGF-style, for example, 30k = 1, 1k = 30,
    /// 1d = 31). McMahon starting scores and the order within a score
    /// group come from it.
    pub strength: i32,
    /// Still in: a withdrawn player (`false`) is not paired again, but the
    /// games they played count, for them and for their opponents.
    pub active: bool,
}

impl<K> Player<K> {
    /// A player still in the tournament.
    pub fn new(id: K, strength: i32) -> Player<K> {
        Player {
            id,
            strength,
            active: true,
        }
    }

    /// The same player, withdrawn.
    pub fn withdrawn(self) -> Player<K> {
        Player {
            active: false,
            ..self
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Black won (by score, resignation, time or forfeit).
    BlackWins,
    /// White won.
    WhiteWins,
    /// A draw: half a point each.
    Jigo,
    /// Both lose (both ran out of time, or an admin's ruling): no points.
    BothLose,
    /// Not played, or not finished yet: no points to either, but the two
    /// have met (they are not paired again) and the colours count.
    Unplayed,
}

/// A stone colour: who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// One game of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game<K> {
    /// Who plays Black.
    pub black: K,
    /// Who plays White.
    pub white: K,
    /// How it ended; [`Outcome::Unplayed`] while it goes on.
    pub outcome: Outcome,
    /// A handicap game: the weaker took Black by rank, not by the pairing,
    /// so its colours do not count in either player's colour balance.
    pub handicap: bool,
}

impl<K: Key> Game<K> {
    /// A game not played yet.
    pub fn new(black: K, white: K) -> Game<K> {
        Game {
            black,
            white,
            outcome: Outcome::Unplayed,
            handicap: false,
        }
    }

    /// The same game, ended with `outcome`.
    pub fn ended(self, outcome: Outcome) -> Game<K> {
        Game { outcome, ..self }
    }

    /// The same game, marked as a handicap game.
    pub fn with_handicap(self) -> Game<K> {
        Game {
            handicap: true,
            ..self
        }
    }

    /// The colour `player` has in this game, if they play in it.
    pub fn colour_of(&self, player: K) -> Option<Colour> {
        match player {
            p if p == self.black => Some(Colour::Black),
            p if p == self.white => Some(Colour::White),
            _ => None,
        }
    }

    /// The points a player of `colour` scores from it.
    pub fn points_for(&self, colour: Colour) -> Points {
        match (self.outcome, colour) {
            (Outcome::BlackWins, Colour::Black) | (Outcome::WhiteWins, Colour::White) => {
                Points::ONE
            }
            (Outcome::Jigo, _) => Points::HALF,
            _ => Points::ZERO,
        }
    }
}

/// A round without an opponent, and the points it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bye<K> {
    /// Who sits out.
    pub player: K,
    /// What it scores (the tournament's rule: 1, 0.5 or 0).
    pub points: Points,
}

/// One round: its games and its byes (at most one when pbmgo pairs it).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Round<K> {
    /// The games, top board first.
    pub games: Vec<Game<K>>,
    /// The players who sit out with points.
    pub byes: Vec<Bye<K>>,
}

impl<K> Default for Round<K> {
    fn default() -> Round<K> {
        Round {
            games: Vec::new(),
            byes: Vec::new(),
        }
    }
}

/// A score: 1 for a win, 0.5 for a jigo; counted in quarter points, so
/// that SODOS (half of a drawn opponent's score) is exact too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(i32);

impl Points {
    /// Nothing.
    pub const ZERO: Points = Points(0);
    /// A jigo.
    pub const HALF: Points = Points(2);
    /// A win.
    pub const ONE: Points = Points(4);

    /// `whole` points.
    pub const fn whole(whole: i32) -> Points {
        Points(4 * whole)
    }

    /// `halves` half points.
    pub const fn from_halves(halves: i32) -> Points {
        Points(2 * halves)
    }

    /// `quarters` quarter points.
    pub const fn from_quarters(quarters: i32) -> Points {
        Points(quarters)
    }

    /// The score in quarter points.
    pub const fn quarters(self) -> i32 {
        self.0
    }

    /// The score as a number (for JSON): 2.5 for ten quarters.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 4.0
    }

    /// This score times a game's points over a win's: all of it for a win,
    /// half for a jigo, nothing for a loss (SODOS).
    pub fn times(self, result: Points) -> Points {
        Points(self.0 * result.0 / 4)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::ops::Mul<i32> for Points {
    type Output = Points;
    fn mul(self, n: i32) -> Points {
        Points(self.0 * n)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

/// `2`, `2.5`, `1.25`, `-0.5`: as short as exact.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, part) = (self.0.abs() / 4, self.0.abs() % 4);
        let fraction = ["", ".25", ".5", ".75"][part as usize];
        write!(f, "{sign}{whole}{fraction}")
    }
}

#[cfg(test)]
mod tests {
    use super::{Colour, Game, Outcome, Points};

    #[test]
    fn points_print_as_short_as_exact() {
        let shown: Vec<String> = [0, 1, 2, 3, 4, 10, -2]
            .iter()
            .map(|&q| Points::from_quarters(q).to_string())
            .collect();
        assert_eq!(shown, ["0", "0.25", "0.5", "0.75", "1", "2.5", "-0.5"]);
        assert_eq!(Points::from_halves(3), Points::whole(1) + Points::HALF);
        assert_eq!(Points::whole(3).times(Points::HALF), Points::from_halves(3));
        assert_eq!(Points::whole(3).times(Points::ZERO), Points::ZERO);
    }

    #[test]
    fn a_game_scores_each_side() {
        let g = Game::new(1, 2).ended(Outcome::WhiteWins);
        assert_eq!(
            (g.points_for(Colour::Black), g.points_for(Colour::White)),
            (Points::ZERO, Points::ONE)
        );
        assert_eq!(g.colour_of(2), Some(Colour::White));
        assert_eq!(g.colour_of(3), None);
        for o in [Outcome::BothLose, Outcome::Unplayed] {
            let g = g.ended(o);
            assert_eq!(
                (g.points_for(Colour::Black), g.points_for(Colour::White)),
                (Points::ZERO, Points::ZERO)
            );
        }
        let jigo = g.ended(Outcome::Jigo);
        assert_eq!(jigo.points_for(Colour::Black), Points::HALF);
        assert_eq!(Colour::Black.other(), Colour::White);
    }
}
