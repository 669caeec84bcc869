//! A game's whole state as plain data, for storage: taking it out of a
//! `Game`, putting it back, rebuilding it from the moves alone, and naming
//! where two states differ (what `pbmgo game verify` reports).
//!
//! Owns `GameState`, `RestoreError` and the comparison. The store decides
//! how the pieces are laid out in tables; this module only guarantees that
//! `Game::restore(game.state())` gives the same game back.

use thiserror::Error;

use super::board::Board;
use super::game::{Game, Phase};
use super::history::History;
use super::ko::{KoEntry, KoList};
use super::position::Position;
use super::rules::{GameResult, IllegalMove, KoRule, Rules};
use super::{Color, Move, Point};

/// Everything that makes up a game, as data.
#[derive(Debug, Clone, PartialEq)]
pub struct GameState {
    /// The rules.
    pub rules: Rules,
    /// Handicap stones placed.
    pub handicap: u32,
    /// The position play started from (after handicap stones).
    pub start: Position,
    /// Who was to move at the start.
    pub start_to_move: Color,
    /// Every move since the start, in order.
    pub moves: Vec<(Color, Move)>,
    /// The board hash of every position since the start (one more than moves).
    pub hashes: Vec<u64>,
    /// The board now.
    pub position: Position,
    /// Who is to move.
    pub to_move: Color,
    /// Passes in a row just played.
    pub passes: u8,
    /// Play, scoring or finished.
    pub phase: Phase,
    /// The result, once there is one.
    pub result: Option<GameResult>,
    /// Stones captured by Black and by White.
    pub prisoners: [u32; 2],
    /// Moves played, passes included.
    pub move_number: u32,
    /// The last move and who made it.
    pub last_move: Option<(Color, Move)>,
    /// Scott's ko position list.
    pub ko_list: Vec<KoEntry>,
    /// The point the player `Color` may not retake at once (simple ko), if any.
    pub ko_ban: Option<(Point, Color)>,
}

/// Why stored parts do not make a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RestoreError {
    /// The pieces do not fit together.
    #[error("stored game is inconsistent: {0}")]
    Inconsistent(&'static str),
    /// A stored move cannot be replayed.
    #[error("stored move {number} ({mv}) cannot be replayed: {reason}")]
    BadMove {
        /// Move number from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// Why the engine refuses it.
        reason: IllegalMove,
    },
}

impl Game {
    /// Returns the game's state as data.
    pub fn state(&self) -> GameState {
        let board = &self.board;
        GameState {
            rules: self.rules,
            handicap: self.handicap,
            start: self.history.start().clone(),
            start_to_move: self.history.start_to_move(),
            moves: self.history.moves().to_vec(),
            hashes: self.history.hashes().to_vec(),
            position: board.position(),
            to_move: self.to_move,
            passes: self.passes,
            phase: self.phase,
            result: self.result,
            prisoners: self.prisoners,
            move_number: self.move_number,
            last_move: self.last_move,
            ko_list: self.ko_list.entries().to_vec(),
            ko_ban: self.ko_ban.map(|(cell, c)| (board.point(cell), c)),
        }
    }

    /// Returns the game stored as `state`, without replaying its moves.
    pub fn restore(state: GameState) -> Result<Game, RestoreError> {
        let size = state.position.size();
        if state.start.size() != size || state.ko_list.iter().any(|e| e.position.size() != size) {
            return Err(RestoreError::Inconsistent("board sizes differ"));
        }
        let board = Board::from_position(&state.position);
        let ko_ban = match state.ko_ban {
            Some((p, c)) if size.contains(p) => Some((board.cell(p), c)),
            Some(_) => return Err(RestoreError::Inconsistent("ko point off the board")),
            None => None,
        };
        let positional = state.rules.ko == KoRule::Positional;
        let history = History::restore(
            state.start,
            state.start_to_move,
            state.moves,
            &state.hashes,
            positional,
        )
        .ok_or(RestoreError::Inconsistent(
            "one position hash per position is needed",
        ))?;
        Ok(Game {
            rules: state.rules,
            handicap: state.handicap,
            board,
            to_move: state.to_move,
            passes: state.passes,
            phase: state.phase,
            result: state.result,
            prisoners: state.prisoners,
            move_number: state.move_number,
            last_move: state.last_move,
            ko_list: KoList::from_entries(state.ko_list),
            ko_ban,
            history,
        })
    }

    /// Rebuilds a game by replaying `moves` from `start`, as the move list says.
    ///
    /// A second pass opens scoring; a later move resumes play, as it did when played.
    pub fn rebuild(
        rules: Rules,
        handicap: u32,
        start: &Position,
        to_move: Color,
        moves: &[(Color, Move)],
    ) -> Result<Game, RestoreError> {
        let mut game = Game::from_position(start, to_move, rules);
        game.handicap = handicap;
        for (i, &(color, mv)) in moves.iter().enumerate() {
            if game.phase == Phase::Scoring {
                game.phase = Phase::Play;
                game.passes = 0;
            }
            game.play_as(color, mv)
                .map_err(|reason| RestoreError::BadMove {
                    number: i + 1,
                    mv,
                    reason,
                })?;
        }
        Ok(game)
    }
}

impl GameState {
    /// Names every part in which `self` (as stored) differs from `other` (as replayed).
    pub fn differences(&self, other: &GameState) -> Vec<String> {
        let mut out = Vec::new();
        let mut check = |what: &str, same: bool| {
            if !same {
                out.push(what.to_string());
            }
        };
        check("board", self.position == other.position);
        check("ko position list", self.ko_list == other.ko_list);
        check("position hashes", self.hashes == other.hashes);
        check("captures", self.prisoners == other.prisoners);
        check("side to move", self.to_move == other.to_move);
        check("move number", self.move_number == other.move_number);
        check("last move", self.last_move == other.last_move);
        check("passes", self.passes == other.passes);
        check("ko point", self.ko_ban == other.ko_ban);
        if self.phase != Phase::Finished || other.phase != Phase::Play {
            check("status", self.phase == other.phase);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSize;

    fn played(ko: KoRule) -> Game {
        let size = BoardSize::new(5).unwrap();
        let pos = Position::from_rows(&[".....", ".XO..", "X.XO.", ".XO..", "....."]).unwrap();
        let mut g = Game::from_position(
            &pos,
            Color::White,
            Rules {
                ko,
                ..Rules::default()
            },
        );
        for m in ["B3", "E5", "E1", "pass", "A5"] {
            g.play(Move::parse(m, size).unwrap()).unwrap();
        }
        g.play(Move::parse("C3", size).unwrap()).unwrap();
        g
    }

    #[test]
    fn restore_gives_the_same_game_back() {
        for ko in KoRule::ALL {
            let g = played(ko);
            let state = g.state();
            let back = Game::restore(state.clone()).unwrap();
            assert_eq!(back.state(), state);
            assert_eq!(state.ko_list.len(), usize::from(ko == KoRule::List));
            assert!(state.ko_ban.is_some());
            let mut a = back.clone();
            let mut b = g.clone();
            let b3 = Move::parse("B3", BoardSize::new(5).unwrap()).unwrap();
            assert_eq!(a.play(b3), b.play(b3));
        }
    }

    #[test]
    fn rebuild_matches_and_differences_name_the_part() {
        let g = played(KoRule::List);
        let s = g.state();
        let rebuilt = Game::rebuild(s.rules, 0, &s.start, s.start_to_move, &s.moves)
            .unwrap()
            .state();
        assert!(s.differences(&rebuilt).is_empty());
        let mut broken = s.clone();
        broken.position.set(Point::new(4, 4), None);
        broken.prisoners[0] += 1;
        assert_eq!(broken.differences(&rebuilt), ["board", "captures"]);
        assert!(
            Game::restore(GameState {
                hashes: vec![],
                ..s
            })
            .is_err()
        );
    }
}
