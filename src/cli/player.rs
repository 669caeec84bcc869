//! `pbmgo player add|list|show`: players and their mail addresses, whether
//! mail to them is stopped by bounces (`bouncing`), their rating, their
//! games going and finished, how they are mailed, their vacation, whether
//! they set a password (never the hash) and whether the admin disabled
//! them. The repairs of an account (`password clear`, `address`, `rename`,
//! `disable`, `enable`) are `player_repair`'s, flattened in here.

use clap::{Args, Subcommand};
use serde::Serialize;

use super::context::GlobalArgs;
use super::player_repair::RepairCommand;
use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::store::codec::time_text;
use crate::store::profile::{Profile, profile};
use crate::store::ratings::{self, Strength};
use crate::store::standings::Standing;
use crate::store::{GameFilter, GameSummary, Player, bounces, listing, players, standings};

/// Player commands
#[derive(Debug, Subcommand)]
pub(crate) enum PlayerCommand {
    /// Add a player with one or more mail addresses
    Add(AddArgs),
    /// List every player with their addresses
    List(ListArgs),
    /// Show a player, their addresses and their games
    Show(ShowArgs),
    /// Set a player's rank from now on, with the reason (recorded)
    Rank(super::ratings::RankArgs),
    #[command(flatten)]
    Repair(RepairCommand),
}

/// Add a player with one or more mail addresses
#[derive(Debug, Args)]
pub(crate) struct AddArgs {
    /// The name: 2 to 20 letters, digits, '_' or '-' (case-insensitive)
    name: String,
    /// Mail addresses ("Name <addr>" is accepted; stored lower-case)
    #[arg(required = true, value_name = "EMAIL")]
    emails: Vec<String>,
    /// The rank they declare (5k, 2d); without it, [ratings] default_rank,
    /// shown as "?" until their first rated game
    #[arg(long)]
    rank: Option<crate::rating::Rank>,
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
    /// The rank (`3k`, `1d`), or null while unknown.
    rank: Option<String>,
    /// The rating on the EGF scale, rounded.
    rating: i64,
    /// Rated games finished.
    rated_games: u32,
    /// Games being played or scored.
    games_active: u32,
    /// Games over.
    games_finished: u32,
    /// How the player is mailed: `each`, `digest` or `off`.
    notify: &'a str,
    /// True while the player is on vacation.
    on_vacation: bool,
    /// The end of the player's last vacation (RFC 3339), if they took one.
    vacation_until: Option<String>,
    /// True when the player set a password.
    password_set: bool,
    /// True when the admin disabled the player (`player disable`).
    disabled: bool,
}

/// What `player list|show` adds to a player: bounces, rating and profile.
struct Extra {
    /// The addresses stopped by bounces.
    stops: Stops,
    /// The rank and rating.
    strength: Strength,
    /// Settings and game counts.
    profile: Profile,
    /// The time of this command.
    now: DateTime<Utc>,
}

impl Extra {
    /// Reads what `p` needs beside `table` (the standings, read once).
    fn read(
        conn: &Connection,
        p: &Player,
        table: &[Standing],
        limit: u32,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Extra> {
        let strength = match table.iter().find(|s| s.name == p.name) {
            Some(s) => s.strength,
            None => ratings::strength(conn, p.id)?,
        };
        Ok(Extra {
            stops: stopped(conn, p, limit)?,
            strength,
            profile: profile(conn, p.id)?,
            now,
        })
    }

    /// The end of the vacation the player is on, if they are on one.
    fn vacation(&self) -> Option<DateTime<Utc>> {
        self.profile
            .vacation_until
            .filter(|&until| until > self.now)
    }

    /// The profile as a few words for the text listings.
    fn summary(&self) -> String {
        let pf = &self.profile;
        let vacation = match self.vacation() {
            Some(until) => format!(", on vacation until {}", until.format("%Y-%m-%d %H:%M UTC")),
            None => String::new(),
        };
        let password = if pf.password_set { "set" } else { "none" };
        format!(
            "rank {}, {} active, {} finished, notify {}, password {password}{vacation}",
            self.strength.shown(),
            pf.active,
            pf.finished,
            pf.notify
        )
    }
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
        let mut store = match self {
            PlayerCommand::List(_) | PlayerCommand::Show(_) => ctx.read_store()?,
            _ => ctx.open_store()?,
        };
        let limit = ctx.home.config().server.bounce_limit;
        match self {
            PlayerCommand::Add(args) => {
                let rank = args.rank.unwrap_or(ctx.home.config().ratings.start_rank());
                let p = store.write(|tx| {
                    let p = players::add(tx, &args.name, &args.emails, ctx.now)?;
                    ratings::start(tx, p.id, rank, args.rank.is_some())?;
                    anyhow::Ok(p)
                })?;
                outln!("Added player {} ({}).", p.name, p.addresses.join(", "))?;
            }
            PlayerCommand::List(args) => {
                let all = store.read(|tx| {
                    let all = players::list(tx)?;
                    let table = standings::table(tx)?;
                    all.into_iter()
                        .map(|p| Ok((Extra::read(tx, &p, &table, limit, ctx.now)?, p)))
                        .collect::<anyhow::Result<Vec<_>>>()
                })?;
                print_list(&all, args.json)?;
            }
            PlayerCommand::Show(args) => {
                let (p, games, extra) = store.read(|tx| {
                    let p = players::find(tx, &args.name)?;
                    let filter = GameFilter {
                        player_id: Some(p.id),
                        ..GameFilter::default()
                    };
                    let table = standings::table(tx)?;
                    let extra = Extra::read(tx, &p, &table, limit, ctx.now)?;
                    anyhow::Ok((p.clone(), listing::games(tx, &filter)?, extra))
                })?;
                print_show(&p, &games, &extra, args.json)?;
            }
            PlayerCommand::Rank(args) => return args.run(&ctx, &mut store),
            PlayerCommand::Repair(cmd) => return cmd.run(&ctx, &mut store),
        }
        Ok(0)
    }
}

/// The player's addresses that bounced too often, with their bounce counts.
type Stops = Vec<(String, u32)>;

fn stopped(conn: &rusqlite::Connection, p: &Player, limit: u32) -> anyhow::Result<Stops> {
    Ok(bounces::stopped_among(conn, &p.addresses, limit)?)
}

fn json_player<'a>(p: &'a Player, x: &'a Extra, games: Option<Vec<JsonGame>>) -> JsonPlayer<'a> {
    JsonPlayer {
        name: &p.name,
        addresses: &p.addresses,
        created_at: time_text(p.created_at),
        bouncing: !x.stops.is_empty(),
        games,
        rank: x.strength.rank().map(|r| r.to_string()),
        rating: x.strength.points(),
        rated_games: x.strength.rated_games,
        games_active: x.profile.active,
        games_finished: x.profile.finished,
        notify: &x.profile.notify,
        on_vacation: x.vacation().is_some(),
        vacation_until: x.profile.vacation_until.map(time_text),
        password_set: x.profile.password_set,
        disabled: p.disabled,
    }
}

fn print_list(all: &[(Extra, Player)], json: bool) -> anyhow::Result<()> {
    if json {
        let list: Vec<_> = all.iter().map(|(s, p)| json_player(p, s, None)).collect();
        outln!("{}", serde_json::to_string(&list)?)?;
        return Ok(());
    }
    if all.is_empty() {
        outln!("No players.")?;
    }
    let width = all.iter().map(|(_, p)| p.name.len()).max().unwrap_or(0);
    for (x, p) in all {
        let mark = marks(p, x);
        outln!(
            "{:width$}  {}{mark}  ({})",
            p.name,
            p.addresses.join(", "),
            x.summary()
        )?;
    }
    Ok(())
}

/// The marks after a player's addresses in `player list`.
fn marks(p: &Player, x: &Extra) -> String {
    let bouncing = (!x.stops.is_empty()).then_some("  (bouncing)");
    let disabled = p.disabled.then_some("  (disabled)");
    [bouncing, disabled].into_iter().flatten().collect()
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

fn print_show(p: &Player, games: &[GameSummary], x: &Extra, json: bool) -> anyhow::Result<()> {
    let games: Vec<JsonGame> = games.iter().map(|g| json_game(&p.name, g)).collect();
    if json {
        outln!(
            "{}",
            serde_json::to_string(&json_player(p, x, Some(games)))?
        )?;
        return Ok(());
    }
    outln!("Player {}, added {}", p.name, time_text(p.created_at))?;
    outln!("Addresses: {}", p.addresses.join(", "))?;
    outln!("Profile: {}", x.summary())?;
    if p.disabled {
        outln!(
            "Account: disabled by the admin (player enable {} undoes it)",
            p.name
        )?;
    }
    for (address, n) in &x.stops {
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
