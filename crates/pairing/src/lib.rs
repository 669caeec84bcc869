//! pbmgo's tournament pairing, pure in the engine's spirit: players,
//! results and history in, pairings, standings and crosstables out. No I/O,
//! no clock, no randomness: the same input gives the same output, and an
//! impossible request is an error value, never a panic.
//!
//! - the model: [`Player`], [`Round`] (its [`Game`]s with their
//!   [`Outcome`], and [`Bye`]s), [`Points`] (exact to a quarter point),
//!   [`System`] and [`McMahon`] (bar, floor, starting scores);
//! - [`round_robin`]: a round robin's whole schedule (Berger tables);
//! - [`next_round`]: the next round of a Swiss or McMahon: score groups,
//!   no repeats (a pairing is found whenever one exists), colour balance
//!   (within one, or score groups first: [`ColourRule`] and
//!   [`next_round_with`]), at most one bye a player while that can be
//!   helped;
//! - [`standings`]: places with points, wins, SOS, SOSOS, SODOS;
//! - [`crosstable`]: the standings with every round's [`Cell`];
//! - [`Ladder`]: [`may_challenge`], [`after_win`], join and withdraw.

mod colour;
mod crosstable;
mod error;
mod ladder;
mod matching;
mod model;
mod record;
mod robin;
mod standings;
mod swiss;
mod system;

pub use colour::ColourRule;
pub use crosstable::{Cell, CrossRow, GameResult, crosstable};
pub use error::PairingError;
pub use ladder::{DEFAULT_REACH, Ladder, LadderError, after_win, may_challenge};
pub use model::{Bye, Colour, Game, Key, Outcome, Player, Points, Round};
pub use robin::round_robin;
pub use standings::{Standing, standings};
pub use swiss::{next_round, next_round_with};
pub use system::{McMahon, System};
