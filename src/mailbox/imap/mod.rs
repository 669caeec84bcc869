//! Reading an IMAP mailbox (feature `imap`): connect with TLS, STARTTLS or
//! neither, log in, list the unseen messages of a folder, fetch one
//! without marking it, and settle it once the caller has committed it:
//! mark it `\Seen`, or move it to a processed folder.
//!
//! Owns the IMAP conversation (the blocking `imap` client over our own
//! rustls stream, see `tls`). Must not touch the store or the pipeline:
//! the caller decides, between `fetch` and `settle`, what a message means.
//! Exactly-once is the caller's: a message fetched again after a lost
//! connection must be recognised by its key (the pipeline's `unseen_key`).
//!
//! This file only declares the parts and re-exports what callers use: the
//! settings and the session (`mailbox`), the errors (`error`) and TLS
//! (`tls`).

mod error;
mod mailbox;
mod tls;

pub use error::ImapError;
pub use mailbox::{ImapSettings, Mailbox};
