//! A game's time terms and its players' clocks at rest: the time system in
//! its pinned text (`games.time_spec`; a game made before has none and
//! plays per move with `days_per_move`), weekends off and night hours, each
//! player's clock between their moves (`game_clocks`), and each player's
//! time zone (`players.timezone`).
//!
//! Owns those columns and that table. What a move costs a clock, and when
//! it runs out, is `crate::clock`'s; when a turn starts is `clock`'s.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::Sql;
use super::codec::{Stored, readable};
use super::games::GameId;
use super::ids::PlayerId;
use crate::clock::{Calendar, Night, Side, Span, System, Tz, Vacation};
use crate::go::Color;

/// A game's time terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TimeTerms {
    /// The time system.
    pub(crate) system: System,
    /// The players' weekends do not count.
    pub(crate) weekends_off: bool,
    /// The hours of each player's night that do not count (0: none).
    pub(crate) night_hours: u32,
}

/// Stores `terms` for game `id` and starts both players' clocks.
pub(crate) fn set(conn: &Connection, id: GameId, terms: &TimeTerms) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE games SET time_spec = ?2, weekends_off = ?3, night_hours = ?4 WHERE id = ?1",
    )?
    .execute(params![
        id,
        Sql(terms.system),
        terms.weekends_off,
        terms.night_hours
    ])?;
    let start = Side::start(&terms.system);
    for color in [Color::Black, Color::White] {
        save_side(conn, id, color, &start)?;
    }
    Ok(())
}

/// A game's clock columns, read at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClockRow {
    /// The time terms.
    pub(crate) terms: TimeTerms,
    /// The colour to move.
    pub(crate) to_move: Color,
    /// The player of Black.
    pub(crate) black: PlayerId,
    /// The player of White.
    pub(crate) white: PlayerId,
    /// When the turn in progress began, if known.
    pub(crate) started: Option<DateTime<Utc>>,
    /// When the player to move runs out, while a clock runs.
    pub(crate) deadline: Option<DateTime<Utc>>,
}

impl ClockRow {
    /// The player of `color`.
    pub(crate) fn player(&self, color: Color) -> PlayerId {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }
}

/// The clock columns of game `id`; `None` when there is no such game. A
/// game made before time systems plays per move with its `days_per_move`;
/// a time that does not read is taken as unset.
pub(crate) fn clock_row(conn: &Connection, id: GameId) -> Result<Option<ClockRow>, StoreError> {
    let row = conn
        .prepare_cached(
            "SELECT time_spec, days_per_move, weekends_off, night_hours, to_move, black_id,
                    white_id, turn_started_at, clock_deadline
             FROM games WHERE id = ?1",
        )?
        .query_row([id], |r| {
            let days: i64 = r.get(1)?;
            let system = r.stored_opt(0)?.unwrap_or(System::PerMove {
                per_move: Span::days(days.max(1)),
            });
            Ok(ClockRow {
                terms: TimeTerms {
                    system,
                    weekends_off: r.get(2)?,
                    night_hours: r.get(3)?,
                },
                to_move: r.stored(4)?,
                black: r.get(5)?,
                white: r.get(6)?,
                started: r.stored_opt(7).unwrap_or(None),
                deadline: r.stored_opt(8).unwrap_or(None),
            })
        })
        .optional()?;
    Ok(row)
}

/// The time terms of game `id` (see [`clock_row`]); `None` when there is
/// no such game.
pub(crate) fn of_game(conn: &Connection, id: GameId) -> Result<Option<TimeTerms>, StoreError> {
    Ok(clock_row(conn, id)?.map(|r| r.terms))
}

/// Stores `side` as the clock at rest of `color` in game `id`.
pub(crate) fn save_side(
    conn: &Connection,
    id: GameId,
    color: Color,
    side: &Side,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO game_clocks
             (game_id, color, main_seconds, periods, period_seconds, stones, overtime)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (game_id, color) DO UPDATE SET
             main_seconds = excluded.main_seconds, periods = excluded.periods,
             period_seconds = excluded.period_seconds, stones = excluded.stones,
             overtime = excluded.overtime",
    )?
    .execute(params![
        id,
        Sql(color),
        side.main,
        side.periods,
        side.period,
        side.stones,
        side.overtime
    ])?;
    Ok(())
}

/// The clock at rest of `color` in game `id`; for a game made before time
/// systems, the start of its terms.
pub(crate) fn side(
    conn: &Connection,
    id: GameId,
    color: Color,
    terms: &TimeTerms,
) -> Result<Side, StoreError> {
    let stored = conn
        .prepare_cached(
            "SELECT main_seconds, periods, period_seconds, stones, overtime
             FROM game_clocks WHERE game_id = ?1 AND color = ?2",
        )?
        .query_row(params![id, Sql(color)], |r| {
            Ok(Side {
                main: r.get(0)?,
                periods: r.get(1)?,
                period: r.get(2)?,
                stones: r.get(3)?,
                overtime: r.get(4)?,
            })
        })
        .optional()?;
    Ok(stored.unwrap_or_else(|| Side::start(&terms.system)))
}

/// Records on move `number` of game `id` what the mover's clock held
/// after it (`side`, under `system`): the seconds left and, in overtime,
/// the byo-yomi periods or Canadian stones left.
pub(crate) fn note_move(
    conn: &Connection,
    id: GameId,
    number: u32,
    system: &System,
    side: &Side,
) -> Result<(), StoreError> {
    let (left, overtime) = match system {
        System::None => return Ok(()),
        System::Byoyomi { .. } if side.overtime => (side.period, Some(side.periods)),
        System::Canadian { .. } if side.overtime => (side.period, Some(side.stones)),
        _ => (side.main, None),
    };
    conn.prepare_cached(
        "UPDATE moves SET time_left = ?3, overtime_left = ?4 WHERE game_id = ?1 AND number = ?2",
    )?
    .execute(params![id, number, left, overtime])?;
    Ok(())
}

/// The local hour a player's night starts at (`night 9h`: 22:00 to 07:00).
pub(crate) const NIGHT_START_HOUR: u32 = 22;

/// Which instants count as `player`'s own time in a game with `terms`:
/// their time zone (else `default`), the game's weekends off and night,
/// and their vacations.
pub(crate) fn calendar(
    conn: &Connection,
    terms: &TimeTerms,
    player: PlayerId,
    default: Tz,
) -> Result<Calendar, StoreError> {
    let zone = timezone(conn, player)?.unwrap_or(default);
    let night = (terms.night_hours > 0).then_some(Night {
        start_hour: NIGHT_START_HOUR,
        hours: terms.night_hours,
    });
    Ok(Calendar {
        zone,
        weekends_off: terms.weekends_off,
        night,
        vacations: vacations(conn, player)?,
    })
}

/// Every vacation `player` took; one whose times do not read is left out.
fn vacations(conn: &Connection, player: PlayerId) -> Result<Vec<Vacation>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT starts_at, ends_at FROM vacations WHERE player_id = ?1 ORDER BY starts_at",
    )?;
    let rows = stmt.query_map([player], |r| {
        Ok(Vacation {
            from: r.stored(0)?,
            until: Some(r.stored(1)?),
        })
    })?;
    Ok(rows.filter(readable).collect::<Result<_, _>>()?)
}

/// Stores `zone` as `player`'s time zone (`None`: the server's).
pub(crate) fn set_timezone(
    conn: &Connection,
    player: PlayerId,
    zone: Option<Tz>,
) -> Result<(), StoreError> {
    conn.prepare_cached("UPDATE players SET timezone = ?2 WHERE id = ?1")?
        .execute(params![player, zone.map(|z| z.name())])?;
    Ok(())
}

/// `player`'s time zone, `None` when they chose none (or the one stored
/// is not known to this build's time zone database).
pub(crate) fn timezone(conn: &Connection, player: PlayerId) -> Result<Option<Tz>, StoreError> {
    let name: Option<String> = conn
        .prepare_cached("SELECT timezone FROM players WHERE id = ?1")?
        .query_row([player], |r| r.get::<_, Option<String>>(0))
        .optional()?
        .flatten();
    Ok(name.and_then(|n| n.parse().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Store, players};
    use chrono::Utc;

    #[test]
    fn terms_and_clocks_read_back_and_old_games_play_per_move() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        store
            .write(|tx| {
                let a = players::add(tx, "alice", &["a@x.org".into()], now)?.as_ref();
                let b = players::add(tx, "bob", &["b@x.org".into()], now)?.as_ref();
                let game = crate::go::Game::new(
                    crate::go::BoardSize::new(9).unwrap(),
                    crate::go::Rules::default(),
                );
                let id = crate::store::games::insert(tx, &a, &b, &game, &[], now)?;
                let old = of_game(tx, id)?.unwrap();
                assert_eq!(old.system.name(), "per-move");
                let terms = TimeTerms {
                    system: System::parse("byoyomi 14d+5x1d").unwrap(),
                    weekends_off: true,
                    night_hours: 9,
                };
                set(tx, id, &terms)?;
                assert_eq!(of_game(tx, id)?, Some(terms));
                let start = side(tx, id, Color::White, &terms)?;
                assert_eq!((start.periods, start.overtime), (5, false));
                let spent = start.spend(&terms.system, 15 * 86_400).unwrap();
                save_side(tx, id, Color::White, &spent)?;
                assert_eq!(side(tx, id, Color::White, &terms)?, spent);
                assert_eq!(side(tx, id, Color::Black, &terms)?, start);
                assert_eq!(timezone(tx, a.id)?, None);
                let berlin: Tz = "Europe/Berlin".parse().unwrap();
                set_timezone(tx, a.id, Some(berlin))?;
                assert_eq!(timezone(tx, a.id)?, Some(berlin));
                Ok::<_, StoreError>(())
            })
            .unwrap();
    }
}
