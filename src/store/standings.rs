//! The standings: every player's games won, lost and active, and an Elo
//! rating.
//!
//! Ratings start at 1600 and move with K = 32 over the finished games in
//! the order they finished (`finished_at`, else `updated_at`, then the game
//! id). Handicap games, `Void` games and unfinished games are unrated; a
//! draw counts half a point each way. Won and lost count every finished
//! game with a winner, rated or not.

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;

use super::StoreError;
use crate::go::{Color, GameResult};
use crate::store::GameId;
use crate::store::ids::PlayerId;

/// The rating every player starts with.
pub(crate) const START_RATING: f64 = 1600.0;
/// How far one game moves a rating.
pub(crate) const K: f64 = 32.0;

/// One player's line of the standings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Standing {
    /// The player's name.
    pub(crate) name: String,
    /// Finished games won.
    pub(crate) won: u32,
    /// Finished games lost.
    pub(crate) lost: u32,
    /// Games being played or scored.
    pub(crate) active: u32,
    /// The Elo rating, rounded to a whole number.
    pub(crate) rating: i64,
}

/// One game as the standings read it.
struct Row {
    id: GameId,
    black: PlayerId,
    white: PlayerId,
    status: String,
    result: Option<String>,
    handicap: u32,
}

/// Returns the standings, highest rating first (then by name).
pub(crate) fn table(conn: &Connection) -> Result<Vec<Standing>, StoreError> {
    let mut players: Vec<(PlayerId, String)> = conn
        .prepare_cached("SELECT id, name FROM players ORDER BY name")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    let mut lines: HashMap<PlayerId, (Standing, f64)> = players
        .drain(..)
        .map(|(id, name)| {
            let s = Standing {
                name,
                won: 0,
                lost: 0,
                active: 0,
                rating: 0,
            };
            (id, (s, START_RATING))
        })
        .collect();
    for row in games(conn)? {
        count(&mut lines, &row);
    }
    let mut out: Vec<Standing> = lines
        .into_values()
        .map(|(mut s, r)| {
            s.rating = r.round() as i64;
            s
        })
        .collect();
    out.sort_by(|a, b| b.rating.cmp(&a.rating).then_with(|| a.name.cmp(&b.name)));
    Ok(out)
}

/// The rating of `player` just before and just after finished game
/// `game` counted, rounded, when that game is rated (no handicap, not
/// void, finished).
pub(crate) fn rating_change(
    conn: &Connection,
    game: GameId,
    player: PlayerId,
) -> Result<Option<(i64, i64)>, StoreError> {
    let mut lines: HashMap<PlayerId, (Standing, f64)> = HashMap::new();
    for row in games(conn)? {
        for id in [row.black, row.white] {
            lines.entry(id).or_insert_with(|| (blank(), START_RATING));
        }
        let before = lines.get(&player).map(|l| l.1);
        count(&mut lines, &row);
        let after = lines.get(&player).map(|l| l.1);
        if row.id == game {
            return Ok(match (before, after) {
                (Some(b), Some(a)) if b != a => Some((b.round() as i64, a.round() as i64)),
                _ => None,
            });
        }
    }
    Ok(None)
}

/// A standing with nothing counted yet.
fn blank() -> Standing {
    Standing {
        name: String::new(),
        won: 0,
        lost: 0,
        active: 0,
        rating: 0,
    }
}

fn games(conn: &Connection) -> Result<Vec<Row>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, black_id, white_id, status, result, handicap FROM games
         ORDER BY coalesce(finished_at, updated_at), id",
    )?;
    let rows = stmt.query_map([], |r| {
        Ok(Row {
            id: r.get(0)?,
            black: r.get(1)?,
            white: r.get(2)?,
            status: r.get(3)?,
            result: r.get(4)?,
            handicap: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Adds one game to the table.
fn count(lines: &mut HashMap<PlayerId, (Standing, f64)>, row: &Row) {
    if row.status != "finished" {
        for id in [row.black, row.white] {
            if let Some((s, _)) = lines.get_mut(&id) {
                s.active += 1;
            }
        }
        return;
    }
    let Some(result) = row
        .result
        .as_deref()
        .and_then(|r| r.parse::<GameResult>().ok())
    else {
        return;
    };
    let black_score = match winner(result) {
        Some(Some(Color::Black)) => 1.0,
        Some(Some(Color::White)) => 0.0,
        Some(None) => 0.5,
        None => return,
    };
    if black_score != 0.5 {
        let (w, l) = if black_score == 1.0 {
            (row.black, row.white)
        } else {
            (row.white, row.black)
        };
        if let Some((s, _)) = lines.get_mut(&w) {
            s.won += 1;
        }
        if let Some((s, _)) = lines.get_mut(&l) {
            s.lost += 1;
        }
    }
    if row.handicap == 0 {
        rate(lines, row.black, row.white, black_score);
    }
}

/// Returns the winner (`Some(None)` for a draw), or `None` for a void game.
fn winner(r: GameResult) -> Option<Option<Color>> {
    match r {
        GameResult::Resignation(c) | GameResult::Time(c) => Some(Some(c)),
        GameResult::Score(c, _) => Some(c),
        GameResult::Void => None,
    }
}

/// Moves both ratings after a game Black scored `black_score` in.
fn rate(
    lines: &mut HashMap<PlayerId, (Standing, f64)>,
    black: PlayerId,
    white: PlayerId,
    black_score: f64,
) {
    let (Some(rb), Some(rw)) = (
        lines.get(&black).map(|l| l.1),
        lines.get(&white).map(|l| l.1),
    ) else {
        return;
    };
    let expected = expected_score(rb, rw);
    let delta = K * (black_score - expected);
    if let Some(l) = lines.get_mut(&black) {
        l.1 = rb + delta;
    }
    if let Some(l) = lines.get_mut(&white) {
        l.1 = rw - delta;
    }
}

/// Returns the score a player rated `a` is expected to make against one rated `b`.
pub(crate) fn expected_score(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((b - a) / 400.0))
}
