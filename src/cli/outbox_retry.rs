//! `pbmgo outbox retry ID | --failed | --all`: puts mail back in the queue
//! (pending, no attempts, due now), for when the relay that failed it is
//! fixed; the next `send`, `poll` or `tick` sends it. `--failed` takes
//! every failed mail, `--all` those and the mail waiting out a retry wait.
//! An unknown id is a bad argument (exit 2); a mail already sent is
//! refused (exit 1).

use clap::Args;
use serde::Serialize;

use super::context::GlobalArgs;
use super::exit::Refused;
use crate::store::outbox::{self, Retried, RetryOne, Which};

/// Put mail back in the queue, to be sent by the next send
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("which").required(true).args(["id", "failed", "all"])))]
pub(crate) struct RetryArgs {
    /// The mail's outbox id (as `outbox list` shows)
    id: Option<i64>,
    /// Every mail given up on (status failed)
    #[arg(long)]
    failed: bool,
    /// Every failed mail and every mail waiting out a retry wait
    #[arg(long)]
    all: bool,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// What `outbox retry --json` prints.
#[derive(Serialize)]
struct JsonRetried<'a> {
    /// The mails put back, oldest first.
    retried: &'a [Retried],
}

/// Runs `outbox retry`; returns the exit status.
pub(crate) fn run(args: RetryArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.open_store()?;
    let now = ctx.now;
    let retried = match (args.id, args.all) {
        (Some(id), _) => match store.write(|tx| outbox::retry(tx, outbox::id_of(id)?, now))? {
            RetryOne::Retried(r) => vec![r],
            RetryOne::Sent => {
                let message = format!("outbox mail {id} was sent already: nothing to retry");
                return Err(Refused { message }.into());
            }
        },
        (None, all) => {
            let which = if all {
                Which::FailedAndDeferred
            } else {
                Which::Failed
            };
            store.write(|tx| outbox::retry_all(tx, which, now))?
        }
    };
    if args.json {
        outln!(
            "{}",
            serde_json::to_string(&JsonRetried { retried: &retried })?
        )?;
        return Ok(0);
    }
    outln!("{}", summary(&retried))?;
    for r in &retried {
        outln!(
            "{:>5}  {:<7}  {}  {}",
            r.id,
            r.was,
            tries(r.attempts),
            r.recipient
        )?;
    }
    Ok(0)
}

/// The first line: how many mails are back in the queue.
fn summary(retried: &[Retried]) -> String {
    match retried.len() {
        0 => "No mail to put back in the queue.".to_string(),
        1 => "Put 1 mail back in the queue, due now:".to_string(),
        n => format!("Put {n} mails back in the queue, due now:"),
    }
}

/// The attempts a mail had made, in words.
fn tries(attempts: u32) -> String {
    match attempts {
        1 => "1 attempt ".to_string(),
        n => format!("{n} attempts"),
    }
}
