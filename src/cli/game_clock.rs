//! The clock of a game as `pbmgo game show` prints it, in its time
//! system's terms: as the lines a game mail shows (the terms, then each
//! player's time left and when the running one runs out), and as the
//! pinned `clock` object of `game show --json` (the first keys from before
//! time systems, then the system, its text and each player's clock).

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::output::capitalized;
use crate::clock::{Side, System};
use crate::go::{Color, Phase};
use crate::pipeline::{clock_lines, side_text, terms_text};
use crate::store::StoredGame;
use crate::store::clock::GameClock;
use crate::store::clock_face::{Face, Faces};
use crate::store::codec::time_text;

/// The clock in `game show --json`; the field order is the key order.
#[derive(Serialize)]
pub(crate) struct JsonClock {
    /// Days per move (of a game made with days per move).
    days_per_move: i64,
    /// Whether the clock runs (it stops while stones are placed, in the
    /// scoring phase and once the game is over).
    running: bool,
    /// The player to move, while it runs.
    to_move: Option<String>,
    /// When they run out of time (RFC 3339), while it runs.
    deadline: Option<String>,
    /// When their turn began (RFC 3339), if known.
    turn_started: Option<String>,
    /// Seconds left until the deadline (negative once it passed).
    seconds_left: Option<i64>,
    /// `per-move`, `fischer`, `byoyomi`, `canadian`, `absolute` or `none`.
    system: &'static str,
    /// The system's pinned text, such as `fischer 3d+1d max 7d`.
    spec: String,
    /// The players' weekends do not count.
    weekends_off: bool,
    /// The hours of each player's night that do not count (0: none).
    night_hours: u32,
    /// Black's clock.
    black: JsonSide,
    /// White's clock.
    white: JsonSide,
}

/// One player's clock in `game show --json`: as it stands now for the
/// player to move, at rest for the other.
#[derive(Serialize)]
struct JsonSide {
    /// Main time left (per move: this move's time for the player to move,
    /// the allowance for the other); `null` without a clock.
    main_seconds: Option<i64>,
    /// Byo-yomi: the periods left, the one in progress counted.
    periods: Option<u32>,
    /// Byo-yomi: the time left in the period in progress (the whole
    /// period while in main time); Canadian: the time left in the block.
    period_seconds: Option<i64>,
    /// Canadian: the stones left to play in the block.
    stones: Option<u32>,
    /// When their time ends if they do not move (RFC 3339); `null` while
    /// their clock is stopped.
    runs_out: Option<String>,
}

/// A game's clock, read at one time.
pub(crate) struct Clock {
    /// The stored clock.
    stored: GameClock,
    /// Both players' clocks.
    faces: Faces,
    /// The player to move and their colour, while the clock runs.
    to_move: Option<(String, &'static str)>,
    /// Why the clock does not run, when it does not.
    stopped: &'static str,
    /// `Black (alice)` and `White (bob)`.
    names: [String; 2],
    /// Until when the player to move is on vacation (their clock paused).
    paused: Option<DateTime<Utc>>,
    /// The time it is read at.
    now: DateTime<Utc>,
}

impl Clock {
    /// Reads the clock of `g` at `now` from its stored clock and its
    /// players' clocks; `paused`: until when the player to move is away.
    pub(crate) fn new(
        g: &StoredGame,
        (stored, faces): (GameClock, Faces),
        paused: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> Clock {
        let phase = g.game.phase();
        let runs = stored.deadline.is_some() && phase == Phase::Play;
        let color = g.game.to_move();
        let name = |c: Color| format!("{} ({})", capitalized(c.name()), g.player(c).name);
        Clock {
            to_move: runs.then(|| (g.player(color).name.clone(), color.name())),
            stopped: match phase {
                Phase::Finished => "the game is over",
                Phase::Scoring => "the game is being scored",
                _ => "no deadline is set",
            },
            names: [name(Color::Black), name(Color::White)],
            paused: paused.filter(|_| runs),
            stored,
            faces,
            now,
        }
    }

    /// The `clock` object of `game show --json`.
    pub(crate) fn json(&self) -> JsonClock {
        let running = self.to_move.is_some();
        let terms = &self.faces.terms;
        let deadline = self.stored.deadline.filter(|_| running);
        JsonClock {
            days_per_move: self.stored.days_per_move,
            running,
            to_move: self.to_move.as_ref().map(|(n, _)| n.clone()),
            deadline: deadline.map(time_text),
            turn_started: self.stored.turn_started.map(time_text),
            seconds_left: deadline.map(|d| (d - self.now).num_seconds()),
            system: terms.system.name(),
            spec: terms.system.to_string(),
            weekends_off: terms.weekends_off,
            night_hours: terms.night_hours,
            black: json_side(&terms.system, &self.faces.black),
            white: json_side(&terms.system, &self.faces.white),
        }
    }

    /// The clock as lines of `game show`, the first starting `Clock:`,
    /// ending with a newline.
    pub(crate) fn lines(&self) -> String {
        let system = &self.faces.terms.system;
        let names = [self.names[0].as_str(), self.names[1].as_str()];
        if self.to_move.is_some() || !system.has_clock() {
            let paused = self
                .paused
                .map(|t| t.format("%Y-%m-%d %H:%M UTC").to_string());
            return clock_lines(&self.faces, names, paused.as_deref()) + "\n";
        }
        let mut out = format!(
            "Clock: stopped ({}); {}.\n",
            self.stopped,
            terms_text(&self.faces.terms)
        );
        for (who, face) in names.iter().zip([&self.faces.black, &self.faces.white]) {
            out += &match face.side {
                Some(side) => format!("{who}: {}.\n", side_text(system, &side, false)),
                None => format!("{who}: the time is up.\n"),
            };
        }
        out
    }
}

/// The JSON of one player's clock under `system`; a clock that ran out
/// reads zero.
fn json_side(system: &System, face: &Face) -> JsonSide {
    let side = face.side.unwrap_or(Side {
        main: 0,
        periods: 0,
        period: 0,
        overtime: true,
        ..face.rest
    });
    let byoyomi = matches!(system, System::Byoyomi { .. });
    let canadian = matches!(system, System::Canadian { .. });
    JsonSide {
        main_seconds: system.has_clock().then_some(side.main),
        periods: byoyomi.then_some(side.periods),
        period_seconds: (byoyomi || canadian).then_some(side.period),
        stones: canadian.then_some(side.stones),
        runs_out: face.runs_out.map(time_text),
    }
}
