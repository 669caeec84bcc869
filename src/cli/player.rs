//! `pbmgo player add|list|show`: players and their mail addresses, and
//! whether mail to them is stopped by bounces (`bouncing`).

use clap::{Args, Subcommand};
use serde::Serialize;

use super::context::GlobalArgs;
use crate::store::codec::time_text;
use crate::store::{GameFilter, GameSummary, Player, bounces, listing, players};

/// Player commands
#[derive(Debug, Subcommand)]
pub(crate) enum PlayerCommand {
    /// Add a player with one or more mail addresses
    Add(AddArgs),
    /// List every player with their addresses
    List(ListArgs),
    /// Show a player, their addresses and their games
    Show(ShowArgs),
}

/// Add a player with one or more mail addresses
#[derive(Debug, Args)]
pub(crate) struct AddArgs {
    /// The name: 2 to 20 letters, digits, '_' or '-' (case-insensitive)
    name: String,
    /// Mail addresses ("Name <addr>" is accepted; stored lower-case)
    #[arg(required = true, value_name = "EMAIL")]
    emails: Vec<String>,
}

/// List every player with their addresses
#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// Show a player, their addresses and their games
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// The player's name
    name: String,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// A player in `--json` output.
#[derive(Serialize)]
struct JsonPlayer<'a> {
    name: &'a str,
    addresses: &'a [String],
    created_at: String,
    /// True when mail to one of the addresses is stopped by bounces.
    bouncing: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    games: Option<Vec<JsonGame>>,
}

/// One of a player's games in `player show --json`.
#[derive(Serialize)]
struct JsonGame {
    id: String,
    color: &'static str,
    opponent: String,
    status: &'static str,
    result: Option<String>,
}

impl PlayerCommand {
    /// Runs the player command; returns the exit status.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        let ctx = global.context()?;
        let mut store = ctx.open_store()?;
        let limit = ctx.home.config().server.bounce_limit;
        match self {
            PlayerCommand::Add(args) => {
                let p = store.write(|tx| players::add(tx, &args.name, &args.emails, ctx.now))?;
                outln!("Added player {} ({}).", p.name, p.addresses.join(", "))?;
            }
            PlayerCommand::List(args) => {
                let all = store.read(|tx| {
                    let all = players::list(tx)?;
                    all.into_iter()
                        .map(|p| Ok((stopped(tx, &p, limit)?, p)))
                        .collect::<anyhow::Result<Vec<_>>>()
                })?;
                print_list(&all, args.json)?;
            }
            PlayerCommand::Show(args) => {
                let (p, games, stops) = store.read(|tx| {
                    let p = players::find(tx, &args.name)?;
                    let filter = GameFilter {
                        player_id: Some(p.id),
                        ..GameFilter::default()
                    };
                    let stops = stopped(tx, &p, limit)?;
                    anyhow::Ok((p.clone(), listing::games(tx, &filter)?, stops))
                })?;
                print_show(&p, &games, &stops, args.json)?;
            }
        }
        Ok(0)
    }
}

/// The player's addresses that bounced too often, with their bounce counts.
type Stops = Vec<(String, u32)>;

fn stopped(conn: &rusqlite::Connection, p: &Player, limit: u32) -> anyhow::Result<Stops> {
    Ok(bounces::stopped_among(conn, &p.addresses, limit)?)
}

fn json_player<'a>(p: &'a Player, stops: &Stops, games: Option<Vec<JsonGame>>) -> JsonPlayer<'a> {
    JsonPlayer {
        name: &p.name,
        addresses: &p.addresses,
        created_at: time_text(p.created_at),
        bouncing: !stops.is_empty(),
        games,
    }
}

fn print_list(all: &[(Stops, Player)], json: bool) -> anyhow::Result<()> {
    if json {
        let list: Vec<_> = all.iter().map(|(s, p)| json_player(p, s, None)).collect();
        outln!("{}", serde_json::to_string(&list)?)?;
        return Ok(());
    }
    if all.is_empty() {
        outln!("No players.")?;
    }
    let width = all.iter().map(|(_, p)| p.name.len()).max().unwrap_or(0);
    for (stops, p) in all {
        let mark = if stops.is_empty() { "" } else { "  (bouncing)" };
        outln!("{:width$}  {}{mark}", p.name, p.addresses.join(", "))?;
    }
    Ok(())
}

fn json_game(name: &str, g: &GameSummary) -> JsonGame {
    let black = g.black == name;
    JsonGame {
        id: g.id.to_string(),
        color: if black { "black" } else { "white" },
        opponent: if black {
            g.white.clone()
        } else {
            g.black.clone()
        },
        status: g.status.name(),
        result: g.result.clone(),
    }
}

fn print_show(p: &Player, games: &[GameSummary], stops: &Stops, json: bool) -> anyhow::Result<()> {
    let games: Vec<JsonGame> = games.iter().map(|g| json_game(&p.name, g)).collect();
    if json {
        outln!(
            "{}",
            serde_json::to_string(&json_player(p, stops, Some(games)))?
        )?;
        return Ok(());
    }
    outln!("Player {}, added {}", p.name, time_text(p.created_at))?;
    outln!("Addresses: {}", p.addresses.join(", "))?;
    for (address, n) in stops {
        outln!(
            "Mail: bouncing: {address} returned {n} permanent bounces; pbmgo stops mailing it \
             until the player sends a mail"
        )?;
    }
    if games.is_empty() {
        outln!("Games: none")?;
    }
    for g in games {
        let result = g.result.map(|r| format!(" {r}")).unwrap_or_default();
        outln!(
            "{}: {} against {}, {}{result}",
            g.id,
            g.color,
            g.opponent,
            g.status
        )?;
    }
    Ok(())
}
