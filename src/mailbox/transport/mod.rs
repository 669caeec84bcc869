//! Sending rendered mail: the [`Transport`] trait and its SMTP, sendmail,
//! file and (for tests) in-memory implementations.
//!
//! Owns the envelope (MAIL FROM / RCPT TO, kept apart from the headers),
//! the SMTP connection settings, and the split of failures into temporary
//! (retry later) and permanent (give up) ones. The bytes handed in go out
//! unchanged, so the Message-ID the caller chose is the one delivered.
//!
//! Must not touch: deciding what to send or when (the pipeline and the
//! outbox do), building messages (see `outbound`), the store.
//!
//! This file only declares the parts and re-exports what callers use: the
//! envelope and the trait (`types`), the errors (`error`), and one file per
//! implementation (`memory` only in tests).

mod error;
mod file;
#[cfg(test)]
mod memory;
mod sendmail;
mod smtp;
mod types;

pub use error::TransportError;
pub use file::FileTransport;
pub use sendmail::SendmailTransport;
pub use smtp::{SmtpConfig, SmtpTransport, Tls};
pub use types::{Envelope, Transport};

#[cfg(test)]
pub(crate) use memory::MemoryTransport;
