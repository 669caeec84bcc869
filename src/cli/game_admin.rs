//! `pbmgo game adjudicate GAME RESULT` and `pbmgo game resume GAME`: the
//! admin ends a game with a result, or returns a game to play. Both are
//! recorded in the game's events with the source `cli` and mailed to both
//! players (the mail is queued, then the outbox is sent). `pbmgo game
//! events GAME [--json]` lists a game's events.

use clap::Args;
use serde::Serialize;

use super::context::GlobalArgs;
use super::exit::Refused;
use super::mailrun;
use crate::go::GameResult;
use crate::pipeline::jobs::admin;
use crate::pipeline::{Env, MailSink, PipelineError};
use crate::store::GameId;
use crate::store::codec::time_text;

/// End a game with a result (an admin decision), mailed to both players
#[derive(Debug, Args)]
pub(crate) struct AdjudicateArgs {
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
pub(crate) struct ResumeArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Queue the mails but do not send them
    #[arg(long)]
    no_send: bool,
}

/// List a game's events: resignations, results and returns to play
#[derive(Debug, Args)]
pub(crate) struct EventsArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Print JSON: an array of {"after_move", "event", "source", "at"}
    #[arg(long)]
    json: bool,
}

/// One event in `game events --json`.
#[derive(Serialize)]
struct JsonEvent {
    after_move: u32,
    event: String,
    source: String,
    at: String,
}

/// Runs `game events`; returns 0.
pub(crate) fn events(args: EventsArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.open_store()?;
    let rows = store.read(|tx| {
        crate::store::games::load(tx, args.game)?;
        crate::store::events::list(tx, args.game)
    })?;
    let rows: Vec<JsonEvent> = rows
        .into_iter()
        .map(|e| JsonEvent {
            after_move: e.after_move,
            event: e.event.to_string(),
            source: e.source,
            at: time_text(e.at),
        })
        .collect();
    if args.json {
        outln!("{}", serde_json::to_string(&rows)?)?;
        return Ok(0);
    }
    if rows.is_empty() {
        outln!("{}: no events.", args.game)?;
    }
    for e in rows {
        outln!(
            "after move {:<4} {:<24} {} {}",
            e.after_move,
            e.event,
            e.at,
            e.source
        )?;
    }
    Ok(0)
}

/// Runs `game adjudicate`.
pub(crate) fn adjudicate(args: AdjudicateArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let id = args.game;
    let result = args.result;
    run(global, args.no_send, |tx, env| {
        admin::adjudicate(tx, env, id, result)
    })?;
    outln!("{id}: result {result}, mailed to both players.")?;
    Ok(0)
}

/// Runs `game resume`.
pub(crate) fn resume(args: ResumeArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
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
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let sink = MailSink::plain();
    let env = run.env(&sink);
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
