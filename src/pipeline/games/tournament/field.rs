//! [`Field`]: a tournament as the pairing crate sees it, read from the
//! store: its players with the strength they were paired by, its rounds
//! with each game's outcome, and its system; and what the crate makes of
//! it (standings, crosstable, the next round).

use rusqlite::Connection;

use crate::go::{Color, GameResult};
use crate::pipeline::base::error::PipelineError;
use crate::rating::Rank;
use crate::store::tournaments::entrants::{self, Entrant};
use crate::store::tournaments::pairings::{self, Board, Pairing};
use crate::store::tournaments::{Kind, Tournament};
use crate::store::{PlayerId, StoreError, TournamentId, tournaments};

use crate::pairing::{
    Bye, CrossRow, Game, McMahon, Outcome, Player, Points, Round, Standing, System,
};

/// A tournament with its entrants and pairings.
#[derive(Debug, Clone)]
pub(crate) struct Field {
    /// The tournament row.
    pub(crate) t: Tournament,
    /// Its entrants, in joining order (a ladder: by place).
    pub(crate) entrants: Vec<Entrant>,
    /// Every pairing, by round and board.
    pub(crate) pairings: Vec<Pairing>,
}

impl Field {
    /// Reads tournament `id` with its entrants and pairings.
    pub(crate) fn load(conn: &Connection, id: TournamentId) -> Result<Field, StoreError> {
        Ok(Field {
            t: tournaments::get(conn, id)?,
            entrants: entrants::of(conn, id)?,
            pairings: pairings::of(conn, id)?,
        })
    }

    /// The name of player `id` (`?` for none of its entrants).
    pub(crate) fn name(&self, id: PlayerId) -> &str {
        self.entrants
            .iter()
            .find(|e| e.player.id == id)
            .map_or("?", |e| e.player.name.as_str())
    }

    /// The entrant `id`, if they entered.
    pub(crate) fn entrant(&self, id: PlayerId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.player.id == id)
    }

    /// The players as the crate takes them (withdrawn ones inactive).
    pub(crate) fn players(&self) -> Vec<Player<PlayerId>> {
        self.entrants
            .iter()
            .map(|e| {
                let p = Player::new(e.player.id, e.strength.unwrap_or(0));
                if e.active() { p } else { p.withdrawn() }
            })
            .collect()
    }

    /// The rounds paired so far, with each game's outcome.
    pub(crate) fn rounds(&self) -> Vec<Round<PlayerId>> {
        let mut rounds: Vec<Round<PlayerId>> =
            (0..self.t.round).map(|_| Round::default()).collect();
        for p in self.pairings.iter().filter(|p| p.round >= 1) {
            let Some(round) = rounds.get_mut(p.round as usize - 1) else {
                continue;
            };
            match &p.what {
                Board::Game {
                    black,
                    white,
                    result,
                    handicap,
                    ..
                } => {
                    let game = Game::new(black.id, white.id).ended(outcome(result));
                    round.games.push(if *handicap {
                        game.with_handicap()
                    } else {
                        game
                    });
                }
                Board::Bye { player, quarters } => round.byes.push(Bye {
                    player: player.id,
                    points: Points::from_quarters(*quarters),
                }),
            }
        }
        rounds
    }

    /// The crate's system (a ladder places by its ladder, never by this).
    pub(crate) fn system(&self) -> System {
        match self.t.terms.kind {
            Kind::RoundRobin => System::RoundRobin,
            Kind::Swiss | Kind::Ladder => System::Swiss,
            Kind::McMahon => System::McMahon(McMahon::bar(self.bar())),
        }
    }

    /// The McMahon bar as a strength level: the `--bar` rank, else the
    /// strongest player's (everyone in the top group).
    fn bar(&self) -> i32 {
        let given = self
            .t
            .terms
            .bar
            .as_deref()
            .and_then(|b| b.parse::<Rank>().ok());
        match given {
            Some(rank) => level(rank.rating()),
            None => self.players().iter().map(|p| p.strength).max().unwrap_or(0),
        }
    }

    /// The standings after the rounds so far, in place order.
    pub(crate) fn standings(&self) -> Result<Vec<Standing<PlayerId>>, PipelineError> {
        pbmgo_pairing::standings(&self.system(), &self.players(), &self.rounds())
            .map_err(|e| invalid(&self.t, e.to_string()))
    }

    /// The crosstable after the rounds so far, in place order.
    pub(crate) fn crosstable(&self) -> Result<Vec<CrossRow<PlayerId>>, PipelineError> {
        pbmgo_pairing::crosstable(&self.system(), &self.players(), &self.rounds())
            .map_err(|e| invalid(&self.t, e.to_string()))
    }

    /// How many rounds it has in all: a round robin's schedule, a Swiss's
    /// or McMahon's `--rounds` (else enough to find a winner: ⌈log2 n⌉,
    /// at least 1).
    pub(crate) fn rounds_in_all(&self) -> u32 {
        let n = self.entrants.len() as u32;
        match self.t.terms.kind {
            Kind::Ladder => 0,
            Kind::RoundRobin => match self.t.status {
                tournaments::Status::Open => n.max(2) - 1 + n % 2,
                _ => self.t.round.max(n.max(2) - 1 + n % 2),
            },
            Kind::Swiss | Kind::McMahon => self
                .t
                .terms
                .rounds
                .unwrap_or_else(|| n.max(2).next_power_of_two().trailing_zeros().max(1)),
        }
    }
}

/// A stored result as the crate's outcome; a game not over, or void,
/// scores nothing.
pub(crate) fn outcome(result: &Option<String>) -> Outcome {
    let parsed = result.as_deref().and_then(|r| r.parse::<GameResult>().ok());
    match parsed {
        Some(GameResult::Resignation(c) | GameResult::Time(c) | GameResult::Score(Some(c), _)) => {
            match c {
                Color::Black => Outcome::BlackWins,
                Color::White => Outcome::WhiteWins,
            }
        }
        Some(GameResult::Score(None, _)) => Outcome::Jigo,
        Some(GameResult::Void) | None => Outcome::Unplayed,
    }
}

/// A rating's strength level for pairing: its rank, one step a rank,
/// 30k = 1, 1k = 30, 1d = 31.
pub(crate) fn level(rating: f64) -> i32 {
    (Rank::of(rating).rating() / 100.0).round() as i32 + 10
}

/// A pairing failure, as the store's `Invalid` naming the tournament.
pub(crate) fn invalid(t: &Tournament, reason: String) -> PipelineError {
    StoreError::Invalid {
        what: "tournament",
        value: t.terms.name.clone(),
        reason,
    }
    .into()
}
