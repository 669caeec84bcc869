//! `pbmgo game show|moves|ko`: a game's header and board (now or after a
//! given move, also as a PNG or SVG picture) with, on request, the
//! server's proposed count, its move list, and its stored ko position list.
//!
//! The `game show --json` object is a pinned contract that other tools
//! read: its keys, their order and their types must not change.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use clap::Args;
use serde::Serialize;

use super::context::GlobalArgs;
use super::estimate::{self, JsonEstimate};
use super::game_clock::{Clock, JsonClock};
use super::output::capitalized;
use crate::clock::Tz;
use crate::go::{Color, Game, KoList, Phase, render};
use crate::pipeline::{game_picture, play_picture};
use crate::render::{self as picture_render, Picture};
use crate::store::codec::time_text;
use crate::store::{GameId, StoredGame, clock, clock_face, games, listing, settings};

/// Show a game: a header and the board
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Show the position after this move (0 = the start)
    #[arg(long, value_name = "MOVE")]
    at: Option<u32>,
    /// Print the pinned JSON object instead of text
    #[arg(long)]
    json: bool,
    /// Add the server's proposed count (dead stones and result) of a game
    /// being scored or over
    #[arg(long)]
    estimate: bool,
    /// Also write the board as a PNG picture to FILE, as game mails show it
    #[arg(long, value_name = "FILE")]
    png: Option<PathBuf>,
    /// Also write the board as an SVG picture to FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Show a game's move list
#[derive(Debug, Args)]
pub(crate) struct MovesArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// Show a game's stored ko position list
#[derive(Debug, Args)]
pub(crate) struct KoArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
    /// Print {"ko_list": [...]} instead of drawing the boards
    #[arg(long)]
    json: bool,
}

/// Prisoners in `game show --json`.
#[derive(Serialize)]
struct JsonCaptures {
    black: u32,
    white: u32,
}

/// The pinned `game show --json` object; the field order is the key order.
#[derive(Serialize)]
struct JsonGame<'a> {
    id: String,
    size: u8,
    komi: f64,
    handicap: u32,
    ko_rule: &'static str,
    allow_suicide: bool,
    scoring: &'static str,
    black: &'a str,
    white: &'a str,
    status: &'static str,
    to_move: &'static str,
    move_number: u32,
    captures: JsonCaptures,
    last_move: Option<String>,
    board: Vec<String>,
    ko_list: Vec<Vec<String>>,
    result: Option<String>,
    /// Added after the pinned keys: the game's clock now (see
    /// `game_clock::JsonClock`, pinned too).
    clock: JsonClock,
    /// Whether the game is rated (it moves both ratings when it ends well).
    rated: bool,
    /// With `--estimate` only: the server's proposed count.
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<JsonEstimate>,
}

/// The `game ko --json` object.
#[derive(Serialize)]
struct JsonKo {
    ko_list: Vec<Vec<String>>,
}

/// One move in `game moves --json`.
#[derive(Serialize)]
struct JsonMove {
    number: u32,
    color: &'static str,
    point: String,
    captures: u32,
    source: String,
    played_at: String,
}

fn load(global: &GlobalArgs, id: GameId) -> anyhow::Result<StoredGame> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    Ok(store.read(|tx| games::load(tx, id))?)
}

/// Runs `game show`; returns 0.
pub(crate) fn show(args: ShowArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let zone = ctx.home.config().server.zone();
    let (stored, clock, picture, rated) = store.read(|tx| {
        let stored = games::load(tx, args.game)?;
        let clock = read_clock(tx, &stored, (ctx.now, zone))?;
        let picture = game_picture(tx, &stored)?;
        let rated = crate::store::ratings::is_rated(tx, stored.id)?;
        anyhow::Ok((stored, clock, picture, rated))
    })?;
    let (game, picture) = match args.at {
        Some(n) => {
            let game = at_move(&stored, n)?;
            let picture = play_picture(&game);
            (game, picture)
        }
        None => (stored.game.clone(), picture),
    };
    if args.estimate && game.phase() == Phase::Play {
        bail!(
            "{} is being played at that move: --estimate shows the proposed count once both players have passed",
            stored.id
        );
    }
    write_pictures(&picture, args.png.as_deref(), args.svg.as_deref())?;
    if args.json {
        let mut json = json_game(&stored, &game, clock.json());
        json.rated = rated;
        json.estimate = args.estimate.then(|| estimate::json(&game));
        outln!("{}", serde_json::to_string(&json)?)?;
    } else {
        out!("{}", text(&stored, &game, args.at, &clock.lines()))?;
        if args.estimate {
            out!("{}", estimate::text(&game))?;
        }
    }
    Ok(0)
}

/// The clock of `stored` at `now` (`zone`: the server's time zone).
fn read_clock(
    conn: &rusqlite::Connection,
    stored: &StoredGame,
    (now, zone): (DateTime<Utc>, Tz),
) -> anyhow::Result<Clock> {
    let old = clock::game_clock(conn, stored.id)?;
    let faces = clock_face::read(conn, stored.id, now, zone)?
        .with_context(|| format!("{} has no clock", stored.id))?;
    let mover = stored.player(stored.game.to_move()).id;
    let paused = settings::vacation_until(conn, mover, now)?;
    Ok(Clock::new(stored, (old, faces), paused, now))
}

/// Writes the PNG and the SVG of `picture` where asked.
fn write_pictures(picture: &Picture, png: Option<&Path>, svg: Option<&Path>) -> anyhow::Result<()> {
    if let Some(path) = png {
        let image = picture_render::png(picture)?;
        std::fs::write(path, image.bytes)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = svg {
        std::fs::write(path, picture_render::svg(picture))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// Returns the game as it stood after move `n`, rebuilt from the move list.
fn at_move(stored: &StoredGame, n: u32) -> anyhow::Result<Game> {
    let s = stored.game.state();
    if n as usize >= s.moves.len() {
        if n as usize == s.moves.len() {
            return Ok(stored.game.clone());
        }
        bail!(
            "{} has {} moves; there is no move {n}",
            stored.id,
            s.moves.len()
        );
    }
    let moves = &s.moves[..n as usize];
    Ok(Game::rebuild(
        s.rules,
        s.handicap,
        &s.start,
        s.start_to_move,
        moves,
    )?)
}

fn rows_of(list: &KoList) -> Vec<Vec<String>> {
    list.entries().iter().map(|e| e.position.rows()).collect()
}

fn json_game<'a>(stored: &'a StoredGame, game: &Game, clock: JsonClock) -> JsonGame<'a> {
    let rules = game.rules();
    JsonGame {
        id: stored.id.to_string(),
        size: game.board().size().get(),
        komi: rules.komi,
        handicap: game.handicap(),
        ko_rule: rules.ko.name(),
        allow_suicide: rules.allow_suicide,
        scoring: rules.scoring.name(),
        black: &stored.black.name,
        white: &stored.white.name,
        status: game.phase().name(),
        to_move: game.to_move().name(),
        move_number: game.move_number(),
        captures: JsonCaptures {
            black: game.prisoners(Color::Black),
            white: game.prisoners(Color::White),
        },
        last_move: game.last_move().map(|(_, m)| m.to_string()),
        board: game.position().rows(),
        ko_list: rows_of(game.ko_list()),
        result: game.result().map(|r| r.to_string()),
        clock,
        rated: true,
        estimate: None,
    }
}

fn text(stored: &StoredGame, game: &Game, at: Option<u32>, clock: &str) -> String {
    let rules = game.rules();
    let n = game.board().size().get();
    let mut out = format!(
        "{}: {} (black, X) vs {} (white, O)\n",
        stored.id, stored.black.name, stored.white.name
    );
    out += &format!(
        "{n}x{n}, komi {}, handicap {}, ko rule {}, {} scoring, suicide {}\n",
        rules.komi,
        game.handicap(),
        rules.ko,
        rules.scoring,
        if rules.allow_suicide {
            "allowed"
        } else {
            "not allowed"
        }
    );
    if let Some(m) = at {
        out += &format!(
            "Position after move {m} of {}.\n",
            stored.game.move_number()
        );
    }
    let state = match game.result() {
        Some(r) => format!("Result: {r}."),
        None => format!("{} to move.", capitalized(game.to_move().name())),
    };
    out += &format!(
        "{}, move {}. {state}\n",
        capitalized(game.phase().name()),
        game.move_number()
    );
    let last = match game.last_move() {
        Some((c, m)) => format!("{c} {m}"),
        None => "none".into(),
    };
    out += &format!(
        "Captures: black {}, white {}. Last move: {last}. Ko position list: {}.\n\n",
        game.prisoners(Color::Black),
        game.prisoners(Color::White),
        boards(game.ko_list().len())
    );
    out.insert_str(out.len() - 1, &clock_now(clock, at, stored));
    out + &render::render_game(game)
}

/// The clock line: it is always the game's clock now, so beside an earlier
/// position (`--at`) it says so rather than seem to belong to that position.
fn clock_now(clock: &str, at: Option<u32>, stored: &StoredGame) -> String {
    match (at, clock.strip_prefix("Clock: ")) {
        (Some(_), Some(rest)) => format!(
            "Clock now, after move {}: {rest}",
            stored.game.move_number()
        ),
        _ => clock.to_string(),
    }
}

fn boards(n: usize) -> String {
    match n {
        1 => "1 board".into(),
        n => format!("{n} boards"),
    }
}

/// Runs `game moves`; returns 0.
pub(crate) fn moves(args: MovesArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let (rows, events) = store.read(|tx| {
        anyhow::Ok((
            listing::moves(tx, args.game)?,
            crate::store::events::list(tx, args.game)?,
        ))
    })?;
    if args.json {
        let list: Vec<JsonMove> = rows
            .into_iter()
            .map(|m| JsonMove {
                number: m.number,
                color: m.color.name(),
                point: m.mv.to_string(),
                captures: m.captures,
                source: m.source,
                played_at: time_text(m.played_at),
            })
            .collect();
        outln!("{}", serde_json::to_string(&list)?)?;
        return Ok(0);
    }
    if rows.is_empty() && events.is_empty() {
        outln!("{}: no moves yet.", args.game)?;
    }
    let mut events = events.into_iter().peekable();
    for m in rows {
        while let Some(e) = events.next_if(|e| e.after_move < m.number) {
            outln!("{}", event_line(&e))?;
        }
        outln!(
            "{:>4} {:<5} {:<5} captures {:<3} {} {}",
            m.number,
            m.color.name(),
            m.mv.to_string(),
            m.captures,
            time_text(m.played_at),
            m.source
        )?;
    }
    for e in events {
        outln!("{}", event_line(&e))?;
    }
    Ok(0)
}

/// An event of the move list (a resignation, a result, a return to play)
/// in the text of `game moves`, under the move it follows.
fn event_line(e: &crate::store::events::EventRow) -> String {
    format!(
        "     {:<32} {} {}",
        e.event.to_string(),
        time_text(e.at),
        e.source
    )
}

/// Runs `game ko`; returns 0.
pub(crate) fn ko(args: KoArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let stored = load(global, args.game)?;
    let list = stored.game.ko_list();
    if args.json {
        let json = JsonKo {
            ko_list: rows_of(list),
        };
        outln!("{}", serde_json::to_string(&json)?)?;
        return Ok(0);
    }
    outln!("{}: ko position list, {}.", stored.id, boards(list.len()))?;
    for (i, e) in list.entries().iter().enumerate() {
        out!("\nBoard {}:\n{}", i + 1, render::render(&e.position, None))?;
    }
    Ok(0)
}
