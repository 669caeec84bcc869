//! Exit statuses: 0 done, 1 refused (such as an illegal move: [`Refused`]),
//! 2 a bad argument, unreadable input or a broken database; and turning a
//! command's outcome or a parse error into the status and one clear line
//! on stderr.

use std::io::Write as _;
use std::process::ExitCode;

use thiserror::Error;

use super::output::{is_broken_pipe, one_line};

/// Exit status for a refused move.
pub(crate) const EXIT_REFUSED: u8 = 1;
/// Exit status for a bad argument, unreadable input or a broken database.
pub(crate) const EXIT_USAGE: u8 = 2;

/// A request the rules refuse (an illegal move): exit status 1, not 2.
#[derive(Debug, Error)]
#[error("{message}")]
pub(crate) struct Refused {
    /// The one line to print, with the engine's reason.
    pub(crate) message: String,
}

/// Returns the exit status of a command's outcome, printing an error as
/// one line on stderr: a closed stdout is success (the reader saw enough),
/// [`Refused`] is [`EXIT_REFUSED`], any other error [`EXIT_USAGE`].
pub(super) fn status(result: anyhow::Result<u8>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(std::io::stderr(), "pbmgo: {}", one_line(&err));
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
