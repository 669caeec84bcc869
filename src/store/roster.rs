//! The roster a player reads to find opponents (`players`): every player
//! with their rank, rating and active games (from `standings`) and when they were
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
    /// Their strength (see `ratings`).
    pub(crate) strength: super::ratings::Strength,
    /// Games being played or scored.
    pub(crate) active: u32,
    /// Their latest mail to the server, else their signup.
    pub(crate) last_seen: DateTime<Utc>,
    /// The end of their vacation, while they are on one.
    pub(crate) away_until: Option<DateTime<Utc>>,
    /// Their time zone, when they chose one.
    pub(crate) timezone: Option<String>,
}

/// Returns every player, the most recently seen first (then by name).
pub(crate) fn roster(conn: &Connection) -> Result<Vec<RosterEntry>, StoreError> {
    let seen = last_seen(conn)?;
    let mut out: Vec<RosterEntry> = standings::table(conn)?
        .into_iter()
        .filter_map(|s| {
            let (last_seen, away_until, timezone) = seen.get(&s.name)?.clone();
            Some(RosterEntry {
                name: s.name,
                strength: s.strength,
                active: s.active,
                last_seen,
                away_until,
                timezone,
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

/// When a player was last seen, the end of their vacation and their zone.
type Seen = (DateTime<Utc>, Option<DateTime<Utc>>, Option<String>);

/// Returns when each player (by name) was last seen, with the end of
/// their vacation and their time zone.
fn last_seen(conn: &Connection) -> Result<HashMap<String, Seen>, StoreError> {
    let rows = conn
        .prepare_cached(
            "SELECT p.name, COALESCE(
                 (SELECT MAX(m.received_at) FROM messages m WHERE m.player_id = p.id),
                 p.created_at), p.vacation_until, p.timezone
             FROM players p",
        )?
        .query_map([], |r| {
            let seen: Seen = (r.stored(1)?, r.stored_opt(2)?, r.get(3)?);
            Ok((r.get(0)?, seen))
        })?
        .collect::<Result<_, _>>();
    Ok(rows?)
}
