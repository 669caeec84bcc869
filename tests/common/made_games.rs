//! Games made by the project's own engine, for tests that need a long game
//! without the shared corpus beside the checkout: seeded and deterministic,
//! every move legal under all four ko rules (and leaving the game in play),
//! captures preferred and ko-shaped captures first, so that ko fights come
//! up; passes only at the move numbers a plan asks for (two in a row enter
//! the scoring phase, and a move after them resumes the game). `sgf` writes
//! one with the crate's own SGF writer.
//!
//! Used as `crate::common::made_games`.

use super::rng::Rng;
use pbmgo::go::sgf::{SgfRecord, write_sgf};
use pbmgo::go::{BoardSize, Color, Game, KoRule, Move, Phase, Point, Rules};

/// What game to make.
pub struct Plan {
    pub size: u32,
    /// Fixed handicap stones (0 for an even game).
    pub handicap: u32,
    /// Moves, passes included.
    pub moves: usize,
    /// Move numbers (from 1) that are passes.
    pub passes: &'static [usize],
    pub seed: u64,
}

/// A made game: its size, handicap stones and moves.
pub struct MadeGame {
    pub size: BoardSize,
    pub handicap: Vec<Point>,
    pub moves: Vec<(Color, Move)>,
}

/// A long 19x19 even game with ko fights and no pass: 250 moves, 49 stones
/// captured, 26 of the captures ko-shaped, the first at move 104.
pub fn long_game() -> MadeGame {
    make(&Plan {
        size: 19,
        handicap: 0,
        moves: 250,
        passes: &[],
        seed: 3,
    })
}

/// Makes the game `plan` asks for.
pub fn make(plan: &Plan) -> MadeGame {
    let size = BoardSize::new(plan.size).unwrap();
    let mut games: Vec<Game> = KoRule::ALL
        .iter()
        .map(|&ko| Game::new(size, rules(ko)))
        .collect();
    let handicap = place_handicap(&mut games, plan.handicap);
    let mut rng = Rng(plan.seed);
    let mut moves = Vec::with_capacity(plan.moves);
    for n in 1..=plan.moves {
        let mv = if plan.passes.contains(&n) {
            Move::Pass
        } else {
            resume(&mut games);
            choose(&games, &mut rng).unwrap_or_else(|| panic!("no move fits at move {n}"))
        };
        let color = games[0].to_move();
        for g in &mut games {
            g.play_as(color, mv).unwrap();
        }
        moves.push((color, mv));
    }
    MadeGame {
        size,
        handicap,
        moves,
    }
}

/// The game as SGF (`PB[alice] PW[bob]`, `HA` and `AB` for a handicap).
pub fn sgf(game: &MadeGame, komi: f64) -> String {
    write_sgf(&SgfRecord {
        size: game.size,
        komi,
        handicap: game.handicap.len() as u32,
        setup_black: game.handicap.clone(),
        setup_white: Vec::new(),
        black_name: "alice".into(),
        white_name: "bob".into(),
        date: None,
        rules: None,
        result: None,
        moves: game.moves.clone(),
        info: Default::default(),
    })
}

fn rules(ko: KoRule) -> Rules {
    Rules {
        ko,
        ..Rules::default()
    }
}

/// Places `stones` fixed handicap stones in every game; returns their points.
fn place_handicap(games: &mut [Game], stones: u32) -> Vec<Point> {
    if stones == 0 {
        return Vec::new();
    }
    let placed: Vec<Vec<Point>> = games
        .iter_mut()
        .map(|g| g.place_fixed_handicap(stones).unwrap())
        .collect();
    placed[0].clone()
}

/// Leaves the scoring phase in every game (after two passes).
fn resume(games: &mut [Game]) {
    for g in games {
        g.resume().unwrap();
    }
}

/// Picks a move for the side to move: the first candidate that fits.
fn choose(games: &[Game], rng: &mut Rng) -> Option<Move> {
    candidates(&games[0], rng)
        .into_iter()
        .find(|&mv| fits(games, mv))
}

/// The points legal under the first game's rule, in a random order; six
/// times in ten ranked: ko-shaped captures, other captures, then points
/// touching the last move (contact fights make captures and kos).
fn candidates(game: &Game, rng: &mut Rng) -> Vec<Move> {
    let color = game.to_move();
    let last = game.last_move().and_then(|(_, mv)| mv.point());
    let mut ranked: Vec<(u8, u64, Move)> = game
        .board()
        .size()
        .all_points()
        .filter_map(|p| game.judge(color, Move::Play(p)).ok().map(|c| (p, c)))
        .map(|(p, captures)| (rank(game, p, captures, last), rng.next(), Move::Play(p)))
        .collect();
    if rng.next() % 10 >= 6 {
        ranked.iter_mut().for_each(|r| r.0 = 0);
    }
    ranked.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.into_iter().map(|(_, _, mv)| mv).collect()
}

/// 3 for a ko-shaped capture, 2 for another capture, 1 next to `last`, else 0.
fn rank(game: &Game, p: Point, captures: u32, last: Option<Point>) -> u8 {
    if captures > 0 {
        let played = game.clone().play(Move::Play(p)).unwrap();
        return if played.ko_shaped { 3 } else { 2 };
    }
    let touches = |l: Point| l.col.abs_diff(p.col) <= 1 && l.row.abs_diff(p.row) <= 1;
    u8::from(last.is_some_and(touches))
}

/// True when `mv` is legal in every game and leaves each of them in play.
fn fits(games: &[Game], mv: Move) -> bool {
    games.iter().all(|g| {
        g.clone()
            .play(mv)
            .is_ok_and(|played| played.phase == Phase::Play)
    })
}
