//! The database survives `kill -9` in the middle of a `game play` loop
//! (issue #3): a long game (made by our engine, `common/made_games.rs`) is
//! played one `pbmgo game play` process per move, and a few of those
//! processes are killed (SIGKILL) at random moments of their run. After
//! each kill the database must open, `game verify` must pass, and the killed
//! move must be either fully there or not at all; the loop then goes on from
//! what the database holds.

use crate::common::made_games;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use pbmgo::go::{BoardSize, Color, Game, Move, Rules};
use serde_json::Value;

/// Moves of the made game played through the binary.
const MOVES: usize = 120;
/// Processes killed.
const KILLS: usize = 8;

fn pbmgo(home: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
    c.arg("--home").arg(home).env_remove("PBMGO_HOME");
    c
}

fn run_ok(home: &Path, args: &[&str]) -> String {
    let out = pbmgo(home).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

fn move_number(home: &Path) -> usize {
    let g: Value = serde_json::from_str(&run_ok(home, &["game", "show", "1", "--json"])).unwrap();
    g["move_number"].as_u64().unwrap() as usize
}

/// A small xorshift generator: the moments are random, the seed is printed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// The first `MOVES` moves of a long 19x19 game (the size `game new` makes).
fn game_moves() -> Vec<(Color, Move)> {
    let game = made_games::long_game();
    assert_eq!(game.size, BoardSize::new(19).unwrap());
    game.moves.into_iter().take(MOVES).collect()
}

fn play_command(home: &Path, (color, mv): (Color, Move)) -> Command {
    let who = if color == Color::Black {
        "alice"
    } else {
        "bob"
    };
    let mut c = pbmgo(home);
    c.args(["game", "play", "1", &mv.to_string(), "--as", who]);
    c.stdout(Stdio::null()).stderr(Stdio::null());
    c
}

#[test]
fn the_database_survives_kill_9_in_a_play_loop() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    run_ok(&home, &["init"]);
    run_ok(&home, &["player", "add", "alice", "a@x.org"]);
    run_ok(&home, &["player", "add", "bob", "b@x.org"]);
    run_ok(
        &home,
        &["game", "new", "--black", "alice", "--white", "bob"],
    );
    let moves = game_moves();
    let seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    println!("kill test seed {seed}");
    let mut rng = Rng(seed);
    let mut kill_at: Vec<usize> = (0..KILLS)
        .map(|_| 10 + rng.below((MOVES - 10) as u64) as usize)
        .collect();
    kill_at.sort_unstable();
    let mut took = Duration::from_millis(20);
    let (mut i, mut kills, mut landed) = (0, 0, 0);
    while i < moves.len() {
        let start = Instant::now();
        let mut child = play_command(&home, moves[i]).spawn().unwrap();
        if kills < kill_at.len() && kill_at[kills] <= i {
            let wait = rng.below(took.as_micros() as u64);
            std::thread::sleep(Duration::from_micros(wait));
            child.kill().unwrap();
            child.wait().unwrap();
            kills += 1;
            let n = move_number(&home);
            assert!(
                n == i || n == i + 1,
                "after killing move {}: {n} moves",
                i + 1
            );
            landed += usize::from(n == i + 1);
            run_ok(&home, &["game", "verify", "1"]);
            i = n;
            continue;
        }
        assert!(child.wait().unwrap().success(), "move {}", i + 1);
        took = (took * 7 + start.elapsed()) / 8;
        i += 1;
    }
    println!("{kills} kills, {landed} of the killed moves landed");
    assert_eq!(kills, KILLS);
    run_ok(&home, &["game", "verify"]);
    let mut engine = Game::new(BoardSize::new(19).unwrap(), Rules::default());
    for &(c, m) in &moves {
        engine.play_checked(c, m).unwrap();
    }
    let g: Value = serde_json::from_str(&run_ok(&home, &["game", "show", "1", "--json"])).unwrap();
    assert_eq!(g["move_number"], MOVES);
    assert_eq!(g["board"], serde_json::json!(engine.position().rows()));
    let listed: Value =
        serde_json::from_str(&run_ok(&home, &["game", "moves", "1", "--json"])).unwrap();
    assert_eq!(listed.as_array().unwrap().len(), MOVES);
}
