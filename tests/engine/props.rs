//! Property tests of the rules engine on random games, boards 2x2 to 9x9.
//!
//! A random game is a board size, a rule set and a list of choices: each
//! choice picks a pass (one time in 20, or when nothing is legal) or one of
//! the plays `judge` accepts. Play resumes after two passes, so a game only
//! ends when its choices run out or the repetition backstop ends it.
//!
//! Checked after every move: every string has a liberty and one string id,
//! stones are conserved, the incremental hash equals the recomputed one,
//! positions survive `encode`/`decode`; `list` never forbids what
//! `positional` allows; every immediate ko recapture is refused; the
//! backstop ends play exactly when a situation (board and side to move)
//! occurs for the third time; and no move, on or off the board, panics.

use crate::common::ko_cases as table;

use std::collections::{HashMap, HashSet};

use pbmgo::go::board::Board;
use pbmgo::go::{
    BoardSize, Color, Game, GameResult, IllegalMove, KoRule, Move, Phase, Played, Point, Position,
    Rules,
};
use proptest::prelude::*;

fn rules(ko: KoRule, allow_suicide: bool) -> Rules {
    Rules {
        ko,
        allow_suicide,
        ..Rules::default()
    }
}

fn size(n: u8) -> BoardSize {
    BoardSize::new(n as u32).unwrap()
}

fn any_rule() -> impl Strategy<Value = KoRule> {
    prop::sample::select(KoRule::ALL.to_vec())
}

/// The plays `judge` accepts for the side to move.
fn legal_plays(game: &Game) -> Vec<Move> {
    let color = game.to_move();
    game.board()
        .size()
        .all_points()
        .map(Move::Play)
        .filter(|&mv| game.judge(color, mv).is_ok())
        .collect()
}

/// A pass one time in 20 or when nothing is legal, else one of `legal`.
fn pick(choice: u16, legal: &[Move]) -> Move {
    if legal.is_empty() || choice.is_multiple_of(20) {
        Move::Pass
    } else {
        legal[(choice / 20) as usize % legal.len()]
    }
}

/// Like `pick`, but three times in four a capture when `game` has one in `legal`.
fn pick_capture(game: &Game, choice: u16, legal: &[Move]) -> Move {
    let color = game.to_move();
    let captures: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| game.judge(color, mv).is_ok_and(|c| c > 0))
        .collect();
    if !captures.is_empty() && !choice.is_multiple_of(4) {
        captures[(choice / 4) as usize % captures.len()]
    } else {
        pick(choice, legal)
    }
}

/// Plays a random game (see the module header), preferring captures if
/// asked, and calls `check` with the position before each move, the game
/// after it and what the move did.
fn random_game(
    game: &mut Game,
    choices: &[u16],
    prefer_captures: bool,
    mut check: impl FnMut(&Position, &Game, &Played),
) {
    for &choice in choices {
        match game.phase() {
            Phase::Finished => break,
            Phase::Scoring => game.resume().unwrap(),
            Phase::Play => {}
        }
        let before = game.position();
        let color = game.to_move();
        let legal = legal_plays(game);
        let mv = match prefer_captures {
            true => pick_capture(game, choice, &legal),
            false => pick(choice, &legal),
        };
        let judged = game.judge(color, mv);
        let played = game
            .play(mv)
            .unwrap_or_else(|e| panic!("{color} {mv} judged {judged:?} but play gave {e:?}"));
        assert_eq!(
            judged,
            Ok(played.captures),
            "{color} {mv}: judge and play differ"
        );
        check(&before, game, &played);
    }
}

/// Every string has a liberty and exactly one string id of its own.
fn check_strings(game: &Game) -> Result<(), TestCaseError> {
    let pos = game.position();
    let board = game.board();
    let mut done = vec![false; pos.size().points()];
    let mut ids = HashSet::new();
    for p in pos.size().all_points() {
        if pos.get(p).is_none() || done[p.index(pos.size())] {
            continue;
        }
        let (stones, libs) = pos.string_and_liberties(p);
        prop_assert!(
            !libs.is_empty(),
            "string at {p} has no liberty:\n{}",
            pos.rows().join("\n")
        );
        prop_assert_eq!(board.liberties(p), libs.len(), "liberties of {}", p);
        let id = board.string_id(p);
        prop_assert!(
            ids.insert(id),
            "string at {} shares id {} with another string",
            p,
            id
        );
        for q in stones {
            done[q.index(pos.size())] = true;
            prop_assert_eq!(board.string_id(q), id, "{} and {} are one string", q, p);
        }
    }
    Ok(())
}

/// Stones on the board = stones played - stones the opponent holds as prisoners.
fn check_stone_count(game: &Game) -> Result<(), TestCaseError> {
    let pos = game.position();
    for color in [Color::Black, Color::White] {
        let played = game
            .history()
            .moves()
            .iter()
            .filter(|&&(c, mv)| c == color && mv != Move::Pass)
            .count();
        prop_assert_eq!(
            pos.count(color) + game.prisoners(color.opponent()) as usize,
            played,
            "{} stones",
            color
        );
    }
    Ok(())
}

fn check_hash(game: &Game) -> Result<(), TestCaseError> {
    let board = game.board();
    prop_assert_eq!(board.hash(), board.recomputed_hash());
    prop_assert_eq!(board.hash(), Board::from_position(&game.position()).hash());
    Ok(())
}

/// A situation: the board and who is to move.
type Situation = (Position, Color);

/// Counts situations as the backstop should: the start, then one per move.
struct Situations(HashMap<Situation, u32>);

impl Situations {
    fn new(game: &Game) -> Self {
        let mut s = Situations(HashMap::new());
        s.note(game);
        s
    }

    /// Counts the game's current situation and returns how often it has occurred.
    fn note(&mut self, game: &Game) -> u32 {
        let n = self.0.entry((game.position(), game.to_move())).or_default();
        *n += 1;
        *n
    }
}

/// Checks the backstop after a move: finished with `Void` exactly when the
/// situation just reached has occurred for the third time.
fn check_backstop(
    seen: &mut Situations,
    game: &Game,
    played: &Played,
) -> Result<bool, TestCaseError> {
    let count = seen.note(game);
    if count >= 3 {
        prop_assert_eq!(count, 3, "a situation occurred a fourth time");
        prop_assert_eq!(
            game.phase(),
            Phase::Finished,
            "third occurrence did not end play"
        );
        prop_assert_eq!(played.phase, Phase::Finished);
        prop_assert_eq!(game.result(), Some(GameResult::Void));
        Ok(true)
    } else {
        prop_assert_ne!(
            game.phase(),
            Phase::Finished,
            "ended at occurrence {}",
            count
        );
        prop_assert_eq!(game.result(), None);
        Ok(false)
    }
}

/// The point whose `color` stone the move removed, when exactly one was.
fn captured_point(before: &Position, after: &Position, color: Color) -> Option<Point> {
    let mut gone = before
        .size()
        .all_points()
        .filter(|&p| before.get(p) == Some(color) && after.get(p).is_none());
    let p = gone.next()?;
    gone.next().is_none().then_some(p)
}

/// Size, ko rule, suicide allowed, captures preferred, choices.
fn game_strategy() -> impl Strategy<Value = (u8, KoRule, bool, bool, Vec<u16>)> {
    (
        2u8..=9,
        any_rule(),
        prop::bool::weighted(0.2),
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..120),
    )
}

/// A column or row, mostly on a 9x9 board, sometimes up to 30.
fn coordinate() -> impl Strategy<Value = u8> {
    prop_oneof![3 => 0u8..9, 1 => 0u8..=30]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_string_keeps_a_liberty((n, ko, suicide, captures, choices) in game_strategy()) {
        let mut game = Game::new(size(n), rules(ko, suicide));
        let mut result = Ok(());
        random_game(&mut game, &choices, captures, |_, g, _| {
            if result.is_ok() {
                result = check_strings(g).and_then(|_| check_stone_count(g));
            }
        });
        result?;
    }

    #[test]
    fn incremental_hash_matches_recomputed((n, ko, suicide, captures, choices) in game_strategy()) {
        let mut game = Game::new(size(n), rules(ko, suicide));
        check_hash(&game)?;
        let mut result = Ok(());
        random_game(&mut game, &choices, captures, |_, g, _| {
            if result.is_ok() {
                result = check_hash(g);
            }
        });
        result?;
    }

    #[test]
    fn positions_reached_in_play_round_trip(
        (n, ko, suicide, captures, choices) in game_strategy(),
    ) {
        let mut game = Game::new(size(n), rules(ko, suicide));
        let mut result = Ok(());
        random_game(&mut game, &choices, captures, |_, g, _| {
            let pos = g.position();
            let bytes = pos.encode();
            if result.is_ok() && Position::decode(&bytes) != Ok(pos.clone()) {
                result = Err(TestCaseError::fail(format!(
                    "{bytes:?} did not decode to\n{}",
                    pos.rows().join("\n")
                )));
            }
            if result.is_ok() && Position::from_rows(&pos.rows()) != Ok(pos) {
                result = Err(TestCaseError::fail("rows did not read back"));
            }
        });
        result?;
    }

    #[test]
    fn list_never_forbids_what_positional_allows(
        n in 2u8..=7,
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        // One game per rule, in step: every empty point is judged under all
        // four, then a move legal under simple ko without suicide (as in the
        // checker's fuzzer, captures preferred) is forced into all of them.
        let order = [KoRule::List, KoRule::Positional, KoRule::Simple, KoRule::Situational];
        let mut games: Vec<Game> = order
            .into_iter()
            .map(|ko| Game::new(size(n), rules(ko, false)))
            .collect();
        for &choice in &choices {
            if games[0].phase() == Phase::Finished {
                break;
            }
            for g in &mut games {
                if g.phase() == Phase::Scoring {
                    g.resume().unwrap();
                }
            }
            let color = games[0].to_move();
            for p in size(n).all_points() {
                let mv = Move::Play(p);
                let [list, positional, simple, situational] =
                    [0, 1, 2, 3].map(|i| games[i].judge(color, mv));
                let forbids = |v: &Result<u32, IllegalMove>| {
                    matches!(v, Err(IllegalMove::Ko { .. } | IllegalMove::Superko { .. }))
                };
                if forbids(&list) {
                    prop_assert_eq!(list, Err(IllegalMove::Ko { point: p }));
                    prop_assert!(
                        forbids(&positional),
                        "{} {}: list {:?}, positional {:?}", color, p, list, positional
                    );
                }
                // Simple ko forbids only what the list forbids, situational
                // only what positional forbids.
                prop_assert!(
                    !forbids(&simple) || forbids(&list),
                    "{} {}: simple {:?}, list {:?}", color, p, simple, list
                );
                prop_assert!(
                    !forbids(&situational) || forbids(&positional),
                    "{} {}: situational {:?}, positional {:?}", color, p, situational, positional
                );
                // Verdicts other than ko and superko do not depend on the ko rule.
                let plain = |v: Result<u32, IllegalMove>| (!forbids(&v)).then_some(v);
                for other in [positional, simple, situational] {
                    if let (Some(a), Some(b)) = (plain(list), plain(other)) {
                        prop_assert_eq!(a, b, "{} {}", color, p);
                    }
                }
            }
            let legal: Vec<Move> = size(n)
                .all_points()
                .map(Move::Play)
                .filter(|&mv| games[2].judge(color, mv).is_ok())
                .collect();
            let mv = pick_capture(&games[2], choice, &legal);
            let played: Vec<Played> = games
                .iter_mut()
                .map(|g| g.force_as(color, mv).unwrap())
                .collect();
            let what = |p: &Played| (p.captures, p.ko_shaped);
            prop_assert!(played.iter().all(|p| what(p) == what(&played[0])));
            let state = |g: &Game| (g.phase(), g.position());
            prop_assert!(games.iter().all(|g| state(g) == state(&games[0])));
        }
    }

    #[test]
    fn every_immediate_ko_recapture_is_refused(
        n in 2u8..=7,
        choices in prop::collection::vec(any::<u16>(), 0..150),
    ) {
        for ko in KoRule::ALL {
            let mut game = Game::new(size(n), rules(ko, false));
            let mut result = Ok(());
            random_game(&mut game, &choices, true, |before, g, played| {
                if !played.ko_shaped || result.is_err() {
                    return;
                }
                let them = played.color.opponent();
                let Some(q) = captured_point(before, &g.position(), them) else {
                    let msg = format!("ko capture {} removed no single stone", played.mv);
                    result = Err(TestCaseError::fail(msg));
                    return;
                };
                // The recapture exists: it takes the stone just played and restores the board.
                let mut retake = g.clone();
                let back = retake.force_as(them, Move::Play(q));
                if back.map(|b| b.captures) != Ok(1) || retake.position() != *before {
                    result = Err(TestCaseError::fail(format!("{them} {q} does not retake the ko")));
                    return;
                }
                let verdict = g.judge(them, Move::Play(q));
                if verdict != Err(IllegalMove::Ko { point: q }) {
                    result = Err(TestCaseError::fail(format!(
                        "under {ko}: after {} {} took {q}, retaking at {q} gave {verdict:?}\n{}",
                        played.color, played.mv, g.position().rows().join("\n")
                    )));
                }
            });
            result?;
        }
    }

    #[test]
    fn backstop_ends_random_games_on_the_third_repetition(
        n in 2u8..=4,
        ko in prop::sample::select(vec![KoRule::List, KoRule::Simple]),
        choices in prop::collection::vec(any::<u16>(), 1..48),
    ) {
        // Captures are preferred and the choices are reused in a loop, so the
        // games fall into cycles; on 2x2 a third repetition cannot be avoided.
        let mut game = Game::new(size(n), rules(ko, false));
        let mut seen = Situations::new(&game);
        let limit = if n == 2 { 2 * 2 * 81 + 1 } else { 400 };
        let mut ended = false;
        for i in 0..limit {
            if game.phase() == Phase::Scoring {
                game.resume().unwrap();
            }
            let choice = choices[i % choices.len()];
            let mv = pick_capture(&game, choice, &legal_plays(&game));
            let played = game.play(mv).unwrap();
            if check_backstop(&mut seen, &game, &played)? {
                ended = true;
                prop_assert_eq!(game.play(Move::Pass), Err(IllegalMove::GameOver));
                break;
            }
        }
        if n == 2 {
            prop_assert!(ended, "a 2x2 game went {} moves without a third repetition", limit);
        }
    }

    #[test]
    fn decode_never_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(pos) = Position::decode(&bytes) {
            prop_assert_eq!(pos.encode(), bytes);
            prop_assert_eq!(pos.first_dead_string(), None);
        }
    }

    #[test]
    fn decode_never_panics_on_near_valid_bytes(
        version in prop_oneof![4 => Just(1u8), 1 => any::<u8>()],
        n in prop_oneof![4 => 2u8..=9, 1 => any::<u8>()],
        slack in -2i32..=2,
        seed in prop::collection::vec(any::<u8>(), 170),
        sparse in any::<bool>(),
    ) {
        // Right header, body of about the right length: reaches the cell,
        // padding and dead-string checks.
        let need = (n as usize * n as usize).div_ceil(4) as i32;
        let len = (need + slack).clamp(0, 170) as usize;
        let body = seed[..len].iter().map(|&b| if sparse { b & 0b0101_0101 & (b >> 1) } else { b });
        let bytes: Vec<u8> = [version, n].into_iter().chain(body).collect();
        if let Ok(pos) = Position::decode(&bytes) {
            prop_assert_eq!(pos.encode(), bytes);
            prop_assert_eq!(pos.first_dead_string(), None);
        }
    }

    #[test]
    fn no_move_panics_on_or_off_the_board(
        n in 2u8..=9,
        ko in any_rule(),
        suicide in any::<bool>(),
        ops in prop::collection::vec(
            (coordinate(), coordinate(), any::<bool>(), 0u8..6),
            0..150,
        ),
    ) {
        let mut game = Game::new(size(n), rules(ko, suicide));
        for (col, row, black, op) in ops {
            let p = Point::new(col, row);
            let color = if black { Color::Black } else { Color::White };
            let mv = Move::Play(p);
            let on_board = size(n).contains(p);
            let occupied = on_board && game.board().get(p).is_some();
            let phase = game.phase();
            let to_move = game.to_move();
            let placement = if !on_board {
                Err(IllegalMove::OffBoard { point: p })
            } else if occupied {
                Err(IllegalMove::Occupied { point: p })
            } else {
                Ok(())
            };
            match op {
                0 | 1 => {
                    let judged = game.judge(color, mv);
                    let checked = op == 1;
                    let got = match checked {
                        true => game.play_checked(color, mv),
                        false => game.play_as(color, mv),
                    };
                    match phase {
                        Phase::Finished => prop_assert_eq!(got, Err(IllegalMove::GameOver)),
                        Phase::Scoring => prop_assert_eq!(got, Err(IllegalMove::ScoringPhase)),
                        Phase::Play if checked && color != to_move => {
                            prop_assert_eq!(got, Err(IllegalMove::NotYourTurn { to_move }))
                        }
                        Phase::Play => {
                            if let Err(e) = placement {
                                prop_assert_eq!(got, Err(e));
                            }
                            prop_assert_eq!(got.map(|pl| pl.captures), judged);
                        }
                    }
                }
                2 => {
                    let judged = game.judge(color, mv);
                    if let Err(e) = placement {
                        prop_assert_eq!(judged, Err(e));
                    }
                    if let Err(e) = judged {
                        let about_turn = matches!(
                            e,
                            IllegalMove::GameOver
                                | IllegalMove::ScoringPhase
                                | IllegalMove::NotYourTurn { .. }
                        );
                        prop_assert!(!about_turn, "judge gave {:?}", e);
                    }
                }
                3 => {
                    let got = game.force_as(color, mv);
                    match placement {
                        Err(e) => prop_assert_eq!(got.map(|_| ()), Err(e)),
                        Ok(()) => prop_assert!(got.is_ok()),
                    }
                }
                4 => {
                    let got = game.play_as(color, Move::Pass);
                    match phase {
                        Phase::Play => prop_assert!(got.is_ok()),
                        _ => prop_assert!(got.is_err()),
                    }
                }
                _ => {
                    let got = game.resume();
                    prop_assert_eq!(got.is_err(), phase == Phase::Finished);
                }
            }
            check_strings(&game)?;
            check_hash(&game)?;
        }
    }
}

// ------------------------------------------------------------- known cycles

fn case(name: &str) -> &'static table::Case {
    table::CASES.iter().find(|c| c.name == name).unwrap()
}

fn start(case: &table::Case, ko: KoRule) -> Game {
    let pos = Position::from_rows(case.rows).unwrap();
    Game::from_position(&pos, Color::parse(case.first).unwrap(), rules(ko, false))
}

fn parse(step: &str, size: BoardSize) -> (Color, Move) {
    let (who, what) = step.split_once(' ').unwrap();
    (Color::parse(who).unwrap(), Move::parse(what, size).unwrap())
}

/// Plays `prefix`, then `cycle` round and round with `play_as`, checking the
/// backstop after every move; returns the move number at which play ended.
fn run_cycle(name: &str, prefix: &[&str], cycle: &[&str], ko: KoRule) -> u32 {
    let case = case(name);
    let mut game = start(case, ko);
    let size = game.board().size();
    let mut seen = Situations::new(&game);
    let mut steps = prefix.iter().chain(cycle.iter().cycle());
    for _ in 0..200 {
        let step = steps.next().unwrap();
        if game.phase() == Phase::Scoring {
            game.resume().unwrap();
        }
        let (color, mv) = parse(step, size);
        let played = game.play_as(color, mv).unwrap_or_else(|e| {
            panic!(
                "{name} under {ko}, move {}: {step} refused: {e}",
                game.move_number() + 1
            )
        });
        let ended = check_backstop(&mut seen, &game, &played)
            .unwrap_or_else(|e| panic!("{name} under {ko}, after {step}: {e}"));
        if ended {
            let (color, mv) = parse(steps.next().unwrap(), size);
            assert_eq!(game.play_as(color, mv), Err(IllegalMove::GameOver));
            return game.move_number();
        }
    }
    panic!("{name} under {ko}: no third repetition in 200 moves");
}

#[test]
fn known_cycles_end_void_on_the_third_repetition() {
    // (case, prefix, cycle, rules that let the cycle repeat, move that ends play)
    let both = &[KoRule::List, KoRule::Simple][..];
    let simple = &[KoRule::Simple][..];
    type Cycle = (
        &'static str,
        &'static [&'static str],
        &'static [&'static str],
        &'static [KoRule],
        u32,
    );
    let cycles: &[Cycle] = &[
        (
            "tiny-2x2-cycle",
            &["B A1"],
            &["W B2", "B B1", "W A2", "B A1", "W B1", "B A1"],
            both,
            13,
        ),
        (
            "eternal-life",
            &[],
            &["B C1", "W E1", "B D1", "W F1"],
            both,
            8,
        ),
        (
            "send-two-return-one-no-initial-pass",
            &[],
            &["B F3", "W F1", "B F2", "W pass"],
            both,
            8,
        ),
        // B F2 restores the board after B D4 with White to move: that situation comes round first.
        (
            "send-two-return-one",
            &["B D4", "W pass"],
            &["B F3", "W F1", "B F2", "W pass"],
            both,
            9,
        ),
        (
            "send-two-return-one-3x3",
            &[],
            &["B C1", "W A1", "B B1", "W pass"],
            both,
            8,
        ),
        (
            "three-move-cycle-noncapture",
            &[],
            &["B E1", "W D1", "B F1", "W pass"],
            both,
            8,
        ),
        (
            "three-cycle-3x3",
            &[],
            &["B A2", "W A3", "B A1", "W pass"],
            both,
            8,
        ),
        (
            "ko-then-send-two-4x4",
            &[],
            &["B C4", "W D1", "B C1", "W D4", "B B1", "W pass"],
            both,
            12,
        ),
        (
            "triple-ko-full-cycle",
            &[],
            &["B D6", "W B5", "B F6", "W D5", "B B6", "W F5"],
            simple,
            12,
        ),
        (
            "ring-ko-3x3",
            &[],
            &[
                "W C2", "B A1", "W B3", "B C1", "W A2", "B C3", "W B1", "B A3",
            ],
            simple,
            16,
        ),
    ];
    for &(name, prefix, cycle, kos, end) in cycles {
        for &ko in kos {
            assert_eq!(run_cycle(name, prefix, cycle, ko), end, "{name} under {ko}");
        }
    }
}

#[test]
fn list_stops_the_pure_ko_cycles_that_simple_ko_lets_run() {
    for (name, cycle) in [
        (
            "triple-ko-full-cycle",
            &["B D6", "W B5", "B F6", "W D5", "B B6", "W F5"][..],
        ),
        (
            "ring-ko-3x3",
            &[
                "W C2", "B A1", "W B3", "B C1", "W A2", "B C3", "W B1", "B A3",
            ][..],
        ),
    ] {
        let mut game = start(case(name), KoRule::List);
        let size = game.board().size();
        let (last, rest) = cycle.split_last().unwrap();
        for step in rest {
            let (color, mv) = parse(step, size);
            game.play_as(color, mv).unwrap();
        }
        let (color, mv) = parse(last, size);
        let p = mv.point().unwrap();
        assert_eq!(
            game.play_as(color, mv),
            Err(IllegalMove::Ko { point: p }),
            "{name}"
        );
        assert_eq!(game.ko_list().len(), rest.len(), "{name}");
    }
}

#[test]
fn every_off_board_point_is_refused_without_panicking() {
    for n in [2u8, 5, 9, 19, 25] {
        for ko in KoRule::ALL {
            let mut game = Game::new(size(n), rules(ko, false));
            for col in 0..=30u8 {
                for row in 0..=30u8 {
                    let p = Point::new(col, row);
                    if size(n).contains(p) {
                        continue;
                    }
                    let off = Some(IllegalMove::OffBoard { point: p });
                    for color in [Color::Black, Color::White] {
                        let mv = Move::Play(p);
                        assert_eq!(game.judge(color, mv).err(), off);
                        assert_eq!(game.play_as(color, mv).err(), off);
                        assert_eq!(
                            game.play_checked(color, mv).err(),
                            off.filter(|_| color == Color::Black).or(Some(
                                IllegalMove::NotYourTurn {
                                    to_move: Color::Black
                                }
                            ))
                        );
                        assert_eq!(game.force_as(color, mv).err(), off);
                    }
                }
            }
            for p in [Point::new(255, 0), Point::new(0, 255), Point::new(255, 255)] {
                assert_eq!(
                    game.play(Move::Play(p)),
                    Err(IllegalMove::OffBoard { point: p })
                );
            }
            assert_eq!(game.move_number(), 0);
            assert_eq!(game.position(), Position::empty(size(n)));
        }
    }
}
