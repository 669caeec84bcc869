//! A whole game played by mail, one mail per move from the two players'
//! addresses in the forms players write (`move`, `play ...#N`, `pass`, a
//! thread reply with just the point, a Subject-only command, capitals and
//! a signature). The final board must equal `pbmgo replay` of the record,
//! every move must be accepted, and the opponent gets one "your move" mail
//! per move, with one poll for all and with a poll every few mails: the
//! smoke test of `pbmgo poll`. A move in the scoring phase is checked
//! in-process, on the pipeline harness.
//!
//! The game is made by our engine (`common/made_games.rs`): 9x9, 87 moves
//! with passes in the middle and two at the end; with its seed 27 stones
//! are captured (11 in one move), one of the captures ko-shaped. An
//! `#[ignore]`d test plays a real game of the shared corpus
//! (`../shared/sgf-corpus`, beside the checkout; `.ci/run` runs it) the same
//! way: GNU Go against Atarist (Olympiad 2006, 9x9, 87 moves, a 12-stone
//! capture).

use crate::common::harness::Harness;
use crate::common::home::Home;
use crate::common::made_games;
use crate::common::pbmgo_home;

use std::path::{Path, PathBuf};

use pbmgo_home::{MailBuilder, PbmgoHome, counts, mail};
use serde_json::Value;

const ALICE: &str = "Alice Liddell <alice@example.org>";
const BOB: &str = "bob@example.org";

/// The made game: passes at moves 24 and 49 (two of the pass mail forms)
/// and at 86 and 87 (the third form, then the first again).
fn made_game() -> made_games::MadeGame {
    made_games::make(&made_games::Plan {
        size: 9,
        handicap: 0,
        moves: 87,
        passes: &[24, 49, 86, 87],
        seed: 8,
    })
}

/// The made game as (colour, point) pairs, as `pbmgo replay` names them.
fn made_line() -> Vec<(String, String)> {
    made_game()
        .moves
        .iter()
        .map(|(color, mv)| (color.to_string(), mv.to_string()))
        .collect()
}

/// Writes the made game as an SGF record in `dir`; returns its path.
fn made_record(dir: &Path) -> PathBuf {
    let file = dir.join("made.sgf");
    std::fs::write(&file, made_games::sgf(&made_game(), 7.5)).unwrap();
    file
}

/// The corpus game; panics when the corpus is not beside the checkout.
fn corpus_record() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/sgf-corpus");
    assert!(
        root.is_dir(),
        "the shared SGF corpus is missing at {}: run this test in a checkout with ../shared beside it",
        root.display()
    );
    root.join("gnugo-regression-games/olympiad2006/9x9/gnu-atarist.sgf")
}

/// `pbmgo replay --json` of `record`.
fn replay(record: &Path) -> Value {
    let h = PbmgoHome::new();
    let out = h.ok(&["replay", record.to_str().unwrap(), "--json"]);
    serde_json::from_str(&out).unwrap()
}

/// The stones captured by each move of a replay.
fn captures(replay: &Value) -> Vec<u64> {
    replay["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["captures"].as_u64().unwrap())
        .collect()
}

/// The main line as (colour, point) pairs, every move legal.
fn main_line(replay: &Value) -> Vec<(String, String)> {
    let moves = replay["moves"].as_array().unwrap();
    assert!(moves.iter().all(|m| m["verdict"] == "ok"));
    moves
        .iter()
        .map(|m| {
            (
                m["color"].as_str().unwrap().to_string(),
                m["point"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The mail for move `n` (from 1) at `point`, in one of several forms.
fn move_mail(n: usize, color: &str, point: &str) -> MailBuilder {
    let from = if color == "black" { ALICE } else { BOB };
    let lower = point.to_lowercase();
    let thread = format!(
        "Re: [game1] Your move: someone played somewhere (move {})",
        n - 1
    );
    let quote =
        "On Sun, 22 Nov 2026 at 10:00, pbmgo <games@pbmgo.example> wrote:\n> move game1 a1\n";
    match (point, n % 6) {
        ("pass", 0 | 3) => mail(from, "pass", "pass game1"),
        ("pass", 1 | 4) => mail(from, &thread, &format!("pass\n\n{quote}")),
        ("pass", _) => mail(from, "passing", &format!("move game1 pass#{n}")),
        (_, 0) => mail(from, "my move", &format!("move game1 {lower}")),
        (_, 1) => mail(from, "my move", &format!("play game1 {point}#{n}")),
        (_, 2) => mail(from, &thread, &format!("{lower}\n\n{quote}")),
        (_, 3) => mail(from, &format!("move game1 {point}"), ""),
        (_, 4) => mail(
            from,
            "Re: [game1] Your move",
            &format!("{point} #{n}\nGood game so far!\n\n{quote}"),
        ),
        _ => mail(
            from,
            "next",
            &format!("MOVE GAME1 {point}\nThanks\n-- \nmove game1 a1\n"),
        ),
    }
}

fn home() -> PbmgoHome {
    with_game(PbmgoHome::with_config(LIMITS))
}

fn harness() -> Harness {
    with_game(Harness::with_config(LIMITS))
}

const LIMITS: &str = "[limits]\nmax_replies_per_hour = 1000\n";

fn with_game<H: Home>(h: H) -> H {
    h.player("alice", "alice@example.org");
    h.player("bob", BOB);
    assert_eq!(h.game_new("alice", "bob", 9), "game1");
    h
}

/// Checks the finished game: board, moves, transcripts and "your move" mails.
fn check(h: &PbmgoHome, replay: &Value, line: &[(String, String)]) {
    let game = h.show("game1");
    assert_eq!(game["board"], replay["board"], "{game}");
    assert_eq!(game["move_number"], line.len());
    assert_eq!(game["status"], "scoring", "the record ends with two passes");
    let moves: Vec<(String, String)> = h
        .moves("game1")
        .iter()
        .map(|m| {
            (
                m["color"].as_str().unwrap().to_string(),
                m["point"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(moves, line);
    h.ok(&["game", "verify", "game1"]); // exits 1 when the stored state differs from a replay

    let sent = h.sent();
    assert_eq!(sent.len(), 2 * line.len());
    let notes: Vec<_> = sent.iter().filter(|m| m.kind() == "your-move").collect();
    assert_eq!(notes.len(), line.len(), "one 'your move' mail per move");
    for (n, (note, (color, point))) in notes.iter().zip(line).enumerate() {
        let opponent = if color == "black" {
            BOB
        } else {
            "alice@example.org"
        };
        assert_eq!(note.recipient(), opponent, "move {}", n + 1);
        let said = if point == "pass" {
            "passed".to_string()
        } else {
            format!("played {point}")
        };
        let expected = "in game1".to_string();
        assert!(
            note.text.contains(&said) && note.text.contains(&expected),
            "move {}: {}",
            n + 1,
            note.text
        );
        assert_eq!(note.header("X-Pbmgo-Game"), Some("game1"));
    }
    // A game made with `game new` is threaded under a root both players'
    // start letters refer to.
    let root = notes[0].header("In-Reply-To").expect("threaded");
    for note in &notes[1..] {
        assert_eq!(
            note.header("In-Reply-To"),
            Some(root),
            "threaded under the root"
        );
    }
    for reply in sent.iter().filter(|m| m.kind() == "reply") {
        assert!(reply.rejected().is_empty(), "{}", reply.text);
        assert_eq!(reply.results().len(), 1, "{}", reply.text);
    }
}

/// Plays the game of `replay` by mail, all mails in one poll.
fn play_in_one_poll(replay: &Value, line: &[(String, String)]) {
    let h = home();
    for (i, (color, point)) in line.iter().enumerate() {
        h.drop_mail(&move_mail(i + 1, color, point).bytes());
    }
    let got = counts(&h.poll());
    let n = line.len() as u32;
    assert_eq!(
        (got.processed, got.applied, got.sent),
        (n, n, 2 * n),
        "{got:?}"
    );
    check(&h, replay, line);
}

/// Plays the game of `replay` by mail, a poll every nine mails.
fn play_a_few_mails_per_poll(replay: &Value, line: &[(String, String)]) {
    let h = home();
    let mut minute = 0;
    for chunk in line.iter().enumerate().collect::<Vec<_>>().chunks(9) {
        for (i, (color, point)) in chunk {
            h.drop_mail(&move_mail(i + 1, color, point).bytes());
        }
        minute += 7;
        let got = counts(&h.poll_at(&format!(
            "2026-11-22T{:02}:{:02}:00Z",
            12 + minute / 60,
            minute % 60
        )));
        assert_eq!(got.applied as usize, chunk.len(), "{got:?}");
    }
    check(&h, replay, line);
    assert!(h.files("inbox/new").is_empty());
}

#[test]
fn a_whole_game_by_mail_in_one_poll() {
    let dir = tempfile::tempdir().unwrap();
    let replay = replay(&made_record(dir.path()));
    let line = main_line(&replay);
    assert_eq!(line, made_line(), "the record reads back as made");
    assert!(captures(&replay).iter().sum::<u64>() > 0, "{replay}");
    play_in_one_poll(&replay, &line);
}

#[test]
fn a_whole_game_by_mail_a_few_mails_per_poll() {
    let dir = tempfile::tempdir().unwrap();
    let replay = replay(&made_record(dir.path()));
    play_a_few_mails_per_poll(&replay, &main_line(&replay));
}

#[test]
#[ignore = "needs ../shared/sgf-corpus beside the checkout: run with --include-ignored there"]
fn a_corpus_game_by_mail_in_one_poll() {
    let replay = replay(&corpus_record());
    let line = main_line(&replay);
    assert!(line.len() > 80 && line.iter().filter(|(_, p)| p == "pass").count() == 4);
    assert_eq!(
        captures(&replay).iter().max(),
        Some(&12),
        "the 12-stone capture"
    );
    play_in_one_poll(&replay, &line);
}

#[test]
fn a_move_after_two_passes_waits_for_resume() {
    let h = harness();
    for (from, body) in [
        (ALICE, "move game1 e5"),
        (BOB, "pass game1"),
        (ALICE, "pass game1"),
    ] {
        h.drop_mail(&mail(from, "my move", body).bytes());
    }
    assert_eq!(counts(&h.poll()).applied, 3);
    assert_eq!(h.show("game1")["status"], "scoring");
    let note = h.sent_to(BOB).pop().unwrap();
    assert!(
        note.text.contains("Both players have passed") && note.text.contains("resume game1"),
        "{}",
        note.text
    );

    h.drop_mail(&mail(BOB, "my move", "move game1 c3").bytes());
    let got = counts(&h.poll());
    let reply = h.sent_to(BOB).pop().unwrap();
    assert_eq!((got.applied, got.rejected), (0, 1), "{}", reply.text);
    assert_eq!(reply.rejected(), ["scoring-phase"]);

    h.drop_mail(&mail(BOB, "play on", "resume game1\nmove game1 c3").bytes());
    let got = counts(&h.poll());
    let reply = h.sent_to(BOB).pop().unwrap();
    assert_eq!((got.applied, got.rejected), (1, 0), "{}", reply.text);
    assert!(reply.rejected().is_empty(), "{:?}", reply.rejected());
    let game = h.show("game1");
    assert_eq!(
        (&game["status"], &game["move_number"]),
        (&"active".into(), &4.into()),
        "{game}"
    );
    h.verify(Some("game1"));
}
