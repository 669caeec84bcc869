//! `pbmgo poll` (run from cron: every unseen message of the `[inbox.imap]`
//! mailbox when one is set, then every message in the inbox Maildir) and
//! `pbmgo deliver` (one message on stdin, from an MTA pipe).

#[cfg(feature = "imap")]
mod imap;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use super::context::GlobalArgs;
use super::mailrun;
use super::one_line;
use super::runs::{self as job_runs, RunResult};
use super::transport::{self, SetupError};
use crate::home::Home;
use crate::mail::oversize;
use crate::mailbox::transport::Transport;
use crate::pipeline::Disposition;
use crate::runner::{
    self, Outlet, RunContext, RunError, Summary, deliver_one, poll_maildir_sending,
};
use crate::store::Store;
use crate::store::outbox::RetryPolicy;
use crate::store::runs::RunKind;

/// Exit status asking the MTA to try again later (EX_TEMPFAIL).
pub(crate) const EXIT_TEMPFAIL: u8 = 75;
/// `poll`'s exit status when the IMAP mailbox could not be read though the
/// Maildir was handled and the outbox sent (the unit's `SuccessExitStatus`).
pub(crate) const EXIT_IMAP_FAILED: u8 = 1;

/// Handle the unseen mail of the IMAP mailbox (if configured) and every
/// message in the inbox Maildir, then send the outbox
#[derive(Debug, Args)]
pub(crate) struct PollArgs {
    /// The Maildir to read [default: the home's inbox]; the IMAP mailbox is then not read
    #[arg(long, value_name = "DIR")]
    maildir: Option<PathBuf>,
    /// Queue the replies but do not send them
    #[arg(long)]
    no_send: bool,
    /// Print what was done as one JSON object: the counts of the messages
    /// by outcome, the replies queued, the mails sent and the IMAP error
    #[arg(long)]
    json: bool,
    /// Handle the mail as of TIME (RFC 3339, e.g. 2026-03-02T09:00:00Z)
    /// instead of the clock: moves are charged and clocks started then
    #[arg(long, value_name = "TIME")]
    now: Option<String>,
}

/// What a poll did.
#[derive(Serialize)]
struct Polled {
    /// The messages by outcome and the replies queued.
    #[serde(flatten)]
    summary: Summary,
    /// Mails sent.
    sent: u32,
    /// Why the IMAP mailbox could not be read, when it could not.
    imap_error: Option<String>,
}

/// Runs `pbmgo poll`, and records the run (`status`, the metrics file).
///
/// An IMAP failure does not stop the Maildir pass or the sending; it is
/// reported after them, and the exit status is 1.
pub(crate) fn poll(args: PollArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    let global = &global.at(args.now.as_deref());
    let ctx = global.context()?;
    let mut store = ctx.mail_store()?;
    let batch = ctx.home.config().inbox.batch.max(1);
    let run = mailrun::run_context(&ctx, global.pinned_time(), batch)?;
    let json = args.json;
    let started = run.now();
    let done = poll_run(&ctx.home, &mut store, &run, args);
    let (counts, error) = match &done {
        Ok(p) => (serde_json::to_value(p)?, p.imap_error.clone()),
        Err(e) => (serde_json::json!({}), Some(one_line(e))),
    };
    let result = RunResult {
        started,
        counts: &counts,
        error,
    };
    job_runs::record_run(&ctx.home, &mut store, RunKind::Poll, result, run.now());
    super::site::after_run(&ctx, &mut store, run.now());
    let done = done?;
    if json {
        outln!("{counts}")?;
    } else {
        outln!("{}", summary_line(&done.summary, done.sent))?;
    }
    Ok(done.imap_error.map_or(0, |e| {
        eprintln!("pbmgo: {e}");
        EXIT_IMAP_FAILED
    }))
}

/// The IMAP pass, the Maildir pass and the sending of a poll.
fn poll_run(
    home: &Home,
    store: &mut Store,
    run: &RunContext,
    args: PollArgs,
) -> anyhow::Result<Polled> {
    let maildir_given = args.maildir.is_some();
    let (inbox, held) = mailrun::folders(home, args.maildir)?;
    let mut summary = Summary::default();
    let imap_failed = if maildir_given {
        None
    } else {
        imap_pass(home, store, run, (&inbox, &held), &mut summary)?
    };
    // A transport that cannot be set up is reported after the mail is handled.
    let transport = (!args.no_send).then(|| transport(home));
    let mut outlet = match &transport {
        Some(Ok(t)) => Outlet::new(t.as_ref(), retry_policy(home)),
        _ => None,
    };
    let bar = progress(inbox.pending().map_or(0, |p| p.len() as u64));
    let folders = (&inbox, &held);
    let done = poll_maildir_sending(store, run, folders, &mut || bar.inc(1), outlet.as_mut());
    bar.finish_and_clear();
    let summary = sum(summary, done.map_err(explain)?);
    let sent_inline = outlet.map_or(0, |o| o.summary().sent);
    let sent = match transport {
        None => 0,
        Some(t) => sent_inline + send_rest(home, store, t?.as_ref(), run.now())?,
    };
    Ok(Polled {
        summary,
        sent,
        imap_error: imap_failed.map(|e| one_line(&e)),
    })
}

/// Returns the configured transport.
fn transport(home: &Home) -> Result<Box<dyn Transport>, SetupError> {
    transport::transport_from_config(home, std::env::var("PBMGO_SMTP_PASSWORD").ok())
}

fn retry_policy(home: &Home) -> RetryPolicy {
    transport::retry_policy(home.config())
}

/// Sends what is still due (all of it with a transport that has no outlet);
/// returns how many were sent.
fn send_rest(
    home: &Home,
    store: &mut Store,
    transport: &dyn Transport,
    now: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<u32> {
    Ok(mailrun::send_through(home, store, transport, now, u32::MAX)?.sent)
}

/// Runs the IMAP pass when `[inbox.imap]` is set; returns its failure, if
/// any, to be reported after the rest of the poll. A database that cannot
/// take mail stops the whole poll at once.
#[cfg(feature = "imap")]
fn imap_pass(
    home: &crate::home::Home,
    store: &mut crate::store::Store,
    run: &RunContext,
    folders: (
        &crate::mailbox::maildir::Maildir,
        &crate::mailbox::maildir::Maildir,
    ),
    summary: &mut Summary,
) -> anyhow::Result<Option<anyhow::Error>> {
    let Some(settings) = imap::settings(home, std::env::var("PBMGO_IMAP_PASSWORD").ok())? else {
        return Ok(None);
    };
    match runner::poll_imap(&settings, store, run, folders, summary) {
        Ok(()) => Ok(None),
        Err(e) if e.downcast_ref::<RunError>().is_some() => Err(e),
        Err(e) => Ok(Some(e)),
    }
}

/// Without the `imap` feature, an `[inbox.imap]` host is an error.
#[cfg(not(feature = "imap"))]
fn imap_pass(
    home: &crate::home::Home,
    _store: &mut crate::store::Store,
    _run: &RunContext,
    _folders: (
        &crate::mailbox::maildir::Maildir,
        &crate::mailbox::maildir::Maildir,
    ),
    _summary: &mut Summary,
) -> anyhow::Result<Option<anyhow::Error>> {
    anyhow::ensure!(
        home.imap().is_none(),
        "[inbox.imap] is set but this pbmgo was built without the imap feature"
    );
    Ok(None)
}

/// Adds two runs' counts.
fn sum(a: Summary, b: Summary) -> Summary {
    Summary {
        processed: a.processed + b.processed,
        applied: a.applied + b.applied,
        rejected: a.rejected + b.rejected,
        answered: a.answered + b.answered,
        ignored: a.ignored + b.ignored,
        quarantined: a.quarantined + b.quarantined,
        replies: a.replies + b.replies,
    }
}

fn summary_line(s: &Summary, sent: u32) -> String {
    format!(
        "processed {}, applied {}, rejected {}, answered {}, ignored {}, quarantined {}, sent {}",
        s.processed, s.applied, s.rejected, s.answered, s.ignored, s.quarantined, sent
    )
}

fn progress(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() || len < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} messages {eta}") {
        bar.set_style(style);
    }
    bar
}

fn explain(e: RunError) -> anyhow::Error {
    anyhow::Error::new(e).context("poll stopped; unhandled mail stays in the inbox")
}

/// Read one message on stdin and handle it (for an MTA pipe); exit 75 means try again later
///
/// A message that cannot be handled is kept in quarantine and the exit
/// status is 0 all the same (the mail is taken: the mail server must
/// neither bounce it nor offer it again); it is logged as a warning.
#[derive(Debug, Args)]
pub(crate) struct DeliverArgs {
    /// Queue the replies but do not send them
    #[arg(long)]
    no_send: bool,
    /// Print what became of the message as one JSON object: {"outcome":
    /// "applied"|"rejected"|"answered"|"ignored"|"duplicate"|"quarantined"|"tempfail"|
    /// "not-set-up",
    /// "replies": N, "error": null|TEXT}
    #[arg(long)]
    json: bool,
}

/// What became of a delivered message, as `--json` prints it.
#[derive(Serialize)]
struct Delivered {
    outcome: &'static str,
    replies: u32,
    error: Option<String>,
}

/// Runs `pbmgo deliver`: 0 when the message was taken (handled, seen
/// before or quarantined), 75 to have the MTA retry, 78 when the home is
/// not set up (the MTA keeps the mail then too).
pub(crate) fn deliver(args: DeliverArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    // The mail is taken (or not) whatever happens to these lines: a log on a
    // full disk must not turn 0 or 75 into another status.
    match deliver_inner(&args, global) {
        Ok(d) => {
            let line = match args.json {
                true => json_line(&delivered(&d)),
                false => disposition_line(&d),
            };
            let _ = writeln!(std::io::stdout(), "{line}");
            Ok(0)
        }
        Err(e) => {
            let why = super::one_line(&e);
            // EX_CONFIG is a soft failure to the mail server too (Postfix's
            // pipe defers on 4.3.5): the mail waits until the home is fixed.
            let (outcome, code) = match super::exit::not_set_up(&e) {
                true => ("not-set-up", super::exit::EXIT_CONFIG),
                false => ("tempfail", EXIT_TEMPFAIL),
            };
            if args.json {
                let d = Delivered {
                    outcome,
                    replies: 0,
                    error: Some(why.clone()),
                };
                let _ = writeln!(std::io::stdout(), "{}", json_line(&d));
            }
            let _ = writeln!(
                std::io::stderr(),
                "pbmgo: {why}; the mail server should try again later"
            );
            Ok(code)
        }
    }
}

fn deliver_inner(args: &DeliverArgs, global: &GlobalArgs) -> anyhow::Result<Disposition> {
    let ctx = global.context()?;
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let raw = oversize::read_limited(std::io::stdin().lock(), run.settings.max_message_bytes)?;
    let mut store = ctx.mail_store()?;
    let (inbox, held) = mailrun::folders(&ctx.home, None)?;
    let unique = format!("{}.deliver", std::process::id());
    let d = deliver_one(&mut store, &run, &inbox, &held, &raw, &unique)?;
    if !args.no_send
        && let Err(e) = mailrun::send_now(&ctx.home, &mut store, run.now())
    {
        tracing::warn!(error = %super::one_line(&e), "replies queued but not sent yet");
    }
    super::site::after_run(&ctx, &mut store, run.now());
    Ok(d)
}

/// The line `deliver` prints for `d`.
fn disposition_line(d: &Disposition) -> String {
    match d {
        Disposition::Handled { outcome, replies } => {
            format!("{}, {replies} replies queued", outcome.name())
        }
        Disposition::Duplicate => "seen before: nothing done".into(),
        Disposition::Quarantine { reason, .. } => format!("quarantined: {reason}"),
    }
}

/// `d` as `--json` shows it.
fn delivered(d: &Disposition) -> Delivered {
    let (outcome, replies, error) = match d {
        Disposition::Handled { outcome, replies } => (outcome.name(), *replies, None),
        Disposition::Duplicate => ("duplicate", 0, None),
        Disposition::Quarantine { reason, .. } => ("quarantined", 0, Some(reason.clone())),
    };
    Delivered {
        outcome,
        replies,
        error,
    }
}

fn json_line(d: &Delivered) -> String {
    serde_json::to_string(d).unwrap_or_default()
}
