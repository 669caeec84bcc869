//! Positions the render tests draw: two walls splitting the board, a few
//! stones on either side, the last move and a ko point; and the same
//! board in the scoring phase, with a dead stone in each territory.

use pbmgo::go::score::score;
use pbmgo::go::{BoardSize, Color, Point, Position, Scoring};
use pbmgo::render::Picture;

/// A position on `n` lines: Black's wall on one column, White's on the
/// next, a lone white stone in Black's area and a black one in White's.
pub fn walls(n: u8) -> Position {
    let wall = n / 3;
    let rows: Vec<String> = (0..n)
        .rev()
        .map(|row| {
            (0..n)
                .map(|col| match (col, row) {
                    (c, _) if c == wall => 'X',
                    (c, _) if c == wall + 1 => 'O',
                    (1, 1) => 'O',
                    (c, r) if c == n - 2 && r == n - 2 => 'X',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    Position::from_rows(&rows).expect("a valid position")
}

/// The walls in play: the last stone on the bottom of White's wall and a
/// ko point in Black's area.
pub fn in_play(n: u8) -> Picture {
    let mut p = Picture::new(walls(n));
    p.last = Some(Point::new(n / 3 + 1, 0));
    p.ko = Some(Point::new(0, n - 1));
    p
}

/// The walls being scored: the two lone stones dead, territory counted.
pub fn scored(n: u8) -> Picture {
    let pos = walls(n);
    let dead = vec![Point::new(1, 1), Point::new(n - 2, n - 2)];
    let s = score(&pos, &dead, Scoring::Area, 6.5, 0, 0);
    let mut p = Picture::new(pos);
    p.dead = dead;
    p.territory = s.territory;
    p
}

/// The sizes the snapshots cover.
pub const SIZES: [u8; 4] = [9, 13, 19, 25];

/// A board size known to be valid.
pub fn size(n: u8) -> BoardSize {
    BoardSize::new(u32::from(n)).expect("a board size")
}

/// The stone colour the test positions put at `p`.
pub fn stone(n: u8, p: Point) -> Option<Color> {
    walls(n).get(p)
}
