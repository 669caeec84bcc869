//! What the ratings read of a game: its players, how it ended, whether it
//! is rated, how long it lasted, its handicap; and the verdict, whether it
//! counts and as what.

use std::collections::HashMap;

use rusqlite::{Connection, Row};

use crate::go::{Color, GameResult};
use crate::rating::{Outcome, RatedGame, egf_handicap, is_escape, rate};
use crate::store::StoreError;
use crate::store::games::GameId;
use crate::store::ids::PlayerId;

/// A game as the ratings read it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Facts {
    /// The game.
    pub(crate) id: GameId,
    /// Who played Black.
    pub(crate) black: PlayerId,
    /// Who played White.
    pub(crate) white: PlayerId,
    /// Whether it is over.
    pub(crate) finished: bool,
    /// How it ended, when it did.
    pub(crate) result: Option<GameResult>,
    /// Whether it was played rated.
    pub(crate) rated: bool,
    /// Moves played, passes included.
    pub(crate) moves: u32,
    /// Handicap stones.
    pub(crate) stones: u32,
    /// White's komi.
    pub(crate) komi: f64,
}

/// Why a finished game moved no rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unrated {
    /// It was played unrated.
    Off,
    /// It is not over.
    Unfinished,
    /// It was void.
    Void,
    /// It ended by resignation or time before move 10.
    Escaped,
}

impl Facts {
    /// Whether the game counts, and as what: the outcome and the handicap
    /// the formula is given; else why not.
    pub(crate) fn verdict(&self) -> Result<(Outcome, u32), Unrated> {
        let (true, Some(result)) = (self.finished, self.result) else {
            return Err(Unrated::Unfinished);
        };
        if !self.rated {
            return Err(Unrated::Off);
        }
        let outcome = match result {
            GameResult::Void => return Err(Unrated::Void),
            GameResult::Resignation(_) | GameResult::Time(_) if is_escape(self.moves, true) => {
                return Err(Unrated::Escaped);
            }
            GameResult::Resignation(c) | GameResult::Time(c) | GameResult::Score(Some(c), _) => {
                won_by(c)
            }
            GameResult::Score(None, _) => Outcome::Draw,
        };
        Ok((outcome, egf_handicap(self.stones, self.komi)))
    }
}

impl Facts {
    /// Both ratings after the game, from Black's `black` and White's
    /// `white` before it; `None` when it does not count.
    pub(crate) fn rated(&self, black: f64, white: f64) -> Option<(f64, f64)> {
        let (outcome, handicap) = self.verdict().ok()?;
        let game = RatedGame {
            black,
            white,
            handicap,
        };
        Some(rate(game, outcome))
    }
}

fn won_by(c: Color) -> Outcome {
    match c {
        Color::Black => Outcome::BlackWins,
        Color::White => Outcome::WhiteWins,
    }
}

const SELECT: &str = "SELECT id, black_id, white_id, status = 'finished', result, rated,
        move_number, handicap, komi FROM games";

fn read(r: &Row<'_>) -> rusqlite::Result<Facts> {
    let result: Option<String> = r.get(4)?;
    Ok(Facts {
        id: r.get(0)?,
        black: r.get(1)?,
        white: r.get(2)?,
        finished: r.get(3)?,
        result: result.and_then(|t| t.parse().ok()),
        rated: r.get(5)?,
        moves: r.get(6)?,
        stones: r.get(7)?,
        komi: r.get(8)?,
    })
}

/// Reads game `id`.
pub(super) fn load(conn: &Connection, id: GameId) -> Result<Facts, StoreError> {
    Ok(conn
        .prepare_cached(&format!("{SELECT} WHERE id = ?1"))?
        .query_row([id], read)?)
}

/// Reads every finished game.
pub(super) fn finished(conn: &Connection) -> Result<HashMap<GameId, Facts>, StoreError> {
    let rows = conn
        .prepare_cached(&format!("{SELECT} WHERE status = 'finished'"))?
        .query_map([], read)?
        .map(|f| f.map(|f| (f.id, f)))
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// Reads game `id` and says whether it counted, and if not why.
pub(crate) fn verdict(conn: &Connection, id: GameId) -> Result<Result<(), Unrated>, StoreError> {
    Ok(load(conn, id)?.verdict().map(|_| ()))
}
