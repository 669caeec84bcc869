//! `pbmgo tick` (run from cron, say hourly): the game clocks (reminders,
//! warnings, losses on time), the challenge and scoring deadlines and the
//! daily digests, in one transaction, then the outbox is sent as `poll`
//! sends it. `PBMGO_NOW` (or the hidden `--clock`) pins the time.

use clap::Args;

use super::context::GlobalArgs;
use super::mailrun;
use crate::pipeline::tick::{self, TickSummary};
use crate::pipeline::{MailSink, PipelineError};

/// Run the clocks, the deadlines and the daily digests, then send the outbox
#[derive(Debug, Args)]
pub(crate) struct TickArgs {
    /// Queue the mail but do not send it
    #[arg(long)]
    no_send: bool,
    /// Print what was queued as JSON
    #[arg(long)]
    json: bool,
}

/// Runs `pbmgo tick`.
pub(crate) fn run(args: TickArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    let ctx = global.context()?;
    let mut store = ctx.mail_store()?;
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let sink = MailSink::plain();
    let env = run.env(&sink);
    let summary: TickSummary = store.write(|tx| tick::run(tx, &env).map_err(explain))?;
    let sent = if args.no_send {
        0
    } else {
        mailrun::send_now(&ctx.home, &mut store, env.now)?.sent
    };
    if args.json {
        let mut v = serde_json::to_value(summary)?;
        v["sent"] = sent.into();
        outln!("{v}")?;
    } else {
        outln!(
            "reminders {}, warnings {}, timeouts {}, deadlines {}, digests {}, sent {sent}",
            summary.reminders,
            summary.warnings,
            summary.timeouts,
            summary.deadlines,
            summary.digests
        )?;
    }
    Ok(0)
}

fn explain(e: PipelineError) -> anyhow::Error {
    anyhow::Error::new(e).context("tick stopped; nothing of this run was saved")
}
