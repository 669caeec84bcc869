//! `pbmgo tick` (run from cron, say hourly): the game clocks (reminders,
//! warnings, losses on time), the challenge and scoring deadlines and the
//! daily digests, in one transaction, then the outbox is sent as `poll`
//! sends it. `PBMGO_NOW` (or the hidden `--clock`) pins the time. Each
//! run is recorded for `status` and the metrics file (`health`).

use clap::Args;

use serde::Serialize;

use super::context::{Context, GlobalArgs};
use super::mailrun;
use super::runs::{self as job_runs, RunResult};
use crate::pipeline::jobs::tick::{self, TickSummary};
use crate::pipeline::{MailSink, PipelineError};
use crate::runner::RunContext;
use crate::store::Store;
use crate::store::runs::RunKind;

/// Run the clocks, the deadlines and the daily digests, then send the outbox
#[derive(Debug, Args)]
pub(crate) struct TickArgs {
    /// Queue the mail but do not send it
    #[arg(long)]
    no_send: bool,
    /// Print what was queued as JSON
    #[arg(long)]
    json: bool,
    /// Run the clocks as of TIME (RFC 3339, e.g. 2026-03-02T09:00:00Z)
    /// instead of the clock: what is due then is sent, a timeout is
    /// recorded as of when the time ran out
    #[arg(long, value_name = "TIME")]
    now: Option<String>,
}

/// What a tick did: its summary and the mails sent.
#[derive(Serialize)]
struct Ticked {
    #[serde(flatten)]
    summary: TickSummary,
    sent: u32,
}

/// Runs `pbmgo tick`, and records the run (`status`, the metrics file).
pub(crate) fn run(args: TickArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    let global = &global.at(args.now.as_deref());
    let ctx = global.context()?;
    let mut store = ctx.mail_store()?;
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let started = run.now();
    let done = tick_run(&ctx, &mut store, &run, args.no_send);
    let (counts, error) = match &done {
        Ok(t) => (serde_json::to_value(t)?, None),
        Err(e) => (serde_json::json!({}), Some(super::one_line(e))),
    };
    let result = RunResult {
        started,
        counts: &counts,
        error,
    };
    job_runs::record_run(&ctx.home, &mut store, RunKind::Tick, result, run.now());
    super::site::after_run(&ctx, &mut store, run.now());
    let Ticked { summary, sent } = done?;
    if args.json {
        outln!("{counts}")?;
    } else {
        outln!(
            "reminders {}, warnings {}, timeouts {}, deadlines {}, digests {}, sent {sent}",
            summary.reminders,
            summary.warnings,
            summary.timeouts,
            summary.deadlines,
            summary.digests
        )?;
        if summary.rounds > 0 {
            outln!("tournament rounds paired {}", summary.rounds)?;
        }
    }
    Ok(0)
}

/// The tick's transaction, then the sending.
fn tick_run(
    ctx: &Context,
    store: &mut Store,
    run: &RunContext,
    no_send: bool,
) -> anyhow::Result<Ticked> {
    let sink = MailSink::plain();
    let env = run.env(&sink);
    let summary: TickSummary = store.write(|tx| tick::run(tx, &env).map_err(explain))?;
    let sent = if no_send {
        0
    } else {
        mailrun::send_now(&ctx.home, store, env.now)?.sent
    };
    Ok(Ticked { summary, sent })
}

fn explain(e: PipelineError) -> anyhow::Error {
    anyhow::Error::new(e).context("tick stopped; nothing of this run was saved")
}
