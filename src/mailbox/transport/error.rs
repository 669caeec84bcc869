//! Why a mail could not be sent: [`TransportError`], and which failures
//! are permanent.

use std::path::PathBuf;

use thiserror::Error;

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

#[cfg(test)]
mod tests {
    use super::*;

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
