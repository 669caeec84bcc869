//! The wording snapshot's page, and its pinned inputs: a game id, times,
//! points, challenge terms, a challenge and a listed game.

use chrono::{DateTime, TimeZone, Utc};

use crate::go::{Color, KoRule, Phase, Point, Scoring};
use crate::store::challenges::{Challenge, Status, Terms};
use crate::store::listing::GameSummary;
use crate::store::players::PlayerRef;
use crate::store::{GameId, PlayerId};

/// The sentences rendered so far, each under its function's name.
#[derive(Default)]
pub(crate) struct Page(pub(crate) String);

impl Page {
    /// Adds `text` under the heading `name`.
    pub(crate) fn show(&mut self, name: &str, text: impl AsRef<str>) {
        self.0 += &format!("--- {name}\n{}\n", text.as_ref());
    }
}

/// The game most sentences are about: `game12`.
pub(crate) fn id() -> GameId {
    GameId::new(12).unwrap()
}

/// A time in November 2026.
pub(crate) fn at(day: u32, hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, day, hour, 0, 0).unwrap()
}

/// Two points, `D4 D5`.
pub(crate) fn stones() -> Vec<Point> {
    vec![Point::new(3, 3), Point::new(3, 4)]
}

/// A challenge's terms on 19x19 with komi 0.5.
pub(crate) fn terms(handicap: u32, free: bool, days: u32) -> Terms {
    Terms {
        size: 19,
        komi: 0.5,
        handicap,
        free,
        color: "nigiri".into(),
        ko: KoRule::List,
        scoring: Scoring::Area,
        days,
        clock: crate::store::time_terms::TimeTerms {
            system: crate::clock::System::PerMove {
                per_move: crate::clock::Span::days(i64::from(days)),
            },
            weekends_off: false,
            night_hours: 0,
        },
        rated: true,
    }
}

/// Player `n` (their row id) called `name`.
pub(crate) fn player(n: i64, name: &str) -> PlayerRef {
    PlayerRef {
        id: PlayerId::new(n).unwrap(),
        name: name.into(),
    }
}

/// An open challenge `n` between two players.
pub(crate) fn challenge(n: i64, challenger: PlayerRef, challenged: PlayerRef) -> Challenge {
    Challenge {
        id: GameId::new(n).unwrap(),
        challenger,
        challenged,
        terms: terms(0, false, 3),
        status: Status::Open,
        created_at: at(20, 9),
        expires_at: at(27, 9),
    }
}

/// Game `id` of alice (Black) and bob (White) as `games` lists it.
pub(crate) fn summary(n: i64, status: Phase, to_move: Color, result: Option<&str>) -> GameSummary {
    GameSummary {
        id: GameId::new(n).unwrap(),
        size: 9,
        black: "alice".into(),
        white: "bob".into(),
        status,
        to_move,
        move_number: 41,
        result: result.map(str::to_string),
        updated_at: at(22, 8),
        deadline: (status == Phase::Play).then(|| at(29, 8)),
    }
}
