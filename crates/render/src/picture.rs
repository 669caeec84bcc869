//! What a board picture shows: [`Picture`], made from a position or a game.

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
}
