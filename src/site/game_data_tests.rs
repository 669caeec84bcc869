//! The replay's data: positions as `Game::rebuild` gives them, each
//! move's changes that lead from one to the next, the JSON safe inside
//! a script element, and the board cut into its frame and its stones.

use super::*;
use crate::go::{BoardSize, Point, Rules};

fn game(moves: &[&str]) -> Game {
    let size = BoardSize::new(5).unwrap();
    let mut g = Game::new(size, Rules::default());
    for m in moves {
        let _ = g.resume();
        g.play(Move::parse(m, size).unwrap()).unwrap();
    }
    g
}

/// Applies `changes` to `rows`, as site.js does.
fn apply(rows: &[String], changes: &str) -> Vec<String> {
    let mut grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let c: Vec<char> = changes.chars().collect();
    for t in c.chunks(3) {
        let (x, y) = ((t[1] as u8 - b'a') as usize, (t[2] as u8 - b'a') as usize);
        grid[y][x] = t[0];
    }
    grid.into_iter().map(|r| r.into_iter().collect()).collect()
}

#[test]
fn every_position_is_the_rebuilt_games() {
    let moves = ["B1", "A2", "pass", "A1", "B2", "pass", "pass", "C1"];
    let g = game(&moves);
    let s = g.state();
    let all = positions(&s).unwrap();
    assert_eq!(all.len(), moves.len() + 1);
    for (n, rows) in all.iter().enumerate() {
        let rebuilt = Game::rebuild(
            s.rules,
            s.handicap,
            &s.start,
            s.start_to_move,
            &s.moves[..n],
        );
        assert_eq!(*rows, rebuilt.unwrap().position().rows(), "move {n}");
    }
    assert_eq!(all.last().unwrap(), &g.position().rows());
}

#[test]
fn the_changes_lead_from_each_position_to_the_next() {
    // White's A2 and A1 are taken by black's A3 (B1 and B2 are black).
    let g = game(&["B1", "A2", "B2", "A1", "A3"]);
    let all = positions(&g.state()).unwrap();
    assert_eq!(changes(&all[0], &all[1]), "Xbe");
    let last = changes(&all[4], &all[5]);
    assert_eq!(last, "Xac.ad.ae", "A3 placed, A2 and A1 taken");
    let mut rows = all[0].clone();
    for w in all.windows(2) {
        rows = apply(&rows, &changes(&w[0], &w[1]));
        assert_eq!(rows, w[1]);
    }
}

#[test]
fn the_json_holds_each_move_and_no_markup() {
    let g = game(&["C3", "pass"]);
    let s = g.state();
    let all = positions(&s).unwrap();
    let json = replay_json(&s, ["<b>&", "bob"], &all);
    assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["black"], "<b>&");
    assert_eq!(v["start"], ["....."; 5].join("/"));
    assert_eq!(v["moves"][0], serde_json::json!(["B", "C3", "Xcc"]));
    assert_eq!(v["moves"][1], serde_json::json!(["W", "pass", ""]));
    assert_eq!(v["size"], 5);
}

#[test]
fn a_300_move_replay_stays_small() {
    let size = BoardSize::new(19).unwrap();
    let mut g = Game::new(size, Rules::default());
    let mut played = 0;
    for i in 0..20_000u32 {
        let at = (i * 7919 + 13) % 361;
        let p = Point::new((at % 19) as u8, (at / 19) as u8);
        if played < 300 && g.play(Move::Play(p)).is_ok() {
            played += 1;
        }
    }
    assert_eq!(played, 300);
    let s = g.state();
    let json = replay_json(&s, ["alice", "bob"], &positions(&s).unwrap());
    assert!(json.len() < 12_000, "{} bytes", json.len());
}

#[test]
fn the_board_is_its_frame_then_its_stones() {
    let g = game(&["C3", "D4"]);
    let p = Picture::of_game(&g);
    let b = board_svg(&p);
    assert!(b.frame.starts_with("<rect"), "{}", b.frame);
    assert!(!b.frame.contains("<svg") && !b.stones.contains("</svg>"));
    let whole = render::svg(&p);
    assert!(whole.contains(&format!("{}{}", b.frame, b.stones)));
    assert!(b.stones.contains("<path") && b.stones.contains("<circle"));
    assert_eq!(b.width, p.geometry().width());
}

#[test]
fn a_move_in_words() {
    let p = Move::Play(Point::new(3, 3));
    assert_eq!(played(Color::Black, "alice", p), "Black (alice) played D4");
    assert_eq!(
        played(Color::White, "bob", Move::Pass),
        "White (bob) passed"
    );
}
