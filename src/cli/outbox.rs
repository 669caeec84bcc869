//! `pbmgo outbox list`: the mail queued, sent and given up on.

use clap::{Args, Subcommand, ValueEnum};

use super::context::GlobalArgs;
use crate::store::outbox::{self, OutboxRow};

/// Outbox commands
#[derive(Debug, Subcommand)]
pub(crate) enum OutboxCommand {
    /// List outgoing mail, newest first
    List(ListArgs),
}

/// An outbox status to filter on.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum Status {
    /// Waiting for its first or next attempt
    Pending,
    /// Delivered to the transport
    Sent,
    /// Given up on
    Failed,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Sent => "sent",
            Status::Failed => "failed",
        }
    }
}

/// List outgoing mail, newest first
#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// Only mail with this status
    #[arg(long)]
    status: Option<Status>,
    /// Show at most this many [default: all]
    #[arg(long, value_name = "N")]
    limit: Option<u32>,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

impl OutboxCommand {
    /// Runs the outbox command; returns the exit status.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        match self {
            OutboxCommand::List(args) => list(args, global),
        }
    }
}

fn list(args: ListArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let store = ctx.open_store()?;
    let status = args.status.map(Status::name);
    let rows = outbox::list(store.conn(), status, args.limit.unwrap_or(u32::MAX))?;
    if args.json {
        outln!("{}", serde_json::to_string(&rows)?)?;
        return Ok(0);
    }
    if rows.is_empty() {
        outln!("No mail in the outbox.")?;
    }
    for row in &rows {
        outln!("{}", line(row))?;
    }
    Ok(0)
}

/// One row as text: id, status, attempts, recipient, kind, Message-ID and
/// the last error, if any.
fn line(r: &OutboxRow) -> String {
    let error = r
        .last_error
        .as_deref()
        .map(|e| format!("  ({e})"))
        .unwrap_or_default();
    format!(
        "{:>5}  {:<7}  {} attempt(s)  {}  {}  <{}>{error}",
        r.id, r.status, r.attempts, r.recipient, r.kind, r.message_id
    )
}
