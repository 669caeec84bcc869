//! `pbmgo game adjudicate GAME RESULT` and `pbmgo game resume GAME`: the
//! admin ends a game with a result, or returns a game to play. Both are
//! recorded in the game's events with the source `cli` and mailed to both
//! players (the mail is queued, then the outbox is sent).

use clap::Args;

use super::Refused;
use super::context::GlobalArgs;
use super::mailrun;
use crate::go::GameResult;
use crate::pipeline::{Env, PipelineError, admin};
use crate::store::GameId;

/// End a game with a result (an admin decision), mailed to both players
#[derive(Debug, Args)]
pub struct AdjudicateArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// The result: B+R, W+3.5, B+T, Draw or Void
    result: GameResult,
    /// Queue the mails but do not send them
    #[arg(long)]
    no_send: bool,
}

/// Return a game being scored or finished to play, mailed to both players
#[derive(Debug, Args)]
pub struct ResumeArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Queue the mails but do not send them
    #[arg(long)]
    no_send: bool,
}

/// Runs `game adjudicate`.
pub fn adjudicate(args: AdjudicateArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let id = args.game;
    let result = args.result;
    run(global, args.no_send, |tx, env| {
        admin::adjudicate(tx, env, id, result)
    })?;
    outln!("{id}: result {result}, mailed to both players.")?;
    Ok(0)
}

/// Runs `game resume`.
pub fn resume(args: ResumeArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let id = args.game;
    run(global, args.no_send, |tx, env| admin::resume(tx, env, id))?;
    outln!("{id}: play resumes, mailed to both players.")?;
    Ok(0)
}

fn run<F>(global: &GlobalArgs, no_send: bool, step: F) -> anyhow::Result<()>
where
    F: FnOnce(&rusqlite::Connection, &Env<'_>) -> Result<Result<u32, String>, PipelineError>,
{
    let ctx = global.context()?;
    let job = mailrun::Job::new(&ctx, global.pinned_time())?;
    let runner = job.runner(1);
    let env = Env {
        settings: runner.settings,
        templates: runner.templates,
        now: job.now(),
    };
    let mut store = ctx.open_store()?;
    let done = store.write(|tx| step(tx, &env).map_err(anyhow::Error::from))?;
    if let Err(message) = done {
        return Err(Refused { message }.into());
    }
    if !no_send {
        mailrun::send_now(&ctx.home, &mut store, env.now)?;
    }
    Ok(())
}
