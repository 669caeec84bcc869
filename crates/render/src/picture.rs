//! What a board picture shows: [`Picture`], made from a position or a game.

use std::hash::{Hash, Hasher};

use super::geometry::Geometry;
use pbmgo_go::{BoardSize, Color, Game, Move, Point, Position};

/// What a board picture shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Picture {
    /// The stones on the board.
    pub position: Position,
    /// The stone played last, marked with a ring; `None` after a pass.
    pub last: Option<Point>,
    /// The point the side to move may not retake while a ko stands,
    /// marked with a square.
    pub ko: Option<Point>,
    /// In the scoring phase: the stones marked dead, drawn faded.
    pub dead: Vec<Point>,
    /// In the scoring phase: the points counted as each side's territory
    /// (under dead stones too), marked with small squares.
    pub territory: Vec<(Point, Color)>,
}

impl Picture {
    /// The picture of `position` with no marks.
    pub fn new(position: Position) -> Picture {
        Picture {
            position,
            last: None,
            ko: None,
            dead: Vec::new(),
            territory: Vec::new(),
        }
    }

    /// The picture of `game` as it stands, its last stone played marked
    /// (none after a pass); the ko and scoring marks are the caller's.
    pub fn of_game(game: &Game) -> Picture {
        let last = match game.last_move() {
            Some((_, Move::Play(p))) => Some(p),
            _ => None,
        };
        Picture {
            last,
            ..Picture::new(game.position())
        }
    }

    /// The board's size.
    pub fn size(&self) -> BoardSize {
        self.position.size()
    }

    /// Where things are drawn.
    pub fn geometry(&self) -> Geometry {
        Geometry::of(self.size())
    }

    /// A key of what the picture shows (64-bit FNV-1a over its fields):
    /// two pictures that differ get different keys but for a chance of
    /// one in 2^64, and the same picture gets the same key in every run.
    /// Cheap next to hashing the PNG: a few hundred bytes, not kilobytes.
    pub fn key(&self) -> u64 {
        let mut h = Fnv(0xcbf2_9ce4_8422_2325);
        self.hash(&mut h);
        h.0
    }
}

/// 64-bit FNV-1a: simple and without a random seed, so the same in every run.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_follows_what_the_picture_shows() {
        let empty = Picture::new(Position::empty(BoardSize::new(9).unwrap()));
        let mut stone = empty.clone();
        stone.position.set(Point::new(2, 2), Some(Color::Black));
        let mut marked = stone.clone();
        marked.last = Some(Point::new(2, 2));
        let keys = [empty.key(), stone.key(), marked.key()];
        assert_ne!(keys[0], keys[1]);
        assert_ne!(keys[1], keys[2]);
        assert_eq!(
            stone.clone().key(),
            keys[1],
            "the same picture, the same key"
        );
    }
}
