//! `pbmgo send`: flushes the outbox through the configured transport,
//! after letting go the held mail the limits, as the config says them now,
//! allow. `--now` first makes the mail that waits out a backoff due (as
//! `postqueue -f` does), for when the relay is back.
//!
//! Reads `PBMGO_SMTP_PASSWORD` here, so the library never looks at the
//! environment. A mail that cannot be sent is not an error of the command:
//! it stays in the outbox (to retry, or failed) for `pbmgo outbox list`;
//! one given up on is logged on stderr at error level.

use clap::Args;

use super::context::GlobalArgs;
use super::mailrun;
use super::transport::transport_from_config;
use crate::runner;

/// The environment variable holding the SMTP password when no
/// `password_file` is configured.
const PASSWORD_ENV: &str = "PBMGO_SMTP_PASSWORD";

/// Send the mail that is due in the outbox
#[derive(Debug, Args)]
pub(crate) struct SendArgs {
    /// Send at most this many mails [default: all that are due]
    #[arg(long, value_name = "N")]
    limit: Option<u32>,
    /// Also send the mail waiting out a retry wait, at once (as `postqueue -f`)
    #[arg(long = "now", id = "flush")]
    flush: bool,
    /// Print what was done as one JSON object: {"sent": N, "retried": N, "failed": N}
    #[arg(long)]
    json: bool,
}

/// Runs `pbmgo send`; returns 0 even when some mail failed.
pub(crate) fn run(args: SendArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    mailrun::init_logging();
    let ctx = global.context()?;
    let password = std::env::var(PASSWORD_ENV).ok();
    let transport = transport_from_config(&ctx.home, password)?;
    let mut store = ctx.mail_store()?;
    if args.flush {
        runner::expedite(&mut store, ctx.now)?;
    }
    let limit = args.limit.unwrap_or(u32::MAX);
    let sum = mailrun::send_through(&ctx.home, &mut store, transport.as_ref(), ctx.now, limit)?;
    if args.json {
        let v = serde_json::json!({"sent": sum.sent, "retried": sum.retried, "failed": sum.failed});
        outln!("{v}")?;
        return Ok(0);
    }
    outln!(
        "Sent {}, to retry {}, failed {}.",
        sum.sent,
        sum.retried,
        sum.failed
    )?;
    Ok(0)
}
