//! A game: the board under a rule set, with the side to move, passes,
//! prisoners, the ko position list, the position history and the result.
//!
//! Owns the order of checks on a move (phase, turn, board, occupied,
//! captures, suicide, ko), the list and history updates after it, two passes
//! opening the scoring phase, the repetition backstop (a situation seen for
//! the third time ends play with `Void`), handicap placement, resignation
//! and the final result. No clock, no players' names.

use super::board::{Board, Preview};
use super::handicap::{self, HandicapError};
use super::history::History;
use super::ko::KoList;
use super::position::Position;
use super::rules::{GameResult, IllegalMove, KoRule, Rules};
use super::{BoardSize, Color, Move, Point};

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Moves are being played.
    Play,
    /// Two passes in a row: dead stones are being agreed.
    Scoring,
    /// The game has a result.
    Finished,
}

impl Phase {
    /// Returns `active`, `scoring` or `finished`, as stored and shown.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Play => "active",
            Phase::Scoring => "scoring",
            Phase::Finished => "finished",
        }
    }
}

/// What an accepted move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Stones captured by it.
    pub captures: u32,
    /// It captured one stone in a ko shape (Scott's list grew).
    pub ko_shaped: bool,
    /// The phase after the move: `Scoring` after a second pass, `Finished` when the backstop ended play.
    pub phase: Phase,
}

/// A game in progress or finished; see the module header.
#[derive(Clone)]
pub struct Game {
    pub(super) rules: Rules,
    pub(super) handicap: u32,
    pub(super) board: Board,
    pub(super) to_move: Color,
    pub(super) passes: u8,
    pub(super) phase: Phase,
    pub(super) result: Option<GameResult>,
    pub(super) prisoners: [u32; 2],
    pub(super) move_number: u32,
    pub(super) last_move: Option<(Color, Move)>,
    pub(super) ko_list: KoList,
    pub(super) ko_ban: Option<(usize, Color)>,
    pub(super) history: History,
}

pub(super) fn slot(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl Game {
    /// Returns a new game on an empty board with Black to move.
    pub fn new(size: BoardSize, rules: Rules) -> Self {
        Game::from_position(&Position::empty(size), Color::Black, rules)
    }

    /// Returns a game that starts from `pos` (a setup) with `to_move` to play.
    #[inline]
    pub fn from_position(pos: &Position, to_move: Color, rules: Rules) -> Self {
        let board = Board::from_position(pos);
        let history = History::new(&board, to_move, rules.ko == KoRule::Positional);
        Game {
            rules,
            handicap: 0,
            board,
            to_move,
            passes: 0,
            phase: Phase::Play,
            result: None,
            prisoners: [0; 2],
            move_number: 0,
            last_move: None,
            ko_list: KoList::default(),
            ko_ban: None,
            history,
        }
    }

    /// Returns the rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Returns the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Returns the current picture of the board.
    pub fn position(&self) -> Position {
        self.board.position()
    }

    /// Returns who is to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Returns the phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Returns the result, once there is one.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Returns the stones `color` has captured (suicided stones count for the opponent).
    pub fn prisoners(&self, color: Color) -> u32 {
        self.prisoners[slot(color)]
    }

    /// Returns the number of moves played, passes included, handicap placement not.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Returns the last move and who made it.
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.last_move
    }

    /// Returns the number of passes in a row just played.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Returns the handicap stones placed.
    pub fn handicap(&self) -> u32 {
        self.handicap
    }

    /// Returns Scott's ko position list (kept under the `list` rule; empty otherwise).
    pub fn ko_list(&self) -> &KoList {
        &self.ko_list
    }

    /// Returns the point of a ko that now stands: the point of the single
    /// stone the last move captured in a ko shape, and the colour that may
    /// not play there at once (when retaking there is illegal under the
    /// rules; `judge` says whether it is).
    pub fn ko_point(&self) -> Option<(Point, Color)> {
        self.ko_ban.map(|(cell, c)| (self.board.point(cell), c))
    }

    /// Returns the positions and moves since the last setup.
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Places the fixed handicap of `stones` on an empty board; White then moves.
    pub fn place_fixed_handicap(&mut self, stones: u32) -> Result<Vec<Point>, HandicapError> {
        let points = handicap::fixed_points(self.board.size(), stones)?;
        self.place_free_handicap(&points)?;
        Ok(points)
    }

    /// Places handicap stones at `points` before the first move; White then moves.
    pub(crate) fn place_free_handicap(&mut self, points: &[Point]) -> Result<(), HandicapError> {
        let size = self.board.size();
        let max = handicap::max_free(size);
        if self.move_number > 0 || self.handicap > 0 {
            return Err(HandicapError::TooLate);
        }
        if !(2..=max).contains(&(points.len() as u32)) {
            return Err(HandicapError::Count {
                stones: points.len() as u32,
                size: size.get(),
                max,
            });
        }
        let pos = self.with_black_stones(points)?;
        self.restart(&pos, Color::White);
        self.handicap = points.len() as u32;
        Ok(())
    }

    /// Returns the position with black stones added at `points`, each on
    /// the board and on a point empty until then (handicap placement).
    pub(super) fn with_black_stones(&self, points: &[Point]) -> Result<Position, HandicapError> {
        let size = self.board.size();
        let mut pos = self.position();
        for &p in points {
            if !size.contains(p) {
                return Err(HandicapError::OffBoard(p));
            }
            if pos.get(p).is_some() {
                return Err(HandicapError::Duplicate(p));
            }
            pos.set(p, Some(Color::Black));
        }
        Ok(pos)
    }

    /// Changes stones as an SGF setup node does and restarts the history there.
    pub fn setup(&mut self, changes: &[(Point, Option<Color>)], to_move: Color) {
        let mut pos = self.position();
        for &(p, stone) in changes {
            if pos.size().contains(p) {
                pos.set(p, stone);
            }
        }
        self.restart(&pos, to_move);
    }

    /// Starts the game again from `pos` with `to_move` to play: a new
    /// history, no passes, no ko.
    pub(super) fn restart(&mut self, pos: &Position, to_move: Color) {
        self.board = Board::from_position(pos);
        self.to_move = to_move;
        self.passes = 0;
        self.ko_list.clear();
        self.ko_ban = None;
        self.history = History::new(&self.board, to_move, self.rules.ko == KoRule::Positional);
    }

    /// Plays `mv` for the side to move.
    pub fn play(&mut self, mv: Move) -> Result<Played, IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Plays `mv` for the player of `color` if it is their turn.
    pub fn play_checked(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        if self.phase == Phase::Play && color != self.to_move {
            return Err(IllegalMove::NotYourTurn {
                to_move: self.to_move,
            });
        }
        self.play_as(color, mv)
    }

    /// Plays `mv` as `color` whoever is to move (a record is authoritative on colours).
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        match self.phase {
            Phase::Finished => return Err(IllegalMove::GameOver),
            Phase::Scoring => return Err(IllegalMove::ScoringPhase),
            Phase::Play => {}
        }
        match mv {
            Move::Pass => Ok(self.commit_pass(color)),
            Move::Play(p) => {
                let cell = self.free_cell(p)?;
                let pv = self.board.preview_free(color, p, cell);
                self.verdict(&pv)?;
                Ok(self.commit_play(&pv))
            }
        }
    }

    /// Judges `mv` as `color` without playing it; `Ok` carries what it would capture.
    pub fn judge(&self, color: Color, mv: Move) -> Result<u32, IllegalMove> {
        match mv {
            Move::Pass => Ok(0),
            Move::Play(p) => self.check(color, p).map(|pv| pv.captures),
        }
    }

    /// Plays `mv` as `color` with no ko, suicide or phase check (replaying a
    /// record that is judged move by move). Only a point off the board or
    /// already occupied is refused.
    pub fn force_as(&mut self, color: Color, mv: Move) -> Result<Played, IllegalMove> {
        match mv {
            Move::Pass => Ok(self.commit_pass(color)),
            Move::Play(p) => {
                let pv = self.preview(color, p)?;
                Ok(self.commit_play(&pv))
            }
        }
    }

    /// Returns the padded cell of `p`, or why no stone can go there at all.
    #[inline(always)]
    fn free_cell(&self, p: Point) -> Result<usize, IllegalMove> {
        if !self.board.size().contains(p) {
            return Err(IllegalMove::OffBoard { point: p });
        }
        let cell = self.board.cell(p);
        match self.board.is_free(cell) {
            true => Ok(cell),
            false => Err(IllegalMove::Occupied { point: p }),
        }
    }

    fn preview(&self, color: Color, p: Point) -> Result<Preview, IllegalMove> {
        let cell = self.free_cell(p)?;
        Ok(self.board.preview_free(color, p, cell))
    }

    fn check(&self, color: Color, p: Point) -> Result<Preview, IllegalMove> {
        let pv = self.preview(color, p)?;
        self.verdict(&pv)?;
        Ok(pv)
    }

    /// Judges a previewed play on an empty point: suicide, then the ko rule.
    #[inline(always)]
    fn verdict(&self, pv: &Preview) -> Result<(), IllegalMove> {
        let p = pv.point;
        if pv.suicide && !self.rules.allow_suicide {
            return Err(IllegalMove::Suicide { point: p });
        }
        match self.repeats(pv) {
            false => Ok(()),
            true if self.rules.ko == KoRule::List || self.ko_ban == Some((pv.cell, pv.color)) => {
                Err(IllegalMove::Ko { point: p })
            }
            true => Err(IllegalMove::Superko { point: p }),
        }
    }

    /// Returns true when the ko rule forbids the previewed play.
    ///
    /// The hash pre-checks are inlined; the exact comparison (rare) is not.
    #[inline(always)]
    fn repeats(&self, pv: &Preview) -> bool {
        let h = pv.hash_after;
        match self.rules.ko {
            KoRule::List => self.ko_list.may_contain(h) && self.repeats_exactly(pv),
            KoRule::Simple => self.ko_ban == Some((pv.cell, pv.color)),
            KoRule::Positional => self.history.may_contain_board(h) && self.repeats_exactly(pv),
            KoRule::Situational => {
                self.history.may_contain_situation(h, pv.color.opponent())
                    && self.repeats_exactly(pv)
            }
        }
    }

    /// Compares the board after the play with the earlier boards whose hash it shares.
    #[cold]
    #[inline(never)]
    fn repeats_exactly(&self, pv: &Preview) -> bool {
        let h = pv.hash_after;
        let after = self.position_after(pv);
        match self.rules.ko {
            KoRule::List => self.ko_list.contains(h, &after),
            KoRule::Simple => true,
            KoRule::Positional => self.history.exact_count(&after, h, None) > 0,
            KoRule::Situational => {
                let next = pv.color.opponent();
                self.history.exact_count(&after, h, Some(next)) > 0
            }
        }
    }

    fn position_after(&self, pv: &Preview) -> Position {
        let mut b = self.board.clone();
        b.apply(pv);
        b.position()
    }

    #[inline]
    fn commit_play(&mut self, pv: &Preview) -> Played {
        let color = pv.color;
        if self.rules.ko == KoRule::List {
            if pv.ko_shaped() {
                self.ko_list.push(self.board.hash(), self.board.position());
            } else if !self.ko_list.is_empty() {
                self.ko_list.clear();
            }
        }
        self.ko_ban = match pv.ko_shaped() {
            true => pv.single_captured_cell().map(|c| (c, color.opponent())),
            false => None,
        };
        self.board.apply(pv);
        self.prisoners[slot(color)] += pv.captures;
        self.prisoners[slot(color.opponent())] += pv.suicide_stones;
        self.passes = 0;
        let mv = Move::Play(pv.point);
        let seen = self.history.push(color, mv, pv.hash_after);
        self.after_move(color, mv, seen);
        Played {
            color,
            mv,
            captures: pv.captures,
            ko_shaped: pv.ko_shaped(),
            phase: self.phase,
        }
    }

    fn commit_pass(&mut self, color: Color) -> Played {
        self.ko_list.clear();
        self.ko_ban = None;
        self.passes = self.passes.saturating_add(1);
        let seen = self.history.push(color, Move::Pass, self.board.hash());
        if self.passes >= 2 && self.phase == Phase::Play {
            self.phase = Phase::Scoring;
        }
        self.after_move(color, Move::Pass, seen);
        Played {
            color,
            mv: Move::Pass,
            captures: 0,
            ko_shaped: false,
            phase: self.phase,
        }
    }

    #[inline]
    fn after_move(&mut self, color: Color, mv: Move, seen: u32) {
        self.to_move = color.opponent();
        self.move_number += 1;
        self.last_move = Some((color, mv));
        if seen >= 3 && self.result.is_none() && self.third_repetition() {
            self.phase = Phase::Finished;
            self.result = Some(GameResult::Void);
        }
    }

    fn third_repetition(&self) -> bool {
        let pos = self.board.position();
        self.history
            .exact_count(&pos, self.board.hash(), Some(self.to_move))
            >= 3
    }

    /// Leaves the scoring phase; the player who did not make the second pass moves first.
    pub fn resume(&mut self) -> Result<(), IllegalMove> {
        match self.phase {
            Phase::Scoring => {
                self.phase = Phase::Play;
                self.passes = 0;
                Ok(())
            }
            Phase::Finished => Err(IllegalMove::GameOver),
            Phase::Play => Ok(()),
        }
    }

    /// Ends the game with `loser` resigning.
    pub fn resign(&mut self, loser: Color) -> Result<GameResult, IllegalMove> {
        self.finish(GameResult::Resignation(loser.opponent()))
    }

    /// Ends the game with `result` (a count agreed, a loss on time).
    pub(crate) fn finish(&mut self, result: GameResult) -> Result<GameResult, IllegalMove> {
        if self.phase == Phase::Finished {
            return Err(IllegalMove::GameOver);
        }
        self.phase = Phase::Finished;
        self.result = Some(result);
        Ok(result)
    }
}
