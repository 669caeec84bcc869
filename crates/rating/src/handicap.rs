//! The fair handicap of a game between two ranks, by the convention
//! players know from 19x19: a difference of N ranks gives N stones at
//! komi 0.5 (at most 9), one rank gives no stones at komi 0.5, and under a
//! rank is an even game; the weaker player always takes Black.
//!
//! A stone is worth more on a smaller board, about (19/size)² ranks: 2.1
//! on 13x13, 4.5 on 9x9. The difference is divided by that and rounded to
//! the nearest whole (a half up) before the 19x19 rule is applied.

/// The handicap two ranks give: 0 an even game, 1 a game without stones
/// at komi 0.5, 2 to 9 that many stones at komi 0.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Handicap {
    /// How many ranks apart the players are.
    pub ranks: u32,
    /// The handicap: 0, 1, or the stones.
    pub handicap: u32,
}

impl Handicap {
    /// The stones Black places: 0 unless the handicap is 2 or more.
    pub fn stones(self) -> u32 {
        if self.handicap >= 2 { self.handicap } else { 0 }
    }

    /// White's komi: `even` (the rules' usual komi) in an even game, else
    /// half a point.
    pub fn komi(self, even: f64) -> f64 {
        if self.handicap == 0 { even } else { 0.5 }
    }
}

/// How many ranks one handicap stone is worth on a board of `size` lines.
pub fn ranks_per_stone(size: u8) -> f64 {
    let ratio = 19.0 / f64::from(size.max(1));
    ratio * ratio
}

/// The handicap for players `ranks` apart on a board of `size` lines,
/// where at most `max_stones` fixed stones fit (below 2 on boards without
/// handicap points, where the handicap stops at komi 0.5).
pub fn stones_for(ranks: u32, size: u8, max_stones: u32) -> Handicap {
    let scaled = f64::from(ranks) / ranks_per_stone(size);
    let whole = (scaled + 0.5).floor() as u32;
    let cap = max_stones.clamp(1, 9);
    Handicap {
        ranks,
        handicap: whole.min(cap),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(size: u8, max: u32) -> Vec<u32> {
        (0..=20)
            .map(|r| stones_for(r, size, max).handicap)
            .collect()
    }

    #[test]
    fn nineteen_gives_a_stone_a_rank_up_to_nine() {
        assert_eq!(
            table(19, 9),
            [
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9
            ]
        );
        let h = stones_for(3, 19, 9);
        assert_eq!((h.stones(), h.komi(6.5)), (3, 0.5));
        let h = stones_for(1, 19, 9);
        assert_eq!((h.stones(), h.komi(6.5)), (0, 0.5));
        let h = stones_for(0, 19, 9);
        assert_eq!((h.stones(), h.komi(6.5)), (0, 6.5));
    }

    #[test]
    fn smaller_boards_scale_the_difference() {
        assert_eq!(
            table(13, 9),
            [
                0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 8, 8, 9, 9
            ]
        );
        assert_eq!(
            table(9, 5),
            [
                0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4
            ]
        );
        assert_eq!(stones_for(30, 9, 5).handicap, 5);
        assert_eq!(stones_for(30, 5, 0).handicap, 1);
    }
}
