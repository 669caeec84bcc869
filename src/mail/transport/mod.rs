//! Sending rendered mail: the [`Transport`] trait and its SMTP, sendmail,
//! file and in-memory implementations.
//!
//! Owns the envelope (MAIL FROM / RCPT TO, kept apart from the headers),
//! the SMTP connection settings, and the split of failures into temporary
//! (retry later) and permanent (give up) ones. The bytes handed in go out
//! unchanged, so the Message-ID the caller chose is the one delivered.
//!
//! Must not touch: deciding what to send or when (the pipeline and the
//! outbox do), building messages (see `outbound`), the store.

mod file;
mod memory;
mod sendmail;
mod smtp;

pub use file::FileTransport;
pub use memory::{MemoryTransport, SentMail};
pub use sendmail::SendmailTransport;
pub use smtp::{SmtpConfig, SmtpTransport, Tls};

use std::path::PathBuf;

use thiserror::Error;

/// The SMTP envelope of one mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// MAIL FROM; empty for the null sender `<>`.
    pub from: String,
    /// RCPT TO, one or more addresses.
    pub to: Vec<String>,
}

/// Something that delivers rendered mail.
pub trait Transport: Send + Sync {
    /// Sends `raw` (RFC 5322 bytes) to the envelope's recipients.
    ///
    /// `message_id` (without brackets) names the mail in files and logs.
    fn send(&self, envelope: &Envelope, raw: &[u8], message_id: &str)
    -> Result<(), TransportError>;

    /// Makes every mail accepted so far durable; called after a batch of
    /// sends and before they are recorded as sent. Transports that hand mail
    /// to another program or server are durable at once.
    fn flush(&self) -> Result<(), TransportError> {
        Ok(())
    }

    /// Returns true when mail is durable only after [`Transport::flush`],
    /// and sending the same mail again is harmless (it rewrites the same copy).
    fn needs_flush(&self) -> bool {
        false
    }
}

/// Why a mail could not be sent.
#[derive(Debug, Error)]
pub enum TransportError {
    /// Reading or writing a local file failed.
    #[error("cannot write to {path}")]
    Io {
        /// The file or folder concerned.
        path: PathBuf,
        /// The underlying failure.
        #[source]
        source: std::io::Error,
    },
    /// The SMTP server refused the mail, or could not be reached.
    #[error("smtp: {message}")]
    Smtp {
        /// Whether the server gave a 5xx answer.
        permanent: bool,
        /// What went wrong, with the server's answer when there was one.
        message: String,
    },
    /// The sendmail command failed or could not be run.
    #[error("sendmail: {0}")]
    Sendmail(String),
    /// The transport settings are unusable (bad CA file, missing password).
    #[error("mail transport settings: {0}")]
    Config(String),
    /// An envelope address is not a valid mail address.
    #[error("invalid envelope address {0:?}")]
    BadAddress(String),
    /// The mail was handed over but could not be made durable (a failed flush).
    #[error("not made durable: {0}")]
    NotDurable(String),
}

impl TransportError {
    /// Returns whether retrying the same mail cannot help.
    ///
    /// 5xx SMTP answers and invalid envelope addresses are permanent.
    /// Connection failures, 4xx answers, local I/O errors, sendmail
    /// failures (its exit status is not reported) and settings problems
    /// (which an admin can fix) are temporary.
    pub fn is_permanent(&self) -> bool {
        match self {
            TransportError::Smtp { permanent, .. } => *permanent,
            TransportError::BadAddress(_) => true,
            _ => false,
        }
    }
}

/// Converts our envelope to lettre's, checking every address.
fn lettre_envelope(envelope: &Envelope) -> Result<lettre::address::Envelope, TransportError> {
    let parse = |a: &str| {
        a.trim()
            .parse::<lettre::Address>()
            .map_err(|_| TransportError::BadAddress(a.to_owned()))
    };
    let from = match envelope.from.trim() {
        "" | "<>" => None,
        from => Some(parse(from)?),
    };
    let to = envelope
        .to
        .iter()
        .map(|a| parse(a))
        .collect::<Result<Vec<_>, _>>()?;
    lettre::address::Envelope::new(from, to)
        .map_err(|_| TransportError::BadAddress("(no recipients)".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(from: &str, to: &[&str]) -> Envelope {
        Envelope {
            from: from.to_owned(),
            to: to.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn envelope_allows_the_null_sender_and_checks_addresses() {
        assert!(lettre_envelope(&env("", &["a@example.org"])).is_ok());
        assert!(lettre_envelope(&env("<>", &["a@example.org"])).is_ok());
        let bad = lettre_envelope(&env("", &["a@example.org\r\nRCPT TO:<b@x>"]));
        assert!(matches!(bad, Err(TransportError::BadAddress(_))));
        let none = lettre_envelope(&env("a@example.org", &[]));
        assert!(none.unwrap_err().is_permanent());
    }

    #[test]
    fn only_5xx_and_bad_addresses_are_permanent() {
        let smtp = |permanent| TransportError::Smtp {
            permanent,
            message: String::new(),
        };
        assert!(smtp(true).is_permanent());
        assert!(!smtp(false).is_permanent());
        assert!(!TransportError::Sendmail("x".into()).is_permanent());
        assert!(!TransportError::Config("x".into()).is_permanent());
        let io = std::io::Error::other("x");
        assert!(
            !TransportError::Io {
                path: "x".into(),
                source: io
            }
            .is_permanent()
        );
    }
}
