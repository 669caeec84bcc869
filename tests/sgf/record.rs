//! The full record of a game played by mail: a counted 5x5 game with the
//! players' words (one with `]` and `\`), read with sgfmill (the parser
//! behind the reference checker) for its game information, its comments at
//! the moves they came with, and its territory (`TB`/`TW`), then replayed
//! with `pbmgo replay` and counted from that replay to the same result.

use std::collections::HashSet;
use std::process::Command;

use serde_json::Value;

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::lifecycle::*;

/// Reads an SGF file with sgfmill: root properties, every node's comment,
/// and the last node's territory as sgfmill (row, col) points.
const READ_WITH_SGFMILL: &str = r#"
import json, sys
from sgfmill import sgf
game = sgf.Sgf_game.from_bytes(open(sys.argv[1], "rb").read())
root = game.get_root()
nodes = game.get_main_sequence()
last = nodes[-1]
get = lambda n, p: n.get(p) if n.has_property(p) else None
print(json.dumps({
    "props": {p: get(root, p) for p in ["GN", "PB", "PW", "DT", "PC", "RU", "RE"]},
    "komi": game.get_komi(),
    "comments": [get(n, "C") for n in nodes],
    "moves": [n.get_move()[1] is not None or n.get_move()[0] is not None for n in nodes],
    "tb": sorted(get(last, "TB") or []),
    "tw": sorted(get(last, "TW") or []),
}))
"#;

/// A 5x5 game as `lifecycle_scoring` plays it (Black walls column C, White
/// column D, a white stone at A4 inside Black's area), with words: alice's
/// first move carries a line with `]` and `\`, bob says something after his
/// reply and writes a word with his last pass, A4 is marked dead, and bob's
/// `done` that ends the game carries words too (beside a refused command).
fn counted_game_with_words() -> Harness {
    let h = harness();
    send(&h, ALICE, "challenge bob size 5 color black komi 0.5");
    send(&h, BOB, "accept game1");
    send(&h, ALICE, "move game1 C1\nHave fun ] with a \\ backslash");
    assert_eq!(results(&h, ALICE), ["move game1 C1 => ok"]);
    send(&h, BOB, "move game1 D1");
    send(&h, BOB, "say game1 good luck to you");
    play(
        &h,
        "game1",
        ALICE,
        &[
            "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A4", "pass",
        ],
    );
    send(&h, BOB, "pass game1\nWell played");
    assert_eq!(results(&h, BOB), ["pass game1 => ok"]);
    send(&h, ALICE, "dead game1 a4");
    send(&h, ALICE, "done game1");
    send(&h, BOB, "resign game7\ndone game1\nThanks for the game");
    assert_eq!(h.show("game1")["result"], "B+4.5");
    h
}

fn sgfmill_reads(path: &std::path::Path) -> Value {
    let out = Command::new("python3")
        .args(["-c", READ_WITH_SGFMILL])
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn replay_json(path: &std::path::Path) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .args(["replay", "--json"])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

fn points(v: &Value) -> HashSet<(usize, usize)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_u64().unwrap() as usize,
                p[1].as_u64().unwrap() as usize,
            )
        })
        .collect()
}

#[test]
#[ignore = "needs python3 with sgfmill (pip install sgfmill; .ci/run installs it): run with --include-ignored there"]
fn a_counted_game_with_words_reads_in_sgfmill_and_replays_to_its_result() {
    let h = counted_game_with_words();
    let over = letters(&h, ALICE, "game-over").pop().unwrap();
    let sgf = attached_sgf(&over);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game1.sgf");
    std::fs::write(&path, &sgf).unwrap();

    let read = sgfmill_reads(&path);
    let props = &read["props"];
    assert_eq!(props["PB"], "alice", "{sgf}");
    assert_eq!(props["PW"], "bob");
    assert_eq!(props["RE"], "B+4.5");
    assert_eq!(props["RU"], "Chinese");
    assert_eq!(props["GN"], "game1: alice vs bob");
    assert_eq!(props["PC"], "pbmgo");
    assert!(props["DT"].as_str().unwrap().starts_with("20"), "{sgf}");
    assert_eq!(read["komi"], 0.5);

    let comments = read["comments"].as_array().unwrap();
    assert_eq!(comments.len(), 15, "root + 14 moves: {sgf}");
    assert_eq!(comments[0], Value::Null);
    assert_eq!(
        comments[1], "alice: Have fun ] with a \\ backslash",
        "{sgf}"
    );
    assert_eq!(comments[2], "bob: good luck to you");
    assert!(comments[3..14].iter().all(Value::is_null), "{sgf}");
    let last = comments[14].as_str().unwrap();
    assert!(
        last.starts_with("bob: Well played\nbob: Thanks for the game\nDead stones: A4\n"),
        "{last}"
    );
    assert!(last.contains("Black wins by 4.5 (B+4.5)"), "{last}");

    // Black: columns A and B, the dead white stone at A4 included; White: column E.
    let (tb, tw) = (points(&read["tb"]), points(&read["tw"]));
    let column = |c: usize| (0..5).map(|r| (r, c)).collect::<HashSet<_>>();
    assert_eq!(tb, &column(0) | &column(1));
    assert_eq!(tw, column(4));

    // Replayed, every move is legal; counted by area from the replayed
    // board and TB/TW (stones on the other side's territory are dead), the
    // result is the one recorded.
    let replayed = replay_json(&path);
    let verdicts = replayed["moves"].as_array().unwrap();
    assert_eq!(verdicts.len(), 14);
    assert!(verdicts.iter().all(|m| m["verdict"] == "ok"), "{replayed}");
    let rows: Vec<&str> = replayed["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    let stones = |ch: char, other: &HashSet<(usize, usize)>| {
        let mut n = 0;
        for (i, row) in rows.iter().enumerate() {
            for (col, c) in row.chars().enumerate() {
                n += usize::from(c == ch && !other.contains(&(rows.len() - 1 - i, col)));
            }
        }
        n as f64
    };
    let black = stones('X', &tw) + tb.len() as f64;
    let white = stones('O', &tb) + tw.len() as f64 + replayed["komi"].as_f64().unwrap();
    assert_eq!(format!("B+{}", black - white), "B+4.5");
}

#[test]
fn game_sgf_prints_the_same_record() {
    let h = counted_game_with_words();
    let over = letters(&h, ALICE, "game-over").pop().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(h.path())
        .args(["game", "sgf", "game1"])
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let printed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(printed.trim_end(), attached_sgf(&over).trim_end());
}

/// The SGF of a game in which alice took back a move she had written
/// words beside, as `game sgf` prints it.
fn record_with_a_move_taken_back() -> String {
    let h = harness();
    send(&h, ALICE, "challenge bob size 9 color black");
    send(&h, BOB, "accept game1\nGood luck");
    send(&h, ALICE, "move game1 C3\nfirst");
    send(&h, BOB, "move game1 G7");
    send(&h, ALICE, "move game1 E5\nOops, a slip");
    send(&h, ALICE, "undo game1");
    send(&h, BOB, "undo game1");
    assert_eq!(results(&h, BOB), ["undo game1 => ok"]);
    send(&h, ALICE, "move game1 D4\nbetter");
    let out = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(h.path())
        .args(["game", "sgf", "game1"])
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The words of the record, in order.
const TAKEN_BACK_WORDS: [&str; 4] = [
    "bob: Good luck",
    "alice: first",
    "alice: Oops, a slip",
    "alice: better",
];

#[test]
fn words_of_a_move_taken_back_stay_in_the_record() {
    let sgf = record_with_a_move_taken_back();
    let comments: Vec<&str> = sgf
        .lines()
        .filter_map(|l| l.strip_prefix("C[")?.strip_suffix(']'))
        .collect();
    assert_eq!(comments, TAKEN_BACK_WORDS, "{sgf}");
}

#[test]
#[ignore = "needs python3 with sgfmill (pip install sgfmill; .ci/run installs it): run with --include-ignored there"]
fn words_of_a_move_taken_back_read_the_same_in_sgfmill() {
    let sgf = record_with_a_move_taken_back();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game1.sgf");
    std::fs::write(&path, &sgf).unwrap();
    let comments = sgfmill_reads(&path)["comments"].clone();
    assert_eq!(comments, serde_json::json!(TAKEN_BACK_WORDS), "{sgf}");
}
