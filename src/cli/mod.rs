//! The command line: clap derive, one file per command group.
//!
//! Owns argument parsing, the mapping of outcomes to exit statuses (0 done,
//! 1 refused, such as an illegal move, 2 a bad argument or unreadable input)
//! and printing errors as one clear line on stderr. Business rules live in
//! the library modules; this layer only wires them to the terminal.

mod replay;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Exit status for a refused move.
pub const EXIT_REFUSED: u8 = 1;
/// Exit status for a bad argument, unreadable input or a broken database.
pub const EXIT_USAGE: u8 = 2;

/// pbmgo: a play-by-mail Go server
#[derive(Debug, Parser)]
#[command(name = "pbmgo", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay an SGF record's main line and judge every move
    Replay(replay::ReplayArgs),
}

/// Parses the command line, runs the command and returns its exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Replay(args) => replay::run(args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("pbmgo: {}", one_line(&err));
            ExitCode::from(EXIT_USAGE)
        }
    }
}

/// Returns an error and its causes on one line.
fn one_line(err: &anyhow::Error) -> String {
    err.chain()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}
