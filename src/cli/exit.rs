//! Exit statuses, and turning a command's outcome or a parse error into
//! the status and one clear line on stderr:
//!
//! - 0 done (`deliver`: the mail is taken, also when it is quarantined);
//! - 1 refused (such as an illegal move: [`Refused`]; a quarantined mail
//!   still held after `quarantine retry`, or one that can never be);
//!   `status`: a check failed; `game verify`: a game differs from its move
//!   list; `poll`: the IMAP mailbox could not be read (the Maildir was
//!   handled and the mail sent);
//! - 2 a bad argument, unreadable input or a broken database;
//! - 75 (EX_TEMPFAIL) `deliver` could not take the mail, the mail server
//!   should try again later;
//! - 78 (EX_CONFIG) the home, its config or its database is not ready
//!   ([`NotSetUp`], a config error): no pbmgo home there (no database, or
//!   no config file and no `--config`; `init` makes one), a config file
//!   that cannot be read or holds a bad key or value, a database lost from
//!   a home that has handled mail, a schema older than this pbmgo on a
//!   command that only reads (`pbmgo migrate` or any mail job upgrades
//!   it), or a schema newer than this pbmgo (written by a newer version).
//!   From `deliver` too: a mail server treats 78 as a temporary failure
//!   (Postfix: 4.3.5), so the mail waits in its queue until it is fixed.

use std::io::Write as _;
use std::process::ExitCode;

use thiserror::Error;

use super::output::{is_broken_pipe, one_line};
use crate::home::ConfigError;
use crate::store::StoreError;

/// Exit status for a refused move.
pub(crate) const EXIT_REFUSED: u8 = 1;
/// Exit status for a bad argument, unreadable input or a broken database.
pub(crate) const EXIT_USAGE: u8 = 2;

/// Exit status when the home, its config or its database is not ready
/// (EX_CONFIG).
pub(crate) const EXIT_CONFIG: u8 = 78;

/// A home that is not ready for the command: exit status 78.
#[derive(Debug, Error)]
#[error("{message}")]
pub(crate) struct NotSetUp {
    /// The one line to print, saying what to run.
    pub(crate) message: String,
}

/// Returns true when `err` says the home or its database is not ready:
/// [`NotSetUp`], a config that cannot be used, or a schema this pbmgo may
/// not use as it is.
pub(crate) fn not_set_up(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.is::<NotSetUp>()
            || e.is::<ConfigError>()
            || matches!(
                e.downcast_ref::<StoreError>(),
                Some(StoreError::Outdated { .. } | StoreError::TooNew { .. })
            )
    })
}

/// A request the rules refuse (an illegal move): exit status 1, not 2.
#[derive(Debug, Error)]
#[error("{message}")]
pub(crate) struct Refused {
    /// The one line to print, with the engine's reason.
    pub(crate) message: String,
}

/// Returns the exit status of a command's outcome, printing an error as
/// one line on stderr: a closed stdout is success (the reader saw enough),
/// [`Refused`] is [`EXIT_REFUSED`], a home not ready [`EXIT_CONFIG`], any
/// other error [`EXIT_USAGE`].
pub(super) fn status(result: anyhow::Result<u8>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "pbmgo: {}", one_line(&err));
            if not_set_up(&err) {
                return ExitCode::from(EXIT_CONFIG);
            }
            match err.downcast_ref::<Refused>() {
                Some(_) => ExitCode::from(EXIT_REFUSED),
                None => ExitCode::from(EXIT_USAGE),
            }
        }
    }
}

/// Prints help and version as clap does; any other parse error as one line
/// (the first paragraph of clap's message), with exit status 2.
pub(super) fn clap_exit(err: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            ExitCode::from(EXIT_USAGE)
        }
        _ => {
            let text = err.to_string();
            let first: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let line = first.join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            let _ = writeln!(std::io::stderr(), "pbmgo: {line} (see pbmgo --help)");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
