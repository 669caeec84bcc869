//! `pbmgo poll` (run from cron: every message in the inbox Maildir) and
//! `pbmgo deliver` (one message on stdin, from an MTA pipe).

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::context::GlobalArgs;
use super::mailrun::{self, BATCH};
use crate::pipeline::{Disposition, RunError, Summary, deliver_one, poll_maildir};

/// Exit status asking the MTA to try again later (EX_TEMPFAIL).
pub const EXIT_TEMPFAIL: u8 = 75;

/// Handle every message in the inbox Maildir, then send the outbox
#[derive(Debug, Args)]
pub struct PollArgs {
    /// The Maildir to read [default: the home's inbox]
    #[arg(long, value_name = "DIR")]
    maildir: Option<PathBuf>,
    /// Queue the replies but do not send them
    #[arg(long)]
    no_send: bool,
}

/// Runs `pbmgo poll`.
pub fn poll(args: PollArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    let ctx = global.context()?;
    let mut store = ctx.open_store()?;
    let (inbox, held) = mailrun::folders(&ctx.home, args.maildir)?;
    let job = mailrun::Job::new(&ctx, global.pinned_time())?;
    let runner = job.runner(BATCH);
    let bar = progress(inbox.pending().map_or(0, |p| p.len() as u64));
    let summary = poll_maildir(&mut store, &runner, &inbox, &held, &mut || bar.inc(1));
    bar.finish_and_clear();
    let summary = summary.map_err(explain)?;
    let sent = if args.no_send {
        0
    } else {
        mailrun::send_now(&ctx.home, &mut store, job.now())?.sent
    };
    outln!("{}", summary_line(&summary, sent))?;
    Ok(0)
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
#[derive(Debug, Args)]
pub struct DeliverArgs {
    /// Queue the replies but do not send them
    #[arg(long)]
    no_send: bool,
}

/// Runs `pbmgo deliver`: 0 when the message was taken, 75 to have the MTA retry.
pub fn deliver(args: DeliverArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    // The mail is taken (or not) whatever happens to these lines: a log on a
    // full disk must not turn 0 or 75 into another status.
    match deliver_inner(&args, global) {
        Ok(line) => {
            let _ = writeln!(std::io::stdout(), "{line}");
            Ok(0)
        }
        Err(e) => {
            let why = super::one_line(&e);
            let _ = writeln!(
                std::io::stderr(),
                "pbmgo: {why}; the mail server should try again later"
            );
            Ok(EXIT_TEMPFAIL)
        }
    }
}

fn deliver_inner(args: &DeliverArgs, global: &GlobalArgs) -> anyhow::Result<String> {
    let ctx = global.context()?;
    let mut raw = Vec::new();
    std::io::stdin().read_to_end(&mut raw)?;
    let mut store = ctx.open_store()?;
    let (inbox, held) = mailrun::folders(&ctx.home, None)?;
    let job = mailrun::Job::new(&ctx, global.pinned_time())?;
    let runner = job.runner(1);
    let unique = format!("{}.deliver", std::process::id());
    let d = deliver_one(&mut store, &runner, &inbox, &held, &raw, &unique)?;
    if !args.no_send
        && let Err(e) = mailrun::send_now(&ctx.home, &mut store, job.now())
    {
        tracing::warn!(error = %super::one_line(&e), "replies queued but not sent yet");
    }
    Ok(match d {
        Disposition::Handled { outcome, replies } => {
            format!("{}, {replies} replies queued", outcome.name())
        }
        Disposition::Duplicate => "seen before: nothing done".into(),
        Disposition::Quarantine { reason, .. } => format!("quarantined: {reason}"),
    })
}
