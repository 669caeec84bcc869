//! `pbmgo game ...`: the game command group. This file holds the group's
//! dispatch and the commands `new`, `list` and `play`. The rule flags shared
//! by `new` and `import` live in `game_rules`. Showing lives in
//! `game_show`, SGF in `game_sgf`, checking in `game_verify`, the players'
//! conditional moves in `game_conditionals`.

use anyhow::bail;
use clap::{Args, Subcommand, ValueEnum};
use serde::Serialize;

use super::context::GlobalArgs;
use super::exit::Refused;
use super::game_rules::RuleArgs;
use super::output::capitalized;
use super::{game_admin, game_conditionals, game_sgf, game_show, game_verify, mailrun};
use crate::clock::System;
use crate::go::{BoardSize, Game, Move, Phase, Played};
use crate::pipeline::MailSink;
use crate::pipeline::games::start::{self as admin, NewGame};
use crate::store::codec::time_text;
use crate::store::{
    GameFilter, GameId, GameSummary, MoveEntry, clock, games, listing, players, time_terms,
};

/// Game commands
#[derive(Debug, Subcommand)]
pub(crate) enum GameCommand {
    /// Create a game between two players, mail both the board, and print its id
    New(NewArgs),
    /// List games
    List(ListArgs),
    /// Show a game: a header and the board
    Show(game_show::ShowArgs),
    /// Show a game's move list
    Moves(game_show::MovesArgs),
    /// Show a game's stored ko position list
    Ko(game_show::KoArgs),
    /// Play a move for a player (an admin repair)
    Play(PlayArgs),
    /// Print a game as SGF
    Sgf(game_sgf::SgfArgs),
    /// Import an SGF record as a new game to continue
    Import(game_sgf::ImportArgs),
    /// Replay move lists and compare them with the stored games
    Verify(game_verify::VerifyArgs),
    /// End a game with a result (an admin decision), mailed to both players
    Adjudicate(game_admin::AdjudicateArgs),
    /// Return a game being scored or finished to play, mailed to both players
    Resume(game_admin::ResumeArgs),
    /// List a game's events: resignations, results and returns to play
    Events(game_admin::EventsArgs),
    /// List the conditional moves the players of a game have set
    Conditionals(game_conditionals::ConditionalsArgs),
    /// Make a game rated or unrated, and replay the ratings
    Rated(super::ratings::RatedArgs),
}

impl GameCommand {
    /// Runs the game command; returns the exit status.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        match self {
            GameCommand::New(a) => new(a, global),
            GameCommand::List(a) => list(a, global),
            GameCommand::Show(a) => game_show::show(a, global),
            GameCommand::Moves(a) => game_show::moves(a, global),
            GameCommand::Ko(a) => game_show::ko(a, global),
            GameCommand::Play(a) => play(a, global),
            GameCommand::Sgf(a) => game_sgf::sgf(a, global),
            GameCommand::Import(a) => game_sgf::import(a, global),
            GameCommand::Verify(a) => game_verify::verify(a, global),
            GameCommand::Adjudicate(a) => game_admin::adjudicate(a, global),
            GameCommand::Resume(a) => game_admin::resume(a, global),
            GameCommand::Events(a) => game_admin::events(a, global),
            GameCommand::Conditionals(a) => game_conditionals::conditionals(a, global),
            GameCommand::Rated(a) => super::ratings::rated(a, global),
        }
    }
}

/// Create a game between two players, mail both the board, and print its id
#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// The player of the black stones
    #[arg(long, value_name = "NAME")]
    black: String,
    /// The player of the white stones
    #[arg(long, value_name = "NAME")]
    white: String,
    /// Board size, 2 to 25
    #[arg(long, default_value_t = 19)]
    size: u32,
    /// Handicap stones, placed on the star points (9x9, 13x13 and 19x19); White then moves
    #[arg(long, default_value_t = 0)]
    handicap: u32,
    #[command(flatten)]
    rules: RuleArgs,
    /// Days per move, the same as --time "per-move Dd" [default: `[games] time`, else `[games] days_per_move`]
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=365), conflicts_with = "time")]
    days: Option<u32>,
    /// The time system, as a challenge writes it: "per-move 5d", "fischer 3d+1d max 7d", "byoyomi 14d+5x1d", "canadian 10d+10/7d", "absolute 30d" or "none"
    #[arg(long, value_name = "SYSTEM", value_parser = time_system)]
    time: Option<System>,
    /// Each player's Saturday and Sunday (in their time zone) do not count
    #[arg(long)]
    weekends_off: bool,
    /// Each player's night of this many hours (from 22:00 in their time zone) does not count, e.g. 9h
    #[arg(long, value_name = "HOURS", value_parser = night_hours)]
    night: Option<u32>,
    /// Queue the start letters but do not send them
    #[arg(long)]
    no_send: bool,
    /// Start the game (and its clock) without mailing the players
    #[arg(long)]
    no_mail: bool,
    /// The game moves no rating (without it: [ratings] default_rated)
    #[arg(long)]
    unrated: bool,
}

fn new(args: NewArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let size = BoardSize::new(args.size)?;
    let mut game = Game::new(size, args.rules.rules(None, args.handicap)?);
    if args.handicap > 0 {
        game.place_fixed_handicap(args.handicap)?;
    }
    let run = mailrun::run_context(&ctx, global.pinned_time(), 1)?;
    let sink = MailSink::plain();
    let env = run.env(&sink);
    let mut store = ctx.open_store()?;
    let id = store.write(|tx| {
        let black = players::find(tx, &args.black)?.as_ref();
        let white = players::find(tx, &args.white)?.as_ref();
        if black.id == white.id {
            anyhow::bail!(
                "black and white must be different players ({} is given for both)",
                black.name
            );
        }
        let new = NewGame {
            black: &black,
            white: &white,
            game: &game,
            days: args.days,
            time: args.time,
            weekends_off: args.weekends_off,
            night_hours: args.night.unwrap_or(0),
            mail: !args.no_mail,
        };
        let id = admin::start(tx, &env, &new)?;
        let rated = !args.unrated && ctx.home.config().ratings.default_rated;
        crate::store::ratings::set_rated(tx, id, rated)?;
        anyhow::Ok(id)
    })?;
    if !args.no_send {
        mailrun::send_now(&ctx.home, &mut store, env.now)?;
    }
    outln!("{id}")?;
    Ok(0)
}

/// Reads `--time`.
fn time_system(text: &str) -> Result<System, String> {
    System::parse(text).map_err(|e| e.to_string())
}

/// Reads `--night` as a challenge reads `night`: `9h` or `9`, 1 to 16 hours.
fn night_hours(text: &str) -> Result<u32, String> {
    crate::command::night(text.trim())
        .flatten()
        .ok_or_else(|| format!("{text:?} is not a night of 1 to 16 hours, such as 9h"))
}

/// Which games `game list` shows.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum StatusFilter {
    Active,
    Scoring,
    Finished,
    All,
}

impl StatusFilter {
    fn phase(self) -> Option<Phase> {
        match self {
            StatusFilter::Active => Some(Phase::Play),
            StatusFilter::Scoring => Some(Phase::Scoring),
            StatusFilter::Finished => Some(Phase::Finished),
            StatusFilter::All => None,
        }
    }
}

/// List games
#[derive(Debug, Args)]
pub(crate) struct ListArgs {
    /// Only games with this status
    #[arg(long, value_enum, default_value = "all")]
    status: StatusFilter,
    /// Only games this player plays in
    #[arg(long, value_name = "NAME")]
    player: Option<String>,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// One game in `game list --json`.
#[derive(Serialize)]
struct JsonSummary<'a> {
    id: String,
    size: u8,
    black: &'a str,
    white: &'a str,
    status: &'static str,
    to_move: &'static str,
    move_number: u32,
    result: Option<&'a str>,
    updated_at: String,
}

fn list(args: ListArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let found = store.read(|tx| {
        let player_id = match &args.player {
            Some(name) => Some(players::find(tx, name)?.id),
            None => None,
        };
        let filter = GameFilter {
            status: args.status.phase(),
            player_id,
        };
        anyhow::Ok(listing::games(tx, &filter)?)
    })?;
    if args.json {
        let rows: Vec<_> = found.iter().map(json_summary).collect();
        outln!("{}", serde_json::to_string(&rows)?)?;
    } else {
        for g in &found {
            outln!("{}", summary_line(g))?;
        }
        if found.is_empty() {
            outln!("No games.")?;
        }
    }
    Ok(0)
}

fn json_summary(g: &GameSummary) -> JsonSummary<'_> {
    JsonSummary {
        id: g.id.to_string(),
        size: g.size,
        black: &g.black,
        white: &g.white,
        status: g.status.name(),
        to_move: g.to_move.name(),
        move_number: g.move_number,
        result: g.result.as_deref(),
        updated_at: time_text(g.updated_at),
    }
}

fn summary_line(g: &GameSummary) -> String {
    let state = match &g.result {
        Some(r) => format!("result {r}"),
        None => format!("{} to move", g.to_move),
    };
    format!(
        "{:<8} {:>2}x{:<2} {} (black) vs {} (white), {}, move {}, {}",
        g.id.to_string(),
        g.size,
        g.size,
        g.black,
        g.white,
        g.status.name(),
        g.move_number,
        state
    )
}

/// Play a move for a player (an admin repair)
#[derive(Debug, Args)]
pub(crate) struct PlayArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// The move: a point such as C3, or pass
    #[arg(value_name = "MOVE")]
    mv: String,
    /// The player the move is played for
    #[arg(long = "as", value_name = "NAME")]
    player: String,
}

fn play(args: PlayArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.open_store()?;
    let (stored, played) = store.write(|tx| {
        let mut stored = games::load(tx, args.game)?;
        let player = players::find(tx, &args.player)?;
        let Some(color) = stored.color_of(player.id) else {
            bail!("{} does not play in {}", player.name, stored.id);
        };
        let size = stored.game.board().size();
        let mv = Move::parse(&args.mv, size)?;
        let played = stored.game.play_checked(color, mv).map_err(|e| Refused {
            message: format!("{}: {color} {mv} refused ({}): {e}", stored.id, e.kebab()),
        })?;
        let entry = MoveEntry {
            color,
            mv,
            captures: played.captures,
            source: "cli".into(),
            played_at: ctx.now,
        };
        let zone = ctx.home.config().server.zone();
        // A repair plays even after the time ran out: then the clock is left as it was.
        let charged = clock::spend(tx, stored.id, color, ctx.now, zone)?
            .ok()
            .and_then(|spent| spent.after);
        games::record_move(tx, &stored, &entry)?;
        if let Some((system, side)) = charged {
            time_terms::note_move(tx, stored.id, stored.game.move_number(), &system, &side)?;
        }
        if stored.game.phase() == Phase::Play {
            clock::start_turn(tx, stored.id, ctx.now, zone)?;
        }
        Ok((stored, played))
    })?;
    outln!("{}", played_line(stored.id, &stored.game, &played))?;
    Ok(0)
}

fn played_line(id: GameId, game: &Game, p: &Played) -> String {
    let captures = match p.captures {
        0 => String::new(),
        1 => ", capturing 1 stone".into(),
        n => format!(", capturing {n} stones"),
    };
    let next = match (p.phase, game.result()) {
        (_, Some(r)) => format!("Result: {r}."),
        (Phase::Scoring, _) => "Both players passed: the game is being scored.".into(),
        _ => format!("{} to move.", capitalized(game.to_move().name())),
    };
    format!(
        "{id}: move {}, {} {}{captures}. {next}",
        game.move_number(),
        p.color,
        p.mv
    )
}
