//! The command line: clap derive, one file per command group.
//!
//! This file owns the command tree (`Cli`) and the dispatch to the
//! command files. Exit statuses (0 done, 1 refused, such as an illegal
//! move, 2 a bad argument or unreadable input) and printing errors as one
//! clear line on stderr live in `exit`; printing to stdout (`out!`,
//! `outln!`) in `output`. Business rules live in the library modules; this
//! layer only wires them to the terminal.
//!
//! `status` (`health` reads what it judges, `runs` records each `poll` and
//! `tick`, `metrics` writes a Prometheus textfile after them) and
//! `logging` (stderr or the journal) are for watching the server.
//!
//! Commands that use the home (`init`, `player ...`, `game ...`, `send`,
//! `outbox ...`, `message ...`, `quarantine ...`, `migrate`) share the
//! global flags in `context`, which refuses a home `init` has not made
//! (exit status 78); `replay`, `completions` and `man` use no home.

#[macro_use]
mod output;

mod backup;
mod challenges;
mod context;
mod demo;
mod docs;
mod estimate;
mod exit;
mod game;
mod game_admin;
mod game_clock;
mod game_conditionals;
mod game_rules;
mod game_sgf;
mod game_show;
mod game_verify;
mod health;
mod init;
mod logging;
pub(crate) mod mailrun;
mod man_config;
mod man_sections;
mod message;
mod metrics;
mod migrate;
mod outbox;
mod outbox_retry;
mod player;
mod player_repair;
mod poll;
mod quarantine;
mod ratings;
mod replay;
mod runs;
mod secret;
mod send;
mod site;
mod standings;
mod status;
mod tick;
mod tournament;
pub(crate) mod transport;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

pub(crate) use output::one_line;

/// What `pbmgo --version` says: the crate's version and the commit it was
/// built from (`build.rs`).
pub(crate) const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("PBMGO_COMMIT"),
    ")"
);

/// What `pbmgo --help` and the man page say after the commands.
const AFTER_HELP: &str = "\
The home is --home DIR, else $PBMGO_HOME, else /var/lib/pbmgo; `pbmgo init` makes it.

Exit status: 0 done (`deliver`: the mail is taken, also when it is quarantined); \
1 refused (an illegal move, a difference found by `game verify`, a mail `quarantine \
retry` leaves held or can never handle), `status`: a check failed, `poll`: the IMAP \
mailbox could not be read; 2 a bad argument, unreadable input or a broken database; \
75 `deliver` could not take the mail (the mail server tries again); 78 the home is \
not ready: no pbmgo home there (run `pbmgo init`), a config file that cannot be \
read or holds a bad key or value, a database at an older schema on a command that \
only reads (run `pbmgo migrate`), or at a schema newer than this pbmgo.";

/// pbmgo: a play-by-mail Go server
#[derive(Debug, Parser)]
#[command(
    name = "pbmgo",
    version = VERSION,
    about,
    propagate_version = true,
    after_long_help = AFTER_HELP
)]
pub(crate) struct Cli {
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
    /// Add, list, show and repair players
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
    /// Show the players' standings: ranks, ratings, games won, lost and active
    Standings(standings::StandingsArgs),
    /// Replay the ratings from the finished games
    #[command(subcommand)]
    Ratings(ratings::RatingsCommand),
    /// List challenges made by mail (open ones unless --all)
    Challenges(challenges::ChallengesArgs),
    /// Run tournaments and ladders: make, enter, start, pair, withdraw, show
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
    /// Build the static web archive: game pages, players, standings, tournaments
    #[command(subcommand)]
    Site(site::SiteCommand),
    /// Copy the database to a file while the mail job may run, and check the copy
    Backup(backup::BackupArgs),
    /// Print a shell completion script (bash, zsh or fish)
    Completions(docs::CompletionsArgs),
    /// Print the man page, or write every page into a folder (--dir)
    Man(docs::ManArgs),
    /// Apply the database's pending schema migrations (after installing a new pbmgo)
    Migrate(migrate::MigrateArgs),
    /// Check the config, the database and the mail jobs; exit 1 when a check fails
    Status(status::StatusArgs),
}

/// Parses the command line, runs the command and returns its exit status.
pub fn main() -> ExitCode {
    crate::store::memory::fast_allocator();
    crate::home::private::restrict_new_files();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return exit::clap_exit(&err),
    };
    mailrun::init_logging();
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
        Command::Ratings(cmd) => cmd.run(&cli.global),
        Command::Challenges(args) => challenges::run(args, &cli.global),
        Command::Tournament(cmd) => cmd.run(&cli.global),
        Command::Site(cmd) => cmd.run(&cli.global),
        Command::Backup(args) => backup::run(args, &cli.global),
        Command::Completions(args) => docs::completions(args, Cli::command()),
        Command::Man(args) => docs::man(args, Cli::command()),
        Command::Migrate(args) => migrate::run(args, &cli.global),
        Command::Status(args) => status::run(args, &cli.global),
    };
    exit::status(result)
}
