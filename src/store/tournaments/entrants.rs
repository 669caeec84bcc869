//! A tournament's entrants: who joined and in what order, the strength
//! each was paired with (fixed at the start), a ladder's places, and who
//! withdrew.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, Row, params};

use super::super::StoreError;
use super::super::codec::{Sql, Stored};
use super::super::ids::{PlayerId, TournamentId};
use super::super::players::PlayerRef;

/// One entrant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entrant {
    /// Who.
    pub(crate) player: PlayerRef,
    /// Their order of joining, from 1.
    pub(crate) seq: u32,
    /// Their strength as a rank level (30k = 1, 1d = 31), fixed at the
    /// start; `None` before it.
    pub(crate) strength: Option<i32>,
    /// Their ladder place, 1 the top (ladders only).
    pub(crate) place: Option<u32>,
    /// When they withdrew.
    pub(crate) withdrawn_at: Option<DateTime<Utc>>,
}

impl Entrant {
    /// Still in: not withdrawn.
    pub(crate) fn active(&self) -> bool {
        self.withdrawn_at.is_none()
    }
}

/// Every entrant of tournament `t`, in joining order (a ladder: by place).
pub(crate) fn of(conn: &Connection, t: TournamentId) -> Result<Vec<Entrant>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT e.player_id, p.name, e.seq, e.strength, e.place, e.withdrawn_at \
         FROM tournament_entrants e JOIN players p ON p.id = e.player_id \
         WHERE e.tournament_id = ?1 ORDER BY coalesce(e.place, 1000000 + e.seq), e.seq",
    )?;
    let rows = stmt.query_map([t], read)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Adds `player` to `t` after the last entrant (and, with `ladder`, at the
/// bottom of the ladder); false when they are in already.
pub(crate) fn join(
    conn: &Connection,
    t: TournamentId,
    player: PlayerId,
    ladder: bool,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let added = conn.execute(
        "INSERT OR IGNORE INTO tournament_entrants (tournament_id, player_id, seq, joined_at, place) \
         SELECT ?1, ?2, coalesce(max(seq), 0) + 1, ?3, \
                CASE WHEN ?4 THEN (SELECT count(*) + 1 FROM tournament_entrants \
                                   WHERE tournament_id = ?1 AND place IS NOT NULL) END \
         FROM tournament_entrants WHERE tournament_id = ?1",
        params![t, player, Sql(now), ladder],
    )?;
    Ok(added == 1)
}

/// Removes `player` from `t` before its start; false when not in it.
pub(crate) fn remove(
    conn: &Connection,
    t: TournamentId,
    player: PlayerId,
) -> Result<bool, StoreError> {
    let removed = conn.execute(
        "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND player_id = ?2",
        params![t, player],
    )?;
    renumber_places(conn, t)?;
    Ok(removed == 1)
}

/// Marks `player` withdrawn from `t` at `now` (a ladder drops them from
/// its places); false when they were not in it or had withdrawn already.
pub(crate) fn withdraw(
    conn: &Connection,
    t: TournamentId,
    player: PlayerId,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let changed = conn.execute(
        "UPDATE tournament_entrants SET withdrawn_at = ?3, place = NULL \
         WHERE tournament_id = ?1 AND player_id = ?2 AND withdrawn_at IS NULL",
        params![t, player, Sql(now)],
    )?;
    renumber_places(conn, t)?;
    Ok(changed == 1)
}

/// Fixes each entrant's strength at the start.
pub(crate) fn set_strength(
    conn: &Connection,
    t: TournamentId,
    player: PlayerId,
    strength: i32,
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE tournament_entrants SET strength = ?3 WHERE tournament_id = ?1 AND player_id = ?2",
        params![t, player, strength],
    )?;
    Ok(())
}

/// Writes the ladder of `t`: `players`, top first.
pub(crate) fn set_places(
    conn: &Connection,
    t: TournamentId,
    players: &[PlayerId],
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE tournament_entrants SET place = NULL WHERE tournament_id = ?1",
        [t],
    )?;
    let mut stmt = conn.prepare_cached(
        "UPDATE tournament_entrants SET place = ?3 WHERE tournament_id = ?1 AND player_id = ?2",
    )?;
    for (i, p) in players.iter().enumerate() {
        stmt.execute(params![t, p, i as i64 + 1])?;
    }
    Ok(())
}

/// Closes the gaps in a ladder's places, keeping their order.
fn renumber_places(conn: &Connection, t: TournamentId) -> Result<(), StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT player_id FROM tournament_entrants \
         WHERE tournament_id = ?1 AND place IS NOT NULL ORDER BY place",
    )?;
    let ladder: Vec<PlayerId> = stmt
        .query_map([t], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if !ladder.is_empty() {
        set_places(conn, t, &ladder)?;
    }
    Ok(())
}

fn read(r: &Row<'_>) -> rusqlite::Result<Entrant> {
    Ok(Entrant {
        player: PlayerRef {
            id: r.get(0)?,
            name: r.get(1)?,
        },
        seq: r.get(2)?,
        strength: r.get(3)?,
        place: r.get(4)?,
        withdrawn_at: r.stored_opt(5)?,
    })
}
