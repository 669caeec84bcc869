//! A game's clocks as they read at a moment: each player's time left under
//! the game's system (the clock at rest of the player who waits; the one
//! running, as it stands now, for the player to move), when the running
//! one runs out, and when its byo-yomi period in progress ends.
//!
//! Owns only reading: what a move costs is `clock::spend`, the rules are
//! `crate::clock`'s.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::StoreError;
use super::games::GameId;
use super::ids::PlayerId;
use super::time_terms::{self, ClockRow, TimeTerms};
use crate::clock::{Calendar, Side, System, Tz};
use crate::go::Color;

/// One player's clock as it reads.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Face {
    /// The player.
    pub(crate) player: PlayerId,
    /// Their time zone (theirs, else the server's).
    pub(crate) zone: Tz,
    /// Their clock at rest (as their turn began, while it runs).
    pub(crate) rest: Side,
    /// Their clock: as it stands now while it runs, else at rest; `None`
    /// when it ran out.
    pub(crate) side: Option<Side>,
    /// Whether it runs (their turn, in play, not for a game without a clock).
    pub(crate) running: bool,
    /// When it runs out if they do not move; `None` while it is stopped.
    pub(crate) runs_out: Option<DateTime<Utc>>,
    /// While it runs: when what they may lose next is lost (a byo-yomi
    /// period, else the game), if ever.
    pub(crate) next_loss: Option<DateTime<Utc>>,
}

/// A game's clocks as they read at a moment.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Faces {
    /// The time terms.
    pub(crate) terms: TimeTerms,
    /// When the turn in progress began, if a clock runs.
    pub(crate) turn_started: Option<DateTime<Utc>>,
    /// Black's clock.
    pub(crate) black: Face,
    /// White's clock.
    pub(crate) white: Face,
}

impl Faces {
    /// The clock of `color`.
    pub(crate) fn of(&self, color: Color) -> &Face {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// The clocks of game `id` at `now` (`zone`: the server's time zone);
/// `None` when there is no such game.
pub(crate) fn read(
    conn: &Connection,
    id: GameId,
    now: DateTime<Utc>,
    zone: Tz,
) -> Result<Option<Faces>, StoreError> {
    let Some(row) = time_terms::clock_row(conn, id)? else {
        return Ok(None);
    };
    let terms = row.terms;
    let at = At { now, zone, id };
    let face = |color| face(conn, &at, &row, color);
    Ok(Some(Faces {
        turn_started: row.deadline.and(row.started),
        black: face(Color::Black)?,
        white: face(Color::White)?,
        terms,
    }))
}

/// Which game, when, and the server's zone.
struct At {
    id: GameId,
    now: DateTime<Utc>,
    zone: Tz,
}

/// The clock of the player of `color` in the game of `row`.
fn face(conn: &Connection, at: &At, row: &ClockRow, color: Color) -> Result<Face, StoreError> {
    let (terms, player) = (&row.terms, row.player(color));
    let rest = time_terms::side(conn, at.id, color, terms)?;
    let calendar = time_terms::calendar(conn, terms, player, at.zone)?;
    let mut face = Face {
        player,
        zone: calendar.zone,
        rest,
        side: Some(rest),
        running: false,
        runs_out: None,
        next_loss: None,
    };
    let (Some(started), Some(deadline)) = (row.started, row.deadline) else {
        return Ok(face);
    };
    if row.to_move != color {
        return Ok(face);
    }
    let elapsed = calendar.own_seconds(started, at.now);
    face.running = true;
    face.runs_out = Some(deadline);
    face.side = rest.at(&terms.system, elapsed);
    face.next_loss = face
        .side
        .and_then(|now| next_loss(&terms.system, &now, &calendar, at.now))
        .or(Some(deadline));
    Ok(face)
}

/// When the byo-yomi period (or main time) in progress on `now` ends;
/// `None` for other systems, whose next loss is the game.
fn next_loss(
    system: &System,
    now: &Side,
    calendar: &Calendar,
    at: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    match system {
        System::Byoyomi { .. } if now.overtime && now.periods > 1 => {
            calendar.runs_out(at, now.period)
        }
        System::Byoyomi { .. } if !now.overtime => calendar.runs_out(at, now.main),
        _ => None,
    }
}
