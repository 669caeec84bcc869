//! Notices sent only once: each (game, player, kind, key) that `tick` or a
//! bounce has told a player about is recorded, so running `tick` twice, or
//! reading the same report twice, sends nothing twice.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::StoreError;
use super::codec::time_text;

/// Records that notice (`game`, `player`, `kind`, `key`) went out; returns
/// false when it already had, so the caller sends nothing twice.
pub(crate) fn first(
    conn: &Connection,
    game: i64,
    player: i64,
    kind: &str,
    key: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO notices (game_id, player_id, kind, key, sent_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![game, player, kind, key, time_text(now)])?;
    Ok(n == 1)
}
