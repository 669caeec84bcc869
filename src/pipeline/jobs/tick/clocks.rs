//! The running clocks at a tick: a reminder half-way to the deadline, a
//! notice when a byo-yomi period starts, a warning when less than
//! `[games] warn_hours` are left, and the loss on time, recorded as of the
//! moment the time ran out. Each notice goes out once: a reminder and a
//! warning once per turn, a period notice once per period.

use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

use serde::Serialize;

use super::notice::queue;
use crate::clock::{Side, System};
use crate::go::events::GameEvent;
use crate::go::{GameResult, Phase};
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::clock::moment;
use crate::pipeline::base::wording::tick::left_words;
use crate::pipeline::base::wording::{ending::timeout_how, tick as words};
use crate::pipeline::board::scored::board_at;
use crate::pipeline::games::ending::{Ending, end_game};
use crate::store::clock::Running;
use crate::store::clock_face::{self, Face, Faces};
use crate::store::codec::time_text;
use crate::store::{StoredGame, games, notices, settings};

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
    /// Tournament rounds paired (a tournament's start counts as one).
    pub rounds: u32,
}

/// Context of `clock-reminder.txt`, `clock-warning.txt` and `clock-period.txt`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClockCtx {
    /// The player to move.
    pub(crate) player: String,
    /// Their opponent.
    pub(crate) opponent: String,
    /// The game's name.
    pub(crate) game: String,
    /// When they lose on time, in their zone and in UTC, e.g.
    /// `2026-11-29 13:00 Europe/Berlin (2026-11-29 12:00 UTC)`.
    pub(crate) deadline: String,
    /// `clock-period.txt`: where their byo-yomi stands, in a sentence.
    pub(crate) period: Option<String>,
    /// The time left in words, e.g. `3 days and 4 hours from now`.
    pub(crate) days_left: String,
    /// The number of the move they are to play.
    pub(crate) move_number: u32,
    /// The board.
    pub(crate) board: BoardCtx,
}

/// Which notice a running clock is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Due {
    Reminder,
    Period(u32),
    Warning,
    Timeout,
}

/// The most urgent notice due on clock `r` (read as `faces`) at `now`,
/// with `warn` the time left that gets a warning.
fn due(r: &Running, faces: &Faces, now: DateTime<Utc>, warn: Duration) -> Option<Due> {
    if now >= r.deadline {
        return Some(Due::Timeout);
    }
    let face = faces.of(r.to_move);
    let system = &faces.terms.system;
    let side = face.side?;
    let byoyomi = matches!(system, System::Byoyomi { .. });
    let in_periods = byoyomi && side.overtime;
    let short_period = match *system {
        System::Byoyomi { period, .. } => period.secs() <= warn.num_seconds(),
        _ => false,
    };
    if r.deadline - now <= warn && !(in_periods && short_period) {
        Some(Due::Warning)
    } else if in_periods {
        Some(Due::Period(side.periods))
    } else if half_gone(system, &face.rest, &side) {
        Some(Due::Reminder)
    } else {
        None
    }
}

/// Whether half of the own time a clock had at rest (`rest`) is gone on
/// `now`.
fn half_gone(system: &System, rest: &Side, now: &Side) -> bool {
    match (rest.budget(system), now.budget(system)) {
        (Some(was), Some(left)) => left * 2 <= was,
        _ => false,
    }
}

/// Sends what clock `r` is due, if anything.
pub(super) fn step(
    conn: &Connection,
    env: &Env<'_>,
    r: &Running,
    summary: &mut TickSummary,
) -> Result<(), PipelineError> {
    let zone = env.settings.zone;
    let Some(faces) = clock_face::read(conn, r.game, env.now, zone)? else {
        return Ok(());
    };
    let on_vacation = settings::vacation_until(conn, r.to_move_id, env.now)?.is_some();
    let warn = Duration::hours(i64::from(env.settings.games.warn_hours.max(1)));
    let Some(due) = due(r, &faces, env.now, warn).filter(|_| !on_vacation) else {
        return Ok(());
    };
    let g = games::load(conn, r.game)?;
    if g.game.phase() != Phase::Play {
        return Ok(());
    }
    let key = format!("move{}@{}", r.move_number, time_text(r.turn_started));
    let t = Turn {
        g,
        r,
        face: faces.of(r.to_move),
        system: faces.terms.system,
        key,
    };
    match due {
        Due::Timeout => {
            timeout(conn, env, &t)?;
            summary.timeouts += 1;
        }
        Due::Warning => summary.warnings += u32::from(notify(conn, env, &t, due)?),
        Due::Period(_) => summary.warnings += u32::from(notify(conn, env, &t, due)?),
        Due::Reminder => summary.reminders += u32::from(notify(conn, env, &t, due)?),
    }
    Ok(())
}

/// The turn of a running clock that a notice is due on.
struct Turn<'a> {
    /// The game, in play.
    g: StoredGame,
    /// Its clock.
    r: &'a Running,
    /// The clock of the player to move, as it reads now.
    face: &'a Face,
    /// The game's time system.
    system: System,
    /// The turn's notice key, `move{N}@{time}`.
    key: String,
}

/// Queues a reminder, a period notice or a warning to the player to move,
/// once per turn (a period notice once per period).
fn notify(conn: &Connection, env: &Env<'_>, t: &Turn<'_>, due: Due) -> Result<bool, PipelineError> {
    let (g, r) = (&t.g, t.r);
    let (kind, template, essential, key) = match due {
        Due::Warning => ("warning", "clock-warning.txt", true, t.key.clone()),
        Due::Period(n) => (
            "period",
            "clock-period.txt",
            true,
            format!("{}:p{n}", t.key),
        ),
        _ => ("reminder", "clock-reminder.txt", false, t.key.clone()),
    };
    if !notices::first(conn, Some(g.id), Some(r.to_move_id), kind, &key, env.now)? {
        return Ok(false);
    }
    let subject = match due {
        Due::Warning => words::warning_subject(g.id, r.deadline),
        Due::Period(n) => words::period_subject(g.id, n),
        _ => words::reminder_subject(g.id),
    };
    let letter = Letter {
        to: g.player(g.game.to_move()).clone(),
        kind,
        subject,
        text: env.templates.render(template, &clock_ctx(conn, env, t)?)?,
        game: Some(g.id),
        attachments: Vec::new(),
        essential,
        brief: None,
    };
    queue(conn, env, &letter, &key)
}

/// The notices' context for turn `t` at `env.now`.
fn clock_ctx(conn: &Connection, env: &Env<'_>, t: &Turn<'_>) -> Result<ClockCtx, PipelineError> {
    let (g, color) = (&t.g, t.g.game.to_move());
    let byoyomi = matches!(t.system, System::Byoyomi { .. });
    let period = match (t.face.side, t.face.next_loss) {
        (Some(side), Some(ends)) if byoyomi && side.overtime => Some(words::period_words(
            side.periods,
            &moment(ends, t.face.zone),
        )),
        _ => None,
    };
    Ok(ClockCtx {
        player: g.player(color).name.clone(),
        opponent: g.player(color.opponent()).name.clone(),
        game: g.id.to_string(),
        deadline: moment(t.r.deadline, t.face.zone),
        days_left: left_words(t.r.deadline - env.now),
        period,
        move_number: g.game.move_number() + 1,
        board: board_at(conn, env, g)?,
    })
}

/// Ends the game on time as of the moment the time ran out (through
/// `games::ending::end_game`, which records the result and makes the
/// game-over letters with the SGF) and mails both players, except one on
/// vacation.
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
        at: Some(t.r.deadline),
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
