//! The Go rules engine: pure, with no I/O, clock, SQL or mail types.
//!
//! Owns coordinates (`coords`), colours (`color`), the board with strings,
//! liberties and a Zobrist hash (`board`), the ko rules including Scott
//! Huddleston's ko position list (`ko`), the game with turn, passes, history
//! and result (`game`), scoring (`score`), the ASCII board (`render`) and SGF
//! (`sgf`). An illegal move is a value (`IllegalMove`), never a panic.

#![warn(missing_docs, unreachable_pub)]

pub(crate) mod color;
pub mod coords;
pub mod sgf;

pub use color::Color;
pub use coords::{BoardSize, CoordError, Move, Point};
pub mod board;
pub mod estimate;
pub mod events;
pub(crate) mod game;
pub mod handicap;
pub(crate) mod history;
pub(crate) mod ko;
pub mod position;
pub mod render;
pub mod replay;
pub(crate) mod rules;
pub mod score;
pub(crate) mod state;
mod zobrist;

pub use game::{Game, Phase, Played};
pub use handicap::HandicapError;
pub use history::History;
pub use ko::{KoEntry, KoList};
pub use position::Position;
pub use rules::{GameResult, IllegalMove, KoRule, Rules, Scoring, UnknownName};
pub use state::GameState;
