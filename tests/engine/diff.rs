//! Differential check against the reference checker: random small-board
//! games, judged move by move by our engine under all four ko rules and by
//! `tests/oracle/ko_oracle.py` (the project's oracle around
//! `shared/tools/ko_reference.py`), must get the same verdicts.
//!
//! The games are seeded and deterministic: sizes 3 to 7, plays drawn from
//! those legal under simple ko without suicide (as the checker's fuzzer does),
//! so superko and the ko list forbid some of them, plus now and then the
//! immediate ko recapture that every rule forbids; about 5% passes, up to 150
//! moves, ending at three passes in a row; half of the games prefer (ko)
//! captures to stir up ko fights. Each game is written as SGF into a temporary
//! directory and the oracle is run once over it.
//!
//! Our side replays every record as the checker does: judge the move, then
//! play it anyway with `force_as`; after two passes the game is resumed.
//! Rule names: `list` = `scott_clr`, `simple` = `simple`, `positional` =
//! `psk`, `situational` = `ssk`.
//!
//! Needs `../shared/tools/ko_reference.py` beside the checkout and python3
//! (or `PYTHON`) with sgfmill (`pip install sgfmill`), run through the shared
//! helper `tests/common/oracle.rs`: the test is `#[ignore]`d with the
//! reason, and run with `--include-ignored` (as `.ci/run` does) it fails
//! when they are missing.

use crate::common::oracle;
use crate::common::rng::Rng;

use std::fmt::Write as _;

use pbmgo::go::{BoardSize, Color, Game, IllegalMove, KoRule, Move, Phase, Rules};
use serde_json::Value;

const GAMES: usize = 1000;
const MAX_MOVES: usize = 150;
/// How often a forbidden immediate ko recapture is played when there is one.
const RETAKE_PERCENT: u64 = 10;
const SEED: u64 = 0x5EED_0FB0_A2D5;

/// Our rules and the checker's names for them.
const RULES: [(KoRule, &str); 4] = [
    (KoRule::List, "scott_clr"),
    (KoRule::Simple, "simple"),
    (KoRule::Positional, "psk"),
    (KoRule::Situational, "ssk"),
];

fn rules(ko: KoRule) -> Rules {
    Rules {
        ko,
        ..Rules::default()
    }
}

/// A random game record: see the module header.
fn random_game(rng: &mut Rng, size: BoardSize, prefer_captures: bool) -> Vec<(Color, Move)> {
    let mut game = Game::new(size, rules(KoRule::Simple));
    let mut moves = Vec::new();
    let mut passes = 0;
    while moves.len() < MAX_MOVES && passes < 3 {
        let color = game.to_move();
        let legal: Vec<(Move, u32)> = size
            .all_points()
            .map(Move::Play)
            .filter_map(|mv| game.judge(color, mv).ok().map(|c| (mv, c)))
            .collect();
        // Captures, ko-shaped ones first, when this game prefers them.
        let mut captures: Vec<(bool, Move)> = Vec::new();
        if prefer_captures {
            for &(mv, _) in legal.iter().filter(|&&(_, c)| c > 0) {
                let ko_shaped = game.clone().force_as(color, mv).unwrap().ko_shaped;
                captures.push((ko_shaped, mv));
            }
            if captures.iter().any(|&(k, _)| k) && rng.chance(50) {
                captures.retain(|&(k, _)| k);
            }
        }
        // The immediate ko recapture, which only simple ko (and so every rule) forbids.
        let retake = size
            .all_points()
            .map(Move::Play)
            .find(|&mv| matches!(game.judge(color, mv), Err(IllegalMove::Ko { .. })));
        let mv = if legal.is_empty() || rng.chance(5) {
            Move::Pass
        } else if let Some(mv) = retake.filter(|_| rng.chance(RETAKE_PERCENT)) {
            mv
        } else if !captures.is_empty() && rng.chance(60) {
            captures[rng.below(captures.len())].1
        } else {
            legal[rng.below(legal.len())].0
        };
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        game.force_as(color, mv).unwrap();
        moves.push((color, mv));
    }
    moves
}

fn to_sgf(size: BoardSize, moves: &[(Color, Move)]) -> String {
    let mut sgf = format!("(;GM[1]FF[4]CA[UTF-8]SZ[{size}]");
    for &(color, mv) in moves {
        let at = mv.point().map_or(String::new(), |p| p.to_sgf(size));
        write!(sgf, ";{}[{at}]", color.letter()).unwrap();
    }
    sgf.push_str(")\n");
    sgf
}

/// One generated game.
struct Record {
    file: String,
    size: BoardSize,
    moves: Vec<(Color, Move)>,
    sgf: String,
}

#[derive(Default)]
struct Tally {
    moves: usize,
    verdicts: usize,
    forbidden: [usize; 4],
    disagreements: Vec<String>,
}

/// Replays `record` under every rule and compares each move with the oracle's `entry`.
fn compare(record: &Record, entry: &Value, tally: &mut Tally) {
    let mut problems = Vec::new();
    if let Some(err) = entry.get("error") {
        problems.push(format!("the oracle refused the record: {err}"));
    }
    let empty: Vec<Value> = (0..record.size.get())
        .map(|_| Value::from(".".repeat(record.size.get() as usize)))
        .collect();
    if entry["size"] != record.size.get() || entry["start"] != Value::Array(empty) {
        problems.push(format!(
            "size/start differ: {} {}",
            entry["size"], entry["start"]
        ));
    }
    let theirs = entry["moves"].as_array().cloned().unwrap_or_default();
    if theirs.len() != record.moves.len() {
        problems.push(format!(
            "the oracle has {} moves, the record {}",
            theirs.len(),
            record.moves.len()
        ));
    }
    let mut games: Vec<Game> = RULES
        .iter()
        .map(|&(ko, _)| Game::new(record.size, rules(ko)))
        .collect();
    for (i, (&(color, mv), want)) in record.moves.iter().zip(&theirs).enumerate() {
        let at = format!("move {} ({} {mv})", i + 1, color.letter());
        if want["color"] != color.letter().to_string() || want["point"] != mv.to_string() {
            problems.push(format!(
                "{at}: the oracle read {} {}",
                want["color"], want["point"]
            ));
            break;
        }
        tally.moves += 1;
        let mut captures = Vec::new();
        for (r, (game, &(ko, name))) in games.iter_mut().zip(&RULES).enumerate() {
            if game.phase() == Phase::Scoring {
                game.resume().unwrap();
            }
            let verdict = game.judge(color, mv);
            let ours = match verdict {
                Ok(_) => false,
                Err(IllegalMove::Ko { .. } | IllegalMove::Superko { .. }) => true,
                Err(e) => {
                    problems.push(format!("{at}: {ko} judged {e:?}, not a ko verdict"));
                    true
                }
            };
            let Some(forbidden) = want["verdicts"][name].as_bool() else {
                problems.push(format!("{at}: the oracle gave no {name} verdict"));
                continue;
            };
            tally.verdicts += 1;
            tally.forbidden[r] += usize::from(forbidden);
            if ours != forbidden {
                problems.push(format!(
                    "{at}: {ko} says {verdict:?}, the checker's {name} says {}",
                    if forbidden { "forbidden" } else { "allowed" }
                ));
            }
            let played = game
                .force_as(color, mv)
                .unwrap_or_else(|e| panic!("{}: {at} under {ko}: {e}", record.file));
            captures.push(played.captures);
        }
        if captures
            .iter()
            .any(|&c| Some(c as u64) != want["captures"].as_u64())
        {
            problems.push(format!(
                "{at}: we capture {captures:?}, the oracle {}",
                want["captures"]
            ));
        }
    }
    if !problems.is_empty() {
        tally.disagreements.push(format!(
            "{} ({}x{}):\n  {}\n  SGF: {}",
            record.file,
            record.size,
            record.size,
            problems.join("\n  "),
            record.sgf.trim()
        ));
    }
}

#[test]
#[ignore = "needs ../shared/tools/ko_reference.py beside the checkout and python3 with sgfmill (pip install sgfmill): run with --include-ignored there"]
fn engine_verdicts_match_the_reference_checker_on_random_games() {
    oracle::require();
    let mut rng = Rng(SEED);
    let dir = tempfile::tempdir().unwrap();
    let records: Vec<Record> = (0..GAMES)
        .map(|i| {
            let size = BoardSize::new(3 + (i % 5) as u32).unwrap();
            let moves = random_game(&mut rng, size, i % 2 == 1);
            let sgf = to_sgf(size, &moves);
            let file = format!("game-{i:03}.sgf");
            std::fs::write(dir.path().join(&file), &sgf).unwrap();
            Record {
                file,
                size,
                moves,
                sgf,
            }
        })
        .collect();
    let entries = match oracle::run(dir.path()) {
        Value::Array(files) => files,
        other => panic!("ko_oracle.py printed {other}, not a list"),
    };
    assert_eq!(entries.len(), records.len(), "one oracle entry per file");
    let mut tally = Tally::default();
    for record in &records {
        let entry = entries
            .iter()
            .find(|e| e["file"] == record.file.as_str())
            .unwrap_or_else(|| panic!("the oracle skipped {}", record.file));
        compare(record, entry, &mut tally);
    }
    println!(
        "compared {} games, {} moves, {} verdicts; the checker forbids \
         list {}, simple {}, positional {}, situational {} of the moves; {} games disagree",
        records.len(),
        tally.moves,
        tally.verdicts,
        tally.forbidden[0],
        tally.forbidden[1],
        tally.forbidden[2],
        tally.forbidden[3],
        tally.disagreements.len()
    );
    if !tally.disagreements.is_empty() {
        let kept = dir.keep();
        panic!(
            "{} of {} games disagree with the checker (records kept in {}):\n{}",
            tally.disagreements.len(),
            records.len(),
            kept.display(),
            tally.disagreements.join("\n\n")
        );
    }
    // The games must actually exercise the rules that differ.
    assert!(tally.forbidden[0] > 0 && tally.forbidden[2] > tally.forbidden[0]);
    assert!(tally.forbidden[3] > 0);
}
