//! The clock of a game as `pbmgo game show` prints it: who is to move, by
//! when, how long is left, and the days per move; as a text line and as the
//! `clock` object of `game show --json`.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

use crate::go::Phase;
use crate::store::StoredGame;
use crate::store::clock::GameClock;
use crate::store::codec::time_text;

/// The clock in `game show --json`.
#[derive(Serialize)]
pub(crate) struct JsonClock {
    /// Days per move.
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
}

/// A game's clock, read at one time.
pub(crate) struct Clock {
    /// The stored clock.
    stored: GameClock,
    /// The player to move and their colour, while the clock runs.
    to_move: Option<(String, &'static str)>,
    /// Why the clock does not run, when it does not.
    stopped: &'static str,
    /// The time it is read at.
    now: DateTime<Utc>,
}

impl Clock {
    /// Reads the clock of `g` at `now`.
    pub(crate) fn new(g: &StoredGame, stored: GameClock, now: DateTime<Utc>) -> Clock {
        let phase = g.game.phase();
        let runs = stored.deadline.is_some() && phase == Phase::Play;
        let color = g.game.to_move();
        Clock {
            to_move: runs.then(|| (g.player(color).name.clone(), color.name())),
            stopped: match phase {
                Phase::Finished => "the game is over",
                Phase::Scoring => "the game is being scored",
                _ => "no deadline is set",
            },
            stored,
            now,
        }
    }

    /// The time left to the deadline, while the clock runs.
    fn left(&self) -> Option<Duration> {
        self.to_move.as_ref()?;
        self.stored.deadline.map(|d| d - self.now)
    }

    /// The `clock` object of `game show --json`.
    pub(crate) fn json(&self) -> JsonClock {
        let running = self.to_move.is_some();
        JsonClock {
            days_per_move: self.stored.days_per_move,
            running,
            to_move: self.to_move.as_ref().map(|(n, _)| n.clone()),
            deadline: self.stored.deadline.filter(|_| running).map(time_text),
            turn_started: self.stored.turn_started.map(time_text),
            seconds_left: self.left().map(|d| d.num_seconds()),
        }
    }

    /// The clock as one line of `game show`, ending with a newline.
    pub(crate) fn line(&self) -> String {
        let per_move = days(self.stored.days_per_move);
        match (&self.to_move, self.stored.deadline, self.left()) {
            (Some((name, color)), Some(deadline), Some(left)) => format!(
                "Clock: {name} ({color}) to move by {}, {}; {per_move} per move.\n",
                deadline.format("%Y-%m-%d %H:%M UTC"),
                time_left(left)
            ),
            _ => format!("Clock: stopped ({}); {per_move} per move.\n", self.stopped),
        }
    }
}

fn days(n: i64) -> String {
    match n {
        1 => "1 day".into(),
        n => format!("{n} days"),
    }
}

/// `3 days 4 hours left`, `5 hours 10 minutes left`, or `overdue by ...`.
fn time_left(left: Duration) -> String {
    let span = |d: Duration| {
        let (dd, hh, mm) = (d.num_days(), d.num_hours() % 24, d.num_minutes() % 60);
        let unit = |n: i64, one: &str| match n {
            1 => format!("1 {one}"),
            n => format!("{n} {one}s"),
        };
        match (dd, hh) {
            (0, 0) => unit(mm, "minute"),
            (0, h) => format!("{} {}", unit(h, "hour"), unit(mm, "minute")),
            (d, h) => format!("{} {}", unit(d, "day"), unit(h, "hour")),
        }
    };
    match left < Duration::zero() {
        true => format!("overdue by {}", span(-left)),
        false => format!("{} left", span(left)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_the_time_left_in_words() {
        assert_eq!(
            time_left(Duration::minutes(7 * 1440 - 1)),
            "6 days 23 hours left"
        );
        assert_eq!(time_left(Duration::minutes(61)), "1 hour 1 minute left");
        assert_eq!(time_left(Duration::minutes(5)), "5 minutes left");
        assert_eq!(
            time_left(Duration::minutes(-90)),
            "overdue by 1 hour 30 minutes"
        );
    }
}
