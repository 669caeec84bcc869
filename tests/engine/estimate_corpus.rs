//! The proposed count against real counts: every finished corpus record
//! (`../shared/sgf-corpus`, read in place) with a counted `RE[]` and
//! territory markup (`TB`/`TW`) is replayed, and `pbmgo::go::estimate`'s
//! proposal for its final position is compared with the record's dead
//! stones (a stone on the other colour's territory point is dead; whole
//! strings). It also checks that no pass-alive string (Benson) is ever
//! proposed dead, and compares the winner the proposal gives under the
//! record's own rules (`RU[]`; area when unknown) with `RE[]`.
//!
//! Run with `--nocapture` for the figures and one line per record whose
//! proposal differs, with the stones missed and the stones added, and the
//! cause (see `cause`). The test fails when the figures fall below the
//! floors at the end. It is `#[ignore]`d: it needs the shared corpus.

use std::collections::BTreeMap;

use super::markup::{corpus, files, markup};
use pbmgo::go::estimate::{benson, propose};
use pbmgo::go::replay::{Record, replay};
use pbmgo::go::score::{dead_strings, score};
use pbmgo::go::sgf::parse_sgf;
use pbmgo::go::{Color, GameResult, KoRule, Point, Position, Rules, Scoring};

/// One record's comparison.
struct Compared {
    rel: String,
    size: u8,
    missed: Vec<Point>,
    added: Vec<Point>,
    winner_ok: bool,
    record_winner_ok: bool,
    ours: GameResult,
    theirs: String,
}

/// The record's dead stones: stones on the other colour's markup, as whole strings.
fn record_dead(pos: &Position, tb: &[Point], tw: &[Point]) -> Vec<Point> {
    let on: Vec<Point> = tb
        .iter()
        .filter(|p| pos.get(**p) == Some(Color::White))
        .chain(tw.iter().filter(|p| pos.get(**p) == Some(Color::Black)))
        .copied()
        .collect();
    dead_strings(pos, &on)
}

fn winner(r: GameResult) -> Option<Color> {
    match r {
        GameResult::Score(c, _) => c,
        _ => None,
    }
}

/// Returns the comparison for one record, or `None` when it is out of scope.
fn compare(rel: String, raw: &[u8]) -> Option<Compared> {
    let sgf = parse_sgf(raw).ok()?;
    let theirs: GameResult = sgf.result.as_deref()?.trim().parse().ok()?;
    winner(theirs)?;
    let size = sgf.size.get();
    let text = String::from_utf8_lossy(raw);
    let (tb, tw) = (markup(&text, "TB", size), markup(&text, "TW", size));
    if tb.is_empty() && tw.is_empty() {
        return None;
    }
    let komi = sgf.komi.unwrap_or(0.0);
    let scoring = sgf
        .rules
        .as_deref()
        .and_then(Scoring::of_ruleset)
        .unwrap_or(Scoring::Area);
    let rules = Rules {
        ko: KoRule::Situational,
        allow_suicide: true,
        komi,
        scoring,
    };
    let played = replay(&Record::from_sgf(&sgf), rules);
    if played.first_illegal().is_some() {
        return None;
    }
    let game = played.game;
    let pos = game.position();
    let ours = propose(&pos);
    check_benson(&rel, &pos, &ours);
    let theirs_dead = record_dead(&pos, &tb, &tw);
    let count = |dead: &[Point]| {
        score(
            &pos,
            dead,
            scoring,
            komi,
            game.prisoners(Color::Black),
            game.prisoners(Color::White),
        )
        .result()
    };
    let result = count(&ours);
    Some(Compared {
        rel,
        size,
        missed: diff(&theirs_dead, &ours),
        added: diff(&ours, &theirs_dead),
        winner_ok: winner(result) == winner(theirs),
        record_winner_ok: winner(count(&theirs_dead)) == winner(theirs),
        ours: result,
        theirs: theirs.to_string(),
    })
}

fn diff(a: &[Point], b: &[Point]) -> Vec<Point> {
    a.iter().filter(|p| !b.contains(p)).copied().collect()
}

/// Fails when a stone of a pass-alive string is in `dead`.
fn check_benson(rel: &str, pos: &Position, dead: &[Point]) {
    let size = pos.size();
    for color in [Color::Black, Color::White] {
        let alive = benson::pass_alive(pos, color).alive;
        let bad: Vec<_> = dead.iter().filter(|p| alive[p.index(size)]).collect();
        assert!(
            bad.is_empty(),
            "{rel}: pass-alive stones proposed dead: {bad:?}"
        );
    }
}

fn names(points: &[Point]) -> String {
    let v: Vec<String> = points.iter().map(ToString::to_string).collect();
    v.join(" ")
}

#[test]
#[ignore = "needs ../shared/sgf-corpus beside the checkout: run with --include-ignored there"]
fn proposals_against_the_corpus_counts() {
    let root = corpus();
    assert!(
        root.is_dir(),
        "the shared SGF corpus is missing at {}",
        root.display()
    );
    let mut all = Vec::new();
    files(&root, &mut all);
    let mut done = Vec::new();
    for path in &all {
        let raw = std::fs::read(path).unwrap();
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .into_owned();
        done.extend(compare(rel, &raw));
    }
    let n = done.len();
    let exact = done
        .iter()
        .filter(|c| c.missed.is_empty() && c.added.is_empty())
        .count();
    let winners = done.iter().filter(|c| c.winner_ok).count();
    let record_winners = done.iter().filter(|c| c.record_winner_ok).count();
    let mut by_size: BTreeMap<u8, (u32, u32)> = BTreeMap::new();
    for c in &done {
        let e = by_size.entry(c.size).or_default();
        e.0 += 1;
        e.1 += u32::from(c.missed.is_empty() && c.added.is_empty());
    }
    let pct = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    println!("{n} records with TB/TW markup and a counted RE[]");
    println!("exact dead set: {exact} ({:.1}%)", pct(exact));
    println!("same winner as RE[]: {winners} ({:.1}%)", pct(winners));
    println!("(the record's own dead stones give RE[]'s winner in {record_winners})");
    for (size, (games, ok)) in &by_size {
        println!("  {size}x{size}: {ok}/{games} exact");
    }
    for c in done
        .iter()
        .filter(|c| !c.missed.is_empty() || !c.added.is_empty() || !c.winner_ok)
    {
        println!(
            "  {} RE[{}] ours {}{}: missed [{}] added [{}]",
            c.rel,
            c.theirs,
            c.ours,
            if c.winner_ok { "" } else { " OTHER WINNER" },
            names(&c.missed),
            names(&c.added)
        );
    }
    assert!(n >= 130, "{n} records");
    assert!(pct(exact) >= 85.0, "exact dead set in {exact} of {n}");
    assert!(pct(winners) >= 97.0, "same winner in {winners} of {n}");
}
