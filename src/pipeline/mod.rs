//! The pipeline: what one inbound message means, the only place where the
//! engine, the store and mail meet. How mail moves (batches, threads,
//! sending) is the runner's; this wing handles one message at a time in the
//! caller's transaction.
//!
//! Its layers, each importing only those above it in this list:
//!
//! - `error` (failures and refusals), `sink` (where the mail a message
//!   queues goes, chosen by the runner) and `context` (settings, the
//!   per-message environment carrying the sink, the message); `words` and
//!   `wording` (every sentence a player reads outside the templates);
//! - `report` (what commands did), `journal` (the messages table entry);
//! - mailing: `tokens`, `boards`, `records`, `outgoing`, `letters`,
//!   `bounces`, `replies` (building and queueing mail);
//! - `execute` (the mail commands) and `auth`;
//! - `process` (one message as named steps), `tick`, `deadlines` and
//!   `admin` (cron and admin jobs).
//!
//! Must not touch sockets or the terminal. Time and ids are arguments.

pub mod admin;
mod answer;
mod auth;
mod boards;
pub mod bounces;
mod context;
pub mod deadlines;
mod error;
mod execute;
mod games;
mod help;
mod journal;
pub mod letters;
pub mod outgoing;
mod process;
pub mod records;
mod replies;
mod report;
pub mod sink;
mod stranger;
pub mod tick;
pub mod tokens;
mod wording;
mod words;

pub use context::{Env, Msg, Settings};
pub use error::{CmdError, CmdResult, PipelineError, Rejection};
pub use process::{message_key, process};
pub use report::{Disposition, Effect, LineResult, Notice, Report};
pub use sink::MailSink;
