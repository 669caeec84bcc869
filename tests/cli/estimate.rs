//! The server's proposed count on the command line (issue 18):
//! `pbmgo replay FILE --estimate [--json]` on a small record written here
//! (the pinned `"estimate": {"dead": [...], "result": "..."}` added after
//! the other keys, the result under the record's own rules and komi), and
//! `pbmgo game show GAME --estimate` for a game being scored.

use crate::common::pbmgo_home::PbmgoHome;
use serde_json::Value;

/// A settled 9x9 position: a dead white stone at B5 in Black's area and a
/// dead black stone at G6 in White's.
const SETTLED: [&str; 9] = [
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

/// The record: `SETTLED` set up in the root, then two passes.
fn record(rules: &str, komi: &str) -> String {
    let (mut black, mut white) = (String::new(), String::new());
    for (row, line) in SETTLED.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let point = format!(
                "[{}{}]",
                (b'a' + col as u8) as char,
                (b'a' + row as u8) as char
            );
            match c {
                'X' => black.push_str(&point),
                'O' => white.push_str(&point),
                _ => {}
            }
        }
    }
    format!("(;GM[1]FF[4]SZ[9]KM[{komi}]RU[{rules}]AB{black}AW{white};B[];W[])")
}

fn replay(h: &PbmgoHome, sgf: &str, extra: &[&str]) -> String {
    let file = h.path().join("settled.sgf");
    std::fs::write(&file, sgf).unwrap();
    let mut args = vec!["replay", file.to_str().unwrap()];
    args.extend_from_slice(extra);
    h.ok(&args)
}

#[test]
fn replay_estimate_json_adds_the_pinned_object_after_the_other_keys() {
    let h = PbmgoHome::new();
    let out = replay(&h, &record("Japanese", "6.5"), &["--estimate", "--json"]);
    // The pinned object, last, after the keys `replay --json` always had.
    assert!(
        out.trim_end()
            .ends_with(r#""result":null,"estimate":{"dead":["B5","G6"],"result":"W+9.5"}}"#),
        "{out}"
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_object().unwrap().len(), 9, "{out}");
    // Area (Chinese) with komi 7.5: Black 19 + 22 stones, White 22 + 18 + 7.5.
    let out = replay(&h, &record("Chinese", "7.5"), &["--estimate", "--json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["estimate"]["dead"], serde_json::json!(["B5", "G6"]));
    assert_eq!(v["estimate"]["result"], "W+6.5");
    // Without --estimate the object is as before.
    let plain: Value =
        serde_json::from_str(&replay(&h, &record("Japanese", "6.5"), &["--json"])).unwrap();
    assert!(plain.get("estimate").is_none(), "{plain}");
    let text = replay(&h, &record("Japanese", "6.5"), &["--estimate"]);
    assert!(
        text.contains("Proposed count: 2 stones dead: B5 G6."),
        "{text}"
    );
    assert!(text.contains("White wins by 9.5 (W+9.5)"), "{text}");
}

#[test]
fn game_show_estimate_shows_the_proposal_of_a_game_being_scored() {
    let h = PbmgoHome::new();
    h.ok(&["player", "add", "alice", "alice@example.org"]);
    h.ok(&["player", "add", "bob", "bob@example.org"]);
    let new = [
        "game", "new", "--black", "alice", "--white", "bob", "--size", "5",
    ];
    h.ok(&[&new[..], &["--komi", "0.5"]].concat());
    let err = h
        .cmd(&["game", "show", "1", "--estimate"])
        .output()
        .unwrap();
    assert!(!err.status.success());
    let moves = [
        "C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5", "pass", "A4", "pass", "pass",
    ];
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        h.ok(&["game", "play", "1", m, "--as", who]);
    }
    let shown = h.json(&["game", "show", "1", "--estimate"]);
    assert_eq!(shown["status"], "scoring");
    assert_eq!(
        shown["estimate"],
        serde_json::json!({"dead": ["A4"], "result": "B+4.5"})
    );
    assert!(h.json(&["game", "show", "1"]).get("estimate").is_none());
    let text = h.ok(&["game", "show", "1", "--estimate"]);
    assert!(text.contains("Proposed count: 1 stone dead: A4."), "{text}");
    assert!(text.contains("Black wins by 4.5 (B+4.5)"), "{text}");
}
