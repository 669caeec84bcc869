//! Tournaments and ladders: the `tournaments` row (its system, terms and
//! where it stands), its entrants (`entrants`) and its rounds' games and
//! byes (`pairings`).
//!
//! Owns the SQL of those tables only. Pairing itself is the pure
//! `pbmgo-pairing` crate's; starting games and mailing players is the
//! pipeline's (`pipeline::tournament`).

pub(crate) mod entrants;
pub(crate) mod pairings;

use chrono::{DateTime, NaiveDate, Utc};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::StoreError;
use super::codec::{Sql, Stored, time_text};
use super::ids::TournamentId;

/// How a tournament pairs and places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// Everyone plays everyone once; all games start at once.
    RoundRobin,
    /// Rounds paired by score.
    Swiss,
    /// Rounds paired by McMahon score, from ranks and a bar.
    McMahon,
    /// A ladder: places taken by challenges.
    Ladder,
}

impl Kind {
    /// The name as `--system` and the JSON write it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::RoundRobin => "round-robin",
            Kind::Swiss => "swiss",
            Kind::McMahon => "mcmahon",
            Kind::Ladder => "ladder",
        }
    }

    /// Reads a name (`round-robin`, `roundrobin`, `swiss`, `mcmahon`, `ladder`).
    pub(crate) fn parse(text: &str) -> Option<Kind> {
        match text.to_ascii_lowercase().replace(['_', ' '], "-").as_str() {
            "round-robin" | "roundrobin" | "robin" | "league" => Some(Kind::RoundRobin),
            "swiss" => Some(Kind::Swiss),
            "mcmahon" | "mc-mahon" => Some(Kind::McMahon),
            "ladder" => Some(Kind::Ladder),
            _ => None,
        }
    }
}

/// Where a tournament stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Status {
    /// Taking entries.
    Open,
    /// Started: rounds are paired (a ladder takes challenges).
    Running,
    /// Every round played.
    Finished,
}

impl Status {
    /// The stored name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
        }
    }

    fn parse(text: &str) -> Option<Status> {
        [Status::Open, Status::Running, Status::Finished]
            .into_iter()
            .find(|s| s.name() == text)
    }
}

/// A tournament's terms, as the admin sets them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Terms {
    /// Its name, unique whatever the case.
    pub(crate) name: String,
    /// Its system.
    pub(crate) kind: Kind,
    /// Board size.
    pub(crate) size: u8,
    /// The time system's text (`fischer 3d+1d max 7d`); `None`: the
    /// server's default.
    pub(crate) time: Option<String>,
    /// Rounds of a Swiss or McMahon (`None`: as many as the players need).
    pub(crate) rounds: Option<u32>,
    /// A McMahon bar, a rank as written (`3k`).
    pub(crate) bar: Option<String>,
    /// Handicap from ranks (`auto`) or none.
    pub(crate) handicap_auto: bool,
    /// At most this many players.
    pub(crate) max_players: Option<u32>,
    /// The day `tick` starts it.
    pub(crate) starts: Option<NaiveDate>,
    /// A bye's points, in quarters (4: a win, 2: a jigo, 0: nothing).
    pub(crate) bye_quarters: i32,
    /// A ladder's reach: how many places above a player may challenge.
    pub(crate) reach: u32,
    /// Days a round may last before the next is paired anyway.
    pub(crate) round_days: Option<u32>,
    /// Its games are rated.
    pub(crate) rated: bool,
    /// Swiss and McMahon: score groups before colours within one.
    pub(crate) groups_first: bool,
}

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Tournament {
    /// Its row id.
    pub(crate) id: TournamentId,
    /// Its terms.
    pub(crate) terms: Terms,
    /// Where it stands.
    pub(crate) status: Status,
    /// The last round paired (0 before the start).
    pub(crate) round: u32,
    /// When that round was paired.
    pub(crate) round_at: Option<DateTime<Utc>>,
    /// When it was made.
    pub(crate) created_at: DateTime<Utc>,
    /// When it started.
    pub(crate) started_at: Option<DateTime<Utc>>,
    /// When its last game ended.
    pub(crate) finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, name, system, size, time, rounds, bar, handicap, max_players, starts, \
     bye_quarters, reach, round_days, rated, status, round, round_at, created_at, started_at, \
     finished_at, colours";

/// The stored name of a colour rule: `groups-first` or `within-one`.
pub(crate) fn colours_name(groups_first: bool) -> &'static str {
    if groups_first {
        "groups-first"
    } else {
        "within-one"
    }
}

/// Stores a new tournament, open for entries; returns its id, or
/// `Taken` when the name is.
pub(crate) fn create(
    conn: &Connection,
    t: &Terms,
    now: DateTime<Utc>,
) -> Result<TournamentId, StoreError> {
    if find(conn, &t.name)?.is_some() {
        return Err(StoreError::Taken {
            what: "tournament name",
            value: t.name.clone(),
        });
    }
    conn.execute(
        "INSERT INTO tournaments (name, system, size, time, rounds, bar, handicap, max_players, \
         starts, bye_quarters, reach, round_days, rated, created_at, colours) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        params![
            t.name,
            t.kind.name(),
            t.size,
            t.time,
            t.rounds,
            t.bar,
            if t.handicap_auto { "auto" } else { "none" },
            t.max_players,
            t.starts.map(|d| d.to_string()),
            t.bye_quarters,
            t.reach,
            t.round_days,
            t.rated,
            time_text(now),
            colours_name(t.groups_first),
        ],
    )?;
    TournamentId::from_rowid(conn.last_insert_rowid())
}

/// The tournament called `name` (any case).
pub(crate) fn find(conn: &Connection, name: &str) -> Result<Option<Tournament>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE name = ?1");
    Ok(conn
        .prepare_cached(&sql)?
        .query_row([name], read)
        .optional()?)
}

/// The tournament with row id `id`.
pub(crate) fn get(conn: &Connection, id: TournamentId) -> Result<Tournament, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM tournaments WHERE id = ?1");
    Ok(conn.prepare_cached(&sql)?.query_row([id], read)?)
}

/// Every tournament, newest first; only those of `status` when given.
pub(crate) fn list(
    conn: &Connection,
    status: Option<Status>,
) -> Result<Vec<Tournament>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM tournaments WHERE ?1 IS NULL OR status = ?1 ORDER BY id DESC"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let rows = stmt.query_map([status.map(Status::name)], read)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Marks `id` as `status` (running or finished) from `now`, stamping
/// `started_at` or `finished_at`.
pub(crate) fn set_status(
    conn: &Connection,
    id: TournamentId,
    status: Status,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE tournaments SET status = ?2, \
         started_at = CASE WHEN ?2 = 'running' THEN ?3 ELSE started_at END, \
         finished_at = CASE WHEN ?2 = 'finished' THEN ?3 ELSE finished_at END \
         WHERE id = ?1",
        params![id, status.name(), Sql(now)],
    )?;
    Ok(())
}

/// Records that round `round` of `id` was paired at `now`; refused
/// (`Invalid`) unless it is the round after the last one paired, so no
/// round is ever paired twice.
pub(crate) fn set_round(
    conn: &Connection,
    id: TournamentId,
    round: u32,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let changed = conn.execute(
        "UPDATE tournaments SET round = ?2, round_at = ?3 WHERE id = ?1 AND round = ?2 - 1",
        params![id, round, Sql(now)],
    )?;
    if changed != 1 {
        return Err(StoreError::Invalid {
            what: "tournament round",
            value: round.to_string(),
            reason: "it is not the round after the last one paired".to_string(),
        });
    }
    Ok(())
}

fn read(r: &Row<'_>) -> rusqlite::Result<Tournament> {
    let text = |i: usize| -> rusqlite::Result<String> { r.get(i) };
    let kind = text(2)?;
    let status = text(14)?;
    let starts: Option<String> = r.get(9)?;
    Ok(Tournament {
        id: r.get(0)?,
        terms: Terms {
            name: r.get(1)?,
            kind: Kind::parse(&kind).ok_or_else(|| bad(2, "a tournament system", &kind))?,
            size: r.get(3)?,
            time: r.get(4)?,
            rounds: r.get(5)?,
            bar: r.get(6)?,
            handicap_auto: text(7)? == "auto",
            max_players: r.get(8)?,
            starts: starts.and_then(|d| d.parse().ok()),
            bye_quarters: r.get(10)?,
            reach: r.get(11)?,
            round_days: r.get(12)?,
            rated: r.get(13)?,
            groups_first: text(20)? == colours_name(true),
        },
        status: Status::parse(&status).ok_or_else(|| bad(14, "a tournament status", &status))?,
        round: r.get(15)?,
        round_at: r.stored_opt(16)?,
        created_at: r.stored(17)?,
        started_at: r.stored_opt(18)?,
        finished_at: r.stored_opt(19)?,
    })
}

fn bad(column: usize, what: &'static str, text: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        column,
        rusqlite::types::Type::Text,
        Box::new(super::codec::NotA {
            what,
            text: text.chars().take(40).collect(),
        }),
    )
}
