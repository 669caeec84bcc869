//! The cost of the proposed count (`pbmgo::go::estimate::propose`).
//!
//! - **propose**: criterion timings of one proposal for a finished 19x19
//!   game (the final position of `cgf2004/aya.sgf` from the shared corpus,
//!   drawn below, 56 dead stones) and a 9x9 one. The budget is
//!   50 ms for 19x19.
//! - **scoring mail**: the latency of one `pbmgo deliver` of the pass that
//!   opens the scoring phase of that 19x19 game (the proposal is worked
//!   out and stored, both players get the scored board), against the
//!   first pass of the same position (no proposal), median of 21 runs each
//!   with the real binary.
//!
//! Run: `cargo bench --bench estimate` (`ESTIMATE=propose` or
//! `ESTIMATE=mail` for one part).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use criterion::Criterion;
use pbmgo::go::estimate::propose;
use pbmgo::go::{BoardSize, Color, Game, Move, Position, Rules};
use pbmgo::store::games::{self, MoveEntry};
use pbmgo::store::{DEFAULT_BUSY_TIMEOUT, PlayerRef, Store, players};

/// The final position of `cgf2004/aya.sgf` (Japanese rules, W+13.5).
const AYA: [&str; 19] = [
    "..O.O.OOOOOOOXXXOO.",
    ".OX..OXXOO.OXXOOO.O",
    ".XX.OOX.XOOOOXXXO.O",
    ".OXOXXXXXOXXX..OXOO",
    ".OOOOXOXXXOOXX.OXO.",
    "....XOOXXO.OOXXXXOO",
    ".....OOOXO.O.OOX.XX",
    ".....OXXX.X.XXO....",
    "....O.OOX..XXOOXX..",
    ".......OX..XO.OOXO.",
    ".....OXOX...XOO.OX.",
    "...O..OOX..XXOOOXX.",
    "..O.OOXX..X.OOXXX..",
    "OO.OXXXXXX...OXO...",
    "XXOOOXXOXOXXXOOXO..",
    "XOXXOOXOXOOOXOXX.X.",
    ".O.XXOXOOO.OOXXX...",
    "OXX.XOO...OXOXOOX..",
    ".X.OXXOXX.XXOOOOX..",
];

/// A finished 9x9 position with a dead stone on each side.
const SMALL: [&str; 9] = [
    ".X.XO.O.O",
    "XXXXOOOOO",
    "..XO.....",
    "..XO..X..",
    ".OXO.....",
    "..XO.....",
    "..XOOOOOO",
    "XXXXXXXXX",
    ".X...X...",
];

fn propose_bench(c: &mut Criterion) {
    let big = Position::from_rows(&AYA).unwrap();
    let small = Position::from_rows(&SMALL).unwrap();
    assert_eq!(propose(&big).len(), 56);
    c.bench_function("propose 19x19 (aya, 56 dead)", |b| b.iter(|| propose(&big)));
    c.bench_function("propose 9x9", |b| b.iter(|| propose(&small)));
}

const NOW: &str = "2026-11-22T10:00:00Z";

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

fn pbmgo(home: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
    c.arg("--home").arg(home).args(args).env("PBMGO_NOW", NOW);
    c.stdout(Stdio::null()).stderr(Stdio::null());
    c
}

/// A fresh home with `n` games at the AYA position: in the first half
/// Black has passed (White's pass opens scoring), in the second not.
fn build_home(home: &Path, n: usize) {
    let _ = std::fs::remove_dir_all(home);
    assert!(pbmgo(home, &["init"]).status().unwrap().success());
    let mut store = Store::open(&home.join("pbmgo.sqlite3"), DEFAULT_BUSY_TIMEOUT).unwrap();
    let pos = Position::from_rows(&AYA).unwrap();
    assert_eq!(pos.size(), BoardSize::new(19).unwrap());
    store
        .write(|tx| {
            for g in 0..n {
                let pair: Vec<PlayerRef> = (0..2)
                    .map(|c| {
                        let name = format!("p{:04}", 2 * g + c);
                        let addr = format!("{name}@example.org");
                        players::add(tx, &name, &[addr], t0()).map(|p| p.as_ref())
                    })
                    .collect::<Result<_, _>>()?;
                let mut game = Game::from_position(&pos, Color::Black, Rules::default());
                let mut moves = Vec::new();
                if g < n / 2 {
                    game.play(Move::Pass).unwrap();
                    moves.push(MoveEntry {
                        color: Color::Black,
                        mv: Move::Pass,
                        captures: 0,
                        source: "bench".into(),
                        played_at: t0(),
                    });
                }
                games::insert(tx, &pair[0], &pair[1], &game, &moves, t0())?;
            }
            Ok::<_, pbmgo::store::StoreError>(())
        })
        .unwrap();
}

/// The pass mail of game `g` (from 0) by `color`'s player.
fn pass_mail(g: usize, color: usize) -> String {
    format!(
        "From: p{:04}@example.org\r\nTo: pbmgo@localhost\r\nSubject: pass game{}\r\n\
         Message-ID: <pass-{g}@example.org>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\n\r\npass\r\n",
        2 * g + color,
        g + 1
    )
}

fn deliver(home: &Path, raw: &str) -> Duration {
    let start = Instant::now();
    let mut child = pbmgo(home, &["deliver"])
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(raw.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
    start.elapsed()
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

fn mail_latency() {
    let runs = 21;
    let home = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-estimate");
    build_home(&home, 2 * runs);
    let second: Vec<Duration> = (0..runs)
        .map(|g| deliver(&home, &pass_mail(g, 1)))
        .collect();
    let first: Vec<Duration> = (runs..2 * runs)
        .map(|g| deliver(&home, &pass_mail(g, 0)))
        .collect();
    println!(
        "scoring mail: `pbmgo deliver` of the second pass (proposal worked out, scored boards mailed) \
         of a 19x19 game: median {:.1} ms; a first pass of the same position: median {:.1} ms ({runs} runs each)",
        median(second),
        median(first)
    );
}

fn main() {
    // `cargo test --benches` passes no `--bench`: nothing to measure then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let pick = std::env::var("ESTIMATE").unwrap_or_else(|_| "propose,mail".into());
    if pick.contains("propose") {
        let mut c = Criterion::default().configure_from_args();
        propose_bench(&mut c);
        c.final_summary();
    }
    if pick.contains("mail") {
        mail_latency();
    }
}
