//! A player's own settings: how often they are mailed (`notify`), whether
//! their mails show board pictures (`images`), whether their applied
//! commands are confirmed (`confirm`), their password (only ever a salted
//! argon2 hash), and their vacations.
//!
//! Owns the `players.notify`, `players.images`, `players.confirm`,
//! `players.password_hash` and
//! `players.vacation_until` columns and the `vacations` table. A vacation
//! pushes the clock of every game in which the player is to move; ending it
//! early pulls those clocks back by the unused time. Time and salts are
//! arguments.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use chrono::{DateTime, Datelike, Duration, TimeZone, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::clock;
use super::codec::{Sql, Stored};
use crate::clock::Tz;
use crate::store::ids::PlayerId;

/// Stores `mode` (`each`, `digest` or `off`) for `player_id`.
pub(crate) fn set_notify(
    conn: &Connection,
    player_id: PlayerId,
    mode: &str,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE players SET notify = ?2 WHERE id = ?1")?
        .execute(params![player_id, mode])?;
    Ok(())
}

/// Stores whether `player_id`'s mails show board pictures.
pub(crate) fn set_images(
    conn: &Connection,
    player_id: PlayerId,
    on: bool,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE players SET images = ?2 WHERE id = ?1")?
        .execute(params![player_id, on])?;
    Ok(())
}

/// Stores whether `player_id`'s mails whose commands were all applied are answered.
pub(crate) fn set_confirm(
    conn: &Connection,
    player_id: PlayerId,
    on: bool,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE players SET confirm = ?2 WHERE id = ?1")?
        .execute(params![player_id, on])?;
    Ok(())
}

/// Returns whether `player_id`'s mails whose commands were all applied are
/// answered (true for an unknown id).
pub(crate) fn confirm(conn: &Connection, player_id: PlayerId) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached("SELECT confirm FROM players WHERE id = ?1")?
        .query_row([player_id], |r| r.get(0))
        .optional()?
        .unwrap_or(true))
}

/// Returns false when the player who owns `address` (normalized first)
/// turned board pictures off (`images off`); true for anyone else.
pub(crate) fn images_for_address(conn: &Connection, address: &str) -> Result<bool, StoreError> {
    let Ok(address) = super::players::normalize_address(address) else {
        return Ok(true);
    };
    let off = conn
        .prepare_cached(
            "SELECT 1 FROM players p JOIN addresses a ON a.player_id = p.id
             WHERE a.address = ?1 AND p.images = 0",
        )?
        .query_row([address], |_| Ok(()))
        .optional()?;
    Ok(off.is_none())
}

/// Returns the stored password hash of `player_id`, if they set a password.
pub(crate) fn password_hash(
    conn: &Connection,
    player_id: PlayerId,
) -> Result<Option<String>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT password_hash FROM players WHERE id = ?1")?
        .query_row([player_id], |r| r.get::<_, Option<String>>(0))
        .optional()?
        .flatten())
}

/// Stores `hash` (from [`hash_password`]) as the password of
/// `player_id`; `None` removes the password.
pub(crate) fn set_password(
    conn: &Connection,
    player_id: PlayerId,
    hash: Option<&str>,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE players SET password_hash = ?2 WHERE id = ?1")?
        .execute(params![player_id, hash])?;
    Ok(())
}

/// Removes the password of `player_id` (the admin's `player password
/// clear`); returns false when they had none.
pub(crate) fn clear_password(conn: &Connection, player_id: PlayerId) -> Result<bool, StoreError> {
    let cleared = conn
        .prepare_cached(
            "UPDATE players SET password_hash = NULL WHERE id = ?1 AND password_hash IS NOT NULL",
        )?
        .execute([player_id])?;
    Ok(cleared > 0)
}

/// Returns the PHC string of `secret` hashed with argon2id and `salt`.
pub(crate) fn hash_password(secret: &str, salt: &[u8; 16]) -> Result<String, StoreError> {
    let invalid = |reason: String| StoreError::Invalid {
        what: "password",
        value: "********".into(),
        reason,
    };
    let salt = SaltString::encode_b64(salt).map_err(|e| invalid(e.to_string()))?;
    Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| invalid(e.to_string()))
}

/// Returns true when `secret` matches the stored `hash`; an unreadable hash matches nothing.
pub(crate) fn password_matches(hash: &str, secret: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(secret.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Returns when the vacation of `player_id` ends, if they are on one at `now`.
pub(crate) fn vacation_until(
    conn: &Connection,
    player_id: PlayerId,
    now: DateTime<Utc>,
) -> Result<Option<DateTime<Utc>>, StoreError> {
    // A vacation end that does not read is no vacation.
    let until: Option<DateTime<Utc>> = conn
        .prepare_cached("SELECT vacation_until FROM players WHERE id = ?1")?
        .query_row([player_id], |r| Ok(r.stored_opt(0).unwrap_or(None)))
        .optional()?
        .flatten();
    Ok(until.filter(|t| *t > now))
}

/// Returns the vacation days `player_id` has taken in the calendar year of
/// `now` (a started day counts as a whole one).
pub(crate) fn vacation_days_used(
    conn: &Connection,
    player_id: PlayerId,
    now: DateTime<Utc>,
) -> Result<u32, StoreError> {
    let year = now.year();
    let (start, end) = (year_start(year), year_start(year + 1));
    let mut stmt = conn.prepare_cached(
        "SELECT starts_at, ends_at FROM vacations
         WHERE player_id = ?1 AND starts_at >= ?2 AND starts_at < ?3",
    )?;
    let rows = stmt.query_map(params![player_id, Sql(start), Sql(end)], |r| {
        Ok((r.stored::<DateTime<Utc>>(0)?, r.stored::<DateTime<Utc>>(1)?))
    })?;
    let mut days = 0u32;
    for row in rows {
        let (a, b) = row.map_err(|e| StoreError::from(e).in_row("vacations", "vacation time"))?;
        days += whole_days(b - a);
    }
    Ok(days)
}

fn year_start(year: i32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0)
        .single()
        .unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// Returns `d` in days, a started day counting as a whole one.
fn whole_days(d: Duration) -> u32 {
    let secs = d.num_seconds().max(0);
    u32::try_from((secs + 86_399) / 86_400).unwrap_or(u32::MAX)
}

/// Starts a vacation of `days` for `player_id` at `now`: records it and
/// pushes the clock of every game in which they are to move (`zone`: the
/// server's time zone, for a player who chose none). A vacation
/// already recorded as starting at `now` (one mail saying `vacation 3`,
/// `vacation off`, `vacation 2`) is the same vacation and takes the new end.
pub(crate) fn start_vacation(
    conn: &Connection,
    player_id: PlayerId,
    days: u32,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<DateTime<Utc>, StoreError> {
    let length = Duration::days(i64::from(days));
    let until = now + length;
    conn.prepare_cached(
        "INSERT INTO vacations (player_id, starts_at, ends_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (player_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at",
    )?
    .execute(params![player_id, Sql(now), Sql(until)])?;
    conn.prepare_cached("UPDATE players SET vacation_until = ?2 WHERE id = ?1")?
        .execute(params![player_id, Sql(until)])?;
    clock::recompute_for_player(conn, player_id, zone)?;
    Ok(until)
}

/// Ends the vacation of `player_id` at `now`, giving back the unused days
/// and pulling their clocks back; returns the whole days given back, or
/// `None` when they were not on vacation.
pub(crate) fn end_vacation(
    conn: &Connection,
    player_id: PlayerId,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<Option<u32>, StoreError> {
    let Some(until) = vacation_until(conn, player_id, now)? else {
        return Ok(None);
    };
    let before = vacation_days_used(conn, player_id, now)?;
    conn.prepare_cached("UPDATE vacations SET ends_at = ?3 WHERE player_id = ?1 AND ends_at = ?2")?
        .execute(params![player_id, Sql(until), Sql(now)])?;
    conn.prepare_cached("UPDATE players SET vacation_until = NULL WHERE id = ?1")?
        .execute([player_id])?;
    clock::recompute_for_player(conn, player_id, zone)?;
    let after = vacation_days_used(conn, player_id, now)?;
    Ok(Some(before.saturating_sub(after)))
}
