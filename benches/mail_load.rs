//! Mail throughput, memory and latency of the real `pbmgo` binary (issue #7).
//!
//! Three runs, each on a home built through the store's own API (players,
//! 19x19 games) with move mails written into the inbox Maildir, one mail
//! per move, colours alternating, on points that never capture:
//!
//! - **throughput**: 10,000 move mails across 1,000 games. One `pbmgo poll`
//!   (file transport, `synchronous=FULL`, replies sent) processes them all;
//!   then, on a fresh copy of the same home and mails, each mail goes
//!   through its own `pbmgo deliver` process, followed by one `pbmgo send`.
//!   Prints mails per second for both and their ratio.
//! - **memory**: peak RSS of `pbmgo poll` (replies sent) over 10,000 mails
//!   in 1,000 games and over 100,000 mails in 10,000 games (10 moves each),
//!   read with `getrusage(RUSAGE_CHILDREN)`.
//! - **latency**: one `pbmgo deliver` of a move into a database of 100,000
//!   games, median of 41 runs.
//!
//! Run: `cargo bench --bench mail_load` (all three, several minutes), or
//! pick with `MAIL_LOAD=throughput,memory,latency`. `MAIL_LOAD_DELIVER=N`
//! delivers only the first N mails one by one (default: all 10,000).
//!
//! Every run builds its homes in a folder of its own,
//! `target/bench-mail/run-<time>-<pid>/`, and removes the folders of earlier
//! runs only at its end: ext4 creates files slowly next to many files just
//! deleted, which would slow the run being measured. Wall times on a shared
//! machine are noisy, so the user and system CPU time of the measured
//! processes is printed beside them.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use nix::sys::resource::{Usage, UsageWho, getrusage};
use nix::sys::time::TimeVal;
use pbmgo::go::{BoardSize, Game, Rules};
use pbmgo::store::{DEFAULT_BUSY_TIMEOUT, PlayerRef, Store, games, players};

const COLS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
const NOW: &str = "2026-11-22T10:00:00Z";

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 0, 0).unwrap()
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_pbmgo")
}

/// The folder holding every run's folder.
fn runs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-mail")
}

/// This run's own folder, new for each run.
fn root() -> PathBuf {
    static ROOT: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    ROOT.get_or_init(|| {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        runs().join(format!("run-{secs}-{}", std::process::id()))
    })
    .clone()
}

/// Removes the folders of earlier runs (and of the layout before them).
fn remove_earlier_runs() {
    let Ok(entries) = fs::read_dir(runs()) else {
        return;
    };
    for e in entries.flatten() {
        if e.path() != root() {
            let _ = fs::remove_dir_all(e.path());
        }
    }
}

fn pbmgo(home: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(bin());
    c.arg("--home").arg(home).args(args).env("PBMGO_NOW", NOW);
    c.stdout(Stdio::null()).stderr(Stdio::null());
    c
}

/// A fresh home with `n_games` 19x19 games between 2 × `n_games` players.
fn build_home(home: &Path, n_games: usize) {
    assert!(!home.exists(), "{} is not new", home.display());
    assert!(pbmgo(home, &["init"]).status().unwrap().success());
    let mut store = Store::open(&home.join("pbmgo.sqlite3"), DEFAULT_BUSY_TIMEOUT).unwrap();
    let size = BoardSize::new(19).unwrap();
    for chunk in (0..n_games).collect::<Vec<_>>().chunks(10_000) {
        store
            .write(|tx| {
                for &g in chunk {
                    let pair: Vec<PlayerRef> = (0..2)
                        .map(|c| {
                            let name = format!("p{:06}", 2 * g + c);
                            let addr = format!("{name}@example.org");
                            players::add(tx, &name, &[addr], t0()).map(|p| p.as_ref())
                        })
                        .collect::<Result<_, _>>()?;
                    let game = Game::new(size, Rules::default());
                    games::insert(tx, &pair[0], &pair[1], &game, &[], t0())?;
                }
                Ok::<_, pbmgo::store::StoreError>(())
            })
            .unwrap();
    }
}

/// The raw move mail number `k`: move `m` of game `g` (from 0).
fn mail(k: usize, g: usize, m: usize) -> String {
    let color = m % 2;
    let player = format!("p{:06}", 2 * g + color);
    let col = COLS[(m / 2) % 19] as char;
    let row = 1 + (m / 38) * 2 + color * 10;
    format!(
        "From: {player}@example.org\r\nTo: pbmgo@localhost\r\nSubject: move game{} {col}{row}\r\n\
         Message-ID: <load-{k}@example.org>\r\nDate: Sun, 22 Nov 2026 10:00:00 +0000\r\n\r\nmy move\r\n",
        g + 1
    )
}

/// Every mail of `per_game` moves in each of `n_games` games, move by move.
fn mails(n_games: usize, per_game: usize) -> Vec<String> {
    let mut out = Vec::with_capacity(n_games * per_game);
    for m in 0..per_game {
        for g in 0..n_games {
            out.push(mail(out.len(), g, m));
        }
    }
    out
}

fn fill_inbox(home: &Path, mails: &[String]) {
    let new = home.join("inbox/new");
    for (k, raw) in mails.iter().enumerate() {
        fs::write(new.join(format!("{}.load{k}.bench", 1_000_000 + k)), raw).unwrap();
    }
}

/// The resource use of the children waited for so far.
fn children_usage() -> Usage {
    getrusage(UsageWho::RUSAGE_CHILDREN).expect("getrusage(RUSAGE_CHILDREN)")
}

/// Peak RSS in MB of the largest child waited for so far.
fn children_max_rss_mb() -> f64 {
    children_usage().max_rss() as f64 / 1024.0
}

/// User and system CPU seconds of the children waited for so far.
fn children_cpu() -> (f64, f64) {
    let u = children_usage();
    let secs = |t: TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 / 1e6;
    (secs(u.user_time()), secs(u.system_time()))
}

/// Wall time and the children's CPU time of some work.
struct Cost {
    wall: Duration,
    user: f64,
    sys: f64,
}

impl Cost {
    /// Measures `work`, which runs child processes and waits for them.
    fn of(work: impl FnOnce()) -> Cost {
        let (user, sys) = children_cpu();
        let start = Instant::now();
        work();
        let wall = start.elapsed();
        let (user2, sys2) = children_cpu();
        Cost {
            wall,
            user: user2 - user,
            sys: sys2 - sys,
        }
    }

    fn secs(&self) -> f64 {
        self.wall.as_secs_f64()
    }
}

impl std::fmt::Display for Cost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.2} s (user {:.2} s, sys {:.2} s)",
            self.secs(),
            self.user,
            self.sys
        )
    }
}

fn run(mut c: Command) {
    let status = c.status().unwrap();
    assert!(status.success(), "{c:?} failed: {status}");
}

fn timed(c: Command) -> Duration {
    Cost::of(|| run(c)).wall
}

fn throughput() {
    let (n_games, per_game) = (1000, 10);
    let all = mails(n_games, per_game);
    let home = root().join("throughput");
    build_home(&home, n_games);
    fill_inbox(&home, &all);
    let poll = Cost::of(|| run(pbmgo(&home, &["poll"])));
    let rate_poll = all.len() as f64 / poll.secs();
    println!(
        "throughput: one `pbmgo poll` (replies sent): {} mails in {poll} = {rate_poll:.0} mails/s",
        all.len(),
    );
    let home = root().join("throughput-split");
    build_home(&home, n_games);
    fill_inbox(&home, &all);
    let queue = Cost::of(|| run(pbmgo(&home, &["poll", "--no-send"])));
    let send = Cost::of(|| run(pbmgo(&home, &["send"])));
    println!("throughput: `pbmgo poll --no-send` {queue}, then `pbmgo send` {send}");
    let n = std::env::var("MAIL_LOAD_DELIVER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(all.len())
        .min(all.len());
    let home = root().join("throughput-deliver");
    build_home(&home, n_games);
    let mut send = None;
    let total = Cost::of(|| {
        for raw in &all[..n] {
            deliver(&home, raw);
        }
        send = Some(Cost::of(|| run(pbmgo(&home, &["send"]))));
    });
    let rate_deliver = n as f64 / total.secs();
    println!(
        "throughput: one `pbmgo deliver` per mail, then `pbmgo send`: {n} mails in {total} (send {}) = {rate_deliver:.0} mails/s",
        send.map_or(String::new(), |s| s.to_string()),
    );
    println!(
        "throughput: poll / deliver ratio = {:.1} (CPU per mail: poll {:.0} µs, deliver {:.0} µs)",
        rate_poll / rate_deliver,
        (poll.user + poll.sys) * 1e6 / all.len() as f64,
        (total.user + total.sys) * 1e6 / n as f64,
    );
}

/// Pipes one mail into its own `pbmgo deliver`.
fn deliver(home: &Path, raw: &str) {
    let mut c = pbmgo(home, &["deliver"]);
    let mut child = c.stdin(Stdio::piped()).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(raw.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
}

fn memory() {
    // The same games (10 moves each), ten times the inbox: peak RSS must not
    // follow the inbox's size. Smallest first, since RUSAGE_CHILDREN keeps
    // the largest peak of any child so far.
    for n_games in [1_000, 10_000] {
        let all = mails(n_games, 10);
        let home = root().join(format!("memory-{n_games}"));
        build_home(&home, n_games);
        fill_inbox(&home, &all);
        let t = timed(pbmgo(&home, &["poll"]));
        let peak = children_max_rss_mb();
        println!(
            "memory: `pbmgo poll` (replies sent) of {} mails in {n_games} games: {:.1} s, peak RSS {:.1} MB",
            all.len(),
            t.as_secs_f64(),
            peak
        );
    }
}

fn latency() {
    let n_games = 100_000;
    let home = root().join("latency");
    build_home(&home, n_games);
    let mut times = Vec::new();
    for i in 0..41 {
        // Moves in distinct games, each the first move of its game.
        let raw = mail(i, i * 2400 + 7, 0);
        let start = Instant::now();
        deliver(&home, &raw);
        times.push(start.elapsed());
    }
    times.sort();
    let median = times[times.len() / 2];
    println!(
        "latency: one `pbmgo deliver` of a move, {n_games} games in the database: median {:.1} ms (min {:.1}, max {:.1}) over {} runs",
        median.as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[times.len() - 1].as_secs_f64() * 1e3,
        times.len()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing
    // and must not run minutes of load.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let pick = std::env::var("MAIL_LOAD").unwrap_or_else(|_| "throughput,memory,latency".into());
    fs::create_dir_all(root()).unwrap();
    for part in pick.split(',') {
        match part.trim() {
            "throughput" => throughput(),
            "memory" => memory(),
            "latency" => latency(),
            other => eprintln!("unknown MAIL_LOAD part {other:?}"),
        }
    }
    remove_earlier_runs();
}
