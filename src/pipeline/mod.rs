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
//!   `bounces`, `carry` (the player's words in the mail others get),
//!   `replies` (building and queueing mail);
//! - `execute` (the mail commands), `auth` and `recall` (our own words a
//!   reply may repeat);
//! - `disabled` (the one reply to a player the admin disabled);
//! - `process` (one message as named steps), `tick`, `deadlines` and
//!   `admin` (cron and admin jobs).
//!
//! Must not touch sockets or the terminal. Time and ids are arguments.

pub(crate) mod admin;
mod answer;

/// The picture of a game in play (`game show --at`), and of a stored game
/// as its mails show it (scored while it is being scored).
pub(crate) use boards::picture as play_picture;
pub(crate) use games::scored::picture as game_picture;

mod auth;
mod backscatter;
mod boards;
pub(crate) mod bounces;
mod bundle;
mod carry;
mod context;
pub(crate) mod deadlines;
mod disabled;
mod error;
mod execute;
mod games;
mod held;
mod help;
mod joining;
mod journal;
pub(crate) mod letters;
pub(crate) mod outgoing;
pub(crate) mod pace;
pub(crate) mod painting;
mod passwords;
mod pictures;
mod precheck;
mod process;
mod recall;
pub(crate) mod records;
mod replies;
mod report;
mod shape;
pub(crate) mod sink;
mod stranger;
pub(crate) mod tick;
pub(crate) mod tokens;
mod wording;
mod words;

pub(crate) use context::{Env, Settings, SignupRules};
pub(crate) use error::PipelineError;
pub(crate) use passwords::Prechecked;
pub(crate) use precheck::{precheck, precheck_all};
pub(crate) use process::process;
pub use report::Disposition;
pub(crate) use sink::MailSink;
