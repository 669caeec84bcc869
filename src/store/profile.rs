//! A player's profile as the admin reads it (`pbmgo player list|show`):
//! how they are mailed, whether a password is set (never the hash), until
//! when they are on vacation, and how many games they have going and
//! finished. Read only; the columns belong to `settings` and `games`.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::StoreError;
use super::codec::Stored;
use super::ids::PlayerId;

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
pub(crate) fn profile(conn: &Connection, player_id: PlayerId) -> Result<Profile, StoreError> {
    let profile = conn
        .prepare_cached(
            "SELECT notify, password_hash IS NOT NULL, vacation_until,
                    (SELECT count(*) FROM games WHERE (black_id = ?1 OR white_id = ?1)
                        AND status IN ('active', 'scoring')),
                    (SELECT count(*) FROM games WHERE (black_id = ?1 OR white_id = ?1)
                        AND status = 'finished')
             FROM players WHERE id = ?1",
        )?
        .query_row([player_id], |r| {
            Ok(Profile {
                notify: r.get(0)?,
                password_set: r.get(1)?,
                // A vacation end that does not read is shown as none.
                vacation_until: r.stored_opt(2).unwrap_or(None),
                active: r.get(3)?,
                finished: r.get(4)?,
            })
        })?;
    Ok(profile)
}
