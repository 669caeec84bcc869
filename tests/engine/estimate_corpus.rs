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
//! cause of each difference (see `causes`). The winner is compared twice:
//! with `RE[]`, and with the count the record's own dead stones give
//! under the same rules (a few records' `RE[]` does not follow from their
//! markup). The test fails when the figures fall below the floors at the
//! end. It is `#[ignore]`d: it needs the shared corpus.

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
    /// Our winner is the winner of the record's own marking.
    marking_winner_ok: bool,
    /// Stones of pass-alive strings (Benson) on the final board.
    pass_alive: usize,
    /// Why the dead sets differ, one entry per kind.
    causes: Vec<&'static str>,
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
    let pass_alive = check_benson(&rel, &pos, &ours);
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
    let (missed, added) = (diff(&theirs_dead, &ours), diff(&ours, &theirs_dead));
    let marked = |p: &Point| tb.contains(p) || tw.contains(p);
    let causes = causes(&pos, &missed, &added, &marked);
    Some(Compared {
        rel,
        size,
        missed,
        added,
        winner_ok: winner(result) == winner(theirs),
        record_winner_ok: winner(count(&theirs_dead)) == winner(theirs),
        marking_winner_ok: winner(result) == winner(count(&theirs_dead)),
        causes,
        pass_alive,
        ours: result,
        theirs: theirs.to_string(),
    })
}

/// The kinds of difference between the record's dead stones and ours:
/// - `seki the record marks dead`: a missed string whose liberties (two at
///   most) are all liberties of an opposing string that has no other
///   liberty than those and its own eyes, so that neither side can
///   approach (checked on the board, not assumed); an opposing string of
///   one or two stones without an eye does not count: filling a shared
///   liberty next to it puts both in atari, and the three stones or fewer
///   the missed string's side then captures leave it one eye, so the
///   record is right (handtalk1 and nicklas19 are such kills);
/// - `dead stones the record's markup leaves out`: an added string none of
///   whose points carries `TB` or `TW`, so the record counts it neither way;
/// - `life and death the playouts misjudge`: any other string (a semeai or
///   an eye shape that light random play settles the other way).
fn causes(
    pos: &Position,
    missed: &[Point],
    added: &[Point],
    marked: &dyn Fn(&Point) -> bool,
) -> Vec<&'static str> {
    let mut out = Vec::new();
    for p in missed {
        out.push(match in_seki(pos, *p) {
            true => "seki the record marks dead",
            false => "life and death the playouts misjudge",
        });
    }
    for p in added {
        let (stones, _) = pos.string_and_liberties(*p);
        out.push(match stones.iter().any(marked) {
            true => "life and death the playouts misjudge",
            false => "dead stones the record's markup leaves out",
        });
    }
    out.sort();
    out.dedup();
    out
}

/// The points next to `p` on the board.
fn around(pos: &Position, p: Point) -> Vec<Point> {
    let n = pos.size().get() as i16;
    [(0i16, 1i16), (0, -1), (1, 0), (-1, 0)]
        .iter()
        .map(|(dc, dr)| (p.col as i16 + dc, p.row as i16 + dr))
        .filter(|&(c, r)| c >= 0 && r >= 0 && c < n && r < n)
        .map(|(c, r)| Point::new(c as u8, r as u8))
        .collect()
}

/// True when the string at `p` is in seki as `causes` describes.
fn in_seki(pos: &Position, p: Point) -> bool {
    let (_, libs) = pos.string_and_liberties(p);
    if libs.is_empty() || libs.len() > 2 {
        return false;
    }
    let color = pos.get(p);
    let eye_of = |q: Point, owner: Option<Color>| {
        pos.get(q).is_none() && around(pos, q).iter().all(|r| pos.get(*r) == owner)
    };
    libs.iter().any(|l| {
        around(pos, *l)
            .into_iter()
            .filter(|q| pos.get(*q).is_some() && pos.get(*q) != color)
            .any(|q| {
                let (stones, theirs) = pos.string_and_liberties(q);
                let has_eye = theirs.iter().any(|x| eye_of(*x, pos.get(q)));
                libs.iter().all(|x| theirs.contains(x))
                    && theirs
                        .iter()
                        .all(|x| libs.contains(x) || eye_of(*x, pos.get(q)))
                    && (stones.len() > 2 || has_eye)
            })
    })
}

fn diff(a: &[Point], b: &[Point]) -> Vec<Point> {
    a.iter().filter(|p| !b.contains(p)).copied().collect()
}

/// Fails when a stone of a pass-alive string is in `dead`; returns the
/// number of pass-alive stones checked.
fn check_benson(rel: &str, pos: &Position, dead: &[Point]) -> usize {
    let size = pos.size();
    let mut checked = 0;
    for color in [Color::Black, Color::White] {
        let alive = benson::pass_alive(pos, color).alive;
        checked += alive.iter().filter(|a| **a).count();
        let bad: Vec<_> = dead.iter().filter(|p| alive[p.index(size)]).collect();
        assert!(
            bad.is_empty(),
            "{rel}: pass-alive stones proposed dead: {bad:?}"
        );
    }
    checked
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
    let alive: usize = done.iter().map(|c| c.pass_alive).sum();
    let with = done.iter().filter(|c| c.pass_alive > 0).count();
    println!("pass-alive stones (Benson), none proposed dead: {alive} in {with} records");
    println!("exact dead set: {exact} ({:.1}%)", pct(exact));
    println!("same winner as RE[]: {winners} ({:.1}%)", pct(winners));
    println!("(the record's own dead stones give RE[]'s winner in {record_winners})");
    for (size, (games, ok)) in &by_size {
        println!("  {size}x{size}: {ok}/{games} exact");
    }
    let marking_winners = done.iter().filter(|c| c.marking_winner_ok).count();
    println!(
        "same winner as the record's own dead stones give: {marking_winners} ({:.1}%)",
        pct(marking_winners)
    );
    let mut tally: BTreeMap<&str, u32> = BTreeMap::new();
    for c in done
        .iter()
        .filter(|c| !c.missed.is_empty() || !c.added.is_empty() || !c.winner_ok)
    {
        let mut causes = c.causes.clone();
        if !c.record_winner_ok {
            causes.push("RE[] does not follow from the record's own marking");
        }
        for why in &causes {
            *tally.entry(why).or_default() += 1;
        }
        println!(
            "  {} RE[{}] ours {}{}: missed [{}] added [{}]: {}",
            c.rel,
            c.theirs,
            c.ours,
            if c.winner_ok { "" } else { " OTHER WINNER" },
            names(&c.missed),
            names(&c.added),
            causes.join("; ")
        );
    }
    for (why, n) in &tally {
        println!("  {n:>3} records: {why}");
    }
    let either = done
        .iter()
        .filter(|c| c.winner_ok || c.marking_winner_ok)
        .count();
    println!(
        "same winner as RE[] or as the record's own dead stones: {either} ({:.1}%)",
        pct(either)
    );
    // Floors: the goals (dead set 85 %, winner 97 %: 133 of 137).
    // The last run: 126 exact; 133 winners as RE[] and as the record's
    // marking, 135 as either. Of the 4 other winners, 2 are semeai the
    // playouts misjudge (GoBucks, r08ert) and 2 have our dead set exactly
    // but RE[] follows from rules this count leaves out: splee has no RU[]
    // (area is assumed; territory gives RE[]) and yagr-awf is AGA with a
    // handicap of 6 (White's HA-1 compensation gives RE[]).
    assert!(n >= 130, "{n} records");
    assert!(pct(exact) >= 85.0, "exact dead set in {exact} of {n}");
    assert!(
        pct(winners) >= 97.0,
        "same winner as RE[] in {winners} of {n}"
    );
    assert!(
        marking_winners >= 133,
        "same winner as the record's marking in {marking_winners} of {n}"
    );
    assert!(either >= 135, "same winner as either in {either} of {n}");
}
