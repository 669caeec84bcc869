//! The pipeline: what one inbound message means, the only place where the
//! engine, the store and mail meet. How mail moves (batches, threads,
//! sending) is the runner's; this wing handles one message at a time in the
//! caller's transaction.
//!
//! Its layers are folders, each importing only the folders before it in
//! the pipeline's layer table in docs/architecture.md, which the
//! architecture test reads and holds: `base`, `record`, `board`,
//! `mailing`, `games`, `execute`, `jobs`, `message`. This file only declares
//! them and re-exports what the runner and the command line call.
//!
//! Must not touch sockets or the terminal. Time and ids are arguments.

pub(crate) mod base;
pub(crate) mod board;
pub(crate) mod execute;
pub(crate) mod games;
pub(crate) mod jobs;
pub(crate) mod mailing;
pub(crate) mod message;
pub(crate) mod record;

/// The picture of a game in play (`game show --at`), and of a stored game
/// as its mails show it (scored while it is being scored).
pub(crate) use board::block::picture as play_picture;
pub(crate) use board::scored::picture as game_picture;

pub(crate) use base::context::{Env, Settings, SignupRules};
pub(crate) use base::error::PipelineError;
pub(crate) use base::passwords::Prechecked;
pub(crate) use base::sink::MailSink;
/// The clock in words, as game mails give it (`game show`).
pub(crate) use base::wording::clock::{clock_lines, side_text, terms_text};
pub(crate) use message::precheck::{precheck, precheck_all};
pub(crate) use message::process::process;
pub use record::report::Disposition;
