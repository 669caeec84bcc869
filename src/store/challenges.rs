//! Challenges: a game offered by one player to another, waiting to be
//! accepted, declined, withdrawn or to expire.
//!
//! Owns the `challenges` rows and the reservation of a challenge's id from
//! the games table's AUTOINCREMENT sequence (`sqlite_sequence`), so that
//! `accept game12` creates game12 and no game made meanwhile takes the
//! number. Also the per-game columns the lifecycle sets when a challenge
//! becomes a game (days per move, free stones still to place, the end).

use chrono::{DateTime, Utc};
use rusqlite::types::{FromSql, FromSqlResult, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::StoreError;
use super::codec::{Sql, Stored, not_a};
use super::games::GameId;
use super::ids::PlayerId;
use super::players::PlayerRef;
use super::time_terms::TimeTerms;
use crate::clock::{Span, System};
use crate::go::{KoRule, Scoring};

/// Where a challenge stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Status {
    /// Waiting for an answer.
    Open,
    /// Accepted: the game exists.
    Accepted,
    /// Refused by the challenged player.
    Declined,
    /// Taken back by the challenger.
    Withdrawn,
    /// Not answered in time.
    Expired,
}

impl Status {
    /// Returns the stored name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Accepted => "accepted",
            Status::Declined => "declined",
            Status::Withdrawn => "withdrawn",
            Status::Expired => "expired",
        }
    }

    fn parse(text: &str) -> Option<Status> {
        [
            Status::Open,
            Status::Accepted,
            Status::Declined,
            Status::Withdrawn,
            Status::Expired,
        ]
        .into_iter()
        .find(|s| s.name() == text)
    }
}

/// A game's terms as offered.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Terms {
    /// Board size.
    pub(crate) size: u8,
    /// Komi.
    pub(crate) komi: f64,
    /// Handicap stones (0: none).
    pub(crate) handicap: u32,
    /// Black places the handicap stones with `place`.
    pub(crate) free: bool,
    /// `black`, `white` or `nigiri`: the challenger's colour.
    pub(crate) color: String,
    /// The ko rule.
    pub(crate) ko: KoRule,
    /// The scoring.
    pub(crate) scoring: Scoring,
    /// Days per move (kept for a game's `days_per_move`: the time system's
    /// days for `per-move`, else the server's default).
    pub(crate) days: u32,
    /// The time system, weekends off and night.
    pub(crate) clock: TimeTerms,
    /// Whether the game is rated.
    pub(crate) rated: bool,
}

/// One challenge.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Challenge {
    /// Its id, the number of the game it becomes.
    pub(crate) id: GameId,
    /// Who offered it.
    pub(crate) challenger: PlayerRef,
    /// Who is asked.
    pub(crate) challenged: PlayerRef,
    /// The game's terms.
    pub(crate) terms: Terms,
    /// Where it stands.
    pub(crate) status: Status,
    /// When it was made.
    pub(crate) created_at: DateTime<Utc>,
    /// When it expires unanswered.
    pub(crate) expires_at: DateTime<Utc>,
}

/// Takes the next game number from the games table's sequence and returns it.
pub(crate) fn reserve_id(conn: &Connection) -> Result<GameId, StoreError> {
    let bumped = conn
        .prepare_cached("UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'games'")?
        .execute([])?;
    if bumped == 0 {
        conn.prepare_cached(
            "INSERT INTO sqlite_sequence (name, seq) VALUES ('games',
                 MAX((SELECT COALESCE(MAX(id), 0) FROM games),
                     (SELECT COALESCE(MAX(id), 0) FROM challenges)) + 1)",
        )?
        .execute([])?;
    }
    let seq: i64 = conn
        .prepare_cached("SELECT seq FROM sqlite_sequence WHERE name = 'games'")?
        .query_row([], |r| r.get(0))?;
    GameId::from_rowid(seq)
}

/// Stores a new open challenge under a freshly reserved id; returns it.
pub(crate) fn insert(
    conn: &Connection,
    challenger: &PlayerRef,
    challenged: &PlayerRef,
    terms: &Terms,
    now: DateTime<Utc>,
    expires_at: DateTime<Utc>,
) -> Result<GameId, StoreError> {
    let id = reserve_id(conn)?;
    conn.prepare_cached(
        "INSERT INTO challenges (id, challenger_id, challenged_id, size, komi, handicap,
             free_placement, color, ko_rule, scoring, days_per_move, status, created_at,
             expires_at, time_spec, weekends_off, night_hours, rated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'open', ?12, ?13, ?14, ?15, ?16,
             ?17)",
    )?
    .execute(params![
        id.get(),
        challenger.id,
        challenged.id,
        terms.size,
        terms.komi,
        terms.handicap,
        terms.free,
        terms.color,
        terms.ko.name(),
        terms.scoring.name(),
        terms.days,
        Sql(now),
        Sql(expires_at),
        Sql(terms.clock.system),
        terms.clock.weekends_off,
        terms.clock.night_hours,
        terms.rated,
    ])?;
    Ok(id)
}

const SELECT: &str = "SELECT c.id, c.challenger_id,
        (SELECT name FROM players WHERE id = c.challenger_id), c.challenged_id,
        (SELECT name FROM players WHERE id = c.challenged_id), c.size, c.komi, c.handicap,
        c.free_placement, c.color, c.ko_rule, c.scoring, c.days_per_move, c.status,
        c.created_at, c.expires_at, c.time_spec, c.weekends_off, c.night_hours, c.rated
    FROM challenges c";

fn read(r: &Row<'_>) -> rusqlite::Result<Challenge> {
    let terms = Terms {
        size: r.get(5)?,
        komi: r.get(6)?,
        handicap: r.get(7)?,
        free: r.get(8)?,
        color: r.get(9)?,
        ko: r.stored(10)?,
        scoring: r.stored(11)?,
        days: r.get(12)?,
        clock: TimeTerms {
            // A challenge made before time systems: per move.
            system: r.stored_opt(16)?.unwrap_or(System::PerMove {
                per_move: Span::days(r.get::<_, i64>(12)?.max(1)),
            }),
            weekends_off: r.get(17)?,
            night_hours: r.get(18)?,
        },
        rated: r.get(19)?,
    };
    Ok(Challenge {
        id: r.get(0)?,
        challenger: PlayerRef {
            id: r.get(1)?,
            name: r.get(2)?,
        },
        challenged: PlayerRef {
            id: r.get(3)?,
            name: r.get(4)?,
        },
        terms,
        status: r.get(13)?,
        created_at: r.stored(14)?,
        expires_at: r.stored(15)?,
    })
}

impl FromSql for Status {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        Status::parse(text).ok_or_else(|| not_a("a challenge status", text))
    }
}

/// Returns challenge `id`, if there is one.
pub(crate) fn find(conn: &Connection, id: GameId) -> Result<Option<Challenge>, StoreError> {
    let raw = conn
        .prepare_cached(&format!("{SELECT} WHERE c.id = ?1"))?
        .query_row([id], read)
        .optional()?;
    Ok(raw)
}

/// Returns the open challenges `player_id` made or was sent, oldest first.
pub(crate) fn open_for(
    conn: &Connection,
    player_id: PlayerId,
) -> Result<Vec<Challenge>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE c.status = 'open' AND (c.challenger_id = ?1 OR c.challenged_id = ?1)
         ORDER BY c.id"
    ))?;
    let raws = stmt.query_map([player_id], read)?;
    Ok(raws.collect::<Result<_, _>>()?)
}

/// Returns every challenge (or only the open ones), newest first, at most `limit`.
pub(crate) fn list(
    conn: &Connection,
    open_only: bool,
    limit: u32,
) -> Result<Vec<Challenge>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE (?1 = 0 OR c.status = 'open') ORDER BY c.id DESC LIMIT ?2"
    ))?;
    let raws = stmt.query_map(rusqlite::params![open_only, limit], read)?;
    Ok(raws.collect::<Result<_, _>>()?)
}

/// Returns the open challenges whose time ran out by `now`.
pub(crate) fn due(conn: &Connection, now: DateTime<Utc>) -> Result<Vec<Challenge>, StoreError> {
    let mut stmt = conn.prepare_cached(&format!(
        "{SELECT} WHERE c.status = 'open' AND c.expires_at <= ?1 ORDER BY c.id"
    ))?;
    let raws = stmt.query_map([Sql(now)], read)?;
    Ok(raws.collect::<Result<_, _>>()?)
}

/// Closes open challenge `id` with `status`; returns false if it was not open.
pub(crate) fn close(
    conn: &Connection,
    id: GameId,
    status: Status,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let n = conn
        .prepare_cached(
            "UPDATE challenges SET status = ?2, closed_at = ?3 WHERE id = ?1 AND status = 'open'",
        )?
        .execute(params![id.get(), status.name(), Sql(now)])?;
    Ok(n == 1)
}

/// Returns how many games `player_id` has going (not finished) plus open challenges.
pub(crate) fn commitments(conn: &Connection, player_id: PlayerId) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT (SELECT COUNT(*) FROM games WHERE status != 'finished'
                         AND (black_id = ?1 OR white_id = ?1))
                  + (SELECT COUNT(*) FROM challenges WHERE status = 'open'
                         AND (challenger_id = ?1 OR challenged_id = ?1))",
        )?
        .query_row([player_id], |r| r.get(0))?)
}

/// Sets a new game's days per move and the free handicap stones Black has to place.
pub(crate) fn set_game_terms(
    conn: &Connection,
    id: GameId,
    days: u32,
    to_place: u32,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE games SET days_per_move = ?2, handicap_to_place = ?3 WHERE id = ?1",
    )?
    .execute(params![id.get(), days, to_place])?;
    Ok(())
}

/// Returns the free handicap stones Black has still to place in game `id`.
pub(crate) fn to_place(conn: &Connection, id: GameId) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached("SELECT handicap_to_place FROM games WHERE id = ?1")?
        .query_row([id.get()], |r| r.get(0))
        .optional()?
        .unwrap_or(0))
}

/// Sets the free handicap stones still to place in game `id`.
pub(crate) fn set_to_place(conn: &Connection, id: GameId, n: u32) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET handicap_to_place = ?2 WHERE id = ?1")?
        .execute(params![id.get(), n])?;
    Ok(())
}

/// Stamps game `id` as finished at `now`.
pub(crate) fn set_finished(
    conn: &Connection,
    id: GameId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET finished_at = ?2 WHERE id = ?1")?
        .execute(params![id.get(), Sql(now)])?;
    Ok(())
}

/// Clears `finished_at` of game `id`, which goes back to play.
pub(crate) fn set_unfinished(conn: &Connection, id: GameId) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE games SET finished_at = NULL WHERE id = ?1")?
        .execute([id.get()])?;
    Ok(())
}

/// Returns how many challenges player `player_id` made since `since`.
pub(crate) fn made_since(
    conn: &Connection,
    player_id: PlayerId,
    since: DateTime<Utc>,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM challenges WHERE challenger_id = ?1 AND created_at >= ?2",
        )?
        .query_row(rusqlite::params![player_id, Sql(since)], |r| r.get(0))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, players};

    fn terms() -> Terms {
        Terms {
            size: 9,
            komi: 0.5,
            handicap: 3,
            free: true,
            color: "nigiri".into(),
            ko: KoRule::Situational,
            scoring: Scoring::Territory,
            days: 5,
            clock: TimeTerms {
                system: System::parse("byoyomi 14d+5x1d").unwrap(),
                weekends_off: true,
                night_hours: 9,
            },
            rated: false,
        }
    }

    #[test]
    fn a_challenge_takes_the_next_game_number_and_reads_back() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        store
            .write(|tx| {
                let a = players::add(tx, "alice", &["a@x.org".into()], now)?.as_ref();
                let b = players::add(tx, "bob", &["b@x.org".into()], now)?.as_ref();
                let id = insert(tx, &a, &b, &terms(), now, now)?;
                assert_eq!(id.to_string(), "game1");
                let game = crate::go::Game::new(
                    crate::go::BoardSize::new(9).unwrap(),
                    crate::go::Rules::default(),
                );
                let next = crate::store::games::insert(tx, &a, &b, &game, &[], now)?;
                assert_eq!(next.to_string(), "game2", "the reserved number is skipped");
                let c = find(tx, id)?.unwrap();
                assert_eq!((c.terms.clone(), c.status), (terms(), Status::Open));
                assert_eq!(commitments(tx, a.id)?, 2);
                assert_eq!(open_for(tx, b.id)?.len(), 1);
                assert_eq!(due(tx, now)?.len(), 1);
                assert!(close(tx, id, Status::Declined, now)?);
                assert!(!close(tx, id, Status::Accepted, now)?, "closed once");
                assert_eq!(commitments(tx, a.id)?, 1);
                let taken = crate::store::games::insert_as(tx, Some(id), &a, &b, &game, &[], now)?;
                assert_eq!(taken, id);
                assert_eq!(reserve_id(tx)?.to_string(), "game3");
                Ok::<_, StoreError>(())
            })
            .unwrap();
    }
}
