//! Why the mailbox cannot be read: [`ImapError`].

use thiserror::Error;

/// Why the mailbox cannot be read.
#[derive(Debug, Error)]
pub enum ImapError {
    /// The settings cannot be used (certificate file, server name).
    #[error("imap config: {0}")]
    Config(String),
    /// The TCP connection failed.
    #[error("cannot connect to {host}:{port}")]
    Connect {
        /// The host.
        host: String,
        /// The port.
        port: u16,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// TLS could not be set up.
    #[error("imap tls: {0}")]
    Tls(String),
    /// The server refused the user name or password.
    #[error("imap login as {user} refused")]
    Login {
        /// The user name.
        user: String,
        /// The server's answer.
        #[source]
        source: Box<imap::Error>,
    },
    /// A command failed or the connection dropped.
    #[error("imap {command} failed")]
    Command {
        /// What was being done.
        command: &'static str,
        /// The cause.
        #[source]
        source: Box<imap::Error>,
    },
}
