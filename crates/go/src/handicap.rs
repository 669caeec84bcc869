//! Handicap stones: the fixed placements on 9x9, 13x13 and 19x19, and the
//! checks on a free placement.
//!
//! Owns the star-point tables for handicaps and `HandicapError`. Placing the
//! stones on a board is the game's business.

use thiserror::Error;

use super::{BoardSize, Point};

/// Why a handicap cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum HandicapError {
    /// Fixed handicap exists only on 9x9, 13x13 and 19x19.
    #[error("fixed handicap needs a 9x9, 13x13 or 19x19 board; use free placement on {0}x{0}")]
    NoFixedPlacement(u8),
    /// Too many or too few stones for this board.
    #[error("a handicap of {stones} is not possible on {size}x{size} (2 to {max})")]
    Count {
        /// The stones asked for.
        stones: u32,
        /// The board size.
        size: u8,
        /// The most this board allows.
        max: u32,
    },
    /// Handicap stones go on an empty board before the first move.
    #[error("handicap stones can only be placed before the first move")]
    TooLate,
    /// A free placement names a point twice or a point that is taken.
    #[error("{0} is named twice or already occupied")]
    Duplicate(Point),
    /// A free placement names a point off the board.
    #[error("{0} is not on the board")]
    OffBoard(Point),
}

/// Returns the most handicap stones allowed on a board of `size` with fixed placement.
pub fn max_fixed(size: BoardSize) -> Option<u32> {
    match size.get() {
        9 => Some(5),
        13 | 19 => Some(9),
        _ => None,
    }
}

/// Returns the most stones a free handicap may have on a board of `size`.
pub fn max_free(size: BoardSize) -> u32 {
    (size.points() as u32 / 2).clamp(1, 9).max(2)
}

/// Returns the fixed handicap points for `stones` on a board of `size`.
pub(crate) fn fixed_points(size: BoardSize, stones: u32) -> Result<Vec<Point>, HandicapError> {
    let max = max_fixed(size).ok_or(HandicapError::NoFixedPlacement(size.get()))?;
    if !(2..=max).contains(&stones) {
        return Err(HandicapError::Count {
            stones,
            size: size.get(),
            max,
        });
    }
    let n = size.get();
    let (lo, mid, hi) = if n == 9 { (2, 4, 6) } else { (3, n / 2, n - 4) };
    let p = Point::new;
    let corners = [p(hi, hi), p(lo, lo), p(hi, lo), p(lo, hi)];
    let sides = [p(lo, mid), p(hi, mid), p(mid, lo), p(mid, hi)];
    let centre = p(mid, mid);
    let mut out: Vec<Point> = corners
        .iter()
        .take(stones.min(4) as usize)
        .copied()
        .collect();
    match stones {
        5 => out.push(centre),
        6 => out.extend(&sides[..2]),
        7 => out.extend([sides[0], sides[1], centre]),
        8 => out.extend(&sides),
        9 => out.extend(sides.iter().copied().chain([centre])),
        _ => {}
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: u32, stones: u32) -> Vec<String> {
        let s = BoardSize::new(size).unwrap();
        fixed_points(s, stones)
            .unwrap()
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    #[test]
    fn standard_placements() {
        assert_eq!(names(19, 2), ["Q16", "D4"]);
        assert_eq!(names(19, 3), ["Q16", "D4", "Q4"]);
        assert_eq!(names(19, 5), ["Q16", "D4", "Q4", "D16", "K10"]);
        assert_eq!(names(19, 9).len(), 9);
        assert_eq!(
            names(13, 9),
            ["K10", "D4", "K4", "D10", "D7", "K7", "G4", "G10", "G7"]
        );
        assert_eq!(names(9, 5), ["G7", "C3", "G3", "C7", "E5"]);
    }

    #[test]
    fn limits() {
        let nine = BoardSize::new(9).unwrap();
        assert!(matches!(
            fixed_points(nine, 6),
            Err(HandicapError::Count { max: 5, .. })
        ));
        assert!(matches!(
            fixed_points(nine, 1),
            Err(HandicapError::Count { .. })
        ));
        let seven = BoardSize::new(7).unwrap();
        assert_eq!(
            fixed_points(seven, 2),
            Err(HandicapError::NoFixedPlacement(7))
        );
    }
}
