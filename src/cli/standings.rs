//! `pbmgo standings [--json]`: the table players get with `standings`:
//! rank and rating on the EGF scale, rated games, games won, lost and
//! active. `--json` prints an array of objects `{"name", "rank", "rating",
//! "rated_games", "won", "lost", "active"}` (pinned: `rank` is `"3k"`,
//! `"1d"` or null while unknown), highest rating first.

use clap::Args;

use super::context::GlobalArgs;
use crate::store::standings;

/// Show the players' standings: ranks, ratings and results
#[derive(Debug, Args)]
pub(crate) struct StandingsArgs {
    /// Print JSON: an array of {name, rank, rating, rated_games, won, lost, active}
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
        "{:<20} {:>5}  {:>6}  {:>5}  {:>4}  {:>4}  {:>6}",
        "Player",
        "Rank",
        "Rating",
        "Rated",
        "Won",
        "Lost",
        "Active"
    )?;
    for s in &table {
        outln!(
            "{:<20} {:>5}  {:>6}  {:>5}  {:>4}  {:>4}  {:>6}",
            s.name,
            s.rank.as_deref().unwrap_or("?"),
            s.rating,
            s.rated_games,
            s.won,
            s.lost,
            s.active
        )?;
    }
    Ok(0)
}
