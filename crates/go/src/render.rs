//! The ASCII board, DGS/pbmserv style: a pinned text contract that mails,
//! tests and other tools rely on.
//!
//! Owns: the star points of each board size, the drawing of a position with
//! the last stone played in parentheses (`render`, `render_game`), and the
//! scoring-phase drawing with dead stones and territory marked
//! (`render_scored`, `Marks`: territory `#` for Black, `-` for White).
//! Letters run along the top and bottom, row
//! numbers down both sides right-aligned to two characters; `X` is Black,
//! `O` White, `.` an empty point and `+` an empty star point. Lines are
//! joined with `\n`, end with `\n`, and never carry trailing spaces.

use super::coords::COLUMNS;
use super::{BoardSize, Color, Game, Move, Point, Position};

/// Marks drawn on the board during the scoring phase.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// Stones marked dead, drawn `x` (black) and `o` (white).
    pub dead: Vec<Point>,
    /// Empty points (or points under dead stones) and whose territory they are.
    pub territory: Vec<(Point, Color)>,
}

/// Returns the star points of `size`, row by row from the bottom-left.
///
/// 9x9, 13x13 and 19x19 have their usual points; other odd sizes from 7 up
/// have only the centre; every other size has none.
pub fn star_points(size: BoardSize) -> Vec<Point> {
    let n = size.get();
    let lines: &[u8] = match n {
        9 => &[2, 6],
        13 => &[3, 9],
        19 => &[3, 9, 15],
        _ => &[],
    };
    let mut points: Vec<Point> = lines
        .iter()
        .flat_map(|&row| lines.iter().map(move |&col| Point::new(col, row)))
        .collect();
    if n >= 7 && n % 2 == 1 {
        let mid = n / 2;
        points.push(Point::new(mid, mid));
    }
    points.sort_by_key(|p| (p.row, p.col));
    points.dedup();
    points
}

/// Draws `pos`, wrapping the stone at `last` (if any stone is there) in parentheses.
///
/// A `last` point off the board or on an empty point draws no marker.
pub fn render(pos: &Position, last: Option<Point>) -> String {
    let size = pos.size();
    // Each point's mark when empty: looked up, not searched for.
    let mut empty = vec!['.'; size.points()];
    for p in star_points(size) {
        empty[p.index(size)] = '+';
    }
    let last = last.filter(|&p| size.contains(p) && pos.get(p).is_some());
    draw(size, last, |p| match pos.get(p) {
        Some(c) => c.stone_char(),
        None => empty[p.index(size)],
    })
}

/// Draws the game's board with its last stone played marked; no marker after a pass.
pub fn render_game(game: &Game) -> String {
    let last = match game.last_move() {
        Some((_, Move::Play(p))) => Some(p),
        _ => None,
    };
    render(&game.position(), last)
}

/// Draws `pos` for the scoring phase, in the same frame as [`render`].
///
/// Dead stones are drawn `x` (black) and `o` (white); empty territory `#`
/// for Black and `-` for White; other empty points `.`. Star points are
/// not drawn here, and no mark of territory is `+`, the star point's mark
/// on the board in play: a reader never takes one for the other.
/// There is no last-move marker. Marks off the board are ignored.
pub fn render_scored(pos: &Position, marks: &Marks) -> String {
    let size = pos.size();
    let mut dead = vec![false; size.points()];
    for p in marks.dead.iter().filter(|p| size.contains(**p)) {
        dead[p.index(size)] = true;
    }
    let mut owner = vec![None; size.points()];
    for (p, c) in marks.territory.iter().filter(|(p, _)| size.contains(*p)) {
        owner[p.index(size)] = Some(*c);
    }
    draw(size, None, |p| {
        let i = p.index(size);
        scored_char(pos.get(p), dead[i], owner[i])
    })
}

/// Returns the scoring-phase character of one point.
fn scored_char(stone: Option<Color>, dead: bool, owner: Option<Color>) -> char {
    match (stone, dead, owner) {
        (Some(c), true, _) => c.stone_char().to_ascii_lowercase(),
        (Some(c), false, _) => c.stone_char(),
        (None, _, Some(Color::Black)) => '#',
        (None, _, Some(Color::White)) => '-',
        (None, _, None) => '.',
    }
}

/// Draws the frame around the cells given by `cell`, marking `last` with
/// parentheses; into one buffer, without a string per row.
fn draw(size: BoardSize, last: Option<Point>, cell: impl Fn(Point) -> char) -> String {
    let n = size.get();
    let letters = letters_line(size);
    let mut out = String::with_capacity(2 * letters.len() + n as usize * (2 * n as usize + 9));
    out.push_str(&letters);
    out.push('\n');
    for row in (0..n).rev() {
        let marked = last.filter(|p| p.row == row).map(|p| p.col);
        row_line(&mut out, n, row, marked, &cell);
        out.push('\n');
    }
    out.push_str(&letters);
    out.push('\n');
    out
}

/// Returns the header/footer line: four spaces, then the column letters.
fn letters_line(size: BoardSize) -> String {
    let mut line = String::from("   ");
    for &b in COLUMNS.iter().take(size.get() as usize) {
        line.push(' ');
        line.push(b as char);
    }
    line
}

/// Appends one row line to `out`, with parentheses around column
/// `marked` if given.
fn row_line(out: &mut String, n: u8, row: u8, marked: Option<u8>, cell: &impl Fn(Point) -> char) {
    let number = row as u32 + 1;
    let marked = marked.filter(|&c| c < n);
    let sep = |col: u8| match marked {
        Some(m) if col == m => '(',
        Some(m) if col == m + 1 => ')',
        _ => ' ',
    };
    push_number(out, number);
    out.push(' ');
    for col in 0..n {
        out.push(sep(col));
        out.push(cell(Point::new(col, row)));
    }
    out.push(sep(n));
    push_number(out, number);
}

/// Appends `number` right-aligned in two places (as `{number:>2}`).
fn push_number(out: &mut String, number: u32) {
    if number < 10 {
        out.push(' ');
    }
    push_digits(out, number);
}

/// Appends the digits of `number`.
fn push_digits(out: &mut String, number: u32) {
    if number >= 10 {
        push_digits(out, number / 10);
    }
    out.push(char::from(b'0' + (number % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;

    fn size(n: u32) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    fn pt(text: &str) -> Point {
        text.parse().unwrap()
    }

    const NINE_E5: &str = "    A B C D E F G H J
 9  . . . . . . . . .  9
 8  . . . . . . . . .  8
 7  . . + . . . + . .  7
 6  . . . . . . . . .  6
 5  . . . .(X). . . .  5
 4  . . . . . . . . .  4
 3  . . + . . . + . .  3
 2  . . . . . . . . .  2
 1  . . . . . . . . .  1
    A B C D E F G H J
";

    #[test]
    fn nine_by_nine_with_last_move_matches_the_contract() {
        let mut pos = Position::empty(size(9));
        pos.set(pt("E5"), Some(Color::Black));
        let s = render(&pos, Some(pt("E5")));
        assert_eq!(s, NINE_E5);
        insta::assert_snapshot!(s, @r"
            A B C D E F G H J
         9  . . . . . . . . .  9
         8  . . . . . . . . .  8
         7  . . + . . . + . .  7
         6  . . . . . . . . .  6
         5  . . . .(X). . . .  5
         4  . . . . . . . . .  4
         3  . . + . . . + . .  3
         2  . . . . . . . . .  2
         1  . . . . . . . . .  1
            A B C D E F G H J
        ");
    }

    #[test]
    fn render_game_marks_the_last_play_and_not_a_pass() {
        let mut game = Game::new(size(9), Rules::default());
        game.play(Move::Play(pt("E5"))).unwrap();
        assert_eq!(render_game(&game), NINE_E5);
        game.play(Move::Pass).unwrap();
        assert!(!render_game(&game).contains('('));
        assert_eq!(render_game(&game), render(&game.position(), None));
    }

    #[test]
    fn star_points_per_size() {
        let names = |n| -> Vec<String> {
            star_points(size(n))
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert_eq!(names(9), ["C3", "G3", "E5", "C7", "G7"]);
        assert_eq!(names(13), ["D4", "K4", "G7", "D10", "K10"]);
        assert_eq!(
            names(19),
            ["D4", "K4", "Q4", "D10", "K10", "Q10", "D16", "K16", "Q16"]
        );
        assert_eq!(names(7), ["D4"]);
        assert_eq!(names(11), ["F6"]);
        assert_eq!(names(15), ["H8"]);
        assert_eq!(names(25), ["N13"]);
        for n in [2, 3, 4, 5, 6, 8, 10, 12, 14, 20, 24] {
            assert!(names(n).is_empty(), "{n}");
        }
    }

    #[test]
    fn thirteen_empty() {
        insta::assert_snapshot!(render(&Position::empty(size(13)), None), @r"
            A B C D E F G H J K L M N
        13  . . . . . . . . . . . . . 13
        12  . . . . . . . . . . . . . 12
        11  . . . . . . . . . . . . . 11
        10  . . . + . . . . . + . . . 10
         9  . . . . . . . . . . . . .  9
         8  . . . . . . . . . . . . .  8
         7  . . . . . . + . . . . . .  7
         6  . . . . . . . . . . . . .  6
         5  . . . . . . . . . . . . .  5
         4  . . . + . . . . . + . . .  4
         3  . . . . . . . . . . . . .  3
         2  . . . . . . . . . . . . .  2
         1  . . . . . . . . . . . . .  1
            A B C D E F G H J K L M N
        ");
    }

    #[test]
    fn nineteen_empty() {
        insta::assert_snapshot!(render(&Position::empty(size(19)), None), @r"
            A B C D E F G H J K L M N O P Q R S T
        19  . . . . . . . . . . . . . . . . . . . 19
        18  . . . . . . . . . . . . . . . . . . . 18
        17  . . . . . . . . . . . . . . . . . . . 17
        16  . . . + . . . . . + . . . . . + . . . 16
        15  . . . . . . . . . . . . . . . . . . . 15
        14  . . . . . . . . . . . . . . . . . . . 14
        13  . . . . . . . . . . . . . . . . . . . 13
        12  . . . . . . . . . . . . . . . . . . . 12
        11  . . . . . . . . . . . . . . . . . . . 11
        10  . . . + . . . . . + . . . . . + . . . 10
         9  . . . . . . . . . . . . . . . . . . .  9
         8  . . . . . . . . . . . . . . . . . . .  8
         7  . . . . . . . . . . . . . . . . . . .  7
         6  . . . . . . . . . . . . . . . . . . .  6
         5  . . . . . . . . . . . . . . . . . . .  5
         4  . . . + . . . . . + . . . . . + . . .  4
         3  . . . . . . . . . . . . . . . . . . .  3
         2  . . . . . . . . . . . . . . . . . . .  2
         1  . . . . . . . . . . . . . . . . . . .  1
            A B C D E F G H J K L M N O P Q R S T
        ");
    }

    #[test]
    fn two_by_two() {
        let pos = Position::from_rows(&["X.", ".O"]).unwrap();
        let s = render(&pos, Some(pt("B1")));
        assert_eq!(s, "    A B\n 2  X .  2\n 1  .(O) 1\n    A B\n");
        insta::assert_snapshot!(s, @r"
            A B
         2  X .  2
         1  .(O) 1
            A B
        ");
    }

    #[test]
    fn seven_by_seven_has_a_centre_star() {
        insta::assert_snapshot!(render(&Position::empty(size(7)), None), @r"
            A B C D E F G
         7  . . . . . . .  7
         6  . . . . . . .  6
         5  . . . . . . .  5
         4  . . . + . . .  4
         3  . . . . . . .  3
         2  . . . . . . .  2
         1  . . . . . . .  1
            A B C D E F G
        ");
    }

    #[test]
    fn twenty_five_reaches_column_z() {
        let mut pos = Position::empty(size(25));
        pos.set(pt("Z25"), Some(Color::White));
        pos.set(pt("A1"), Some(Color::Black));
        insta::assert_snapshot!(render(&pos, Some(pt("Z25"))), @r"
            A B C D E F G H J K L M N O P Q R S T U V W X Y Z
        25  . . . . . . . . . . . . . . . . . . . . . . . .(O)25
        24  . . . . . . . . . . . . . . . . . . . . . . . . . 24
        23  . . . . . . . . . . . . . . . . . . . . . . . . . 23
        22  . . . . . . . . . . . . . . . . . . . . . . . . . 22
        21  . . . . . . . . . . . . . . . . . . . . . . . . . 21
        20  . . . . . . . . . . . . . . . . . . . . . . . . . 20
        19  . . . . . . . . . . . . . . . . . . . . . . . . . 19
        18  . . . . . . . . . . . . . . . . . . . . . . . . . 18
        17  . . . . . . . . . . . . . . . . . . . . . . . . . 17
        16  . . . . . . . . . . . . . . . . . . . . . . . . . 16
        15  . . . . . . . . . . . . . . . . . . . . . . . . . 15
        14  . . . . . . . . . . . . . . . . . . . . . . . . . 14
        13  . . . . . . . . . . . . + . . . . . . . . . . . . 13
        12  . . . . . . . . . . . . . . . . . . . . . . . . . 12
        11  . . . . . . . . . . . . . . . . . . . . . . . . . 11
        10  . . . . . . . . . . . . . . . . . . . . . . . . . 10
         9  . . . . . . . . . . . . . . . . . . . . . . . . .  9
         8  . . . . . . . . . . . . . . . . . . . . . . . . .  8
         7  . . . . . . . . . . . . . . . . . . . . . . . . .  7
         6  . . . . . . . . . . . . . . . . . . . . . . . . .  6
         5  . . . . . . . . . . . . . . . . . . . . . . . . .  5
         4  . . . . . . . . . . . . . . . . . . . . . . . . .  4
         3  . . . . . . . . . . . . . . . . . . . . . . . . .  3
         2  . . . . . . . . . . . . . . . . . . . . . . . . .  2
         1  X . . . . . . . . . . . . . . . . . . . . . . . .  1
            A B C D E F G H J K L M N O P Q R S T U V W X Y Z
        ");
    }

    #[test]
    fn last_move_at_the_edges() {
        let pos = Position::from_rows(&[
            ".....", //
            "X...O", ".....", ".....", ".....",
        ])
        .unwrap();
        let left = render(&pos, Some(pt("A4")));
        let right = render(&pos, Some(pt("E4")));
        assert!(left.contains("\n 4 (X). . . O  4\n"), "{left}");
        assert!(right.contains("\n 4  X . . .(O) 4\n"), "{right}");
        insta::assert_snapshot!(left, @r"
            A B C D E
         5  . . . . .  5
         4 (X). . . O  4
         3  . . . . .  3
         2  . . . . .  2
         1  . . . . .  1
            A B C D E
        ");
        insta::assert_snapshot!(right, @r"
            A B C D E
         5  . . . . .  5
         4  X . . .(O) 4
         3  . . . . .  3
         2  . . . . .  2
         1  . . . . .  1
            A B C D E
        ");
    }

    #[test]
    fn no_marker_on_empty_or_off_board_points() {
        let pos = Position::empty(size(5));
        assert_eq!(render(&pos, Some(pt("C3"))), render(&pos, None));
        assert_eq!(render(&pos, Some(pt("Z25"))), render(&pos, None));
    }

    #[test]
    fn no_trailing_spaces_on_any_size() {
        for n in 2..=25 {
            let s = render(&Position::empty(size(n)), Some(Point::new(0, 0)));
            assert!(s.ends_with('\n'));
            assert!(s.lines().all(|l| !l.ends_with(' ')), "{n}");
            assert_eq!(s.lines().count(), n as usize + 2);
        }
    }

    #[test]
    fn scored_board_marks_dead_stones_and_territory() {
        let pos = Position::from_rows(&[
            ".X.O.", //
            "XX.OO", "..XO.", "XXO.O", ".XOO.",
        ])
        .unwrap();
        let marks = Marks {
            dead: vec![pt("C3")],
            territory: vec![
                (pt("A5"), Color::Black),
                (pt("A3"), Color::Black),
                (pt("B3"), Color::Black),
                (pt("A1"), Color::Black),
                (pt("E5"), Color::White),
                (pt("C3"), Color::White),
                (pt("E3"), Color::White),
                (pt("D2"), Color::White),
                (pt("E1"), Color::White),
            ],
        };
        let s = render_scored(&pos, &marks);
        insta::assert_snapshot!(s, @r"
            A B C D E
         5  # X . O -  5
         4  X X . O O  4
         3  # # x O -  3
         2  X X O - O  2
         1  # X O O -  1
            A B C D E
        ");
    }

    #[test]
    fn scored_board_hides_star_points_and_ignores_off_board_marks() {
        let marks = Marks {
            dead: vec![pt("Z25")],
            territory: vec![(pt("Z24"), Color::Black)],
        };
        let s = render_scored(&Position::empty(size(9)), &marks);
        assert!(!s.contains('+'));
        assert!(!s.contains('('));
    }
}
