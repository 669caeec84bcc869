//! `pbmgo tick`, run from cron: the clocks of every running game (a
//! reminder after half the time, a warning one day before the end, a loss
//! on time after it, ended through `games::ending::end_game`), the
//! challenge and scoring deadlines of `deadlines`, and the daily digests
//! (`digest`).
//!
//! Owns when each of those is due and that each goes out once: every
//! notice is recorded in the `notices` table (keyed by the turn it is
//! about, or the day), so running tick twice sends nothing twice. A player
//! on vacation is never mailed: their clocks are paused (the deadline
//! already includes the vacation). Time is an argument.

mod digest;
mod notice;

pub(crate) use crate::pipeline::base::wording::tick::{deadline_words, left_words};
use notice::queue;

use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;
use serde::Serialize;

use super::deadlines;
use crate::go::events::GameEvent;
use crate::go::{GameResult, Phase};
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::{ending::timeout_how, tick as words};
use crate::pipeline::board::block::board_ctx;
use crate::pipeline::games::ending::{Ending, end_game};
use crate::store::clock::{self, Running};
use crate::store::codec::time_text;
use crate::store::notices;
use crate::store::{StoredGame, games, settings};

/// What one tick did (public for the test harness, through `testkit`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct TickSummary {
    /// Reminders queued (half the time gone).
    pub reminders: u32,
    /// "Timing out soon" warnings queued.
    pub warnings: u32,
    /// Games lost on time.
    pub timeouts: u32,
    /// Letters queued by the challenge and scoring deadlines.
    pub deadlines: u32,
    /// Daily digests queued.
    pub digests: u32,
}

/// Context of `clock-reminder.txt` and `clock-warning.txt`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClockCtx {
    /// The player to move.
    pub(crate) player: String,
    /// Their opponent.
    pub(crate) opponent: String,
    /// The game's name.
    pub(crate) game: String,
    /// When they lose on time, e.g. `2026-11-29 12:00 UTC`.
    pub(crate) deadline: String,
    /// The time left in words, e.g. `3 days and 4 hours from now`.
    pub(crate) days_left: String,
    /// The number of the move they are to play.
    pub(crate) move_number: u32,
    /// The board.
    pub(crate) board: BoardCtx,
}

/// Runs the clocks, the deadlines and the digests at `env.now`, in the
/// caller's transaction; returns what was queued.
pub(crate) fn run(conn: &Connection, env: &Env<'_>) -> Result<TickSummary, PipelineError> {
    let mut summary = TickSummary::default();
    for r in clock::running(conn)? {
        clock_step(conn, env, &r, &mut summary)?;
    }
    summary.deadlines = deadlines::run(conn, env)?;
    summary.digests = digest::run(conn, env)?;
    Ok(summary)
}

/// Which notice a running clock is due, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Due {
    Reminder,
    Warning,
    Timeout,
}

/// Returns the notice due on clock `r` at `now`: only the most urgent one.
fn due(r: &Running, now: DateTime<Utc>) -> Option<Due> {
    let half = Duration::hours(12 * r.days.max(1));
    if now >= r.deadline {
        Some(Due::Timeout)
    } else if now >= r.deadline - Duration::days(1) {
        Some(Due::Warning)
    } else if now >= r.deadline - half {
        Some(Due::Reminder)
    } else {
        None
    }
}

/// The turn of a running clock that a notice is due on.
struct Turn<'a> {
    /// The game, in play.
    g: StoredGame,
    /// Its clock.
    r: &'a Running,
    /// The turn's notice key, `move{N}@{time}`: each notice once per turn.
    key: String,
}

/// Sends what clock `r` is due, if anything: a reminder, a warning or
/// the loss on time.
fn clock_step(
    conn: &Connection,
    env: &Env<'_>,
    r: &Running,
    summary: &mut TickSummary,
) -> Result<(), PipelineError> {
    if settings::vacation_until(conn, r.to_move_id, env.now)?.is_some() {
        return Ok(());
    }
    let Some(due) = due(r, env.now) else {
        return Ok(());
    };
    let g = games::load(conn, r.game)?;
    if g.game.phase() != Phase::Play {
        return Ok(());
    }
    let key = format!("move{}@{}", r.move_number, time_text(r.turn_started));
    let turn = Turn { g, r, key };
    match due {
        Due::Timeout => {
            timeout(conn, env, &turn)?;
            summary.timeouts += 1;
        }
        Due::Warning => summary.warnings += u32::from(warn(conn, env, &turn, due)?),
        Due::Reminder => summary.reminders += u32::from(warn(conn, env, &turn, due)?),
    }
    Ok(())
}

/// Queues a reminder or a warning to the player to move, once per turn.
fn warn(conn: &Connection, env: &Env<'_>, t: &Turn<'_>, due: Due) -> Result<bool, PipelineError> {
    let (g, r) = (&t.g, t.r);
    let (kind, template, essential) = match due {
        Due::Warning => ("warning", "clock-warning.txt", true),
        _ => ("reminder", "clock-reminder.txt", false),
    };
    if !notices::first(conn, Some(g.id), Some(r.to_move_id), kind, &t.key, env.now)? {
        return Ok(false);
    }
    let subject = match due {
        Due::Warning => words::warning_subject(g.id, r.deadline),
        _ => words::reminder_subject(g.id),
    };
    let letter = Letter {
        to: g.player(g.game.to_move()).clone(),
        kind,
        subject,
        text: env.templates.render(template, &clock_ctx(t, env.now))?,
        game: Some(g.id),
        attachments: Vec::new(),
        essential,
        brief: None,
    };
    queue(conn, env, &letter, &t.key)
}

/// The reminder's and the warning's context for turn `t` at `now`.
fn clock_ctx(t: &Turn<'_>, now: DateTime<Utc>) -> ClockCtx {
    let (g, color) = (&t.g, t.g.game.to_move());
    ClockCtx {
        player: g.player(color).name.clone(),
        opponent: g.player(color.opponent()).name.clone(),
        game: g.id.to_string(),
        deadline: deadline_words(t.r.deadline),
        days_left: left_words(t.r.deadline - now),
        move_number: g.game.move_number() + 1,
        board: board_ctx(g),
    }
}

/// Ends the game on time (through `games::ending::end_game`, which
/// records the result and makes the game-over letters with the SGF) and
/// mails both players, except one on vacation.
fn timeout(conn: &Connection, env: &Env<'_>, t: &Turn<'_>) -> Result<(), PipelineError> {
    let g = &t.g;
    let loser = g.game.to_move();
    let how = timeout_how(
        &g.player(loser).name,
        g.game.move_number() + 1,
        t.r.deadline,
    );
    let ending = Ending {
        event: GameEvent::Finish(GameResult::Time(loser.opponent())),
        how: &how,
        source: "tick",
    };
    let mut ended = g.clone();
    let letters = end_game(conn, env, &mut ended, &ending)?;
    for letter in &letters {
        let to = letter.to.id;
        if settings::vacation_until(conn, to, env.now)?.is_none()
            && notices::first(conn, Some(g.id), Some(to), "timeout", &t.key, env.now)?
        {
            queue(conn, env, letter, &t.key)?;
        }
    }
    Ok(())
}
