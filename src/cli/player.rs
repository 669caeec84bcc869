//! `pbmgo player add|list|show`: players and their mail addresses.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::context::GlobalArgs;
use crate::store::codec::time_text;
use crate::store::{GameFilter, GameSummary, Player, listing, players};

/// Player commands
#[derive(Debug, Subcommand)]
pub enum PlayerCommand {
    /// Add a player with one or more mail addresses
    Add(AddArgs),
    /// List every player with their addresses
    List(ListArgs),
    /// Show a player, their addresses and their games
    Show(ShowArgs),
}

/// Add a player with one or more mail addresses
#[derive(Debug, Args)]
pub struct AddArgs {
    /// The name: 2 to 20 letters, digits, '_' or '-' (case-insensitive)
    name: String,
    /// Mail addresses ("Name <addr>" is accepted; stored lower-case)
    #[arg(required = true, value_name = "EMAIL")]
    emails: Vec<String>,
}

/// List every player with their addresses
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// Show a player, their addresses and their games
#[derive(Debug, Args)]
pub struct ShowArgs {
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
    pub fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        let ctx = global.context()?;
        let mut store = ctx.open_store()?;
        match self {
            PlayerCommand::Add(args) => {
                let p = store.write(|tx| players::add(tx, &args.name, &args.emails, ctx.now))?;
                outln!("Added player {} ({}).", p.name, p.addresses.join(", "))?;
            }
            PlayerCommand::List(args) => {
                let all = players::list(store.conn())?;
                print_list(&all, args.json)?;
            }
            PlayerCommand::Show(args) => {
                let (p, games) = store.read(|tx| {
                    let p = players::find(tx, &args.name)?;
                    let filter = GameFilter {
                        player_id: Some(p.id),
                        ..GameFilter::default()
                    };
                    anyhow::Ok((p.clone(), listing::games(tx, &filter)?))
                })?;
                print_show(&p, &games, args.json)?;
            }
        }
        Ok(0)
    }
}

fn json_player(p: &Player, games: Option<Vec<JsonGame>>) -> JsonPlayer<'_> {
    JsonPlayer {
        name: &p.name,
        addresses: &p.addresses,
        created_at: time_text(p.created_at),
        games,
    }
}

fn print_list(all: &[Player], json: bool) -> anyhow::Result<()> {
    if json {
        let list: Vec<_> = all.iter().map(|p| json_player(p, None)).collect();
        outln!("{}", serde_json::to_string(&list)?)?;
        return Ok(());
    }
    if all.is_empty() {
        outln!("No players.")?;
    }
    let width = all.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in all {
        outln!("{:width$}  {}", p.name, p.addresses.join(", "))?;
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

fn print_show(p: &Player, games: &[GameSummary], json: bool) -> anyhow::Result<()> {
    let games: Vec<JsonGame> = games.iter().map(|g| json_game(&p.name, g)).collect();
    if json {
        outln!("{}", serde_json::to_string(&json_player(p, Some(games)))?)?;
        return Ok(());
    }
    outln!("Player {}, added {}", p.name, time_text(p.created_at))?;
    outln!("Addresses: {}", p.addresses.join(", "))?;
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
