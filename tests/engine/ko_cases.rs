//! The ko cases of ko-rules.md section 3, each played from its diagram under
//! all four ko rules and checked against the reference checker's verdicts.
//!
//! A played move that a rule forbids (the checker plays it anyway) is forced,
//! so the later verdicts of the case are judged from the same position.

use crate::common::ko_cases as table;

use pbmgo::go::{BoardSize, Color, Game, IllegalMove, KoRule, Move, Phase, Position, Rules};

/// Column of each rule in the verdict string: S P T K.
const RULES: [(KoRule, usize); 4] = [
    (KoRule::Simple, 0),
    (KoRule::Positional, 1),
    (KoRule::Situational, 2),
    (KoRule::List, 3),
];

struct Step {
    probe: bool,
    color: Color,
    mv: Move,
    captures: Option<u32>,
    verdicts: Vec<bool>,
    suicide: bool,
}

fn parse_step(line: &str, size: BoardSize) -> Step {
    let mut words = line.split_whitespace();
    let who = words.next().unwrap();
    let probe = who.starts_with('?');
    let color = Color::parse(who.trim_start_matches('?')).unwrap();
    let mv = Move::parse(words.next().unwrap(), size).unwrap();
    let cap = words.next().unwrap();
    if cap == "pass" {
        return Step {
            probe,
            color,
            mv,
            captures: None,
            verdicts: vec![false; 4],
            suicide: false,
        };
    }
    let captures = Some(cap.trim_end_matches('k').parse().unwrap());
    let verdicts = words.next().unwrap().chars().map(|c| c == 'x').collect();
    let suicide = words.next() == Some("suicide");
    Step {
        probe,
        color,
        mv,
        captures,
        verdicts,
        suicide,
    }
}

fn start(case: &table::Case, rule: KoRule) -> Game {
    let size = BoardSize::new(case.size).unwrap();
    let pos = if case.rows.is_empty() {
        Position::empty(size)
    } else {
        Position::from_rows(case.rows).unwrap()
    };
    let rules = Rules {
        ko: rule,
        ..Rules::default()
    };
    Game::from_position(&pos, Color::parse(case.first).unwrap(), rules)
}

fn run(case: &table::Case, rule: KoRule, column: usize) -> Vec<String> {
    let mut game = start(case, rule);
    let mut errors = Vec::new();
    for line in case.moves {
        let step = parse_step(line, game.board().size());
        if game.phase() == Phase::Scoring {
            game.resume().unwrap();
        }
        let verdict = game.judge(step.color, step.mv);
        let expected_forbidden = step.verdicts[column] || step.suicide;
        let ok = match (&verdict, expected_forbidden) {
            (Ok(c), false) => step.captures.is_none_or(|e| e == *c),
            (Err(IllegalMove::Suicide { .. }), true) => step.suicide,
            (Err(IllegalMove::Ko { .. } | IllegalMove::Superko { .. }), true) => !step.suicide,
            _ => false,
        };
        if !ok {
            errors.push(format!(
                "{} under {}: {line} gave {verdict:?}",
                case.name,
                rule.name()
            ));
        }
        if !step.probe {
            game.force_as(step.color, step.mv).unwrap();
        }
    }
    errors
}

#[test]
fn every_case_under_every_rule_matches_the_checker() {
    let mut errors = Vec::new();
    for case in table::CASES {
        for (rule, column) in RULES {
            errors.extend(run(case, rule, column));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_table_covers_the_named_cases() {
    let names: Vec<&str> = table::CASES.iter().map(|c| c.name).collect();
    for wanted in [
        "triple-ko",
        "send-two-return-one",
        "eternal-life",
        "three-move-cycle-noncapture",
        "tiny-2x2-cycle",
    ] {
        assert!(names.contains(&wanted), "{wanted} missing");
    }
    assert_eq!(names.len(), 22);
}

#[test]
fn list_rule_reports_ko_and_superko_rules_report_superko() {
    let case = table::CASES.iter().find(|c| c.name == "triple-ko").unwrap();
    for (rule, want) in [
        (KoRule::List, "ko"),
        (KoRule::Positional, "superko"),
        (KoRule::Situational, "superko"),
    ] {
        let mut game = start(case, rule);
        for line in &case.moves[..5] {
            let s = parse_step(line, game.board().size());
            game.play_as(s.color, s.mv).unwrap();
        }
        let f5 = Move::parse("F5", game.board().size()).unwrap();
        assert_eq!(
            game.play_as(Color::White, f5).unwrap_err().kebab(),
            want,
            "{rule}"
        );
        let b5 = Move::parse("B5", game.board().size()).unwrap();
        assert_eq!(
            game.play_as(Color::White, b5).unwrap_err().kebab(),
            "ko",
            "{rule}"
        );
    }
}
