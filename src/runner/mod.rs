//! The runner: how mail moves. It takes messages from a Maildir (`poll`),
//! a pipe (`deliver`), the quarantine (`quarantine retry`) or an IMAP
//! folder, runs each through the pipeline inside a batch's transaction,
//! files them after commit, and sends the outbox.
//!
//! Owns batching and savepoints per message (`batch`), the choice of where
//! each message's mail goes (the pipeline's `MailSink`, made per batch),
//! the threads of `poll` (`rounds` reads ahead and files; `render_pool`
//! renders mail), sending the outbox (`send`, and `outlet` for sending a
//! batch's replies right after its commit; `lost` for the mail given up
//! on), the IMAP pass (`imap`), and the log line of each message's outcome
//! after commit (`outcomes`).
//! What a message means is `crate::pipeline`'s; turning the home's config
//! into settings, transports and an IMAP login is the CLI's.
//!
//! Must not decide what a message does or what a reply says.

mod batch;
mod context;
mod deliver;
mod error;
mod files;
#[cfg(feature = "imap")]
mod imap;
mod lost;
mod outcomes;
mod outlet;
mod render_pool;
mod rounds;
mod send;
mod summary;

pub(crate) use context::RunContext;
pub(crate) use deliver::{deliver_one, held_oversize, retry_held};
pub(crate) use error::RunError;
#[cfg(feature = "imap")]
pub(crate) use imap::poll_imap;
pub(crate) use outlet::Outlet;
pub(crate) use rounds::{poll_maildir, poll_maildir_sending};
pub(crate) use send::{SendSummary, expedite, release_held, send_due};
pub use summary::Summary;
