//! The standings: every player's games won, lost and active, their rating
//! on the EGF scale and their rank (see `ratings`).
//!
//! Won and lost count every finished game with a winner, rated or not; a
//! draw and a void game count neither. The rating, the rank and the rated
//! games are the stored ones, which every rated game moves as it ends.

use std::collections::HashMap;

use rusqlite::Connection;
use serde::Serialize;

use super::StoreError;
use super::ids::PlayerId;
use super::ratings::Strength;
use crate::go::{Color, GameResult};

/// One player's line of the standings (`standings --json`, pinned:
/// `name`, `rank`, `rating`, `rated_games`, and `won`, `lost`, `active`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Standing {
    /// The player's name.
    pub(crate) name: String,
    /// The rank (`3k`, `1d`), or `None` while it is unknown (no rank
    /// declared and no rated game yet).
    pub(crate) rank: Option<String>,
    /// The rating on the EGF scale, rounded to a whole point.
    pub(crate) rating: i64,
    /// Rated games finished.
    pub(crate) rated_games: u32,
    /// Finished games won.
    pub(crate) won: u32,
    /// Finished games lost.
    pub(crate) lost: u32,
    /// Games being played or scored.
    pub(crate) active: u32,
    /// The strength behind `rank` and `rating`.
    #[serde(skip)]
    pub(crate) strength: Strength,
}

/// Returns the standings, highest rating first (then by name).
pub(crate) fn table(conn: &Connection) -> Result<Vec<Standing>, StoreError> {
    let mut lines: HashMap<PlayerId, Standing> = conn
        .prepare_cached("SELECT id, name, rating, rated_games, ranked FROM players")?
        .query_map([], |r| {
            let strength = Strength {
                rating: r.get(2)?,
                rated_games: r.get(3)?,
                ranked: r.get(4)?,
            };
            let s = Standing {
                name: r.get(1)?,
                rank: strength.rank().map(|k| k.to_string()),
                rating: strength.points(),
                rated_games: strength.rated_games,
                won: 0,
                lost: 0,
                active: 0,
                strength,
            };
            Ok((r.get(0)?, s))
        })?
        .collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare_cached("SELECT black_id, white_id, status, result FROM games")?;
    let games = stmt.query_map([], |r| {
        let result: Option<String> = r.get(3)?;
        Ok((r.get(0)?, r.get(1)?, r.get::<_, String>(2)?, result))
    })?;
    for row in games {
        let (black, white, status, result) = row?;
        count(&mut lines, [black, white], &status, result.as_deref());
    }
    let mut out: Vec<Standing> = lines.into_values().collect();
    out.sort_by(|a, b| {
        b.strength
            .rating
            .total_cmp(&a.strength.rating)
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(out)
}

/// Adds one game of `players` (Black, White) to the table.
fn count(
    lines: &mut HashMap<PlayerId, Standing>,
    players: [PlayerId; 2],
    status: &str,
    result: Option<&str>,
) {
    if status != "finished" {
        for id in players {
            if let Some(s) = lines.get_mut(&id) {
                s.active += 1;
            }
        }
        return;
    }
    let Some(
        GameResult::Resignation(winner)
        | GameResult::Time(winner)
        | GameResult::Score(Some(winner), _),
    ) = result.and_then(|r| r.parse::<GameResult>().ok())
    else {
        return;
    };
    let (w, l) = match winner {
        Color::Black => (players[0], players[1]),
        Color::White => (players[1], players[0]),
    };
    if let Some(s) = lines.get_mut(&w) {
        s.won += 1;
    }
    if let Some(s) = lines.get_mut(&l) {
        s.lost += 1;
    }
}
