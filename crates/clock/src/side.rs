//! [`Side`]: one player's clock at rest (between their moves), what a move
//! costs it and what is left while it runs. Times here are a player's own
//! seconds: the [`Calendar`](crate::Calendar) turns instants into them.
//!
//! The rules, as DGS and OGS apply them:
//! - per move: each move within the allowance, which starts again after it;
//! - Fischer: the time used is taken off, the bonus added, the bank capped;
//! - byo-yomi: main time first, then the periods; a move within a period
//!   keeps it (the period starts full again), each period that runs out
//!   is lost;
//! - Canadian: main time first, then blocks: each move counts a stone
//!   down, and when the block's stones are played a new block starts full;
//! - absolute: one bank for the game;
//! - none: the clock never runs out.
//!
//! Time is up when what is left reaches zero: a move at that moment is too
//! late.

use crate::system::System;

/// A player's clock at rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Side {
    /// Main time left, in seconds (per move: the allowance of a move).
    pub main: i64,
    /// Byo-yomi periods left (the one in progress counted); Canadian: 0.
    pub periods: u32,
    /// Byo-yomi: the time of the current period; Canadian: the time left
    /// in the block (the whole block before it starts).
    pub period: i64,
    /// Canadian: stones left in the block (all of them before it starts).
    pub stones: u32,
    /// Main time is used up: the player is in byo-yomi or in Canadian
    /// overtime.
    pub overtime: bool,
}

/// The player's time ran out before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the time ran out")]
pub struct Flagged;

impl Side {
    /// The clock a player starts a game with.
    pub fn start(system: &System) -> Side {
        let empty = Side {
            main: 0,
            periods: 0,
            period: 0,
            stones: 0,
            overtime: false,
        };
        match *system {
            System::PerMove { per_move } => Side {
                main: per_move.secs(),
                ..empty
            },
            System::Fischer { main, .. } | System::Absolute { main } => Side {
                main: main.secs(),
                ..empty
            },
            System::Byoyomi {
                main,
                periods,
                period,
            } => Side {
                main: main.secs(),
                periods,
                period: period.secs(),
                overtime: main.secs() == 0,
                ..empty
            },
            System::Canadian {
                main,
                stones,
                block,
            } => Side {
                main: main.secs(),
                period: block.secs(),
                stones,
                overtime: main.secs() == 0,
                ..empty
            },
            System::None => empty,
        }
    }

    /// The own seconds this clock may run from rest before time is up;
    /// `None` when it never is.
    pub fn budget(&self, system: &System) -> Option<i64> {
        match *system {
            System::None => None,
            System::Byoyomi { .. } => Some(self.main + i64::from(self.periods) * self.period),
            System::Canadian { .. } => Some(self.main + self.period),
            _ => Some(self.main),
        }
    }

    /// The clock after a move that took `used` own seconds (from the
    /// moment the player's clock started), or [`Flagged`] when the time
    /// was up before it.
    pub fn spend(&self, system: &System, used: i64) -> Result<Side, Flagged> {
        let used = used.max(0);
        if self.budget(system).is_some_and(|b| used >= b) {
            return Err(Flagged);
        }
        let mut next = *self;
        match *system {
            System::PerMove { per_move } => next.main = per_move.secs(),
            System::Fischer { bonus, cap, .. } => {
                let bank = self.main - used + bonus.secs();
                next.main = cap.map_or(bank, |c| bank.min(c.secs()));
            }
            System::Absolute { .. } => next.main = self.main - used,
            System::Byoyomi { .. } if used < self.main => next.main = self.main - used,
            System::Byoyomi { .. } => {
                let lost = (used - self.main) / self.period;
                next = Side {
                    main: 0,
                    periods: self.periods - u32::try_from(lost).unwrap_or(u32::MAX),
                    overtime: true,
                    ..*self
                };
            }
            System::Canadian { .. } if used < self.main => next.main = self.main - used,
            System::Canadian { stones, block, .. } => {
                next.period = self.period - (used - self.main);
                next.main = 0;
                next.overtime = true;
                next.stones = self.stones - 1;
                if next.stones == 0 {
                    next.stones = stones;
                    next.period = block.secs();
                }
            }
            System::None => {}
        }
        Ok(next)
    }

    /// The clock as it stands `elapsed` own seconds after it started to
    /// run, with no move yet; `None` once the time is up. (For byo-yomi,
    /// `period` is then what is left of the period in progress.)
    pub fn at(&self, system: &System, elapsed: i64) -> Option<Side> {
        let elapsed = elapsed.max(0);
        if self.budget(system).is_some_and(|b| elapsed >= b) {
            return None;
        }
        let mut now = *self;
        match *system {
            System::None => {}
            System::Byoyomi { .. } if elapsed >= self.main => {
                let over = elapsed - self.main;
                let lost = u32::try_from(over / self.period).unwrap_or(u32::MAX);
                now = Side {
                    main: 0,
                    periods: self.periods - lost,
                    period: self.period - over % self.period,
                    overtime: true,
                    ..*self
                };
            }
            System::Canadian { .. } if elapsed >= self.main => {
                now.period = self.period - (elapsed - self.main);
                now.main = 0;
                now.overtime = true;
            }
            _ => now.main = self.main - elapsed,
        }
        Some(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::span::Span;

    const H: i64 = 3600;
    const D: i64 = 24 * H;

    fn sys(text: &str) -> System {
        System::parse(text).unwrap()
    }

    /// Plays moves taking `used` own seconds each; the clock after each,
    /// or `None` from the move that was too late.
    fn timeline(system: &str, used: &[i64]) -> Vec<Option<Side>> {
        let system = sys(system);
        let mut side = Some(Side::start(&system));
        used.iter()
            .map(|u| {
                side = side.and_then(|s| s.spend(&system, *u).ok());
                side
            })
            .collect()
    }

    fn mains(line: &[Option<Side>]) -> Vec<Option<i64>> {
        line.iter().map(|s| s.map(|s| s.main)).collect()
    }

    #[test]
    fn per_move_starts_again_after_each_move() {
        let line = timeline("per-move 5d", &[4 * D, 5 * D - 1, 5 * D]);
        assert_eq!(mains(&line), [Some(5 * D), Some(5 * D), None]);
    }

    #[test]
    fn fischer_adds_then_caps() {
        // OGS's correspondence default: 3d + 1d a move, at most 7d.
        let line = timeline("fischer 3d+1d max 7d", &[H, H, 0, 0, 0, 0, 2 * D, 7 * D]);
        assert_eq!(
            mains(&line),
            [
                Some(4 * D - H),
                Some(5 * D - 2 * H),
                Some(6 * D - 2 * H),
                Some(7 * D - 2 * H),
                Some(7 * D),
                Some(7 * D),
                Some(6 * D),
                None
            ]
        );
        // Little Golem: 240 h to start, +36 h a move, 240 h at most.
        let lg = timeline("fischer 10d+1d12h max 10d", &[12 * H, 100 * H]);
        assert_eq!(mains(&lg), [Some(240 * H), Some(176 * H)]);
    }

    #[test]
    fn byoyomi_keeps_a_period_used_in_part() {
        let system = sys("byoyomi 14d+5x1d");
        let line = timeline(
            "byoyomi 14d+5x1d",
            &[13 * D, D + 12 * H, 23 * H, D + H, 3 * D],
        );
        let got: Vec<_> = line
            .iter()
            .map(|s| s.map(|s| (s.main, s.periods, s.period, s.overtime)))
            .collect();
        assert_eq!(
            got,
            [
                Some((D, 5, D, false)),
                // 12 h into byo-yomi: within the first period, all 5 kept
                Some((0, 5, D, true)),
                Some((0, 5, D, true)),
                // 25 h: one period ran out, the next was used in part
                Some((0, 4, D, true)),
                Some((0, 1, D, true)),
            ]
        );
        let last = line[4].unwrap();
        assert_eq!(last.budget(&system), Some(D));
        assert!(last.spend(&system, D).is_err());
        // while it runs: 30 h into 5 periods of a day with no main time left
        let running = line[1].unwrap().at(&system, 30 * H).unwrap();
        assert_eq!((running.periods, running.period), (4, 18 * H));
    }

    #[test]
    fn canadian_counts_stones_in_a_block() {
        let system = sys("canadian 10d+3/7d");
        let line = timeline("canadian 10d+3/7d", &[9 * D, 2 * D, 2 * D, 2 * D, D, 2 * D]);
        let got: Vec<_> = line
            .iter()
            .map(|s| s.map(|s| (s.main, s.stones, s.period)))
            .collect();
        assert_eq!(
            got,
            [
                Some((D, 3, 7 * D)),
                // one day of main time, then one day of the block: a stone
                Some((0, 2, 6 * D)),
                Some((0, 1, 4 * D)),
                // the third stone in the block: a new block of 7 days
                Some((0, 3, 7 * D)),
                Some((0, 2, 6 * D)),
                Some((0, 1, 4 * D)),
            ]
        );
        let at = line[5].unwrap().at(&system, 4 * D - 1).unwrap();
        assert_eq!((at.stones, at.period), (1, 1));
        assert_eq!(line[5].unwrap().at(&system, 4 * D), None);
    }

    #[test]
    fn absolute_and_none() {
        assert_eq!(
            mains(&timeline("absolute 30d", &[10 * D, 10 * D, 10 * D])),
            [Some(20 * D), Some(10 * D), None]
        );
        let none = sys("none");
        let side = Side::start(&none);
        assert_eq!(side.budget(&none), None);
        assert_eq!(side.spend(&none, 1000 * D), Ok(side));
        assert!(side.at(&none, 1000 * D).is_some());
    }

    #[test]
    fn budget_is_where_at_ends() {
        let system = System::Fischer {
            main: Span::days(3),
            bonus: Span::days(1),
            cap: None,
        };
        let side = Side::start(&system);
        assert!(side.at(&system, 3 * D - 1).is_some());
        assert_eq!(side.at(&system, 3 * D), None);
    }
}
