//! `pbmgo tournament ...`: the admin's tournaments and ladders. `new`
//! makes one (open for entries), `join` enters a player, `start` pairs it
//! (a round robin's every game, a Swiss's or McMahon's first round),
//! `pair` forces the next round, `withdraw` takes a player out, `show`
//! prints the standings, crosstable and rounds (`--json`: the pinned
//! shape), `list` lists them. Rounds after the first are paired by `tick`
//! and by the end of a round's last game.

use anyhow::{anyhow, bail};
use chrono::NaiveDate;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::context::GlobalArgs;
use super::exit::Refused;
use super::mailrun;
use crate::clock::System as Clock;
use crate::pipeline::MailSink;
use crate::pipeline::games::tournament::{entry, field::Field, pair, view};
use crate::rating::Rank;
use crate::store::players;
use crate::store::tournaments::{self, Kind, Status, Terms, Tournament};

/// Tournament commands
#[derive(Debug, Subcommand)]
pub(crate) enum TournamentCommand {
    /// Make a tournament or ladder, open for entries
    New(NewArgs),
    /// Enter a player (players enter by mail with "join NAME")
    Join(PlayerArgs),
    /// Start it: a round robin's games all at once, a Swiss's or McMahon's round 1
    Start(NameArgs),
    /// Pair and start the next round now, without waiting for the last game
    Pair(NameArgs),
    /// Withdraw a player: games played stand, games going on are lost, no more pairings
    Withdraw(PlayerArgs),
    /// Show the standings, the crosstable and every round
    Show(ShowArgs),
    /// List the tournaments
    List(ListArgs),
}

/// The systems `--system` takes.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum SystemArg {
    RoundRobin,
    Swiss,
    Mcmahon,
    Ladder,
}

/// `--handicap`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum HandicapArg {
    None,
    Auto,
}

/// `--colours`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum ColoursArg {
    WithinOne,
    GroupsFirst,
}

/// Make a tournament or ladder, open for entries
#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// Its name (one word, as players write it in "join NAME")
    name: String,
    /// How it pairs and places
    #[arg(long, value_enum)]
    system: SystemArg,
    /// Board size, 2 to 25
    #[arg(long, default_value_t = 19, value_parser = clap::value_parser!(u8).range(2..=25))]
    size: u8,
    /// The time system of its games ("fischer 3d+1d max 7d", "per-move 7d"); default: the server's
    #[arg(long, value_name = "SYSTEM", value_parser = time_system)]
    time: Option<Clock>,
    /// Rounds of a Swiss or McMahon (default: enough for a winner, ⌈log2 players⌉)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=99))]
    rounds: Option<u32>,
    /// A McMahon's bar: players of this rank and above start together at the top (3k, 1d)
    #[arg(long, value_name = "RANK")]
    bar: Option<Rank>,
    /// Handicap from the players' ranks (the weaker takes Black), or none
    #[arg(long, value_enum, default_value = "none")]
    handicap: HandicapArg,
    /// At most this many players
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=1000))]
    max_players: Option<u32>,
    /// The day tick starts it (YYYY-MM-DD); without it, "pbmgo tournament start"
    #[arg(long, value_name = "YYYY-MM-DD")]
    starts: Option<NaiveDate>,
    /// What a bye scores: 0, 0.5 or 1
    #[arg(long, value_name = "POINTS", default_value = "1", value_parser = bye_points)]
    bye_points: i32,
    /// A ladder's reach: how many places above a player may challenge
    #[arg(long, value_name = "K", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=1000))]
    reach: u32,
    /// Days a round may last before tick pairs the next one anyway
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=365))]
    round_days: Option<u32>,
    /// Its games move no rating
    #[arg(long)]
    unrated: bool,
    /// Swiss and McMahon: keep every player's colours within one before pairing within score groups, or score groups first
    #[arg(long, value_enum, default_value = "within-one")]
    colours: ColoursArg,
}

/// A tournament's name
#[derive(Debug, Args)]
pub(crate) struct NameArgs {
    /// The tournament's name
    name: String,
}

/// A tournament and a player
#[derive(Debug, Args)]
pub(crate) struct PlayerArgs {
    /// The tournament's name
    name: String,
    /// The player's name
    player: String,
}

/// Show a tournament
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// The tournament's name
    name: String,
    /// Print JSON: {"system", "round", "standings": [{"place", "name", "points", "wins",
    /// "sos", "sosos", "sodos"}], "rounds": [[{"game", "black", "white", "result"} |
    /// {"bye"}]], "ladder": [NAME] (ladders), then "name", "status", "rounds_in_all",
    /// "size", "time", "players": [{"name", "active"}], "games" (ladders)}
    #[arg(long)]
    json: bool,
}

/// List the tournaments
#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// Print JSON: [{"name", "system", "status", "round", "rounds_in_all", "players", "size"}]
    #[arg(long)]
    json: bool,
}

fn time_system(text: &str) -> Result<Clock, String> {
    Clock::parse(text).map_err(|e| e.to_string())
}

fn bye_points(text: &str) -> Result<i32, String> {
    match text.trim() {
        "0" => Ok(0),
        "0.5" | ".5" | "1/2" => Ok(2),
        "1" => Ok(4),
        other => Err(format!("{other} (a bye scores 0, 0.5 or 1)")),
    }
}

impl TournamentCommand {
    /// Runs the tournament command; returns the exit status.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        match self {
            TournamentCommand::New(a) => new(a, global),
            TournamentCommand::Join(a) => join(a, global),
            TournamentCommand::Start(a) => pairing(a, global, true),
            TournamentCommand::Pair(a) => pairing(a, global, false),
            TournamentCommand::Withdraw(a) => withdraw(a, global),
            TournamentCommand::Show(a) => show(a, global),
            TournamentCommand::List(a) => list(a, global),
        }
    }
}

fn new(a: NewArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let name = a.name.trim().to_lowercase();
    let good = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if name.is_empty() || name.len() > 32 || !name.chars().all(good) {
        bail!("a tournament's name is one word of letters, digits, - and _ (at most 32)");
    }
    let kind = match a.system {
        SystemArg::RoundRobin => Kind::RoundRobin,
        SystemArg::Swiss => Kind::Swiss,
        SystemArg::Mcmahon => Kind::McMahon,
        SystemArg::Ladder => Kind::Ladder,
    };
    if a.bar.is_some() && kind != Kind::McMahon {
        bail!("--bar is for a McMahon (--system mcmahon)");
    }
    let ctx = global.context()?;
    let terms = Terms {
        name,
        kind,
        size: a.size,
        time: a.time.map(|t| t.to_string()),
        rounds: a.rounds,
        bar: a.bar.map(|r| r.to_string()),
        handicap_auto: matches!(a.handicap, HandicapArg::Auto),
        max_players: a.max_players,
        starts: a.starts,
        bye_quarters: a.bye_points,
        reach: a.reach,
        round_days: a.round_days,
        rated: !a.unrated && ctx.home.config().ratings.default_rated,
        groups_first: matches!(a.colours, ColoursArg::GroupsFirst),
    };
    let mut store = ctx.open_store()?;
    store.write(|tx| tournaments::create(tx, &terms, ctx.now))?;
    outln!("{}", terms.name)?;
    Ok(0)
}

/// Finds tournament `name`, or says there is none.
fn find(conn: &rusqlite::Connection, name: &str) -> anyhow::Result<Tournament> {
    tournaments::find(conn, name)?
        .ok_or_else(|| anyhow!("no tournament {name} (pbmgo tournament list shows them)"))
}

fn join(a: PlayerArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    in_mail_run(global, |tx, env| {
        let t = find(tx, &a.name)?;
        let p = players::find(tx, &a.player)?.as_ref();
        entry::join(tx, env, &t, &p)?.map_err(|message| Refused { message }.into())
    })
}

fn pairing(a: NameArgs, global: &GlobalArgs, first: bool) -> anyhow::Result<u8> {
    in_mail_run(global, |tx, env| {
        let t = find(tx, &a.name)?;
        let done = match first {
            true => pair::start(tx, env, t.id)?,
            false if t.status != Status::Running || t.terms.kind == Kind::Ladder => Err(format!(
                "the tournament {} is not a running round robin, Swiss or McMahon",
                t.terms.name
            )),
            false if t.terms.kind == Kind::RoundRobin => Err(format!(
                "the round robin {} paired all its rounds at its start",
                t.terms.name
            )),
            false => pair::pair_next(tx, env, &Field::load(tx, t.id)?)?,
        };
        let games = done.map_err(|message| Refused { message })?;
        let t = tournaments::get(tx, t.id)?;
        match t.terms.kind {
            Kind::Ladder => return Ok(format!("{}: the ladder takes challenges", t.terms.name)),
            Kind::RoundRobin => {
                return Ok(format!(
                    "{}: all {} rounds paired, {games} games started",
                    t.terms.name, t.round
                ));
            }
            _ => {}
        }
        Ok(format!(
            "{}: round {} paired, {games} games started",
            t.terms.name, t.round
        ))
    })
}

fn withdraw(a: PlayerArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    in_mail_run(global, |tx, env| {
        let t = find(tx, &a.name)?;
        let p = players::find(tx, &a.player)?.as_ref();
        entry::withdraw_by_admin(tx, env, &t, &p)?.map_err(|message| Refused { message }.into())
    })
}

/// Runs `body` in one transaction with the mail environment, sends what it
/// queued, and prints what it says.
fn in_mail_run(
    global: &GlobalArgs,
    body: impl FnOnce(&rusqlite::Connection, &crate::pipeline::Env<'_>) -> anyhow::Result<String>,
) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let sink = MailSink::plain();
    let env = run.env(&sink);
    let mut store = ctx.open_store()?;
    let said = store.write(|tx| body(tx, &env))?;
    mailrun::send_now(&ctx.home, &mut store, env.now)?;
    outln!("{said}")?;
    Ok(0)
}

fn show(a: ShowArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let (summary, text) = store.write(|tx| {
        let field = Field::load(tx, find(tx, &a.name)?.id)?;
        let summary = view::Summary::of(&field)?;
        let text = view::text(&field, &summary)?;
        anyhow::Ok((summary, text))
    })?;
    match a.json {
        true => outln!("{}", serde_json::to_string(&summary)?)?,
        false => outln!("{text}")?,
    }
    Ok(0)
}

/// One tournament in `tournament list --json`.
#[derive(Serialize)]
struct Listed {
    name: String,
    system: &'static str,
    status: &'static str,
    round: u32,
    rounds_in_all: u32,
    players: usize,
    size: u8,
}

fn list(a: ListArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let listed = store.write(|tx| {
        let mut out = Vec::new();
        for t in tournaments::list(tx, None)? {
            let field = Field::load(tx, t.id)?;
            out.push(Listed {
                name: t.terms.name.clone(),
                system: t.terms.kind.name(),
                status: t.status.name(),
                round: t.round,
                rounds_in_all: field.rounds_in_all(),
                players: field.entrants.iter().filter(|e| e.active()).count(),
                size: t.terms.size,
            });
        }
        anyhow::Ok(out)
    })?;
    if a.json {
        outln!("{}", serde_json::to_string(&listed)?)?;
        return Ok(0);
    }
    if listed.is_empty() {
        outln!("no tournaments")?;
    }
    for t in &listed {
        outln!(
            "{:<16} {:<11} {:<8} round {}/{}  {} players  {}x{}",
            t.name,
            t.system,
            t.status,
            t.round,
            t.rounds_in_all,
            t.players,
            t.size,
            t.size
        )?;
    }
    Ok(0)
}
