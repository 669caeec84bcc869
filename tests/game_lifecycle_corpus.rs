//! Scoring against reference counts: every finished corpus game
//! (`../shared/sgf-corpus`, read in place) whose `RE[]` is a count
//! (`B+3.5`, `W+12`) is replayed, scored with `pbmgo::go::score` under
//! both area and territory scoring with the dead stones the record gives
//! (its `TB`/`TW` territory markup: a black stone on a `TW` point or a white
//! stone on a `TB` point is dead), and compared with `RE[]`.
//!
//! Run with `--nocapture` for the figures. The test fails only if a record
//! cannot be scored or if the agreement falls below the floors below, which
//! were set from the figures of the first run (see the closing note of
//! issue 5 for why records and counts differ).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pbmgo::go::replay::{Record, replay};
use pbmgo::go::score::score;
use pbmgo::go::sgf::parse_sgf;
use pbmgo::go::{Color, GameResult, KoRule, Point, Position, Rules, Scoring};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sgf-corpus")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgf") {
            out.push(p);
        }
    }
}

/// Returns every point of the `ident` properties (`TB`, `TW`) in `raw`,
/// with compressed `[aa:cc]` rectangles expanded.
fn markup(raw: &str, ident: &str, size: u8) -> Vec<Point> {
    let bytes = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(at) = raw[i..].find(ident) {
        let start = i + at;
        i = start + ident.len();
        let before = start.checked_sub(1).map(|j| bytes[j]);
        if before.is_some_and(|b| b.is_ascii_uppercase()) {
            continue;
        }
        let mut j = i;
        loop {
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            if j >= bytes.len() || bytes[j] != b'[' {
                break;
            }
            let Some(end) = raw[j..].find(']') else { break };
            let value = &raw[j + 1..j + end];
            out.extend(points(value, size));
            j += end + 1;
        }
        i = j;
    }
    out
}

fn points(value: &str, size: u8) -> Vec<Point> {
    let one = |s: &str| -> Option<(u8, u8)> {
        let b = s.as_bytes();
        (b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_lowercase())
            .then(|| (b[0] - b'a', b[1] - b'a'))
            .filter(|(x, y)| *x < size && *y < size)
    };
    let (a, b) = match value.split_once(':') {
        Some((a, b)) => (one(a), one(b)),
        None => (one(value), one(value)),
    };
    let (Some((x1, y1)), Some((x2, y2))) = (a, b) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for x in x1.min(x2)..=x1.max(x2) {
        for y in y1.min(y2)..=y1.max(y2) {
            out.push(Point::new(x, size - 1 - y));
        }
    }
    out
}

/// The record's result as (winner, margin), when it is a count.
fn counted(re: &str) -> Option<(Color, f64)> {
    match re.trim().parse::<GameResult>().ok()? {
        GameResult::Score(Some(c), m) => Some((c, m)),
        _ => None,
    }
}

#[derive(Default, Debug)]
struct Tally {
    games: u32,
    exact: u32,
    same_winner: u32,
    other_winner: u32,
}

impl Tally {
    fn add(&mut self, ours: GameResult, theirs: (Color, f64)) {
        self.games += 1;
        match ours {
            GameResult::Score(Some(c), m) if c == theirs.0 => {
                self.same_winner += 1;
                if (m - theirs.1).abs() < 0.01 {
                    self.exact += 1;
                }
            }
            _ => self.other_winner += 1,
        }
    }
}

#[test]
fn corpus_counts_against_their_results() {
    let root = corpus();
    assert!(
        root.is_dir(),
        "the sgf corpus is missing at {}",
        root.display()
    );
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut tallies: BTreeMap<(&str, &str), Tally> = BTreeMap::new();
    let (mut unreplayable, mut not_over) = (0, 0);
    for path in &all {
        let raw = std::fs::read(path).unwrap();
        let Ok(sgf) = parse_sgf(&raw) else { continue };
        let Some(theirs) = sgf.result.as_deref().and_then(counted) else {
            continue;
        };
        let record = Record::from_sgf(&sgf);
        let komi = sgf.komi.unwrap_or(0.0);
        let rules = Rules {
            ko: KoRule::Situational,
            allow_suicide: true,
            komi,
            scoring: Scoring::Area,
        };
        let played = replay(&record, rules);
        if played.first_illegal().is_some() {
            unreplayable += 1;
            continue;
        }
        let game = played.game;
        let pos: Position = game.position();
        let text = String::from_utf8_lossy(&raw);
        let size = sgf.size.get();
        let (tb, tw) = (markup(&text, "TB", size), markup(&text, "TW", size));
        let marked = !tb.is_empty() || !tw.is_empty();
        let dead: Vec<Point> = tb
            .iter()
            .filter(|p| pos.get(**p) == Some(Color::White))
            .chain(tw.iter().filter(|p| pos.get(**p) == Some(Color::Black)))
            .copied()
            .collect();
        if !game
            .last_move()
            .is_some_and(|(_, m)| m == pbmgo::go::Move::Pass)
            && !marked
        {
            not_over += 1;
        }
        let kind = if marked { "TB/TW given" } else { "no markup" };
        let own = match sgf.rules.as_deref().map(str::to_ascii_lowercase) {
            Some(r) if r.contains("japan") || r.contains("korea") => Some(Scoring::Territory),
            Some(r)
                if r.contains("chin")
                    || r.contains("aga")
                    || r.contains("tromp")
                    || r.contains("nz") =>
            {
                Some(Scoring::Area)
            }
            _ => None,
        };
        for scoring in [Scoring::Area, Scoring::Territory] {
            let s = score(
                &pos,
                &dead,
                scoring,
                komi,
                game.prisoners(Color::Black),
                game.prisoners(Color::White),
            );
            tallies
                .entry((kind, scoring.name()))
                .or_default()
                .add(s.result(), theirs);
            if marked && own == Some(scoring) {
                tallies
                    .entry(("TB/TW, RU[]", scoring.name()))
                    .or_default()
                    .add(s.result(), theirs);
            }
        }
    }
    println!(
        "records with a counted RE[] that replay: see below; {unreplayable} do not replay under the rules used, {not_over} of those without markup do not end with a pass"
    );
    for ((kind, scoring), t) in &tallies {
        println!(
            "{kind:<12} {scoring:<9}: {:>4} games, same winner {:>4} ({:.0}%), exact margin {:>4} ({:.0}%), other winner {:>4}",
            t.games,
            t.same_winner,
            100.0 * f64::from(t.same_winner) / f64::from(t.games.max(1)),
            t.exact,
            100.0 * f64::from(t.exact) / f64::from(t.games.max(1)),
            t.other_winner
        );
    }
    // Floors from the first run (137 marked games: territory 135 and area
    // 132 with the same winner); a regression in counting shows here.
    let territory = &tallies[&("TB/TW given", "territory")];
    assert!(
        territory.games >= 130 && territory.same_winner >= 130,
        "{territory:?}"
    );
    let area = &tallies[&("TB/TW given", "area")];
    assert!(area.same_winner >= 125, "{area:?}");
}
