//! The game store through the real binary (issue #3): `init`, players,
//! `game new|play|show|ko|moves|sgf|import|verify`, game ids in any form,
//! and the exit statuses (0 done, 1 refused, 2 bad argument) with one line
//! on stderr. Each test runs on its own temporary home (`--home`) with the
//! clock pinned (`PBMGO_NOW`), so the output is reproducible.
//!
//! The records imported are made by our engine (`common/made_games.rs`) or
//! written here; two `#[ignore]`d tests import real games of the shared
//! corpus (`../shared/sgf-corpus`, beside the checkout; `.ci/run` runs them).

use crate::common::made_games;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use made_games::MadeGame;
use pbmgo::go::{BoardSize, Color, Game, Move, Position, Rules};
use serde_json::Value;
use tempfile::TempDir;

const NOW: &str = "2026-11-22T12:00:00Z";

/// A temporary home and the binary run on it.
struct Home {
    dir: TempDir,
}

impl Home {
    /// A home after `init`.
    fn new() -> Home {
        let h = Home::bare();
        h.ok(&["init"]);
        h
    }

    /// A folder where `init` has not run.
    fn bare() -> Home {
        Home {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// A home with players alice and bob.
    fn with_players() -> Home {
        let h = Home::new();
        h.ok(&["player", "add", "alice", "alice@example.org"]);
        h.ok(&["player", "add", "bob", "Bob <Bob@Example.org>"]);
        h
    }

    fn path(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
        c.arg("--home").arg(self.path()).args(args);
        c.env("PBMGO_NOW", NOW).env_remove("PBMGO_HOME");
        c
    }

    /// Runs a command that must succeed; returns its stdout.
    fn ok(&self, args: &[&str]) -> String {
        let out = self.cmd(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?} failed: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    }

    /// Runs a command that must exit with `code` and one line on stderr; returns the line.
    fn fails(&self, args: &[&str], code: i32) -> String {
        fails_with(self.cmd(args), args, code)
    }

    fn json(&self, args: &[&str]) -> Value {
        serde_json::from_str(&self.ok(args)).unwrap()
    }

    fn db(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.path().join("pbmgo.sqlite3")).unwrap()
    }
}

fn fails_with(mut cmd: Command, args: &[&str], code: i32) -> String {
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(stderr.starts_with("pbmgo: "), "{stderr}");
    stderr
}

/// A file of the shared corpus; panics when the corpus is not beside the checkout.
fn corpus(file: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sgf-corpus");
    assert!(
        root.is_dir(),
        "the shared SGF corpus is missing at {}: run this test in a checkout with ../shared beside it",
        root.display()
    );
    root.join(file)
}

/// Writes `game` as `NAME.sgf` in the home's temporary folder; returns the path.
fn made_file(h: &Home, name: &str, game: &MadeGame, komi: f64) -> PathBuf {
    let file = h.dir.path().join(format!("{name}.sgf"));
    std::fs::write(&file, made_games::sgf(game, komi)).unwrap();
    file
}

fn rows(v: &Value) -> Vec<String> {
    serde_json::from_value(v.clone()).unwrap()
}

#[test]
fn init_creates_the_home_and_a_second_run_changes_nothing() {
    let h = Home::bare();
    let first = h.ok(&["init"]);
    for part in [
        "inbox/new",
        "outbox",
        "quarantine/cur",
        "pbmgo.toml",
        "pbmgo.sqlite3",
    ] {
        assert!(first.contains(part), "{first}");
        assert!(h.path().join(part).exists(), "{part}");
    }
    let config = std::fs::read_to_string(h.path().join("pbmgo.toml")).unwrap();
    assert!(config.contains("# busy_timeout_ms = 5000"), "{config}");
    let second = h.ok(&["init"]);
    assert!(second.contains("Nothing to do"), "{second}");
    assert_eq!(second.lines().count(), 2, "{second}");
    let warning = second.lines().last().unwrap();
    assert!(
        warning.starts_with("Warning: server.address is the default pbmgo@localhost"),
        "{second}"
    );
}

#[test]
fn commands_refuse_a_home_without_init_and_init_makes_it() {
    let h = Home::bare();
    let err = h.fails(&["game", "list"], 78);
    assert_eq!(
        err,
        format!(
            "pbmgo: no pbmgo home at {}: run pbmgo init there\n",
            h.path().display()
        )
    );
    assert!(!h.path().exists(), "nothing made");
    h.ok(&["init"]);
    assert_eq!(h.ok(&["game", "list"]), "No games.\n");
    let version: i64 = h
        .db()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, i64::from(pbmgo::store::migrate::latest()));
    let mode: String = h
        .db()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

#[test]
fn players_are_added_listed_and_shown() {
    let h = Home::with_players();
    h.ok(&[
        "player",
        "add",
        "Carol_3",
        "c@x.org",
        "<C2@X.org>",
        "c@x.org",
    ]);
    assert_eq!(
        h.ok(&["player", "list"]),
        "alice    alice@example.org  (rank ?, 0 active, 0 finished, notify each, password none)\n\
         bob      bob@example.org  (rank ?, 0 active, 0 finished, notify each, password none)\n\
         carol_3  c@x.org, c2@x.org  (rank ?, 0 active, 0 finished, notify each, password none)\n"
    );
    let list = h.json(&["player", "list", "--json"]);
    assert_eq!(list[1]["name"], "bob");
    assert_eq!(list[1]["addresses"][0], "bob@example.org");
    assert_eq!(list[1]["created_at"], NOW);
    h.ok(&[
        "game", "new", "--black", "CAROL_3", "--white", "alice", "--size", "9",
    ]);
    let carol = h.json(&["player", "show", "carol_3", "--json"]);
    assert_eq!(carol["games"][0]["id"], "game1");
    assert_eq!(carol["games"][0]["opponent"], "alice");
    let text = h.ok(&["player", "show", "Carol_3"]);
    assert!(
        text.contains("game1: black against alice, active"),
        "{text}"
    );
}

#[test]
fn bad_and_taken_names_and_addresses_exit_2() {
    let h = Home::with_players();
    let err = h.fails(&["player", "add", "x", "x@x.org"], 2);
    assert!(err.contains("invalid player name"), "{err}");
    h.fails(&["player", "add", "no spaces", "x@x.org"], 2);
    h.fails(&["player", "add", "carol", "not-an-address"], 2);
    let err = h.fails(&["player", "add", "ALICE", "other@x.org"], 2);
    assert!(err.contains("player name alice is already taken"), "{err}");
    let err = h.fails(&["player", "add", "carol", "\"B\" <BOB@example.org>"], 2);
    assert!(err.contains("address bob@example.org"), "{err}");
    h.fails(&["player", "show", "nobody"], 2);
    h.fails(&["player", "add", "carol"], 2);
}

#[test]
fn game_new_defaults_and_refusals() {
    let h = Home::with_players();
    assert_eq!(
        h.ok(&["game", "new", "--black", "alice", "--white", "bob"]),
        "game1\n"
    );
    let g = h.json(&["game", "show", "1", "--json"]);
    assert_eq!(
        (g["size"].as_u64(), g["komi"].as_f64()),
        (Some(19), Some(7.5))
    );
    let args = [
        "game",
        "new",
        "--black",
        "bob",
        "--white",
        "alice",
        "--scoring",
        "territory",
    ];
    assert_eq!(h.ok(&args), "game2\n");
    assert_eq!(h.json(&["game", "show", "2", "--json"])["komi"], 6.5);
    let err = h.fails(&["game", "new", "--black", "carol", "--white", "bob"], 2);
    assert!(err.contains("no player carol"), "{err}");
    let err = h.fails(&["game", "new", "--black", "alice", "--white", "alice"], 2);
    assert!(
        err.contains("different players") && !err.contains("database error"),
        "{err}"
    );
    h.fails(
        &[
            "game", "new", "--black", "alice", "--white", "bob", "--size", "26",
        ],
        2,
    );
    let bad_ko = [
        "game", "new", "--black", "alice", "--white", "bob", "--ko", "superko",
    ];
    h.fails(&bad_ko, 2);
    let err = h.fails(&["game", "new", "--black", "alice"], 2);
    assert!(err.contains("--white"), "{err}");
    let odd = [
        "game",
        "new",
        "--black",
        "alice",
        "--white",
        "bob",
        "--size",
        "7",
        "--handicap",
        "2",
    ];
    let err = h.fails(&odd, 2);
    assert!(err.contains("fixed handicap"), "{err}");
    assert_eq!(
        h.ok(&["game", "list", "--json"]).matches("\"id\"").count(),
        2
    );
}

#[test]
fn handicap_two_on_nine_places_stones_and_white_moves() {
    let h = Home::with_players();
    let args = [
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ];
    h.ok(&[&args[..], &["--handicap", "2"]].concat());
    let g = h.json(&["game", "show", "game1", "--json"]);
    assert_eq!(g["handicap"], 2);
    assert_eq!(g["komi"], 0.5);
    assert_eq!(g["to_move"], "white");
    assert_eq!(g["move_number"], 0);
    let board = rows(&g["board"]);
    assert_eq!(board[2], "......X..");
    assert_eq!(board[6], "..X......");
    let err = h.fails(&["game", "play", "1", "E5", "--as", "alice"], 1);
    assert!(err.contains("not-your-turn"), "{err}");
    h.ok(&["game", "play", "1", "E5", "--as", "bob"]);
    h.ok(&["game", "verify", "1"]);
}

#[test]
fn game_play_accepts_legal_and_refuses_illegal_moves() {
    let h = Home::with_players();
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    let out = h.ok(&["game", "play", "game1", "c3", "--as", "ALICE"]);
    assert_eq!(out, "game1: move 1, black C3. White to move.\n");
    let err = h.fails(&["game", "play", "game1", "C3", "--as", "bob"], 1);
    assert!(
        err.contains("(occupied)") && err.contains("C3 is already occupied"),
        "{err}"
    );
    let err = h.fails(&["game", "play", "game1", "D4", "--as", "alice"], 1);
    assert!(err.contains("not-your-turn"), "{err}");
    h.ok(&["player", "add", "carol", "c@x.org"]);
    let err = h.fails(&["game", "play", "game1", "D4", "--as", "carol"], 2);
    assert!(err.contains("carol does not play in game1"), "{err}");
    h.fails(&["game", "play", "game1", "Z99", "--as", "bob"], 2);
    h.fails(&["game", "play", "game1", "I3", "--as", "bob"], 2);
    h.fails(&["game", "play", "game7", "D4", "--as", "bob"], 2);
    h.fails(&["game", "play", "gameX", "D4", "--as", "bob"], 2);
    let g = h.json(&["game", "show", "1", "--json"]);
    assert_eq!(
        (g["move_number"].as_u64(), g["last_move"].as_str()),
        (Some(1), Some("C3"))
    );
    h.ok(&["game", "play", "1", "pass", "--as", "bob"]);
    let out = h.ok(&["game", "play", "1", "PASS", "--as", "alice"]);
    assert!(out.contains("being scored"), "{out}");
    assert_eq!(
        h.json(&["game", "show", "1", "--json"])["status"],
        "scoring"
    );
    let err = h.fails(&["game", "play", "1", "D4", "--as", "bob"], 1);
    assert!(err.contains("scoring-phase"), "{err}");
    let moves = h.json(&["game", "moves", "1", "--json"]);
    assert_eq!(moves.as_array().unwrap().len(), 3);
    assert_eq!(moves[1]["point"], "pass");
    assert_eq!(moves[0]["source"], "cli");
    assert_eq!(moves[0]["played_at"], NOW);
}

/// The ko shape of the fight below, then the two takes and the fills around it.
const KO_FIGHT: [(&str, &str); 12] = [
    ("D6", "alice"),
    ("E6", "bob"),
    ("C5", "alice"),
    ("F5", "bob"),
    ("D4", "alice"),
    ("E4", "bob"),
    ("E5", "alice"),
    ("D5", "bob"),
    ("A1", "alice"),
    ("J9", "bob"),
    ("E5", "alice"),
    ("J1", "bob"),
];

#[test]
fn a_ko_fight_grows_and_clears_the_ko_list_as_the_engine_does() {
    let h = Home::with_players();
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    let size = BoardSize::new(9).unwrap();
    let mut engine = Game::new(size, Rules::default());
    let mut lengths = Vec::new();
    for (i, (point, who)) in KO_FIGHT.iter().enumerate() {
        if i == 8 {
            let err = h.fails(&["game", "play", "1", "E5", "--as", "alice"], 1);
            assert!(err.contains("(ko)"), "{err}");
        }
        h.ok(&["game", "play", "1", point, "--as", who]);
        engine.play(Move::parse(point, size).unwrap()).unwrap();
        let stored = h.json(&["game", "ko", "1", "--json"]);
        let expected: Vec<Vec<String>> = engine
            .ko_list()
            .entries()
            .iter()
            .map(|e| e.position.rows())
            .collect();
        assert_eq!(
            stored["ko_list"],
            serde_json::json!(expected),
            "after move {}",
            i + 1
        );
        assert_eq!(
            h.json(&["game", "show", "1", "--json"])["ko_list"],
            stored["ko_list"]
        );
        lengths.push(expected.len());
    }
    assert_eq!(lengths, [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]);
    let after_take = h.json(&["game", "show", "1", "--at", "8", "--json"]);
    assert_eq!(
        rows(&after_take["ko_list"][0])[3..6],
        ["...XO....", "..X.XO...", "...XO...."]
    );
    let earlier = h.ok(&["game", "show", "1", "--at", "8"]);
    assert!(
        earlier.contains("\nClock now, after move 12: "),
        "the clock beside an earlier position is the game's clock now:\n{earlier}"
    );
    h.ok(&["game", "verify", "1"]);
}

#[test]
fn game_show_json_has_the_pinned_shape() {
    let h = Home::with_players();
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "5",
    ]);
    let empty = h.ok(&["game", "show", "game1", "--json"]);
    let dots = "\".....\"";
    let board = format!("[{}]", [dots; 5].join(","));
    assert_eq!(
        empty.trim_end(),
        format!(
            "{{\"id\":\"game1\",\"size\":5,\"komi\":7.5,\"handicap\":0,\"ko_rule\":\"list\",\
             \"allow_suicide\":false,\"scoring\":\"area\",\"black\":\"alice\",\"white\":\"bob\",\
             \"status\":\"active\",\"to_move\":\"black\",\"move_number\":0,\
             \"captures\":{{\"black\":0,\"white\":0}},\"last_move\":null,\"board\":{board},\
             \"ko_list\":[],\"result\":null,\"clock\":{{\"days_per_move\":7,\"running\":true,\
             \"to_move\":\"alice\",\"deadline\":\"2026-11-29T12:00:00Z\",\
             \"turn_started\":\"2026-11-22T12:00:00Z\",\"seconds_left\":604800,\
             \"system\":\"per-move\",\"spec\":\"per-move 7d\",\"weekends_off\":false,\
             \"night_hours\":0,\"black\":{{\"main_seconds\":604800,\"periods\":null,\
             \"period_seconds\":null,\"stones\":null,\"runs_out\":\"2026-11-29T12:00:00Z\"}},\
             \"white\":{{\"main_seconds\":604800,\"periods\":null,\"period_seconds\":null,\
             \"stones\":null,\"runs_out\":null}}}},\"rated\":true}}"
        )
    );
    for (point, who) in [
        ("B3", "alice"),
        ("C3", "bob"),
        ("C4", "alice"),
        ("B4", "bob"),
    ] {
        h.ok(&["game", "play", "1", point, "--as", who]);
    }
    for (point, who) in [
        ("D3", "alice"),
        ("A3", "bob"),
        ("C2", "alice"),
        ("B2", "bob"),
    ] {
        h.ok(&["game", "play", "1", point, "--as", who]);
    }
    let g = h.json(&["game", "show", "1", "--json"]);
    assert_eq!(g["move_number"], 8);
    assert_eq!(g["last_move"], "B2");
    assert_eq!(g["to_move"], "black");
    assert_eq!(g["captures"], serde_json::json!({"black": 1, "white": 0}));
    assert_eq!(
        rows(&g["board"]),
        [".....", ".OX..", "OX.X.", ".OX..", "....."]
    );
    assert_eq!(g["ko_list"].as_array().unwrap().len(), 0);
}

#[test]
fn game_show_text_has_a_header_and_the_pinned_board() {
    let h = Home::with_players();
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    for (point, who) in KO_FIGHT.iter().take(8) {
        h.ok(&["game", "play", "Game1", point, "--as", who]);
    }
    insta::assert_snapshot!(h.ok(&["game", "show", "1"]), @r"
    game1: alice (black, X) vs bob (white, O)
    9x9, komi 7.5, handicap 0, ko rule list, area scoring, suicide not allowed
    Active, move 8. Black to move.
    Captures: black 0, white 1. Last move: white D5. Ko position list: 1 board.
    Clock: per-move 7d.
    Black (alice), to play: 7d left for this move (7d a move).
    Runs out if no move comes: 2026-11-29 12:00 UTC.
    White (bob): 7d a move.

        A B C D E F G H J
     9  . . . . . . . . .  9
     8  . . . . . . . . .  8
     7  . . + . . . + . .  7
     6  . . . X O . . . .  6
     5  . . X(O)+ O . . .  5
     4  . . . X O . . . .  4
     3  . . + . . . + . .  3
     2  . . . . . . . . .  2
     1  . . . . . . . . .  1
        A B C D E F G H J
    ");
    let ko = h.ok(&["game", "ko", "1"]);
    assert!(
        ko.starts_with("game1: ko position list, 1 board.\n\nBoard 1:\n"),
        "{ko}"
    );
    assert!(ko.contains(" 5  . . X . X O . . .  5"), "{ko}");
}

#[test]
fn game_sgf_reads_back_through_replay_to_the_same_board() {
    let h = Home::with_players();
    let args = [
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ];
    h.ok(&[&args[..], &["--handicap", "3"]].concat());
    let moves = ["E5", "D5", "E4", "D4", "E6", "D6", "pass", "D3", "E3", "C4"];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "bob" } else { "alice" };
        h.ok(&["game", "play", "1", m, "--as", who]);
    }
    let sgf = h.ok(&["game", "sgf", "1"]);
    assert!(sgf.contains("HA[3]") && sgf.contains("PB[alice]") && sgf.contains("DT[2026-11-22]"));
    let file = h.dir.path().join("game1.sgf");
    std::fs::write(&file, &sgf).unwrap();
    let replay = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("replay")
        .arg(&file)
        .arg("--json")
        .output()
        .unwrap();
    assert!(replay.status.success());
    let replayed: Value = serde_json::from_slice(&replay.stdout).unwrap();
    let shown = h.json(&["game", "show", "1", "--json"]);
    assert_eq!(replayed["board"], shown["board"]);
    assert_eq!(replayed["ko_list"], shown["ko_list"]);
    assert_eq!(replayed["komi"], shown["komi"]);
}

/// Returns the board rows `pbmgo replay FILE --json` ends with.
fn replayed_board(file: &Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("replay")
        .arg(file)
        .arg("--json")
        .output()
        .unwrap();
    serde_json::from_slice::<Value>(&out.stdout).unwrap()["board"].clone()
}

/// A finished handicap game as an import should show it: handicap, komi, moves.
struct Finished<'a> {
    file: &'a Path,
    handicap: u64,
    komi: f64,
    moves: u64,
}

/// Imports a finished handicap game (alice has Black) and an unfinished
/// even game (bob has Black), checks both against `pbmgo replay`, verifies
/// the store and plays on in the unfinished one.
fn import_then_verify(h: &Home, finished: &Finished, even: &Path) {
    let file = finished.file.to_str().unwrap();
    assert_eq!(
        h.ok(&["game", "import", file, "--black", "alice", "--white", "bob"]),
        "game1\n"
    );
    let g = h.json(&["game", "show", "1", "--json"]);
    assert_eq!(
        (g["handicap"].as_u64(), g["komi"].as_f64()),
        (Some(finished.handicap), Some(finished.komi))
    );
    assert_eq!(g["move_number"], finished.moves);
    assert_eq!(g["status"], "scoring");
    assert_eq!(g["board"], replayed_board(finished.file));
    let file = even.to_str().unwrap();
    assert_eq!(
        h.ok(&["game", "import", file, "--black", "bob", "--white", "alice"]),
        "game2\n"
    );
    assert_eq!(
        h.json(&["game", "show", "2", "--json"])["board"],
        replayed_board(even)
    );
    let moves = h.json(&["game", "moves", "2", "--json"]);
    assert_eq!(moves[0]["source"], "import");
    assert_eq!(
        h.ok(&["game", "verify", "1"]),
        "game1: ok, the stored game matches its move list\n"
    );
    assert_eq!(
        h.ok(&["game", "verify"]),
        "Verified 2 games: 2 ok, 0 differ.\n"
    );
    play_on(h, "2");
}

/// Passes in the active game `id` for whoever is to move, then verifies it.
fn play_on(h: &Home, id: &str) {
    let g = h.json(&["game", "show", id, "--json"]);
    assert_eq!(g["status"], "active");
    let next = g[g["to_move"].as_str().unwrap()].as_str().unwrap();
    h.ok(&["game", "play", id, "pass", "--as", next]);
    h.ok(&["game", "verify", id]);
}

#[test]
fn game_import_of_made_games_then_verify_passes() {
    let h = Home::with_players();
    // A pass alone, two passes (the scoring phase, resumed by the next
    // move), and two passes at the end.
    let handicap = made_games::make(&made_games::Plan {
        size: 13,
        handicap: 6,
        moves: 150,
        passes: &[60, 100, 101, 149, 150],
        seed: 13,
    });
    assert_eq!(handicap.handicap.len(), 6);
    let finished = Finished {
        file: &made_file(&h, "handicap", &handicap, 0.5),
        handicap: 6,
        komi: 0.5,
        moves: handicap.moves.len() as u64,
    };
    let even = made_file(&h, "even", &made_games::long_game(), 7.5);
    import_then_verify(&h, &finished, &even);
}

#[test]
#[ignore = "needs ../shared/sgf-corpus beside the checkout: run with --include-ignored there"]
fn game_import_of_corpus_games_then_verify_passes() {
    let h = Home::with_players();
    let finished = Finished {
        file: &corpus("gnugo-regression-games/incident108b.sgf"),
        handicap: 6,
        komi: 0.5,
        moves: 308,
    };
    let even = corpus("computer-go-dataset/alphago/0001.sgf");
    import_then_verify(&h, &finished, &even);
}

/// Imports `file` for alice and bob, which must fail with `code`; returns stderr.
fn import_fails(h: &Home, file: &Path, code: i32) -> String {
    let file = file.to_str().unwrap();
    h.fails(
        &["game", "import", file, "--black", "alice", "--white", "bob"],
        code,
    )
}

#[test]
fn game_import_refuses_bad_records() {
    let h = Home::with_players();
    let dir = h.dir.path();
    // KO_FIGHT's first eight moves, then Black retakes the ko at once.
    let retake = "(;SZ[9];B[dd];W[ed];B[ce];W[fe];B[df];W[ef];B[ee];W[de];B[ee])";
    std::fs::write(dir.join("retake.sgf"), retake).unwrap();
    let err = import_fails(&h, &dir.join("retake.sgf"), 1);
    assert!(err.contains("move 9 (black E5) is illegal (ko)"), "{err}");
    std::fs::write(dir.join("setup.sgf"), "(;SZ[9];B[ee];AB[aa];W[cc])").unwrap();
    let err = import_fails(&h, &dir.join("setup.sgf"), 2);
    assert!(err.contains("adds or removes stones after move 1"), "{err}");
    // A setup whose white stone at A9 has no liberty, and one whose black
    // string B9 A8 has none: neither is a position a game can start from.
    let airless = "(;GM[1]FF[4]SZ[9]AW[aa]AB[ba][ab];B[ee])";
    std::fs::write(dir.join("airless.sgf"), airless).unwrap();
    let err = import_fails(&h, &dir.join("airless.sgf"), 1);
    assert!(
        err.contains("setup is not a legal position: the white stones at A9 have no liberty"),
        "{err}"
    );
    let string = "(;SZ[9]AB[ba][ab][aa]AW[ca][bb][ac];W[ee])";
    std::fs::write(dir.join("string.sgf"), string).unwrap();
    let err = import_fails(&h, &dir.join("string.sgf"), 1);
    assert!(
        err.contains("the black stones at A9 B9 A8 have no liberty"),
        "{err}"
    );
    std::fs::write(dir.join("junk.sgf"), "not sgf").unwrap();
    import_fails(&h, &dir.join("junk.sgf"), 2);
    import_fails(&h, &dir.join("missing.sgf"), 2);
    assert_eq!(h.ok(&["game", "list"]), "No games.\n");
}

#[test]
#[ignore = "needs ../shared/sgf-corpus beside the checkout: run with --include-ignored there"]
fn game_import_refuses_a_corpus_move_only_the_ko_list_forbids() {
    let h = Home::with_players();
    let file = corpus("gnugo-regression-games/gifu2006/gnugo-gorimu.sgf");
    let err = import_fails(&h, &file, 1);
    assert!(err.contains("move 381 (black L7) is illegal (ko)"), "{err}");
    assert_eq!(h.ok(&["game", "list"]), "No games.\n");
}

#[test]
fn a_corrupted_board_fails_verify_naming_the_board() {
    let h = Home::with_players();
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    h.ok(&[
        "game", "new", "--black", "bob", "--white", "alice", "--size", "9",
    ]);
    for (point, who) in KO_FIGHT.iter().take(8) {
        h.ok(&["game", "play", "1", point, "--as", who]);
    }
    h.ok(&["game", "verify"]);
    let mut other = vec!["........."; 9];
    other[0] = "X........";
    let other = Position::from_rows(&other).unwrap();
    h.db()
        .execute("UPDATE games SET board = ?1 WHERE id = 1", [other.encode()])
        .unwrap();
    let out = h.cmd(&["game", "verify"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout,
        "game1: board differs\nVerified 2 games: 1 ok, 1 differs.\n"
    );
    h.cmd(&["game", "verify", "2"]).assert().success();
    h.db()
        .execute(
            "UPDATE games SET captures_white = 5, board = X'0102' WHERE id = 2",
            [],
        )
        .unwrap();
    let out = h.cmd(&["game", "verify", "game2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.starts_with("game2: board cannot be read"),
        "{stdout}"
    );
}

#[test]
fn game_ids_are_read_in_any_form() {
    let h = Home::with_players();
    for _ in 0..42 {
        h.ok(&[
            "game", "new", "--black", "alice", "--white", "bob", "--size", "5",
        ]);
    }
    let shown: Vec<Value> = ["game42", "Game42", "42", "GAME42"]
        .iter()
        .map(|id| h.json(&["game", "show", id, "--json"]))
        .collect();
    assert!(shown.iter().all(|g| g["id"] == "game42"));
    h.ok(&["game", "play", "Game42", "C3", "--as", "alice"]);
    assert_eq!(h.json(&["game", "show", "42", "--json"])["move_number"], 1);
    h.fails(&["game", "show", "game43"], 2);
    h.fails(&["game", "show", "game0"], 2);
    h.fails(&["game", "show", "g42"], 2);
    let active = h.json(&[
        "game", "list", "--status", "active", "--player", "BOB", "--json",
    ]);
    assert_eq!(active.as_array().unwrap().len(), 42);
    assert_eq!(
        h.ok(&["game", "list", "--status", "finished"]),
        "No games.\n"
    );
}

#[test]
fn an_unusable_database_exits_2_and_an_unreadable_config_78_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
    cmd.arg("--home").arg(&file).args(["game", "list"]);
    fails_with(cmd, &["game", "list"], 78);
    let h = Home::new();
    std::fs::create_dir_all(h.path()).unwrap();
    std::fs::write(h.path().join("pbmgo.sqlite3"), "x".repeat(4096)).unwrap();
    let err = h.fails(&["game", "list"], 2);
    assert!(err.contains("cannot open database"), "{err}");
    let h = Home::new();
    std::fs::create_dir_all(h.path()).unwrap();
    std::fs::write(h.path().join("pbmgo.toml"), "[database]\npaht = \"x\"\n").unwrap();
    let err = h.fails(&["init"], 78);
    assert!(err.contains("line 2") && err.contains("paht"), "{err}");
    let err = h.fails(&["--config", "/nonexistent/pbmgo.toml", "game", "list"], 78);
    assert!(err.contains("cannot read config"), "{err}");
}

#[test]
fn the_config_moves_the_database() {
    let h = Home::bare();
    let config = h.dir.path().join("other.toml");
    std::fs::write(&config, "[database]\npath = \"db/games.sqlite3\"\n").unwrap();
    let c = config.to_str().unwrap();
    h.ok(&["--config", c, "init"]);
    h.ok(&["--config", c, "player", "add", "alice", "a@x.org"]);
    assert!(h.path().join("db/games.sqlite3").exists());
    assert!(!h.path().join("pbmgo.sqlite3").exists());
    assert!(
        h.ok(&["--config", c, "player", "list"])
            .starts_with("alice")
    );
    let err = h.fails(&["player", "list"], 78);
    assert!(err.contains("no pbmgo home at"), "without --config: {err}");
}

#[test]
fn moves_text_and_at_move_views() {
    let h = Home::with_players();
    h.ok(&[
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ]);
    let size = BoardSize::new(9).unwrap();
    let mut engine = Game::new(size, Rules::default());
    let mut boards = vec![engine.position().rows()];
    for (point, who) in KO_FIGHT {
        h.ok(&["game", "play", "1", point, "--as", who]);
        engine.play(Move::parse(point, size).unwrap()).unwrap();
        boards.push(engine.position().rows());
    }
    for (n, board) in boards.iter().enumerate() {
        let at = h.json(&["game", "show", "1", "--at", &n.to_string(), "--json"]);
        assert_eq!(at["board"], serde_json::json!(board), "at {n}");
        assert_eq!(at["move_number"], n);
    }
    h.fails(&["game", "show", "1", "--at", "13"], 2);
    let text = h.ok(&["game", "moves", "1"]);
    assert_eq!(text.lines().count(), KO_FIGHT.len());
    assert_eq!(
        text.lines().nth(7).unwrap(),
        "   8 white D5    captures 1   2026-11-22T12:00:00Z cli"
    );
}

#[test]
fn a_record_longer_than_a_few_moves_round_trips_through_the_store() {
    let made = made_games::long_game();
    let h = Home::with_players();
    h.ok(&["game", "new", "--black", "alice", "--white", "bob"]);
    let mut engine = Game::new(made.size, Rules::default());
    for &(color, mv) in made.moves.iter().take(40) {
        let who = if color == Color::Black {
            "alice"
        } else {
            "bob"
        };
        h.ok(&["game", "play", "1", &mv.to_string(), "--as", who]);
        engine.play_checked(color, mv).unwrap();
    }
    let g = h.json(&["game", "show", "1", "--json"]);
    assert_eq!(g["board"], serde_json::json!(engine.position().rows()));
    h.ok(&["game", "verify"]);
}
