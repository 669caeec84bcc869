//! The proposed count: which stones of a finished position are dead.
//!
//! Owns `propose` (the dead stones of a position, every point of each dead
//! string, sorted), `propose_game` (the same with the count under the
//! game's own rules) and the rule that joins the two measures in
//! `benson` and `playout`:
//! 1. a string Benson's test finds pass-alive is never dead;
//! 2. a string inside a region its opponent's pass-alive strings enclose
//!    tightly (every empty point a liberty of them) is dead;
//! 3. any other string is dead when, over the playouts, its points ended
//!    as the opponent's in most of them.
//!
//! Seki survives the playouts (their policy makes no self-atari of two or
//! more stones, save a sacrifice that puts the opponent in atari too, and
//! never fills a shared liberty that would allow one), so its strings stay
//! alive; a group whose eye space is a nakade shape dies in them, as the
//! policy plays the vital point. The playouts' random numbers
//! are seeded from the position's Zobrist hash: the same position always
//! gets the same proposal.

pub mod benson;
mod playout;

#[cfg(test)]
mod tests;

use super::board::Board;
use super::score::{Score, score_game};
use super::{Color, Game, Point, Position};
use playout::{Rng, Tally, tally};

/// Playouts per proposal.
const PLAYOUTS: u32 = 256;

/// Returns the stones of `pos` proposed dead: every point of each dead
/// string, sorted (as `Point` sorts).
pub fn propose(pos: &Position) -> Vec<Point> {
    let size = pos.size();
    let black = benson::pass_alive(pos, Color::Black);
    let white = benson::pass_alive(pos, Color::White);
    let seed = Board::from_position(pos).hash() ^ 0x6573_7469_6D61_7465;
    let t = tally(pos, PLAYOUTS, &mut Rng::new(seed));
    let mut dead = Vec::new();
    let mut seen = vec![false; size.points()];
    for p in size.all_points() {
        let Some(color) = pos.get(p) else { continue };
        if seen[p.index(size)] {
            continue;
        }
        let (stones, _) = pos.string_and_liberties(p);
        stones.iter().for_each(|q| seen[q.index(size)] = true);
        let (own, theirs) = match color {
            Color::Black => (&black, &white),
            Color::White => (&white, &black),
        };
        if string_dead(&stones, pos, color, own, theirs, &t) {
            dead.extend(stones);
        }
    }
    dead.sort();
    dead
}

/// Returns the proposal for `game`'s position and the count it gives
/// under the game's rules, komi and prisoners.
pub fn propose_game(game: &Game) -> (Vec<Point>, Score) {
    let dead = propose(&game.position());
    let score = score_game(game, &dead);
    (dead, score)
}

/// Decides one string of `color` (its `stones`) by the rule in the header.
fn string_dead(
    stones: &[Point],
    pos: &Position,
    color: Color,
    own: &benson::PassAlive,
    theirs: &benson::PassAlive,
    t: &Tally,
) -> bool {
    let size = pos.size();
    let first = stones[0].index(size);
    if own.alive[first] {
        return false;
    }
    if theirs.enclosed[first] {
        return true;
    }
    let taken: u64 = stones
        .iter()
        .map(|p| {
            let i = p.index(size);
            u64::from(match color {
                Color::Black => t.white[i],
                Color::White => t.black[i],
            })
        })
        .sum();
    2 * taken > u64::from(t.playouts) * stones.len() as u64
}
