//! `pbmgo quarantine ...`: mail that could not be handled, held with its
//! error in the quarantine Maildir.
//!
//! This file holds the group's dispatch and `list`. New commands (such as
//! `retry`, which hands a held message back to the pipeline) are added as
//! further variants of [`QuarantineCommand`], each with its own `Args`
//! struct and an arm in [`QuarantineCommand::run`]; a large one gets its
//! own file, as `game_*.rs` do.

use clap::{Args, Subcommand};

use super::context::GlobalArgs;
use super::exit::EXIT_REFUSED;
use super::mailrun;
use crate::pipeline::Disposition;
use crate::runner::{RunError, held_oversize, retry_held};
use crate::store::quarantine::{self, Held};

/// Quarantine commands
#[derive(Debug, Subcommand)]
pub(crate) enum QuarantineCommand {
    /// List held messages, oldest first
    List(ListArgs),
    /// Run a held message through the pipeline again
    Retry(RetryArgs),
}

/// Run a held message through the pipeline again (not one kept only as its
/// headers for being over the size limit: that one can never be handled)
#[derive(Debug, Args)]
pub(crate) struct RetryArgs {
    /// The id shown by `quarantine list`
    id: i64,
    /// Queue the replies but do not send them
    #[arg(long)]
    no_send: bool,
}

/// List held messages, oldest first
#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// Also list messages a retry has released
    #[arg(long)]
    all: bool,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

impl QuarantineCommand {
    /// Runs the quarantine command; returns the exit status.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        match self {
            QuarantineCommand::List(args) => list(args, global),
            QuarantineCommand::Retry(args) => retry(args, global),
        }
    }
}

fn list(args: ListArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let store = ctx.read_store()?;
    let held = quarantine::list(store.conn(), args.all)?;
    if args.json {
        outln!("{}", serde_json::to_string(&held)?)?;
        return Ok(0);
    }
    if held.is_empty() {
        outln!("Nothing in quarantine.")?;
    }
    for h in &held {
        outln!("{}", line(h))?;
    }
    Ok(0)
}

/// One held message as text: id, time held, file, sender and error (and
/// when it was released, with `--all`).
fn line(h: &Held) -> String {
    let released = h
        .released_at
        .as_deref()
        .map(|t| format!(" (released {t})"))
        .unwrap_or_default();
    format!(
        "{:>5}  {}  {}  {}  {}{released}",
        h.id,
        h.held_at,
        h.file,
        h.sender.as_deref().unwrap_or("(unknown sender)"),
        h.error
    )
}

fn retry(args: RetryArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    let ctx = global.context()?;
    let mut store = ctx.open_store()?;
    let (inbox, held) = mailrun::folders(&ctx.home, None)?;
    // A number no row can have is "no quarantined message N", as for one gone.
    let id = quarantine::id_of(args.id).map_err(RunError::Store)?;
    if let Some(size) = held_oversize(&store, &held, id)? {
        let limit = ctx.home.config().limits.max_message_bytes;
        outln!(
            "Message {} can never be handled: it was {size} bytes, over the limit of {limit} \
             ([limits] max_message_bytes), so only its headers were kept. It stays held; \
             ask the sender to mail it again, smaller.",
            args.id
        )?;
        return Ok(EXIT_REFUSED);
    }
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let d = retry_held(&mut store, &run, &inbox, &held, id)?;
    if !args.no_send {
        mailrun::send_now(&ctx.home, &mut store, run.now())?;
    }
    match d {
        Disposition::Quarantine { reason, .. } => {
            outln!("Message {} is still held: {reason}", args.id)?;
            Ok(EXIT_REFUSED)
        }
        Disposition::Duplicate => {
            outln!("Message {} had been handled before; released.", args.id)?;
            Ok(0)
        }
        Disposition::Handled { outcome, replies } => {
            outln!(
                "Message {} handled ({}, {replies} replies queued); released.",
                args.id,
                outcome.name()
            )?;
            Ok(0)
        }
    }
}
