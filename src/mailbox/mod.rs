//! Mailboxes: where mail comes from and where it goes. Reading a Maildir
//! (`maildir`: new/, cur/, the files of one poll), an IMAP inbox (`imap`,
//! behind the `imap` feature) and the transports that send the outbox
//! (`transport`: SMTP, sendmail, a file per mail, in memory for tests).
//!
//! The only I/O below the runner. Owns moving bytes, nothing about what
//! they mean: a message's shape is `mail`'s, what it asks is the pipeline's.

#[cfg(feature = "imap")]
pub mod imap;
pub mod maildir;
pub mod transport;
