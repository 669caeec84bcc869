//! Counting a finished game, given the stones the players agreed are dead.
//!
//! Owns: `Score` and `ScoreSide` (the count per colour), area and territory
//! counting (`score`, `score_game`), the result and the wording of the count
//! for mails (`Score::result`, `Score::lines`), and the expansion of named
//! points to whole dead strings (`dead_strings`). Dead stones are removed
//! first; then each empty region (dead stones' points count as empty) that
//! touches only one colour's live stones is that colour's territory, and
//! every other region is neutral (dame or seki). Komi goes to White.

use super::{Color, Game, GameResult, Point, Position, Scoring};

/// One colour's side of the count.
///
/// Every field is filled under both scorings; `total` adds only the parts
/// the scoring uses: area adds `territory` and `stones`, territory adds
/// `territory`, `prisoners` and `dead`. White's total includes komi.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScoreSide {
    /// Empty points (including points under dead stones) surrounded by this colour.
    pub(crate) territory: u32,
    /// This colour's live stones on the board (counted under area scoring).
    pub(crate) stones: u32,
    /// Stones this colour captured during play (counted under territory scoring).
    pub(crate) prisoners: u32,
    /// The opponent's dead stones removed at the end (counted under territory scoring).
    pub(crate) dead: u32,
    /// The total, komi included for White.
    pub total: f64,
}

/// The count of a game.
#[derive(Debug, Clone, PartialEq)]
pub struct Score {
    /// Black's count.
    pub black: ScoreSide,
    /// White's count.
    pub white: ScoreSide,
    /// Komi given to White.
    pub(crate) komi: f64,
    /// How the game was counted.
    pub(crate) scoring: Scoring,
    /// Every territory point and its owner, row by row from the bottom-left.
    pub territory: Vec<(Point, Color)>,
    /// Every neutral empty point (dame or seki), row by row from the bottom-left.
    pub(crate) dame: Vec<Point>,
}

/// Counts `pos` with the strings through `dead` removed.
///
/// `prisoners_by_black` are the white stones Black captured during play,
/// `prisoners_by_white` the black stones White captured. Points off the
/// board or empty in `dead` are ignored.
pub fn score(
    pos: &Position,
    dead: &[Point],
    scoring: Scoring,
    komi: f64,
    prisoners_by_black: u32,
    prisoners_by_white: u32,
) -> Score {
    let mut board = pos.clone();
    let mut dead_count = [0u32; 2];
    for p in dead_strings(pos, dead) {
        if let Some(c) = pos.get(p) {
            dead_count[slot(c)] += 1;
        }
        board.set(p, None);
    }
    let (territory, dame) = regions(&board);
    let owned = |c: Color| territory.iter().filter(|(_, o)| *o == c).count() as u32;
    let side = |c: Color, prisoners: u32| ScoreSide {
        territory: owned(c),
        stones: board.count(c) as u32,
        prisoners,
        dead: dead_count[slot(c.opponent())],
        total: 0.0,
    };
    let mut black = side(Color::Black, prisoners_by_black);
    let mut white = side(Color::White, prisoners_by_white);
    black.total = points(&black, scoring);
    white.total = points(&white, scoring) + komi;
    Score {
        black,
        white,
        komi,
        scoring,
        territory,
        dame,
    }
}

/// Counts a game with its own komi, scoring and prisoners.
pub fn score_game(game: &Game, dead: &[Point]) -> Score {
    let rules = game.rules();
    score(
        &game.position(),
        dead,
        rules.scoring,
        rules.komi,
        game.prisoners(Color::Black),
        game.prisoners(Color::White),
    )
}

/// Expands each point to its whole string; empty and off-board points are ignored.
///
/// The result has no duplicates and is sorted.
pub fn dead_strings(pos: &Position, points: &[Point]) -> Vec<Point> {
    let size = pos.size();
    let mut taken = vec![false; size.points()];
    let mut out = Vec::new();
    for &p in points.iter().filter(|p| size.contains(**p)) {
        if taken[p.index(size)] {
            continue;
        }
        for q in pos.string_and_liberties(p).0 {
            taken[q.index(size)] = true;
            out.push(q);
        }
    }
    out.sort();
    out
}

impl Score {
    /// Returns `Score(Some(winner), margin)`, or `Score(None, 0.0)` for a draw.
    pub fn result(&self) -> GameResult {
        let diff = self.black.total - self.white.total;
        if diff > 0.0 {
            GameResult::Score(Some(Color::Black), diff)
        } else if diff < 0.0 {
            GameResult::Score(Some(Color::White), -diff)
        } else {
            GameResult::Score(None, 0.0)
        }
    }

    /// Returns the count in words, line by line, for a mail.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!(
                "Counting: {} scoring, komi {}",
                self.scoring.name(),
                self.komi
            ),
            self.side_line(Color::Black),
            self.side_line(Color::White),
            result_line(self.result()),
        ]
    }

    /// Returns the line for one colour: its parts and its total.
    fn side_line(&self, color: Color) -> String {
        let side = match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        };
        let enemy = color.opponent().name();
        let mut parts = vec![count(side.territory, "point", "points") + " of territory"];
        match self.scoring {
            Scoring::Area => parts.push(count(side.stones, "stone", "stones") + " on the board"),
            Scoring::Territory => {
                parts.push(count(side.prisoners, "prisoner", "prisoners"));
                let noun = format!("dead {enemy} stone");
                parts.push(count(side.dead, &noun, &(noun.clone() + "s")));
            }
        }
        let mut line = format!("{}: {}", capitalised(color), parts.join(" + "));
        if color == Color::White && self.komi != 0.0 {
            let sign = if self.komi < 0.0 { '-' } else { '+' };
            line.push_str(&format!(" {sign} {} komi", self.komi.abs()));
        }
        line.push_str(&format!(" = {}", side.total));
        line
    }
}

/// Returns the sentence giving the winner and margin.
fn result_line(result: GameResult) -> String {
    match result {
        GameResult::Score(Some(c), margin) => {
            format!("{} wins by {margin} ({result})", capitalised(c))
        }
        _ => "The game is a draw (jigo)".to_string(),
    }
}

/// Returns `Black` or `White`.
fn capitalised(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Returns `n` with its noun in the singular or plural.
fn count(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Returns a side's total under `scoring`, before komi.
fn points(side: &ScoreSide, scoring: Scoring) -> f64 {
    let sum = match scoring {
        Scoring::Area => side.territory + side.stones,
        Scoring::Territory => side.territory + side.prisoners + side.dead,
    };
    sum as f64
}

/// Returns 0 for Black and 1 for White.
fn slot(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// Splits the empty points of `board` into territory and neutral points.
fn regions(board: &Position) -> (Vec<(Point, Color)>, Vec<Point>) {
    let size = board.size();
    let mut owner: Vec<Option<Option<Color>>> = vec![None; size.points()];
    for p in size.all_points() {
        if board.get(p).is_none() && owner[p.index(size)].is_none() {
            let (region, colour) = region(board, p);
            for q in region {
                owner[q.index(size)] = Some(colour);
            }
        }
    }
    let mut territory = Vec::new();
    let mut dame = Vec::new();
    for p in size.all_points() {
        match owner[p.index(size)] {
            Some(Some(c)) => territory.push((p, c)),
            Some(None) => dame.push(p),
            None => {}
        }
    }
    (territory, dame)
}

/// Returns the empty region through `start` and its owner, if only one colour borders it.
fn region(board: &Position, start: Point) -> (Vec<Point>, Option<Color>) {
    let size = board.size();
    let mut seen = vec![false; size.points()];
    let mut touches = [false; 2];
    let (mut points, mut stack) = (Vec::new(), vec![start]);
    seen[start.index(size)] = true;
    while let Some(p) = stack.pop() {
        points.push(p);
        for q in board.neighbours(p) {
            match board.get(q) {
                Some(c) => touches[slot(c)] = true,
                None if !seen[q.index(size)] => {
                    seen[q.index(size)] = true;
                    stack.push(q);
                }
                None => {}
            }
        }
    }
    let colour = match touches {
        [true, false] => Some(Color::Black),
        [false, true] => Some(Color::White),
        _ => None,
    };
    (points, colour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Marks, render_scored};
    use crate::{BoardSize, Move, Rules};

    fn pt(text: &str) -> Point {
        text.parse().unwrap()
    }

    fn pts(texts: &[&str]) -> Vec<Point> {
        texts.iter().map(|t| pt(t)).collect()
    }

    fn board(rows: &[&str]) -> Position {
        Position::from_rows(rows).unwrap()
    }

    fn side(territory: u32, stones: u32, prisoners: u32, dead: u32, total: f64) -> ScoreSide {
        ScoreSide {
            territory,
            stones,
            prisoners,
            dead,
            total,
        }
    }

    /// Black owns columns A-B, White column E: a simple split 5x5 board.
    const SPLIT: [&str; 5] = ["..XO.", "..XO.", "..XO.", "..XO.", "..XO."];

    /// As `SPLIT`, with a dead white string (A4, B4) and a dead black stone (E2).
    const DEAD: [&str; 5] = ["..XO.", "OOXO.", "..XO.", "..XOX", "..XO."];

    /// A seki at A1/B2: the inner strings A2-A3-B3-C3 and B1-C1-C2 share two liberties.
    const SEKI: [&str; 7] = [
        "....OX.", //
        "....OX.", "....OX.", "OOOOOX.", "XXXOXX.", "X.OXX..", ".OOX...",
    ];

    #[test]
    fn empty_board_is_all_dame_and_white_wins_by_komi() {
        let pos = Position::empty(BoardSize::new(9).unwrap());
        let s = score(&pos, &[], Scoring::Area, 7.5, 0, 0);
        assert_eq!(s.dame.len(), 81);
        assert!(s.territory.is_empty());
        assert_eq!(s.black, side(0, 0, 0, 0, 0.0));
        assert_eq!(s.white, side(0, 0, 0, 0, 7.5));
        assert_eq!(s.result(), GameResult::Score(Some(Color::White), 7.5));
        let t = score(&pos, &[], Scoring::Territory, 6.5, 0, 0);
        assert_eq!(t.result(), GameResult::Score(Some(Color::White), 6.5));
    }

    #[test]
    fn split_board_under_both_scorings() {
        let pos = board(&SPLIT);
        let a = score(&pos, &[], Scoring::Area, 0.5, 0, 0);
        assert_eq!(a.black, side(10, 5, 0, 0, 15.0));
        assert_eq!(a.white, side(5, 5, 0, 0, 10.5));
        assert_eq!(a.result(), GameResult::Score(Some(Color::Black), 4.5));
        assert!(a.dame.is_empty());
        assert!(a.territory.contains(&(pt("A1"), Color::Black)));
        assert!(a.territory.contains(&(pt("E5"), Color::White)));
        let t = score(&pos, &[], Scoring::Territory, 0.5, 0, 0);
        assert_eq!(t.black.total, 10.0);
        assert_eq!(t.white.total, 5.5);
        assert_eq!(t.result(), GameResult::Score(Some(Color::Black), 4.5));
    }

    #[test]
    fn equal_totals_are_a_draw() {
        let pos = board(&[".XO.", ".XO.", ".XO.", ".XO."]);
        for scoring in [Scoring::Area, Scoring::Territory] {
            let s = score(&pos, &[], scoring, 0.0, 0, 0);
            assert_eq!(s.result(), GameResult::Score(None, 0.0));
            assert_eq!(s.lines().last().unwrap(), "The game is a draw (jigo)");
        }
    }

    #[test]
    fn dead_stones_inside_territory_under_area_scoring() {
        let pos = board(&DEAD);
        let s = score(&pos, &pts(&["B4", "E2"]), Scoring::Area, 0.5, 0, 0);
        assert_eq!(s.black, side(10, 5, 0, 2, 15.0));
        assert_eq!(s.white, side(5, 5, 0, 1, 10.5));
        assert!(s.territory.contains(&(pt("A4"), Color::Black)));
        assert!(s.territory.contains(&(pt("E2"), Color::White)));
        assert_eq!(s.result(), GameResult::Score(Some(Color::Black), 4.5));
    }

    #[test]
    fn dead_stones_inside_territory_under_territory_scoring() {
        let pos = board(&DEAD);
        let s = score(&pos, &pts(&["B4", "E2"]), Scoring::Territory, 6.5, 0, 0);
        assert_eq!(s.black, side(10, 5, 0, 2, 12.0));
        assert_eq!(s.white, side(5, 5, 0, 1, 12.5));
        assert_eq!(s.result(), GameResult::Score(Some(Color::White), 0.5));
        insta::assert_snapshot!(s.lines().join("\n"), @r"
        Counting: territory scoring, komi 6.5
        Black: 10 points of territory + 0 prisoners + 2 dead white stones = 12
        White: 5 points of territory + 0 prisoners + 1 dead black stone + 6.5 komi = 12.5
        White wins by 0.5 (W+0.5)
        ");
    }

    #[test]
    fn undeclared_dead_stones_spoil_territory() {
        let s = score(&board(&DEAD), &[], Scoring::Area, 0.5, 0, 0);
        assert_eq!(s.black, side(0, 6, 0, 0, 6.0));
        assert_eq!(s.white, side(0, 7, 0, 0, 7.5));
        assert_eq!(s.dame.len(), 12);
    }

    #[test]
    fn seki_liberties_are_neutral() {
        let pos = board(&SEKI);
        let a = score(&pos, &[], Scoring::Area, 0.5, 0, 0);
        assert_eq!(a.dame, pts(&["A1", "B2"]));
        assert_eq!(a.black, side(10, 13, 0, 0, 23.0));
        assert_eq!(a.white, side(12, 12, 0, 0, 24.5));
        assert_eq!(a.result(), GameResult::Score(Some(Color::White), 1.5));
        let t = score(&pos, &[], Scoring::Territory, 0.5, 0, 0);
        assert_eq!(t.dame, pts(&["A1", "B2"]));
        assert_eq!((t.black.total, t.white.total), (10.0, 12.5));
    }

    #[test]
    fn prisoners_count_only_under_territory_scoring() {
        let pos = board(&SPLIT);
        let a = score(&pos, &[], Scoring::Area, 0.5, 3, 1);
        assert_eq!(a.black, side(10, 5, 3, 0, 15.0));
        assert_eq!(a.white, side(5, 5, 1, 0, 10.5));
        let t = score(&pos, &[], Scoring::Territory, 0.5, 3, 1);
        assert_eq!(t.black.total, 13.0);
        assert_eq!(t.white.total, 6.5);
        assert_eq!(t.result(), GameResult::Score(Some(Color::Black), 6.5));
        insta::assert_snapshot!(a.lines().join("\n"), @r"
        Counting: area scoring, komi 0.5
        Black: 10 points of territory + 5 stones on the board = 15
        White: 5 points of territory + 5 stones on the board + 0.5 komi = 10.5
        Black wins by 4.5 (B+4.5)
        ");
    }

    #[test]
    fn score_game_uses_rules_and_prisoners() {
        let size = BoardSize::new(5).unwrap();
        let territory = Rules {
            scoring: Scoring::Territory,
            komi: 6.5,
            ..Rules::default()
        };
        for (rules, black, white) in [(Rules::default(), 25.0, 7.5), (territory, 24.0, 6.5)] {
            let mut game = Game::new(size, rules);
            for mv in ["B1", "A1", "A2"] {
                game.play(Move::Play(pt(mv))).unwrap();
            }
            assert_eq!(game.prisoners(Color::Black), 1);
            let s = score_game(&game, &[]);
            assert_eq!((s.black.territory, s.black.prisoners), (23, 1));
            assert_eq!((s.black.total, s.white.total), (black, white));
            assert_eq!(s.result(), GameResult::Score(Some(Color::Black), 17.5));
        }
    }

    #[test]
    fn dead_strings_expand_and_ignore_empty_and_off_board_points() {
        let pos = board(&DEAD);
        let got = dead_strings(&pos, &pts(&["B4", "A4", "A1", "E2", "B4", "Z25"]));
        assert_eq!(got, pts(&["A4", "B4", "E2"]));
        assert!(dead_strings(&pos, &[]).is_empty());
        let whole = dead_strings(&pos, &pts(&["C1"]));
        assert_eq!(whole, pts(&["C1", "C2", "C3", "C4", "C5"]));
    }

    #[test]
    fn score_ignores_empty_and_off_board_dead_points() {
        let pos = board(&SPLIT);
        let plain = score(&pos, &[], Scoring::Area, 0.5, 0, 0);
        let odd = score(&pos, &pts(&["A1", "Z25"]), Scoring::Area, 0.5, 0, 0);
        assert_eq!(plain, odd);
    }

    #[test]
    fn scored_board_from_a_count() {
        let pos = board(&DEAD);
        let dead = dead_strings(&pos, &pts(&["B4", "E2"]));
        let s = score(&pos, &dead, Scoring::Territory, 6.5, 0, 0);
        let marks = Marks {
            dead,
            territory: s.territory.clone(),
        };
        insta::assert_snapshot!(render_scored(&pos, &marks), @r"
            A B C D E
         5  # # X O -  5
         4  o o X O -  4
         3  # # X O -  3
         2  # # X O x  2
         1  # # X O -  1
            A B C D E
        ");
    }
}
