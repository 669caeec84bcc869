//! One rated game: what it does to both ratings (skillratings' EGF
//! formula, the handicap counted), the handicap the formula is given for a
//! game's stones and komi, and the games too short to rate.

use skillratings::Outcomes;
use skillratings::egf::{EGFConfig, EGFRating, egf};

/// Games that end by resignation or time before this many moves are not
/// rated, so no one gains by abandoning a game they are losing.
pub const ESCAPE_MOVES: u32 = 10;

/// How a rated game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Black won.
    BlackWins,
    /// White won.
    WhiteWins,
    /// A draw (jigo), half a point each.
    Draw,
}

/// A game to rate: both ratings before it and the handicap Black had
/// (as [`egf_handicap`] gives it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    /// Black's rating before the game.
    pub black: f64,
    /// White's rating before the game.
    pub white: f64,
    /// The handicap Black received: 0 for an even game, 1 for a game
    /// without stones at komi 0.5, else the stones.
    pub handicap: u32,
}

/// Both ratings after `game` ended with `outcome`: (Black's, White's).
pub fn rate(game: RatedGame, outcome: Outcome) -> (f64, f64) {
    let black = EGFRating { rating: game.black };
    let white = EGFRating { rating: game.white };
    let outcome = match outcome {
        Outcome::BlackWins => Outcomes::WIN,
        Outcome::WhiteWins => Outcomes::LOSS,
        Outcome::Draw => Outcomes::DRAW,
    };
    // Negative: player one (Black) is the one who received the handicap.
    let config = EGFConfig {
        handicap: -f64::from(game.handicap.min(9)),
    };
    let (b, w) = egf(&black, &white, &outcome, &config);
    (b.rating, w.rating)
}

/// The handicap a game gave Black, as the formula counts it: its stones
/// when there are two or more; 1 for a game without stones where White's
/// komi is half a point or less (the one-rank game); else 0.
pub fn egf_handicap(stones: u32, komi: f64) -> u32 {
    match stones {
        0 | 1 if komi <= 0.5 => 1,
        0 | 1 => 0,
        n => n,
    }
}

/// Whether a game that lasted `moves` moves and ended by resignation or
/// on time (`abandoned`) ended too early to be rated.
pub fn is_escape(moves: u32, abandoned: bool) -> bool {
    abandoned && moves < ESCAPE_MOVES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_gains_and_the_loser_loses() {
        let g = RatedGame {
            black: 1600.0,
            white: 1600.0,
            handicap: 0,
        };
        let (b, w) = rate(g, Outcome::BlackWins);
        assert!(b > 1600.0 && w < 1600.0, "{b} {w}");
        let (b2, w2) = rate(g, Outcome::WhiteWins);
        assert!(b2 < 1600.0 && w2 > 1600.0, "{b2} {w2}");
    }

    #[test]
    fn escapes() {
        assert!(is_escape(9, true));
        assert!(!is_escape(10, true));
        assert!(!is_escape(3, false));
        assert_eq!(egf_handicap(0, 6.5), 0);
        assert_eq!(egf_handicap(0, 0.5), 1);
        assert_eq!(egf_handicap(4, 0.5), 4);
    }
}
