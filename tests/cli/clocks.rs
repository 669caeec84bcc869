//! The clock a script reads (issue 28): `game show --json`'s `clock` in
//! each time system's terms (the system, its text, weekends and nights,
//! each player's time left and when it runs out), the `game show` lines,
//! and the game record's `TM`/`OT` and `BL`/`WL`/`OB`/`OW`, for games made
//! with `game new --time` and moves played by mail at pinned times.
//! Every number is worked out by hand from the system's rules.

use serde_json::{Value, json};

use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{NOW, PbmgoHome};

const H: i64 = 3600;
const D: i64 = 24 * H;

/// A home with game1, alice (Black) against bob on 9x9, started at NOW
/// (Sunday 2026-11-22 12:00 UTC) under `time` and the `extra` flags.
fn game(time: &str, extra: &[&str]) -> PbmgoHome {
    let h = home();
    let mut args = vec![
        "game",
        "new",
        "--black",
        "alice",
        "--white",
        "bob",
        "--size",
        "9",
        "--time",
        time,
        "--no-mail",
    ];
    args.extend_from_slice(extra);
    assert_eq!(h.ok(&args).trim(), "game1");
    h
}

/// `game show game1 --json`'s clock at `now`.
fn clock_at(h: &PbmgoHome, now: &str) -> Value {
    let out = h.ok_at(&["game", "show", "game1", "--json"], now);
    serde_json::from_str::<Value>(&out).unwrap()["clock"].clone()
}

/// Plays `body` by mail from `from` at `now`; the move must be applied.
fn play(h: &PbmgoHome, from: &str, body: &str, now: &str) {
    let counts = send_at(h, from, body, now);
    assert_eq!(counts.applied, 1, "{body} at {now}: {counts:?}");
}

/// One player's clock as the JSON gives it.
fn side(main: Option<i64>, byoyomi: Option<(u32, i64)>, canadian: Option<(i64, u32)>) -> Value {
    json!({
        "main_seconds": main,
        "periods": byoyomi.map(|b| b.0),
        "period_seconds": byoyomi.map(|b| b.1).or(canadian.map(|c| c.0)),
        "stones": canadian.map(|c| c.1),
    })
}

/// `clock`'s side of `color` without its `runs_out`, and that.
fn split(clock: &Value, color: &str) -> (Value, Value) {
    let mut side = clock[color].clone();
    let runs_out = side.as_object_mut().unwrap().remove("runs_out").unwrap();
    (side, runs_out)
}

#[test]
fn fischer_adds_the_bonus_and_the_record_keeps_the_time_left() {
    let h = game("fischer 3d+1d max 7d", &[]);
    let c = clock_at(&h, NOW);
    assert_eq!(
        (
            &c["system"],
            &c["spec"],
            &c["weekends_off"],
            &c["night_hours"]
        ),
        (
            &json!("fischer"),
            &json!("fischer 3d+1d max 7d"),
            &json!(false),
            &json!(0)
        ),
        "{c}"
    );
    // Black moves 30 hours in: 3d - 30h + 1d.
    play(&h, ALICE, "move game1 e5", "2026-11-23T18:00:00Z");
    let c = clock_at(&h, "2026-11-24T18:00:00Z");
    assert_eq!(
        split(&c, "black"),
        (side(Some(66 * H), None, None), Value::Null),
        "{c}"
    );
    // White's clock runs from Black's move: a day gone of three.
    let (white, runs_out) = split(&c, "white");
    assert_eq!(white, side(Some(2 * D), None, None), "{c}");
    assert_eq!(runs_out, "2026-11-26T18:00:00Z");
    assert_eq!(
        (
            &c["running"],
            &c["to_move"],
            &c["deadline"],
            &c["seconds_left"]
        ),
        (&json!(true), &json!("bob"), &runs_out, &json!(2 * D)),
        "{c}"
    );
    assert_eq!(c["turn_started"], "2026-11-23T18:00:00Z");
    // White moves a day in: 3d - 1d + 1d.
    play(&h, BOB, "move game1 c3", "2026-11-24T18:00:00Z");
    let text = h.ok_at(&["game", "show", "game1"], "2026-11-24T18:00:00Z");
    assert!(
        text.contains(
            "Clock: fischer 3d+1d max 7d.\n\
             Black (alice), to play: 2d 18h + 1d a move (max 7d).\n\
             Runs out if no move comes: 2026-11-27 12:00 UTC.\n\
             White (bob): 3d + 1d a move (max 7d).\n"
        ),
        "{text}"
    );
    let sgf = h.ok_at(&["game", "sgf", "game1"], "2026-11-24T18:00:00Z");
    assert!(sgf.contains("\nTM[259200]OT[86400 fischer]\n"), "{sgf}");
    assert!(sgf.contains(";B[ee]BL[237600];W[cg]WL[259200]"), "{sgf}");
}

#[test]
fn byoyomi_counts_periods_and_the_record_gives_the_periods_left() {
    let h = game("byoyomi 1d+3x1d", &[]);
    // 2.5 days in: the day of main time and one period gone, half of
    // the next used.
    let at = "2026-11-25T00:00:00Z";
    let c = clock_at(&h, at);
    let (black, runs_out) = split(&c, "black");
    assert_eq!(black, side(Some(0), Some((2, 12 * H)), None), "{c}");
    assert_eq!(runs_out, "2026-11-26T12:00:00Z");
    assert_eq!(
        split(&c, "white"),
        (side(Some(D), Some((3, D)), None), Value::Null)
    );
    let text = h.ok_at(&["game", "show", "game1"], at);
    assert!(
        text.contains(
            "Clock: byoyomi 1d+3x1d.\n\
             Black (alice), to play: in byo-yomi, 2 of 3 periods of 1d left, 12h left in this one.\n"
        ),
        "{text}"
    );
    // A move within the period keeps it, full again.
    play(&h, ALICE, "move game1 e5", at);
    let c = clock_at(&h, at);
    assert_eq!(
        split(&c, "black"),
        (side(Some(0), Some((2, D)), None), Value::Null)
    );
    // White moves within main time.
    play(&h, BOB, "move game1 c3", "2026-11-25T06:00:00Z");
    let sgf = h.ok_at(&["game", "sgf", "game1"], at);
    assert!(sgf.contains("\nTM[86400]OT[3x86400 byo-yomi]\n"), "{sgf}");
    assert!(
        sgf.contains(";B[ee]BL[86400]OB[2];W[cg]WL[64800]\n"),
        "{sgf}"
    );
}

#[test]
fn canadian_counts_stones_in_the_block() {
    let h = game("canadian 1d+2/2d", &[]);
    // Black moves 1.5 days in: the day of main time, then 12 hours of the
    // block for its first stone.
    play(&h, ALICE, "move game1 e5", "2026-11-24T00:00:00Z");
    // White moves 6 hours later, in main time.
    play(&h, BOB, "move game1 c3", "2026-11-24T06:00:00Z");
    let c = clock_at(&h, "2026-11-24T12:00:00Z");
    let (black, runs_out) = split(&c, "black");
    assert_eq!(black, side(Some(0), None, Some((36 * H - 6 * H, 1))), "{c}");
    assert_eq!(runs_out, "2026-11-25T18:00:00Z");
    assert_eq!(
        split(&c, "white"),
        (side(Some(18 * H), None, Some((2 * D, 2))), Value::Null)
    );
    assert_eq!(
        (&c["system"], &c["spec"]),
        (&json!("canadian"), &json!("canadian 1d+2/2d"))
    );
    let text = h.ok_at(&["game", "show", "game1"], "2026-11-24T12:00:00Z");
    assert!(
        text.contains(
            "Black (alice), to play: 1d 6h left for 1 of 2 stones.\n\
             Runs out if no move comes: 2026-11-25 18:00 UTC.\n\
             White (bob): 18h main time, then 2 stones in 2d.\n"
        ),
        "{text}"
    );
    let sgf = h.ok_at(&["game", "sgf", "game1"], NOW);
    assert!(sgf.contains("\nTM[86400]OT[2/172800 Canadian]\n"), "{sgf}");
    assert!(
        sgf.contains(";B[ee]BL[129600]OB[1];W[cg]WL[64800]\n"),
        "{sgf}"
    );
}

#[test]
fn absolute_has_one_bank_and_no_overtime() {
    let h = game("absolute 30d", &["--night", "9h"]);
    play(&h, ALICE, "move game1 e5", "2026-12-02T12:00:00Z");
    let c = clock_at(&h, "2026-12-02T12:00:00Z");
    assert_eq!(
        (&c["system"], &c["night_hours"]),
        (&json!("absolute"), &json!(9))
    );
    // Ten days, less each night's 9 hours, count: 10 x 15h.
    assert_eq!(
        split(&c, "black"),
        (side(Some(30 * D - 150 * H), None, None), Value::Null)
    );
    let sgf = h.ok_at(&["game", "sgf", "game1"], NOW);
    assert!(sgf.contains("\nTM[2592000]\n"), "{sgf}");
    assert!(!sgf.contains("OT["), "{sgf}");
    assert!(sgf.contains(";B[ee]BL[2052000]\n"), "{sgf}");
    let text = h.ok(&["game", "show", "game1"]);
    assert!(text.contains("Clock: absolute 30d, night 9h.\n"), "{text}");
}

#[test]
fn per_move_with_weekends_off_and_a_clock_that_ran_out() {
    let h = game("per-move 5d", &["--weekends-off"]);
    // The game starts on a Sunday: Black's time counts from Monday.
    let c = clock_at(&h, "2026-11-23T12:00:00Z");
    assert_eq!(
        (&c["system"], &c["weekends_off"]),
        (&json!("per-move"), &json!(true))
    );
    let (black, runs_out) = split(&c, "black");
    assert_eq!(black, side(Some(5 * D - 12 * H), None, None), "{c}");
    assert_eq!(runs_out, "2026-11-28T00:00:00Z");
    assert_eq!(c["deadline"], runs_out);
    assert_eq!(
        split(&c, "white"),
        (side(Some(5 * D), None, None), Value::Null)
    );
    // Past the deadline, before `tick` ends the game: nothing left.
    let late = "2026-11-28T01:00:00Z";
    let c = clock_at(&h, late);
    assert_eq!(split(&c, "black").0, side(Some(0), None, None), "{c}");
    let text = h.ok_at(&["game", "show", "game1"], late);
    assert!(
        text.contains("Clock: per-move 5d, weekends off.\nBlack (alice): the time is up.\n"),
        "{text}"
    );
    play(&h, ALICE, "move game1 e5", "2026-11-23T12:00:00Z");
    let sgf = h.ok_at(&["game", "sgf", "game1"], NOW);
    assert!(sgf.contains("\nTM[432000]OT[432000 simple]\n"), "{sgf}");
    assert!(sgf.contains(";B[ee]BL[432000]\n"), "{sgf}");
}

#[test]
fn no_clock_has_no_times() {
    let h = game("none", &[]);
    play(&h, ALICE, "move game1 e5", "2026-12-22T12:00:00Z");
    let c = clock_at(&h, "2026-12-22T12:00:00Z");
    assert_eq!(
        (&c["system"], &c["spec"], &c["running"]),
        (&json!("none"), &json!("none"), &json!(false))
    );
    for color in ["black", "white"] {
        assert_eq!(
            split(&c, color),
            (side(None, None, None), Value::Null),
            "{c}"
        );
    }
    let text = h.ok(&["game", "show", "game1"]);
    assert!(text.contains("Clock: none (no time limit).\n"), "{text}");
    let sgf = h.ok(&["game", "sgf", "game1"]);
    for prop in ["TM[", "OT[", "BL[", "WL["] {
        assert!(!sgf.contains(prop), "{sgf}");
    }
}

#[test]
fn a_record_with_times_imports_again() {
    let h = game("byoyomi 1d+3x1d", &[]);
    play(&h, ALICE, "move game1 e5", "2026-11-25T00:00:00Z");
    play(&h, BOB, "move game1 c3", "2026-11-25T06:00:00Z");
    let sgf = h.ok(&["game", "sgf", "game1"]);
    assert!(sgf.contains("OB[2]"), "{sgf}");
    let file = h.path().join("game1.sgf");
    std::fs::write(&file, &sgf).unwrap();
    let out = h.ok(&[
        "game",
        "import",
        file.to_str().unwrap(),
        "--black",
        "alice",
        "--white",
        "bob",
    ]);
    assert!(out.contains("game2"), "{out}");
    let g = h.json(&["game", "show", "game2"]);
    assert_eq!(
        (&g["move_number"], &g["last_move"]),
        (&json!(2), &json!("C3")),
        "{g}"
    );
}
