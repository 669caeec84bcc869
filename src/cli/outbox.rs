//! `pbmgo outbox list|show|retry`: the mail queued, sent and given up on,
//! with each mail's date and Subject, and one mail's raw bytes as queued;
//! putting mail back in the queue is `outbox_retry`.

use std::io::Write as _;

use anyhow::bail;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::context::GlobalArgs;
use crate::store::outbox::{self, OutboxRow};
use crate::store::{OutboxId, Store};

/// Outbox commands
#[derive(Debug, Subcommand)]
pub(crate) enum OutboxCommand {
    /// List outgoing mail, newest first
    List(ListArgs),
    /// Print one outgoing mail as queued (its raw RFC 5322 bytes)
    Show(ShowArgs),
    /// Put mail back in the queue (pending, due now), such as failed mail
    /// once the relay is fixed
    Retry(super::outbox_retry::RetryArgs),
}

/// Print one outgoing mail as queued
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// The mail: its outbox id (as `outbox list` shows) or its Message-ID
    mail: String,
}

/// One row in `outbox list --json`: the row and its Subject.
#[derive(Serialize)]
struct JsonRow<'a> {
    #[serde(flatten)]
    row: &'a OutboxRow,
    /// The mail's Subject, decoded.
    subject: String,
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
            OutboxCommand::Show(args) => show(args, global),
            OutboxCommand::Retry(args) => super::outbox_retry::run(args, global),
        }
    }
}

fn list(args: ListArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let store = ctx.read_store()?;
    let status = args.status.map(Status::name);
    let rows = outbox::list(store.conn(), status, args.limit.unwrap_or(u32::MAX))?;
    let subjects = rows
        .iter()
        .map(|r| subject(&store, r.id))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if args.json {
        let json: Vec<JsonRow<'_>> = rows
            .iter()
            .zip(subjects)
            .map(|(row, subject)| JsonRow { row, subject })
            .collect();
        outln!("{}", serde_json::to_string(&json)?)?;
        return Ok(0);
    }
    if rows.is_empty() {
        match status {
            Some(status) => outln!("No {status} mail in the outbox.")?,
            None => outln!("No mail in the outbox.")?,
        }
    }
    for (row, subject) in rows.iter().zip(&subjects) {
        outln!("{}", line(row, subject))?;
    }
    Ok(0)
}

/// The decoded Subject of outbox row `id` (empty when it has none).
fn subject(store: &Store, id: OutboxId) -> anyhow::Result<String> {
    let raw = outbox::raw(store.conn(), id)?;
    let parsed = mail_parser::MessageParser::default().parse_headers(&raw[..]);
    Ok(parsed
        .and_then(|m| m.subject().map(str::to_string))
        .unwrap_or_default())
}

/// One row as text, on one line: id, status, date queued, attempts,
/// recipient, kind, Message-ID, the Subject and the last error, if any.
fn line(r: &OutboxRow, subject: &str) -> String {
    let error = r
        .last_error
        .as_deref()
        .map(|e| format!("  ({e})"))
        .unwrap_or_default();
    let date = date(&r.created_at);
    let tries = match r.attempts {
        1 => "1 attempt ".to_string(),
        n => format!("{n} attempts"),
    };
    format!(
        "{:>5}  {:<7}  {date}  {tries}  {}  {}  <{}>  {subject}{error}",
        r.id, r.status, r.recipient, r.kind, r.message_id
    )
}

/// A stored time as `YYYY-MM-DD HH:MM UTC`, or as stored if unreadable.
fn date(stored: &str) -> String {
    chrono::DateTime::parse_from_rfc3339(stored)
        .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string())
        .unwrap_or_else(|_| stored.to_string())
}

/// `outbox show MAIL`: the raw bytes of the mail with that id or Message-ID.
fn show(args: ShowArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let store = ctx.read_store()?;
    let by_id = args.mail.trim().parse::<i64>().ok();
    let id = match by_id {
        Some(n) => Some(outbox::id_of(n)?),
        None => outbox::id_by_message_id(store.conn(), &args.mail)?,
    };
    let Some(id) = id else {
        bail!("no outbox mail has Message-ID {}", args.mail.trim());
    };
    let raw = outbox::raw(store.conn(), id)?;
    let mut out = std::io::stdout().lock();
    out.write_all(&raw)?;
    if !raw.ends_with(b"\n") {
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(0)
}
