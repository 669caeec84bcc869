//! Ranks and ratings for the admin: `pbmgo player rank NAME RANK --reason
//! TEXT` (a player's rank from now on, recorded with the reason), `pbmgo
//! ratings recompute [--dry-run] [--json]` (every rating replayed from the
//! finished games in order: the same numbers the games gave one by one)
//! and `pbmgo game rated GAME on|off` (whether a game counts; the ratings
//! are replayed).

use clap::{Args, Subcommand};
use serde::Serialize;

use super::context::{Context, GlobalArgs};
use crate::rating::Rank;
use crate::store::ratings::{self, Recomputed, SetBy};
use crate::store::{GameId, Store, players};

/// Set a player's rank from now on, with the reason (recorded)
#[derive(Debug, Args)]
pub(crate) struct RankArgs {
    /// The player's name
    name: String,
    /// The rank: 1k to 30k, 1d to 9d (5k, 2d)
    rank: Rank,
    /// Why (kept with the change)
    #[arg(long)]
    reason: String,
}

impl RankArgs {
    /// Runs `player rank`; returns 0.
    pub(crate) fn run(self, ctx: &Context, store: &mut Store) -> anyhow::Result<u8> {
        let reason = self.reason.trim();
        anyhow::ensure!(!reason.is_empty(), "--reason must say why");
        let p = store.write(|tx| {
            let p = players::find(tx, &self.name)?;
            ratings::set_rank(tx, p.id, self.rank, SetBy::Admin, reason, ctx.now)?;
            anyhow::Ok(p)
        })?;
        outln!(
            "{} is {} ({}) from now on ({reason}).",
            p.name,
            self.rank,
            self.rank.rating()
        )?;
        Ok(0)
    }
}

/// Rating commands
#[derive(Debug, Subcommand)]
pub(crate) enum RatingsCommand {
    /// Replay every rating from the finished games in order
    Recompute(RecomputeArgs),
}

/// Replay every rating from the finished games in order
#[derive(Debug, Args)]
pub(crate) struct RecomputeArgs {
    /// Show the table (stored and replayed) without writing
    #[arg(long)]
    dry_run: bool,
    /// Print JSON: {"written", "rated_games", "ranks_set", "changed",
    /// "players": [{"name", "before": {"rank", "rating", "rated_games"},
    /// "after": {...}}]}
    #[arg(long)]
    json: bool,
}

/// A strength in `ratings recompute --json`.
#[derive(Serialize)]
struct JsonStrength {
    rank: Option<String>,
    rating: i64,
    rated_games: u32,
}

/// One player in `ratings recompute --json`.
#[derive(Serialize)]
struct JsonLine {
    name: String,
    before: JsonStrength,
    after: JsonStrength,
}

/// `ratings recompute --json`.
#[derive(Serialize)]
struct JsonRecomputed {
    written: bool,
    rated_games: u32,
    ranks_set: u32,
    changed: usize,
    players: Vec<JsonLine>,
}

impl RatingsCommand {
    /// Runs the ratings command; returns 0.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        let RatingsCommand::Recompute(args) = self;
        let ctx = global.context()?;
        let mut store = match args.dry_run {
            true => ctx.read_store()?,
            false => ctx.open_store()?,
        };
        let write = !args.dry_run;
        let done = store.write(|tx| ratings::replay(tx, write))?;
        match args.json {
            true => outln!("{}", serde_json::to_string(&json(&done, write))?)?,
            false => print(&done, write)?,
        }
        Ok(0)
    }
}

fn strength(s: &ratings::Strength) -> JsonStrength {
    JsonStrength {
        rank: s.rank().map(|r| r.to_string()),
        rating: s.points(),
        rated_games: s.rated_games,
    }
}

fn json(done: &Recomputed, written: bool) -> JsonRecomputed {
    JsonRecomputed {
        written,
        rated_games: done.rated_games,
        ranks_set: done.ranks_set,
        changed: done.changed(),
        players: done
            .lines
            .iter()
            .map(|l| JsonLine {
                name: l.name.clone(),
                before: strength(&l.before),
                after: strength(&l.after),
            })
            .collect(),
    }
}

fn print(done: &Recomputed, written: bool) -> anyhow::Result<()> {
    outln!(
        "{:<20} {:>12} {:>6}  {:>12} {:>6}",
        "Player",
        "Stored",
        "Rated",
        "Replayed",
        "Rated"
    )?;
    for l in &done.lines {
        let mark = if l.before == l.after { "" } else { "  *" };
        outln!(
            "{:<20} {:>12} {:>6}  {:>12} {:>6}{mark}",
            l.name,
            l.before.shown(),
            l.before.rated_games,
            l.after.shown(),
            l.after.rated_games
        )?;
    }
    let verb = if written {
        "written"
    } else {
        "not written (--dry-run)"
    };
    outln!(
        "{} rated games and {} ranks set replayed; {} players changed; {verb}.",
        done.rated_games,
        done.ranks_set,
        done.changed()
    )?;
    Ok(())
}

/// Make a game rated or unrated, and replay the ratings
#[derive(Debug, Args)]
pub(crate) struct RatedArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// on (rated) or off (unrated)
    #[arg(value_parser = ["on", "off"])]
    state: String,
}

/// Runs `game rated GAME on|off`; returns 0.
pub(crate) fn rated(args: RatedArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.open_store()?;
    let on = args.state == "on";
    let done = store.write(|tx| {
        crate::store::games::load(tx, args.game)?;
        ratings::set_rated(tx, args.game, on)?;
        ratings::replay(tx, true)
    })?;
    let what = if on { "rated" } else { "unrated" };
    outln!(
        "{} is {what}; ratings replayed ({} rated games, {} players changed).",
        args.game,
        done.rated_games,
        done.changed()
    )?;
    Ok(0)
}
