//! Replay throughput over the whole shared SGF corpus (../shared/sgf-corpus).
//!
//! SGF parsing is done once, outside the measurement. Each measured
//! iteration replays every record: a fresh game per record, every move judged
//! under the ko rule and played (a refused move is then forced, as the corpus
//! test does, so every rule replays the same moves). Throughput is in moves.
//!
//! The `goban` crate (a dev-dependency) replays the subset of records it can
//! take (no setup after the root, colours alternating) with `try_play`; the
//! same subset is also replayed by pbmgo under `list` so the two figures can
//! be compared as a ratio within one run.
//!
//! Run: `cargo bench --bench replay`.

use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pbmgo::go::replay::{Event, Record};
use pbmgo::go::sgf::parse_sgf;
use pbmgo::go::{Color, KoRule, Move, Phase, Rules};

fn corpus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            corpus_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "sgf") {
            out.push(p);
        }
    }
}

fn load_corpus() -> Vec<Record> {
    let mut files = Vec::new();
    corpus_files(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/sgf-corpus"),
        &mut files,
    );
    let records: Vec<Record> = files
        .iter()
        .filter_map(|f| parse_sgf(&std::fs::read(f).ok()?).ok())
        .map(|g| Record::from_sgf(&g))
        .collect();
    assert!(records.len() > 2600, "corpus not found beside the crate");
    records
}

/// Replays every record under `rules`; returns the moves played.
fn replay_all(records: &[Record], rules: Rules) -> usize {
    let mut moves = 0;
    for r in records {
        let mut game = r.start_game(rules);
        for e in &r.events {
            match e {
                Event::Setup { changes, to_move } => game.setup(changes, *to_move),
                Event::Play(c, m) => {
                    if game.phase() == Phase::Scoring {
                        let _ = game.resume();
                    }
                    if game.play_as(*c, *m).is_err() {
                        let _ = game.force_as(*c, *m);
                    }
                    moves += 1;
                }
            }
        }
        std::hint::black_box(game.board().hash());
    }
    moves
}

/// A record in the form the goban crate takes.
struct GobanRecord {
    size: u8,
    setup: Vec<((u8, u8), goban::pieces::stones::Color)>,
    first: goban::pieces::stones::Color,
    moves: Vec<goban::rules::Move>,
}

fn goban_color(c: Color) -> goban::pieces::stones::Color {
    match c {
        Color::Black => goban::pieces::stones::Color::Black,
        Color::White => goban::pieces::stones::Color::White,
    }
}

/// Returns the record for goban when it has no later setup and alternating colours.
fn to_goban(r: &Record) -> Option<GobanRecord> {
    let n = r.size.get();
    let mut moves = Vec::new();
    let mut turn = r.to_move;
    for e in &r.events {
        let Event::Play(c, m) = e else { return None };
        if *c != turn {
            return None;
        }
        turn = turn.opponent();
        moves.push(match m {
            Move::Pass => goban::rules::Move::Pass,
            Move::Play(p) => goban::rules::Move::Play(n - 1 - p.row, p.col),
        });
    }
    let setup = r
        .size
        .all_points()
        .filter_map(|p| {
            r.start
                .get(p)
                .map(|c| ((n - 1 - p.row, p.col), goban_color(c)))
        })
        .collect();
    Some(GobanRecord {
        size: n,
        setup,
        first: goban_color(r.to_move),
        moves,
    })
}

fn goban_replay_all(records: &[GobanRecord]) -> usize {
    use goban::rules::game_builder::GameBuilder;
    let mut moves = 0;
    for r in records {
        let mut b = GameBuilder::default();
        b.size((r.size, r.size)).turn(r.first);
        for &(coord, color) in &r.setup {
            b.add(goban::pieces::stones::Stone { coord, color });
        }
        let mut game = b.build().expect("goban builds the game");
        for &m in &r.moves {
            if game.is_over() {
                game.resume();
            }
            if game.try_play(m).is_err() {
                game.play(m);
            }
            moves += 1;
        }
        std::hint::black_box(game.goban().zobrist_hash());
    }
    moves
}

fn bench(c: &mut Criterion) {
    let records = load_corpus();
    let total: usize = records.iter().map(Record::moves).sum();
    let mut group = c.benchmark_group("corpus");
    group
        .sample_size(20)
        .throughput(Throughput::Elements(total as u64));
    for ko in KoRule::ALL {
        let rules = Rules {
            ko,
            ..Rules::default()
        };
        assert_eq!(replay_all(&records, rules), total);
        group.bench_function(format!("pbmgo-{ko}"), |b| {
            b.iter(|| replay_all(&records, rules))
        });
    }
    group.finish();

    let (subset, goban_records): (Vec<Record>, Vec<GobanRecord>) = records
        .iter()
        .filter_map(|r| Some((r.clone(), to_goban(r)?)))
        .unzip();
    let subset_moves: usize = subset.iter().map(Record::moves).sum();
    eprintln!(
        "goban subset: {} of {} records, {} of {} moves",
        subset.len(),
        records.len(),
        subset_moves,
        total
    );
    let mut group = c.benchmark_group("goban-subset");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(subset_moves as u64));
    group.bench_function("pbmgo-list", |b| {
        b.iter(|| replay_all(&subset, Rules::default()))
    });
    group.bench_function("goban-try_play", |b| {
        b.iter(|| goban_replay_all(&goban_records))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
