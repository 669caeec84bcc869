//! `pbmgo replay FILE.sgf`: replays a record's main line under a ko rule and
//! reports every move's verdict, the final board and the ko position list,
//! as text or as one JSON object; with `--estimate`, also the server's
//! proposed count of the final position (`"estimate"` in the JSON).

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::estimate::{self, JsonEstimate};
use super::exit::EXIT_REFUSED;
use super::output::capitalized;
use crate::go::render;
use crate::go::replay::{MoveReport, Record, Replayed, replay};
use crate::go::sgf::parse_sgf;
use crate::go::{Game, KoRule, Phase, Rules, Scoring};

/// Replay an SGF record's main line and judge every move
#[derive(Debug, Args)]
pub(crate) struct ReplayArgs {
    /// The SGF file to replay
    file: PathBuf,
    /// Ko rule: list (Scott's ko position list), simple, positional or situational
    #[arg(long, default_value = "list")]
    ko: KoRule,
    /// Allow suicide (the stones become the opponent's prisoners)
    #[arg(long)]
    allow_suicide: bool,
    /// Print one JSON object instead of text
    #[arg(long)]
    json: bool,
    /// Add the server's proposed count of the final position: the stones
    /// it finds dead and the result under the record's rules (RU) and komi
    #[arg(long)]
    estimate: bool,
}

/// One move in `--json` output.
#[derive(Serialize)]
struct JsonMove {
    number: u32,
    color: &'static str,
    point: String,
    captures: u32,
    verdict: &'static str,
}

/// The `--json` output.
#[derive(Serialize)]
struct JsonReplay {
    size: u8,
    komi: f64,
    ko_rule: &'static str,
    moves: Vec<JsonMove>,
    board: Vec<String>,
    to_move: Option<&'static str>,
    ko_list: Vec<Vec<String>>,
    result: Option<String>,
    /// With `--estimate` only (added after the pinned keys).
    #[serde(skip_serializing_if = "Option::is_none")]
    estimate: Option<JsonEstimate>,
}

/// Runs `pbmgo replay`; returns 0 when every move is legal, 1 at an illegal move.
pub(crate) fn run(args: ReplayArgs) -> anyhow::Result<u8> {
    let bytes = std::fs::read(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let sgf = parse_sgf(&bytes)
        .with_context(|| format!("{} is not a readable SGF record", args.file.display()))?;
    let record = Record::from_sgf(&sgf);
    let komi = record
        .komi
        .unwrap_or(Scoring::Area.default_komi(sgf.handicap.unwrap_or(0)));
    let rules = Rules {
        ko: args.ko,
        allow_suicide: args.allow_suicide,
        komi,
        scoring: sgf
            .rules
            .as_deref()
            .and_then(Scoring::of_ruleset)
            .unwrap_or(Scoring::Area),
    };
    let replayed = replay(&record, rules);
    if args.json {
        let mut out = json(&replayed);
        out.estimate = args.estimate.then(|| estimate::json(&replayed.game));
        println!("{}", serde_json::to_string(&out)?);
    } else {
        print!("{}", text(&args, &record, &replayed));
        if args.estimate {
            print!("{}", estimate::text(&replayed.game));
        }
    }
    Ok(if replayed.first_illegal().is_some() {
        EXIT_REFUSED
    } else {
        0
    })
}

fn verdict(m: &MoveReport) -> &'static str {
    m.verdict.as_ref().err().map_or("ok", |e| e.kebab())
}

fn json(r: &Replayed) -> JsonReplay {
    let g = &r.game;
    JsonReplay {
        size: g.board().size().get(),
        komi: g.rules().komi,
        ko_rule: g.rules().ko.name(),
        moves: r.moves.iter().map(json_move).collect(),
        board: g.position().rows(),
        to_move: (g.phase() != Phase::Finished).then(|| g.to_move().name()),
        ko_list: g
            .ko_list()
            .entries()
            .iter()
            .map(|e| e.position.rows())
            .collect(),
        result: g.result().map(|r| r.to_string()),
        estimate: None,
    }
}

fn json_move(m: &MoveReport) -> JsonMove {
    JsonMove {
        number: m.number,
        color: m.color.name(),
        point: m.mv.to_string(),
        captures: m.captures,
        verdict: verdict(m),
    }
}

fn text(args: &ReplayArgs, record: &Record, r: &Replayed) -> String {
    let g = &r.game;
    let mut out = format!(
        "{}: {}x{}, komi {}, ko rule {}, {} moves in the record\n",
        args.file.display(),
        record.size,
        record.size,
        g.rules().komi,
        g.rules().ko,
        record.moves()
    );
    for m in &r.moves {
        out += &format!(
            "{:4} {} {:<5} captures {:<3} {}\n",
            m.number,
            m.color.letter(),
            m.mv,
            m.captures,
            verdict(m)
        );
    }
    if let Some(bad) = r.first_illegal() {
        let reason = bad
            .verdict
            .as_ref()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        out += &format!(
            "Stopped at move {}: {} {}: {}\n",
            bad.number, bad.color, bad.mv, reason
        );
    }
    out += &format!("\n{}", render::render_game(g));
    out += &summary(g);
    out
}

fn summary(g: &Game) -> String {
    let mut out = format!(
        "Captures: black {}, white {}. {}\n",
        g.prisoners(crate::go::Color::Black),
        g.prisoners(crate::go::Color::White),
        match g.result() {
            Some(r) => format!("Result: {r}."),
            None => format!("{} to move.", capitalized(g.to_move().name())),
        }
    );
    let list = g.ko_list().entries();
    out += &format!(
        "Ko position list: {} board{}\n",
        list.len(),
        if list.len() == 1 { "" } else { "s" }
    );
    for (i, e) in list.iter().enumerate() {
        out += &format!(
            "\nKo list board {}:\n{}",
            i + 1,
            render::render(&e.position, None)
        );
    }
    out
}
