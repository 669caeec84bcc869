//! Notices sent only once: each (game, player, kind, key) that `tick` or a
//! bounce has told a player about is recorded, so running `tick` twice, or
//! reading the same report twice, sends nothing twice. A notice about no
//! game, or to no player (a cap on mail to strangers), is stored with id 0
//! there.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::StoreError;
use super::codec::Sql;
use super::games::GameId;
use super::ids::PlayerId;

/// Returns the keys of the notices of `kind` about `game` that went to
/// `player`, oldest first.
pub(crate) fn keys(
    conn: &Connection,
    game: Option<GameId>,
    player: Option<PlayerId>,
    kind: &str,
) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT key FROM notices WHERE game_id = ?1 AND player_id = ?2 AND kind = ?3
         ORDER BY sent_at",
    )?;
    let rows = stmt.query_map(
        params![
            game.map_or(0, GameId::get),
            player.map_or(0, PlayerId::get),
            kind
        ],
        |r| r.get(0),
    )?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Counts the notices of `kind` about `game` to `player` whose key sorts
/// at or after `from` (a range of the primary key: cheap however many).
pub(crate) fn count_from(
    conn: &Connection,
    game: Option<GameId>,
    player: Option<PlayerId>,
    kind: &str,
    from: &str,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM notices
              WHERE game_id = ?1 AND player_id = ?2 AND kind = ?3 AND key >= ?4",
        )?
        .query_row(
            params![
                game.map_or(0, GameId::get),
                player.map_or(0, PlayerId::get),
                kind,
                from
            ],
            |r| r.get(0),
        )?)
}

/// Records that notice (`game`, `player`, `kind`, `key`) went out; returns
/// false when it already had, so the caller sends nothing twice.
pub(crate) fn first(
    conn: &Connection,
    game: Option<GameId>,
    player: Option<PlayerId>,
    kind: &str,
    key: &str,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO notices (game_id, player_id, kind, key, sent_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?
        .execute(params![
            game.map_or(0, GameId::get),
            player.map_or(0, PlayerId::get),
            kind,
            key,
            Sql(now)
        ])?;
    Ok(n == 1)
}
