//! The static web archive's rows: each player's `public on|off`, the
//! files a build wrote into the site with the hash of their bytes
//! (`site_pages`), and the builds themselves (`site_builds`).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, Stored};
use super::ids::PlayerId;

/// Sets `player`'s `public on|off`.
pub(crate) fn set_public(
    conn: &Connection,
    player: PlayerId,
    public: bool,
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE players SET public = ?2 WHERE id = ?1",
        params![player, public],
    )?;
    Ok(())
}

/// The choices of two players (a game's), in one read: `None` for one who
/// never said.
pub(crate) fn pair_choices(
    conn: &Connection,
    black: PlayerId,
    white: PlayerId,
) -> Result<[Option<bool>; 2], StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT (SELECT public FROM players WHERE id = ?1), \
                    (SELECT public FROM players WHERE id = ?2)",
        )?
        .query_row([black, white], |r| Ok([r.get(0)?, r.get(1)?]))?)
}

/// Every player's choice, by name (`None`: never said).
pub(crate) fn public_choices(
    conn: &Connection,
) -> Result<HashMap<String, Option<bool>>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT name, public FROM players")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The files written into the site, with their hashes.
pub(crate) fn pages(conn: &Connection) -> Result<HashMap<String, i64>, StoreError> {
    let mut stmt = conn.prepare_cached("SELECT path, hash FROM site_pages")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records that `path` now holds bytes of `hash`.
pub(crate) fn page_written(
    conn: &Connection,
    path: &str,
    hash: i64,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO site_pages (path, hash, written_at) VALUES (?1, ?2, ?3) \
         ON CONFLICT (path) DO UPDATE SET hash = excluded.hash, written_at = excluded.written_at",
        params![path, hash, Sql(now)],
    )?;
    Ok(())
}

/// Forgets `path`, removed from the site.
pub(crate) fn page_removed(conn: &Connection, path: &str) -> Result<(), StoreError> {
    conn.execute("DELETE FROM site_pages WHERE path = ?1", [path])?;
    Ok(())
}

/// Forgets every page (the folder changed, or `--all`).
pub(crate) fn forget_pages(conn: &Connection) -> Result<(), StoreError> {
    conn.execute("DELETE FROM site_pages", [])?;
    Ok(())
}

/// What one build did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub(crate) struct BuildCounts {
    /// Files written (new or changed).
    pub(crate) written: u32,
    /// Files removed (no longer allowed, or gone).
    pub(crate) removed: u32,
    /// Files whose bytes were already there.
    pub(crate) kept: u32,
}

/// Records a build into `dir` that started at `started`.
pub(crate) fn build_done(
    conn: &Connection,
    started: DateTime<Utc>,
    dir: &str,
    c: BuildCounts,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO site_builds (started_at, dir, written, removed, kept) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![Sql(started), dir, c.written, c.removed, c.kept],
    )?;
    Ok(())
}

/// The last build: when it started and into which folder.
pub(crate) fn last_build(conn: &Connection) -> Result<Option<(DateTime<Utc>, String)>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT started_at, dir FROM site_builds ORDER BY id DESC LIMIT 1")?
        .query_row([], |r| Ok((r.stored(0)?, r.get(1)?)))
        .optional()?)
}

/// Player `name`'s rating after each rated game, in the order the games
/// ended: (when, before, after).
pub(crate) fn rating_history(
    conn: &Connection,
    name: &str,
) -> Result<Vec<(DateTime<Utc>, f64, f64)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT coalesce(g.finished_at, g.updated_at), c.before, c.after \
         FROM rating_changes c JOIN games g ON g.id = c.game_id \
         JOIN players p ON p.id = c.player_id \
         WHERE p.name = ?1 ORDER BY 1, g.id",
    )?;
    let rows = stmt.query_map([name], |r| Ok((r.stored(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
