//! The command line: clap derive, one file per command group.
//!
//! Owns argument parsing, the mapping of outcomes to exit statuses (0 done,
//! 1 refused, such as an illegal move, 2 a bad argument or unreadable input)
//! and printing errors as one clear line on stderr. Business rules live in
//! the library modules; this layer only wires them to the terminal.
//!
//! Commands that use the home (`init`, `player ...`, `game ...`, `send`,
//! `outbox ...`, `message ...`, `quarantine ...`) share the global flags in
//! `context`; `replay` works on a file alone.

/// Prints to stdout like `print!`, returning an error instead of panicking
/// when stdout is closed (`pbmgo game list | head`).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!($($arg)*))
    };
}

/// Prints a line to stdout like `println!`; see [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod backup;
mod challenges;
mod context;
mod demo;
mod docs;
mod game;
mod game_admin;
mod game_sgf;
mod game_show;
mod game_verify;
mod init;
mod mailrun;
mod message;
mod outbox;
mod player;
mod poll;
mod quarantine;
mod replay;
mod secret;
mod send;
mod standings;
mod tick;
mod transport;

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use thiserror::Error;

/// Exit status for a refused move.
pub const EXIT_REFUSED: u8 = 1;
/// Exit status for a bad argument, unreadable input or a broken database.
pub const EXIT_USAGE: u8 = 2;

/// pbmgo: a play-by-mail Go server
#[derive(Debug, Parser)]
#[command(name = "pbmgo", version, about, propagate_version = true)]
pub struct Cli {
    #[command(flatten)]
    global: context::GlobalArgs,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Replay an SGF record's main line and judge every move
    Replay(replay::ReplayArgs),
    /// Create the home, the database and a commented default config
    Init(init::InitArgs),
    /// Add, list and show players
    #[command(subcommand)]
    Player(player::PlayerCommand),
    /// Create, show, play, import and verify games
    #[command(subcommand)]
    Game(game::GameCommand),
    /// Handle every message in the inbox Maildir, then send the outbox (run from cron)
    Poll(poll::PollArgs),
    /// Handle one message read from stdin (for an MTA pipe; exit 75 means try again later)
    Deliver(poll::DeliverArgs),
    /// Run the whole mail job once on sample mails, in a fresh home
    Demo(demo::DemoArgs),
    /// Send the mail that is due in the outbox
    Send(send::SendArgs),
    /// List outgoing mail
    #[command(subcommand)]
    Outbox(outbox::OutboxCommand),
    /// List handled inbound messages
    #[command(subcommand)]
    Message(message::MessageCommand),
    /// List and retry mail held because it could not be handled
    #[command(subcommand)]
    Quarantine(quarantine::QuarantineCommand),
    /// Run the game clocks, deadlines and daily digests, then send the outbox (run from cron)
    Tick(tick::TickArgs),
    /// Show the players' standings: games won, lost and active, and Elo ratings
    Standings(standings::StandingsArgs),
    /// List challenges made by mail (open ones unless --all)
    Challenges(challenges::ChallengesArgs),
    /// Copy the database to a file while the mail job may run, and check the copy
    Backup(backup::BackupArgs),
    /// Print a shell completion script (bash, zsh or fish)
    Completions(docs::CompletionsArgs),
    /// Print the man page, or write every page into a folder (--dir)
    Man(docs::ManArgs),
}

/// A request the rules refuse (an illegal move): exit status 1, not 2.
#[derive(Debug, Error)]
#[error("{message}")]
pub struct Refused {
    /// The one line to print, with the engine's reason.
    pub message: String,
}

/// Parses the command line, runs the command and returns its exit status.
pub fn main() -> ExitCode {
    crate::store::memory::fast_allocator();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return clap_exit(&err),
    };
    let result = match cli.command {
        Command::Replay(args) => replay::run(args),
        Command::Init(args) => init::run(args, &cli.global),
        Command::Player(cmd) => cmd.run(&cli.global),
        Command::Game(cmd) => cmd.run(&cli.global),
        Command::Poll(args) => poll::poll(args, &cli.global),
        Command::Deliver(args) => poll::deliver(args, &cli.global),
        Command::Demo(args) => demo::demo(args, &cli.global),
        Command::Send(args) => send::run(args, &cli.global),
        Command::Outbox(cmd) => cmd.run(&cli.global),
        Command::Message(cmd) => cmd.run(&cli.global),
        Command::Quarantine(cmd) => cmd.run(&cli.global),
        Command::Tick(args) => tick::run(args, &cli.global),
        Command::Standings(args) => standings::run(args, &cli.global),
        Command::Challenges(args) => challenges::run(args, &cli.global),
        Command::Backup(args) => backup::run(args, &cli.global),
        Command::Completions(args) => docs::completions(args),
        Command::Man(args) => docs::man(args),
    };
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
fn clap_exit(err: &clap::Error) -> ExitCode {
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

/// Writes to stdout; a closed pipe becomes an error that `main` treats as
/// the reader having seen enough.
fn write_stdout(args: std::fmt::Arguments<'_>) -> anyhow::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_fmt(args)?;
    stdout.flush()?;
    Ok(())
}

/// Returns true when `err` comes from writing to a closed pipe.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Returns an error and its causes on one line.
pub(crate) fn one_line(err: &anyhow::Error) -> String {
    err.chain()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join(": ")
        .replace('\n', " ")
}
