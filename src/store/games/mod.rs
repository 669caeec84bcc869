//! Games: creating one, loading one, and saving it after a move.
//!
//! A game is stored as its `games` row (rules, players, the scalar state,
//! the current board and the start board in the engine's encoding), its
//! move list (`moves`, authoritative), its ko position list (`ko_positions`)
//! and its position hashes (`position_hashes`). Loading reads only that
//! game's rows and hands them to `Game::restore`: nothing is replayed, so
//! the cost is the size of the game, not of the database. Saving after a
//! move appends one move row and one hash row, rewrites the `games` row and
//! replaces the (usually empty) ko rows.
//!
//! This file only declares the parts and re-exports what callers use. Owns
//! the writes (`write`), loading (`read`), undo (`undo`), `GameId` (`id`)
//! and the values handed out (`StoredGame`, `MoveEntry`: `types`). It must
//! not decide whether a move is legal: that is the engine's verdict, made
//! before anything is saved.

mod id;
mod read;
pub(crate) mod thread;
mod types;
pub(crate) mod undo;
mod write;

pub use id::GameId;
pub use read::load;
pub use types::{MoveEntry, StoredGame};
pub use write::{insert, record_move, update_state};
pub(crate) use write::{insert_as, restart};
