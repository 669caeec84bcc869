//! What happens to a game besides moves: a resignation, a result set by
//! agreement, a deadline, a clock or the admin, and a return to play; and
//! free handicap stones placed a few at a time.
//!
//! Owns `GameEvent` (with the text the move list keeps it as) and applying
//! one to a `Game`, so a replay of the move list and its events rebuilds
//! the stored game. Pure: no store, no clock.

use std::fmt;
use std::str::FromStr;

use super::handicap::{self, HandicapError};
use super::{Color, Game, GameResult, IllegalMove, Phase, Point};

/// A change to a game that is not a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameEvent {
    /// The player of this colour resigned.
    Resign(Color),
    /// The game ended with this result (a count, a loss on time, the admin).
    Finish(GameResult),
    /// Play goes on: from the scoring phase, or (by the admin) after a result.
    Resume,
}

impl fmt::Display for GameEvent {
    /// Writes `resign black`, `result W+3.5` or `resume`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameEvent::Resign(c) => write!(f, "resign {}", c.name()),
            GameEvent::Finish(r) => write!(f, "result {r}"),
            GameEvent::Resume => f.write_str("resume"),
        }
    }
}

impl FromStr for GameEvent {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("'{s}' is not a game event");
        match s.split_once(' ') {
            None if s == "resume" => Ok(GameEvent::Resume),
            Some(("resign", c)) => Color::parse(c).map(GameEvent::Resign).ok_or_else(bad),
            Some(("result", r)) => r.parse().map(GameEvent::Finish).map_err(|_| bad()),
            _ => Err(bad()),
        }
    }
}

impl Game {
    /// Applies `event`: a resignation or result ends the game; `Resume`
    /// leaves the scoring phase, or reopens a finished game (the admin's
    /// repair), with no passes counted and the same side to move.
    pub fn apply_event(&mut self, event: GameEvent) -> Result<(), IllegalMove> {
        match event {
            GameEvent::Resign(c) => self.resign(c).map(|_| ()),
            GameEvent::Finish(r) => self.finish(r).map(|_| ()),
            GameEvent::Resume if self.phase == Phase::Finished => {
                self.phase = Phase::Play;
                self.result = None;
                self.passes = 0;
                Ok(())
            }
            GameEvent::Resume => self.resume(),
        }
    }

    /// Adds free handicap stones at `points` before the first move, keeping
    /// the stones placed so far; `to_move` plays next (Black while stones
    /// remain to be placed, then White). At most `handicap::max_free` in all.
    pub fn add_handicap_stones(
        &mut self,
        points: &[Point],
        to_move: Color,
    ) -> Result<(), HandicapError> {
        let size = self.board.size();
        if self.move_number > 0 {
            return Err(HandicapError::TooLate);
        }
        let total = self.handicap + points.len() as u32;
        let max = handicap::max_free(size);
        if total > max {
            return Err(HandicapError::Count {
                stones: total,
                size: size.get(),
                max,
            });
        }
        let pos = self.with_black_stones(points)?;
        self.restart(&pos, to_move);
        self.handicap = total;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Move, Rules};

    #[test]
    fn events_read_back() {
        for e in [
            GameEvent::Resign(Color::White),
            GameEvent::Finish(GameResult::Score(Some(Color::White), 3.5)),
            GameEvent::Finish(GameResult::Time(Color::Black)),
            GameEvent::Resume,
        ] {
            assert_eq!(e.to_string().parse::<GameEvent>(), Ok(e));
        }
        assert!("resign purple".parse::<GameEvent>().is_err());
        assert!("nonsense".parse::<GameEvent>().is_err());
    }

    #[test]
    fn resume_reopens_and_finish_ends() {
        let mut g = Game::new(BoardSize::new(5).unwrap(), Rules::default());
        g.play(Move::Pass).unwrap();
        g.play(Move::Pass).unwrap();
        assert_eq!(g.phase(), Phase::Scoring);
        g.apply_event(GameEvent::Resume).unwrap();
        assert_eq!((g.phase(), g.passes()), (Phase::Play, 0));
        g.apply_event(GameEvent::Resign(Color::Black)).unwrap();
        assert_eq!(g.result(), Some(GameResult::Resignation(Color::White)));
        assert!(g.apply_event(GameEvent::Resign(Color::Black)).is_err());
        g.apply_event(GameEvent::Resume).unwrap();
        assert_eq!((g.phase(), g.result()), (Phase::Play, None));
    }

    #[test]
    fn handicap_stones_a_few_at_a_time() {
        let mut g = Game::new(BoardSize::new(9).unwrap(), Rules::default());
        let p = |s: &str| s.parse::<Point>().unwrap();
        g.add_handicap_stones(&[p("C3")], Color::Black).unwrap();
        assert_eq!(g.to_move(), Color::Black);
        let dup = g.add_handicap_stones(&[p("C3")], Color::White);
        assert_eq!(dup, Err(HandicapError::Duplicate(p("C3"))));
        g.add_handicap_stones(&[p("G7"), p("E5")], Color::White)
            .unwrap();
        assert_eq!((g.handicap(), g.to_move()), (3, Color::White));
        assert_eq!(g.history().start().count(Color::Black), 3);
        assert_eq!(g.move_number(), 0);
        g.play(Move::Pass).unwrap();
        assert_eq!(
            g.add_handicap_stones(&[p("A1")], Color::White),
            Err(HandicapError::TooLate)
        );
    }
}
