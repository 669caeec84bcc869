//! The roster a player reads to find opponents (`players`): every player
//! with their rating and active games (from `standings`) and when they were
//! last seen (their latest mail, else when they signed up).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::StoreError;
use super::codec::Stored;
use super::standings;

/// One player as the roster shows them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RosterEntry {
    /// The player's name.
    pub(crate) name: String,
    /// The Elo rating, rounded (see `standings`).
    pub(crate) rating: i64,
    /// Games being played or scored.
    pub(crate) active: u32,
    /// Their latest mail to the server, else their signup.
    pub(crate) last_seen: DateTime<Utc>,
}

/// Returns every player, the most recently seen first (then by name).
pub(crate) fn roster(conn: &Connection) -> Result<Vec<RosterEntry>, StoreError> {
    let seen = last_seen(conn)?;
    let mut out: Vec<RosterEntry> = standings::table(conn)?
        .into_iter()
        .filter_map(|s| {
            let last_seen = *seen.get(&s.name)?;
            Some(RosterEntry {
                name: s.name,
                rating: s.rating,
                active: s.active,
                last_seen,
            })
        })
        .collect();
    out.sort_by(|a, b| {
        b.last_seen
            .cmp(&a.last_seen)
            .then_with(|| a.name.cmp(&b.name))
    });
    Ok(out)
}

/// Returns when each player (by name) was last seen.
fn last_seen(conn: &Connection) -> Result<HashMap<String, DateTime<Utc>>, StoreError> {
    let rows = conn
        .prepare_cached(
            "SELECT p.name, COALESCE(
                 (SELECT MAX(m.received_at) FROM messages m WHERE m.player_id = p.id),
                 p.created_at)
             FROM players p",
        )?
        .query_map([], |r| Ok((r.get(0)?, r.stored(1)?)))?
        .collect::<Result<_, _>>();
    Ok(rows?)
}
