//! The `if` command (conditional moves) read from lines: the sequence of
//! moves, listing and clearing, the game from a thread, the words that are
//! refused, and the lines that stay chat.

use pbmgo::command::{Command, GameRef, IfAction, parse_command, parse_mail};
use pbmgo::go::{Move, Point};

use crate::common::lines::{code, ok};

fn at(text: &str) -> Move {
    Move::Play(text.parse::<Point>().unwrap())
}

fn set(game: u64, moves: Vec<Move>) -> Command {
    Command::If {
        game: GameRef(game),
        action: IfAction::Set(moves),
    }
}

#[test]
fn sequences_of_moves_and_answers() {
    assert_eq!(ok("if game1 c3 d4"), set(1, vec![at("C3"), at("D4")]));
    assert_eq!(
        ok("IF 7 C3 d4 pass E5 q16 PASS"),
        set(
            7,
            vec![
                at("C3"),
                at("D4"),
                Move::Pass,
                at("E5"),
                at("Q16"),
                Move::Pass
            ]
        )
    );
    assert_eq!(ok("if game1 c3 d4.").to_string(), "if game1 C3 D4");
}

#[test]
fn listing_and_clearing() {
    let game = GameRef(3);
    let list = Command::If {
        game,
        action: IfAction::List,
    };
    assert_eq!(ok("if game3"), list);
    let off = Command::If {
        game,
        action: IfAction::Off,
    };
    assert_eq!(ok("if game3 OFF"), off);
    for c in [list, off, set(3, vec![Move::Pass, at("A1")])] {
        assert_eq!(ok(&c.to_string()), c, "{c}");
    }
}

#[test]
fn the_game_may_come_from_the_thread() {
    let parsed = parse_mail("Re: [game4] bob played C3 (move 2). Your move", "if d4 e5");
    let got: Vec<_> = parsed
        .commands
        .into_iter()
        .map(|c| c.parsed.unwrap())
        .collect();
    assert_eq!(got, [set(4, vec![at("D4"), at("E5")])]);
}

#[test]
fn bad_sequences_are_refused_with_the_reason() {
    assert_eq!(code("if game1 c3"), "missing-argument");
    assert_eq!(code("if game1 c3 d4 e5"), "missing-argument");
    assert_eq!(code("if game1 c3 z99"), "bad-point");
    assert_eq!(code("if game1 off c3"), "too-many-arguments");
    assert_eq!(code("if c3 d4"), "no-such-game");
}

#[test]
fn prose_starting_with_if_is_chat() {
    for line in [
        "If you like, we can play again",
        "if you play c3 I answer d4",
        "If 5 stones die, I resign",
        "if game1 c3 d4?",
        "If",
    ] {
        assert!(parse_command(line).is_none(), "{line:?}");
    }
}
