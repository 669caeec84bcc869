//! `pbmgo challenges [--all] [--limit N] [--json]`: the challenges players
//! made by mail, open ones by default, newest first. `--json` prints an
//! array of objects `{"id", "challenger", "challenged", "status", "size",
//! "komi", "handicap", "free", "color", "ko", "scoring", "days",
//! "created_at", "expires_at"}`.

use clap::Args;
use serde::Serialize;

use super::context::GlobalArgs;
use crate::store::challenges::{self, Challenge};
use crate::store::codec::time_text;

/// List challenges made by mail (open ones unless --all)
#[derive(Debug, Args)]
pub(crate) struct ChallengesArgs {
    /// Also list accepted, declined, withdrawn and expired challenges
    #[arg(long)]
    all: bool,
    /// List at most this many
    #[arg(long, default_value_t = 100)]
    limit: u32,
    /// Print JSON: an array of objects
    #[arg(long)]
    json: bool,
}

/// One challenge in `--json`.
#[derive(Serialize)]
struct JsonChallenge {
    id: String,
    challenger: String,
    challenged: String,
    status: &'static str,
    size: u8,
    komi: f64,
    handicap: u32,
    free: bool,
    color: String,
    ko: &'static str,
    scoring: &'static str,
    days: u32,
    created_at: String,
    expires_at: String,
}

impl From<Challenge> for JsonChallenge {
    fn from(c: Challenge) -> Self {
        JsonChallenge {
            id: c.id.to_string(),
            challenger: c.challenger.name,
            challenged: c.challenged.name,
            status: c.status.name(),
            size: c.terms.size,
            komi: c.terms.komi,
            handicap: c.terms.handicap,
            free: c.terms.free,
            color: c.terms.color,
            ko: c.terms.ko.name(),
            scoring: c.terms.scoring.name(),
            days: c.terms.days,
            created_at: time_text(c.created_at),
            expires_at: time_text(c.expires_at),
        }
    }
}

/// Runs `pbmgo challenges`.
pub(crate) fn run(args: ChallengesArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let list = store.read(|tx| challenges::list(tx, !args.all, args.limit))?;
    let rows: Vec<JsonChallenge> = list.into_iter().map(JsonChallenge::from).collect();
    if args.json {
        outln!("{}", serde_json::to_string(&rows)?)?;
        return Ok(0);
    }
    if rows.is_empty() {
        outln!("No challenges.")?;
    }
    for c in rows {
        outln!(
            "{:<8} {} challenges {} ({}x{}, komi {}, handicap {}{}, challenger plays {}, {} days per move): {}, expires {}",
            c.id,
            c.challenger,
            c.challenged,
            c.size,
            c.size,
            c.komi,
            c.handicap,
            if c.free { " free" } else { "" },
            c.color,
            c.days,
            c.status,
            c.expires_at
        )?;
    }
    Ok(0)
}
