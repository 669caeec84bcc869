//! `pbmgo message list`: the inbound messages handled and what became of
//! each, with the mails they caused that a limit held back (deferred).

use clap::{Args, Subcommand};

use super::context::GlobalArgs;
use crate::store::messages::{self, MessageRow};

/// Inbound message commands
#[derive(Debug, Subcommand)]
pub(crate) enum MessageCommand {
    /// List handled inbound messages, newest first
    List(ListArgs),
}

/// List handled inbound messages, newest first
#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// Show at most this many
    #[arg(long, value_name = "N", default_value_t = 50)]
    limit: u32,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

impl MessageCommand {
    /// Runs the message command; returns the exit status.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        match self {
            MessageCommand::List(args) => list(args, global),
        }
    }
}

fn list(args: ListArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let store = ctx.read_store()?;
    let rows = messages::list(store.conn(), args.limit)?;
    if args.json {
        outln!("{}", serde_json::to_string(&rows)?)?;
        return Ok(0);
    }
    if rows.is_empty() {
        outln!("No messages.")?;
    }
    for row in &rows {
        outln!("{}", line(row))?;
    }
    Ok(0)
}

/// One message as text: id, time, sender, outcome, reasons and detail,
/// then a line for each mail it caused that a limit held back.
fn line(m: &MessageRow) -> String {
    let reasons = match m.reasons.is_empty() {
        true => String::new(),
        false => format!(" [{}]", m.reasons.join(" ")),
    };
    let mut out = format!(
        "{:>5}  {}  {}  {}{reasons}  {}",
        m.id,
        m.received_at,
        m.sender.as_deref().unwrap_or("(unknown sender)"),
        m.outcome.name(),
        m.detail
    );
    for d in &m.deferred {
        let state = if d.status == "pending" {
            "waits"
        } else {
            d.status.as_str()
        };
        out.push_str(&format!(
            "\n       mail {} to {} {state}, due {}: {}",
            d.outbox_id, d.recipient, d.until, d.reason
        ));
    }
    out
}
