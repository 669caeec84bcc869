//! Ranks and ratings, pure: the European Go Federation's rating scale
//! (GoR), kyu and dan ranks as players write them, what one rated game
//! does to both ratings, the handicap and komi a rank difference gives on
//! each board size, and which games end too early to rate.
//!
//! The scale: 2100 is 1 dan, 2000 is 1 kyu, 100 points a rank, so 20 kyu
//! is 100 and 30 kyu (the floor) is -900. A rating shows as the rank whose
//! value is nearest ([`Rank::of`]), so a player declared 5k (1600) stays 5k
//! from 1550 to 1649.
//!
//! The formula of one game is skillratings' EGF system (with its handicap
//! term and its bonus against deflation); this crate adds the Go around it.
//! No I/O, no clock, no database: every value is an argument.

mod game;
mod handicap;
mod rank;

pub use game::{ESCAPE_MOVES, Outcome, RatedGame, egf_handicap, is_escape, rate};
pub use handicap::{Handicap, ranks_per_stone, stones_for};
pub use rank::{BadRank, FLOOR, Rank};
