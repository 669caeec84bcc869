//! Replaying a recorded game through the engine.
//!
//! Owns `Record` (a record's start position and its events: setups and
//! moves, as the SGF main line gives them) and the two ways to replay it:
//! `replay`, which stops at the first illegal move (what `pbmgo replay`
//! reports), and `judge_all`, which judges every move and then plays it as
//! recorded (how the reference checker reads a record). The record is
//! authoritative on colours and order; a record that goes on after two
//! passes is read as play resumed; a setup node restarts the history.

use super::game::{Game, Phase};
use super::position::Position;
use super::rules::{IllegalMove, Rules};
use super::sgf::{Setup, SgfGame};
use super::{BoardSize, Color, Move, Point};

/// One step of a record after its start position.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// Stones added or removed; the history restarts with `to_move` to play.
    Setup {
        /// Points and what they now hold.
        changes: Vec<(Point, Option<Color>)>,
        /// Who moves next.
        to_move: Color,
    },
    /// A move by `color`.
    Play(Color, Move),
}

/// A game record ready to replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The board size.
    pub size: BoardSize,
    /// The position before the first event (the root's setup stones).
    pub start: Position,
    /// Who moves first (the colour of the first move, else Black).
    pub to_move: Color,
    /// Komi, when the record gives one.
    pub komi: Option<f64>,
    /// Setups and moves in order.
    pub events: Vec<Event>,
}

fn setup_changes(s: &Setup) -> Vec<(Point, Option<Color>)> {
    let black = s.black.iter().map(|&p| (p, Some(Color::Black)));
    let white = s.white.iter().map(|&p| (p, Some(Color::White)));
    black
        .chain(white)
        .chain(s.empty.iter().map(|&p| (p, None)))
        .collect()
}

impl Record {
    /// Reads the main line of an SGF record.
    pub fn from_sgf(sgf: &SgfGame) -> Self {
        let mut start = Position::empty(sgf.size);
        let mut events = Vec::new();
        for (i, node) in sgf.nodes.iter().enumerate() {
            match (&node.setup, i) {
                (Some(s), 0) => setup_changes(s)
                    .into_iter()
                    .for_each(|(p, c)| start.set(p, c)),
                (Some(s), _) => events.push(Event::Setup {
                    changes: setup_changes(s),
                    to_move: Color::Black,
                }),
                (None, _) => {}
            }
            if let Some((color, mv)) = node.play {
                events.push(Event::Play(color, mv));
            }
        }
        let mut next = Color::Black;
        for e in events.iter_mut().rev() {
            match e {
                Event::Play(c, _) => next = *c,
                Event::Setup { to_move, .. } => *to_move = next,
            }
        }
        Record {
            size: sgf.size,
            start,
            to_move: next,
            komi: sgf.komi,
            events,
        }
    }

    /// Returns the number of moves (passes included).
    pub fn moves(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, Event::Play(..)))
            .count()
    }

    /// Returns a game at the record's start under `rules`.
    pub fn start_game(&self, rules: Rules) -> Game {
        Game::from_position(&self.start, self.to_move, rules)
    }
}

/// One replayed move.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveReport {
    /// Move number in the record, from 1 (setups are not counted).
    pub number: u32,
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Stones it captured (0 when refused).
    pub captures: u32,
    /// `Ok` or the reason it was refused.
    pub verdict: Result<(), IllegalMove>,
}

/// The outcome of `replay`.
pub struct Replayed {
    /// One report per move up to and including the first refused one.
    pub moves: Vec<MoveReport>,
    /// The game after the last accepted move.
    pub game: Game,
}

impl Replayed {
    /// Returns the first refused move, if any.
    pub fn first_illegal(&self) -> Option<&MoveReport> {
        self.moves.iter().find(|m| m.verdict.is_err())
    }
}

/// Replays `record` under `rules`, stopping at the first illegal move.
pub fn replay(record: &Record, rules: Rules) -> Replayed {
    let mut game = record.start_game(rules);
    let mut moves = Vec::new();
    let mut number = 0;
    for event in &record.events {
        let (color, mv) = match event {
            Event::Setup { changes, to_move } => {
                game.setup(changes, *to_move);
                continue;
            }
            Event::Play(c, m) => (*c, *m),
        };
        number += 1;
        if game.phase() == Phase::Scoring {
            let _ = game.resume();
        }
        let result = game.play_as(color, mv);
        let captures = result.as_ref().map_or(0, |p| p.captures);
        moves.push(MoveReport {
            number,
            color,
            mv,
            captures,
            verdict: result.map(|_| ()),
        });
        if moves.last().is_some_and(|m| m.verdict.is_err()) {
            break;
        }
    }
    Replayed { moves, game }
}

/// Judges every move of `record` under `rules` and then plays it as recorded.
///
/// Returns one verdict per move; the replay ends early only at a move on an
/// occupied or off-board point, which cannot be played at all.
pub fn judge_all(record: &Record, rules: Rules) -> Vec<MoveReport> {
    let mut game = record.start_game(rules);
    let mut out = Vec::with_capacity(record.events.len());
    for event in &record.events {
        let (color, mv) = match event {
            Event::Setup { changes, to_move } => {
                game.setup(changes, *to_move);
                continue;
            }
            Event::Play(c, m) => (*c, *m),
        };
        let verdict = game.judge(color, mv).map(|_| ());
        let number = out.len() as u32 + 1;
        match game.force_as(color, mv) {
            Ok(p) => out.push(MoveReport {
                number,
                color,
                mv,
                captures: p.captures,
                verdict,
            }),
            Err(e) => {
                out.push(MoveReport {
                    number,
                    color,
                    mv,
                    captures: 0,
                    verdict: Err(e),
                });
                break;
            }
        }
    }
    out
}
