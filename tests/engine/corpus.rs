//! Replays the whole shared SGF corpus under every ko rule.
//!
//! Like the reference checker, each recorded move is judged and then played
//! as recorded, and the history restarts at setup nodes. The counts of
//! rejected moves are fixed below (from ko-rules.md section 7), and every
//! move's verdict and capture count is compared with `ko_reference.py`.
//!
//! The corpus and the checker are in `../shared`, beside the checkout, not
//! in the repository: both tests are `#[ignore]`d with the reason, and
//! `.ci/run` runs them (`--include-ignored`), failing when they are missing.

use crate::common::oracle;

use std::collections::BTreeMap;

use pbmgo::go::replay::{MoveReport, Record, judge_all};
use pbmgo::go::sgf::parse_sgf;
use pbmgo::go::{KoRule, Rules};

/// Our rule and the checker's name for it.
const RULES: [(KoRule, &str); 4] = [
    (KoRule::Simple, "simple"),
    (KoRule::Positional, "psk"),
    (KoRule::Situational, "ssk"),
    (KoRule::List, "scott_clr"),
];

struct Replayed {
    file: String,
    verdicts: Vec<Vec<MoveReport>>,
}

fn replay_corpus() -> Vec<Replayed> {
    let mut out = Vec::new();
    for (path, file) in oracle::sgf_files(&oracle::corpus_dir()) {
        let Ok(sgf) = parse_sgf(&std::fs::read(&path).unwrap()) else {
            continue;
        };
        let record = Record::from_sgf(&sgf);
        let verdicts = RULES
            .iter()
            .map(|&(ko, _)| {
                judge_all(
                    &record,
                    Rules {
                        ko,
                        ..Rules::default()
                    },
                )
            })
            .collect();
        out.push(Replayed { file, verdicts });
    }
    out
}

fn rejected(games: &[Replayed], rule: usize) -> BTreeMap<String, Vec<u32>> {
    let mut out = BTreeMap::new();
    for g in games {
        let moves: Vec<u32> = g.verdicts[rule]
            .iter()
            .filter(|m| m.verdict.is_err())
            .map(|m| m.number)
            .collect();
        if !moves.is_empty() {
            out.insert(g.file.clone(), moves);
        }
    }
    out
}

#[test]
#[ignore = "needs ../shared/sgf-corpus beside the checkout: run with --include-ignored there"]
fn corpus_rejections_match_the_checker() {
    let games = replay_corpus();
    assert!(games.len() > 2600, "only {} games read", games.len());
    let total: usize = games.iter().map(|g| g.verdicts[0].len()).sum();
    assert!(total > 400_000, "{total} moves");
    assert!(
        rejected(&games, 0).is_empty(),
        "simple ko rejected {:?}",
        rejected(&games, 0)
    );
    let psk = rejected(&games, 1);
    assert_eq!(
        (psk.len(), psk.values().map(Vec::len).sum::<usize>()),
        (12, 64),
        "{psk:?}"
    );
    let ssk = rejected(&games, 2);
    assert_eq!(ssk.values().map(Vec::len).sum::<usize>(), 2, "{ssk:?}");
    let list = rejected(&games, 3);
    let expected = BTreeMap::from([(
        "gnugo-regression-games/gifu2006/gnugo-gorimu.sgf".to_string(),
        vec![381],
    )]);
    assert_eq!(list, expected);
}

fn compare_game(ours: &Replayed, theirs: &serde_json::Value) -> Vec<String> {
    let moves: Vec<&serde_json::Value> = theirs["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m.get("setup").is_none())
        .collect();
    let mut errors = Vec::new();
    if moves.len() != ours.verdicts[0].len() {
        errors.push(format!(
            "{}: {} moves, checker {}",
            ours.file,
            ours.verdicts[0].len(),
            moves.len()
        ));
    }
    for (rule, (ko, name)) in RULES.iter().enumerate() {
        for (m, t) in ours.verdicts[rule].iter().zip(&moves) {
            let forbidden = t["verdicts"][name].as_bool().unwrap();
            let same_captures =
                m.verdict.is_err() || t["captures"].as_u64() == Some(m.captures as u64);
            if forbidden != m.verdict.is_err() || !same_captures {
                errors.push(format!(
                    "{} move {} under {ko}: ours {:?}/{}, checker {t}",
                    ours.file, m.number, m.verdict, m.captures
                ));
            }
        }
    }
    errors
}

#[test]
#[ignore = "needs ../shared/sgf-corpus and ../shared/tools/ko_reference.py beside the checkout and python3 with sgfmill (pip install sgfmill): run with --include-ignored there"]
fn every_corpus_move_agrees_with_the_python_checker() {
    let oracle_games = oracle::corpus();
    let by_file: BTreeMap<&str, &serde_json::Value> = oracle_games
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g.get("error").is_none())
        .map(|g| (g["file"].as_str().unwrap(), g))
        .collect();
    let games = replay_corpus();
    assert_eq!(games.len(), by_file.len(), "games read: ours vs checker");
    let mut errors = Vec::new();
    let mut compared = 0;
    for g in &games {
        let theirs = by_file
            .get(g.file.as_str())
            .unwrap_or_else(|| panic!("{} unknown to the checker", g.file));
        errors.extend(compare_game(g, theirs));
        compared += g.verdicts[0].len();
    }
    println!(
        "compared {compared} moves in {} games under 4 rules",
        games.len()
    );
    assert!(
        errors.is_empty(),
        "{} disagreements:\n{}",
        errors.len(),
        errors[..errors.len().min(30)].join("\n")
    );
}
