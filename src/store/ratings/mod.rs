//! Ratings on the EGF scale, stored: each player's strength (rating now,
//! rated games, whether their rank is known), the ranks players declare
//! and the admin sets, whether a game is rated, and what a finished game
//! does to both ratings, applied once as it finishes (`game_finished`) or
//! replayed for every game in order (`replay`), with the same numbers.
//!
//! The order of everything that moved a rating is `rating_events`: a row
//! for each time a game finished and each rank set. Replaying it from the
//! players' starting ratings is the definition; the stored ratings are its
//! running result.

mod facts;
mod replay;
mod strength;
#[cfg(test)]
mod tests;

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::Sql;
use super::games::GameId;
use super::ids::PlayerId;
use crate::rating::Rank;

pub(crate) use facts::{Unrated, verdict};
pub(crate) use replay::{Recomputed, replay};
pub(crate) use strength::Strength;

/// What one rated game did to one player's rating.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Change {
    /// The player.
    pub(crate) player: PlayerId,
    /// Their name.
    pub(crate) name: String,
    /// The rating before the game.
    pub(crate) before: f64,
    /// The rating after it.
    pub(crate) after: f64,
}

/// Who set a rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SetBy {
    /// The player, by mail, before their first rated game.
    Player,
    /// The admin, with a reason.
    Admin,
}

impl SetBy {
    fn name(self) -> &'static str {
        match self {
            SetBy::Player => "player",
            SetBy::Admin => "admin",
        }
    }
}

/// Returns player `id`'s strength.
pub(crate) fn strength(conn: &Connection, id: PlayerId) -> Result<Strength, StoreError> {
    Ok(conn
        .prepare_cached("SELECT rating, rated_games, ranked FROM players WHERE id = ?1")?
        .query_row([id], |r| {
            Ok(Strength {
                rating: r.get(0)?,
                rated_games: r.get(1)?,
                ranked: r.get(2)?,
            })
        })?)
}

/// Sets a new player's starting rating: a rank they declared, else the
/// server's default rank (`declared` false: shown as `?` until their first
/// rated game).
pub(crate) fn start(
    conn: &Connection,
    id: PlayerId,
    rank: Rank,
    declared: bool,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE players SET start_rating = ?2, rating = ?2, declared = ?3, ranked = ?3
         WHERE id = ?1",
    )?
    .execute(params![id, rank.rating(), declared])?;
    Ok(())
}

/// Sets player `id`'s rank from now on, recorded as set by `by` for
/// `reason` at `at`.
pub(crate) fn set_rank(
    conn: &Connection,
    id: PlayerId,
    rank: Rank,
    by: SetBy,
    reason: &str,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO rating_events (at, player_id, rating, set_by, reason)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![Sql(at), id, rank.rating(), by.name(), reason])?;
    conn.prepare_cached("UPDATE players SET rating = ?2, ranked = 1 WHERE id = ?1")?
        .execute(params![id, rank.rating()])?;
    Ok(())
}

/// Whether game `id` is rated (when it ends well: see [`Facts::verdict`]).
pub(crate) fn is_rated(conn: &Connection, id: GameId) -> Result<bool, StoreError> {
    let rated = conn
        .prepare_cached("SELECT rated FROM games WHERE id = ?1")?
        .query_row([id], |r| r.get(0))
        .optional()?;
    Ok(rated.unwrap_or(false))
}

/// Sets whether game `id` is rated (`recompute` then replays the ratings).
pub(crate) fn set_rated(conn: &Connection, id: GameId, rated: bool) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET rated = ?2 WHERE id = ?1")?
        .execute(params![id, rated])?;
    Ok(())
}

/// Records that game `id` finished at `at` and, when it counts, moves
/// both players' ratings; returns what it did (nothing for a game that is
/// not rated: see [`Facts::verdict`]).
pub(crate) fn game_finished(
    conn: &Connection,
    id: GameId,
    at: DateTime<Utc>,
) -> Result<Vec<Change>, StoreError> {
    conn.prepare_cached("INSERT INTO rating_events (at, game_id) VALUES (?1, ?2)")?
        .execute(params![Sql(at), id])?;
    let f = facts::load(conn, id)?;
    let (b, w) = (strength(conn, f.black)?, strength(conn, f.white)?);
    let Some((nb, nw)) = f.rated(b.rating, w.rating) else {
        return Ok(Vec::new());
    };
    for (player, before, after) in [(f.black, b.rating, nb), (f.white, w.rating, nw)] {
        moved(conn, id, player, before, after)?;
    }
    changes(conn, id)
}

/// Stores that game `game` moved `player` from `before` to `after`.
fn moved(
    conn: &Connection,
    game: GameId,
    player: PlayerId,
    before: f64,
    after: f64,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE players SET rating = ?2, rated_games = rated_games + 1 WHERE id = ?1",
    )?
    .execute(params![player, after])?;
    conn.prepare_cached(
        "INSERT OR REPLACE INTO rating_changes (game_id, player_id, before, after)
         VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![game, player, before, after])?;
    Ok(())
}

/// What finished game `id` did to its players' ratings (nothing when it
/// was not rated), Black first.
pub(crate) fn changes(conn: &Connection, id: GameId) -> Result<Vec<Change>, StoreError> {
    let rows = conn
        .prepare_cached(
            "SELECT c.player_id, p.name, c.before, c.after
             FROM rating_changes c JOIN players p ON p.id = c.player_id
             JOIN games g ON g.id = c.game_id
             WHERE c.game_id = ?1 ORDER BY c.player_id != g.black_id",
        )?
        .query_map([id], |r| {
            Ok(Change {
                player: r.get(0)?,
                name: r.get(1)?,
                before: r.get(2)?,
                after: r.get(3)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}
