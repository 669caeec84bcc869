//! A player's profile as the admin reads it (`pbmgo player list|show`):
//! how they are mailed, whether a password is set (never the hash), until
//! when they are on vacation, and how many games they have going and
//! finished. Read only; the columns belong to `settings` and `games`.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::StoreError;
use super::codec::parse_time;

/// A player's settings and game counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Profile {
    /// `each`, `digest` or `off`.
    pub(crate) notify: String,
    /// Whether the player set a password.
    pub(crate) password_set: bool,
    /// The end of their vacation, if one was ever taken (it may be past).
    pub(crate) vacation_until: Option<DateTime<Utc>>,
    /// Games being played or scored.
    pub(crate) active: u32,
    /// Games over.
    pub(crate) finished: u32,
}

/// Returns the profile of `player_id`.
pub(crate) fn profile(conn: &Connection, player_id: i64) -> Result<Profile, StoreError> {
    let (notify, password_set, vacation, active, finished): (
        String,
        bool,
        Option<String>,
        u32,
        u32,
    ) = conn
        .prepare_cached(
            "SELECT notify, password_hash IS NOT NULL, vacation_until,
                    (SELECT count(*) FROM games WHERE (black_id = ?1 OR white_id = ?1)
                        AND status IN ('active', 'scoring')),
                    (SELECT count(*) FROM games WHERE (black_id = ?1 OR white_id = ?1)
                        AND status = 'finished')
             FROM players WHERE id = ?1",
        )?
        .query_row([player_id], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?;
    Ok(Profile {
        notify,
        password_set,
        vacation_until: vacation.and_then(|v| parse_time(&v).ok()),
        active,
        finished,
    })
}
