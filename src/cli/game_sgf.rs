//! `pbmgo game sgf|import`: a stored game as an SGF record, and an SGF
//! record as a new game to continue.
//!
//! An import replays the record's main line with the engine as it would
//! have been played (colours as recorded, play resumed after two passes, as
//! `Game::rebuild` does), so `game verify` agrees with it. Setup stones
//! after a move cannot be continued under the rules and are refused; so
//! is a record with an illegal move, naming the move. Setup nodes before
//! the first move are part of the start position.

use std::path::PathBuf;

use anyhow::{Context as _, bail};
use chrono::{DateTime, Utc};
use clap::Args;

use super::context::GlobalArgs;
use super::exit::Refused;
use super::game_rules::RuleArgs;
use crate::go::replay::{Event, Record};
use crate::go::sgf::{parse_sgf, write_sgf};
use crate::go::{Color, Game, Phase, Point, Position, Rules};
use crate::pipeline::board::sgf::sgf_record;
use crate::store::{GameId, MoveEntry, games, players};

/// Print a game as SGF
#[derive(Debug, Args)]
pub(crate) struct SgfArgs {
    /// The game: game42, Game42 or 42
    game: GameId,
}

/// Import an SGF record as a new game to continue
#[derive(Debug, Args)]
pub(crate) struct ImportArgs {
    /// The SGF file
    file: PathBuf,
    /// The player of the black stones
    #[arg(long, value_name = "NAME")]
    black: String,
    /// The player of the white stones
    #[arg(long, value_name = "NAME")]
    white: String,
    #[command(flatten)]
    rules: RuleArgs,
}

/// Runs `game sgf`; returns 0.
pub(crate) fn sgf(args: SgfArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let place = ctx.home.config().server.name.clone();
    let record = store.read(|tx| {
        let stored = games::load(tx, args.game)?;
        sgf_record(tx, &stored, &place)
    })?;
    out!("{}", write_sgf(&record))?;
    Ok(0)
}

/// Runs `game import`; prints the new game's id and returns 0.
pub(crate) fn import(args: ImportArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let name = args.file.display().to_string();
    let bytes = std::fs::read(&args.file).with_context(|| format!("cannot read {name}"))?;
    let sgf = parse_sgf(&bytes).with_context(|| format!("{name} is not a readable SGF record"))?;
    let record = Record::from_sgf(&sgf);
    let handicap = match sgf.handicap {
        Some(_) => fold_leading_setups(&record).0.count(Color::Black) as u32,
        None => 0,
    };
    let rules = args.rules.rules(record.komi, handicap)?;
    let (game, moves) = replay(&name, &record, rules, handicap, ctx.now)?;
    let mut store = ctx.open_store()?;
    let id = store.write(|tx| {
        let black = players::find(tx, &args.black)?.as_ref();
        let white = players::find(tx, &args.white)?.as_ref();
        games::insert(tx, &black, &white, &game, &moves, ctx.now)
    })?;
    outln!("{id}")?;
    Ok(0)
}

/// Plays the record's moves on a new game; returns it with its move list.
///
/// Setup nodes before the first move are folded into the start position.
fn replay(
    name: &str,
    record: &Record,
    rules: Rules,
    handicap: u32,
    now: DateTime<Utc>,
) -> anyhow::Result<(Game, Vec<MoveEntry>)> {
    let (start, to_move, events) = fold_leading_setups(record);
    if let Some(p) = start.first_dead_string() {
        let (stones, _) = start.string_and_liberties(p);
        let color = start.get(p).map_or("", |c| c.name());
        return Err(Refused {
            message: format!(
                "{name}: its setup is not a legal position: the {color} stones at {} have no liberty",
                sorted_points(stones)
            ),
        }
        .into());
    }
    let mut game = Game::rebuild(rules, handicap, &start, to_move, &[])?;
    let mut moves = Vec::with_capacity(events.len());
    for event in events {
        let &Event::Play(color, mv) = event else {
            bail!(
                "{name} adds or removes stones after move {}; such a record cannot be continued",
                moves.len()
            );
        };
        if game.phase() == Phase::Scoring {
            game.resume()?;
        }
        let played = game.play_as(color, mv).map_err(|e| Refused {
            message: format!(
                "{name}: move {} ({color} {mv}) is illegal ({}): {e}",
                moves.len() + 1,
                e.kebab()
            ),
        })?;
        moves.push(MoveEntry {
            color,
            mv,
            captures: played.captures,
            source: "import".into(),
            played_at: now,
        });
    }
    Ok((game, moves))
}

/// Returns `points` sorted as the board reads them, joined by spaces.
fn sorted_points(mut points: Vec<Point>) -> String {
    points.sort_by_key(|p| (std::cmp::Reverse(p.row), p.col));
    let words: Vec<String> = points.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// Returns the start position and side to move after the setups that come
/// before the first move, and the events from the first move on.
fn fold_leading_setups(record: &Record) -> (Position, Color, &[Event]) {
    let mut start = record.start.clone();
    let mut to_move = record.to_move;
    let mut rest = record.events.as_slice();
    while let [
        Event::Setup {
            changes,
            to_move: next,
        },
        tail @ ..,
    ] = rest
    {
        for &(p, stone) in changes {
            if start.size().contains(p) {
                start.set(p, stone);
            }
        }
        to_move = *next;
        rest = tail;
    }
    (start, to_move, rest)
}
