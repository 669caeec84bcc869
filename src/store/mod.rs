//! The game store: one SQLite file holding players, games, the move list,
//! the ko position list and the position hashes.
//!
//! Owns all SQL: opening the database with its pragmas (WAL,
//! `synchronous=FULL`, foreign keys, a busy timeout), the embedded
//! migrations (`migrate`), and one module per aggregate (`players`,
//! `games`, `listing`). It must not parse commands, apply Go rules or
//! format output: games go in and come out as engine values (`Game`), and
//! the caller decides what to do with them.
//!
//! Every write runs in one transaction. [`Store::write`] opens it (as
//! `BEGIN IMMEDIATE`, so two writers queue on the busy timeout instead of
//! failing half-way) and the aggregate functions take the transaction as a
//! plain `&Connection`, so a caller such as the mail pipeline can put a game
//! update and its own rows in the same transaction.
//!
//! Time is an argument: functions that stamp rows take `now`.
//!
//! This file only declares the parts and re-exports what callers use:
//! [`Store`] (`database`), [`StoreError`] (`error`) and the most used values
//! of the aggregates.

pub(crate) mod accounts;
pub(crate) mod backup;
pub(crate) mod bounces;
pub(crate) mod challenges;
pub(crate) mod clock;
pub(crate) mod clock_face;
pub(crate) mod codec;
pub(crate) mod comments;
pub(crate) mod conditionals;
mod database;
mod error;
pub(crate) mod estimates;
pub(crate) mod events;
pub mod games;
pub(crate) mod health;
pub mod ids;
pub mod listing;
pub mod memory;
pub mod messages;
pub mod migrate;
pub(crate) mod move_clocks;
pub(crate) mod notices;
pub mod outbox;
pub mod players;
pub(crate) mod profile;
pub mod quarantine;
pub(crate) mod ratings;
pub(crate) mod reach;
pub(crate) mod roster;
pub(crate) mod runs;
pub(crate) mod savepoint;
pub(crate) mod scoring;
pub(crate) mod settings;
pub(crate) mod signups;
pub(crate) mod site;
pub(crate) mod standings;
pub(crate) mod time_terms;
pub(crate) mod tournaments;

pub use database::{DEFAULT_BUSY_TIMEOUT, Store};
pub use error::StoreError;
pub use games::{GameId, MoveEntry, StoredGame};
pub use ids::{MessageId, OutboxId, PlayerId, QuarantineId, SignupId, TournamentId};
pub use listing::{GameFilter, GameSummary, MoveRow};
pub use players::{Player, PlayerRef};
