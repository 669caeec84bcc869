//! `pbmgo standings [--json]`: the table players get with `standings`:
//! games won, lost and active, and the Elo rating. `--json` prints an array
//! of objects `{"name", "won", "lost", "active", "rating"}`, highest rating
//! first.

use clap::Args;

use super::context::GlobalArgs;
use crate::store::standings;

/// Show the players' standings and ratings
#[derive(Debug, Args)]
pub(crate) struct StandingsArgs {
    /// Print JSON: an array of {name, won, lost, active, rating}
    #[arg(long)]
    json: bool,
}

/// Runs `pbmgo standings`.
pub(crate) fn run(args: StandingsArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let table = store.read(|tx| standings::table(tx))?;
    if args.json {
        outln!("{}", serde_json::to_string(&table)?)?;
        return Ok(0);
    }
    outln!(
        "{:<20} {:>4}  {:>5}  {:>6}  {:>6}",
        "Player",
        "Won",
        "Lost",
        "Active",
        "Rating"
    )?;
    for s in &table {
        outln!(
            "{:<20} {:>4}  {:>5}  {:>6}  {:>6}",
            s.name,
            s.won,
            s.lost,
            s.active,
            s.rating
        )?;
    }
    Ok(0)
}
