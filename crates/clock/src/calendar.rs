//! [`Calendar`]: which instants count as a player's own time. The clock
//! of a player runs around the clock unless their game has weekends off
//! (their own Saturday and Sunday, midnight to midnight in their time
//! zone, do not count) or a night (from `start_hour` local time for
//! `hours` hours of their wall clock), and never while they are on
//! vacation. When both a weekend and a night apply, an instant that is in
//! either does not count; a night that begins on Friday evening runs into
//! Saturday, which is off anyway, and Monday's first hours are the night
//! begun on Sunday evening.
//!
//! Days, weekends and nights follow the wall clock of the player's zone,
//! so at a change to or from daylight saving time a weekend is 47 or 49
//! hours long and a night one hour shorter or longer: the player's own
//! hours are skipped, exactly.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, TimeZone, Utc, Weekday};
use chrono_tz::Tz;

/// The time zone named `name` (`Europe/Berlin`, `utc`), in any case.
pub fn zone(name: &str) -> Option<Tz> {
    name.parse().ok().or_else(|| {
        chrono_tz::TZ_VARIANTS
            .iter()
            .find(|z| z.name().eq_ignore_ascii_case(name))
            .copied()
    })
}

/// How far ahead [`Calendar::runs_out`] looks for running time: ten years.
const HORIZON_DAYS: i64 = 3660;

/// A player's night, in their time zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Night {
    /// The local hour it starts at (0 to 23).
    pub start_hour: u32,
    /// How many hours of the wall clock it lasts (1 to 16).
    pub hours: u32,
}

/// A time the player is away: every clock of theirs stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vacation {
    /// When it began.
    pub from: DateTime<Utc>,
    /// When it ends; `None` while it has no end yet.
    pub until: Option<DateTime<Utc>>,
}

/// Which instants count as one player's own time in one game.
#[derive(Debug, Clone, PartialEq)]
pub struct Calendar {
    /// The player's time zone.
    pub zone: Tz,
    /// Their Saturday and Sunday do not count.
    pub weekends_off: bool,
    /// Their night does not count.
    pub night: Option<Night>,
    /// Their vacations do not count.
    pub vacations: Vec<Vacation>,
}

type Piece = (DateTime<Utc>, DateTime<Utc>);

impl Calendar {
    /// Every instant counts, in `zone`.
    pub fn around_the_clock(zone: Tz) -> Calendar {
        Calendar {
            zone,
            weekends_off: false,
            night: None,
            vacations: Vec::new(),
        }
    }

    /// The own seconds between `from` and `to` (0 when `to` is not later).
    pub fn own_seconds(&self, from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
        if self.all_running_from(from) {
            return (to - from).num_seconds().max(0);
        }
        let mut total = 0;
        for (start, end) in self.running(from) {
            if start >= to {
                break;
            }
            total += (end.min(to) - start).num_seconds();
        }
        total
    }

    /// The instant at which `budget` own seconds counted from `from` are
    /// used up; `None` when that is never (a vacation without an end, or
    /// beyond ten years).
    pub fn runs_out(&self, from: DateTime<Utc>, budget: i64) -> Option<DateTime<Utc>> {
        let mut left = budget.max(0);
        if self.all_running_from(from) && left < HORIZON_DAYS * 86_400 {
            return Some(from + Duration::seconds(left));
        }
        for (start, end) in self.running(from) {
            let length = (end - start).num_seconds();
            if left <= length {
                return Some(start + Duration::seconds(left));
            }
            left -= length;
        }
        None
    }

    /// Whether every instant from `from` on counts: no weekends, no night,
    /// and every vacation over by then (the common case, worked out
    /// without the time zone).
    fn all_running_from(&self, from: DateTime<Utc>) -> bool {
        !self.weekends_off
            && self.night.is_none()
            && self
                .vacations
                .iter()
                .all(|v| v.until.is_some_and(|u| u <= from))
    }

    /// The spans of running time from `from` on, in order.
    fn running(&self, from: DateTime<Utc>) -> impl Iterator<Item = Piece> + '_ {
        let first = from.with_timezone(&self.zone).date_naive();
        (0..HORIZON_DAYS)
            .map_while(move |i| first.checked_add_signed(Duration::days(i)))
            .take_while(move |day| !self.stopped_for_good(self.local(*day, 0)))
            .flat_map(move |day| self.running_on(day))
            .filter_map(move |(start, end)| {
                let start = start.max(from);
                (start < end).then_some((start, end))
            })
    }

    /// Whether a vacation without an end began by `at`.
    fn stopped_for_good(&self, at: DateTime<Utc>) -> bool {
        self.vacations
            .iter()
            .any(|v| v.until.is_none() && v.from <= at)
    }

    /// The running spans of the local day `day`.
    fn running_on(&self, day: NaiveDate) -> Vec<Piece> {
        let (start, end) = (self.local(day, 0), self.local(day, 24));
        let mut off = self.off_on(day, start, end);
        off.sort();
        let mut out = Vec::new();
        let mut at = start;
        for (s, e) in off {
            if s > at {
                out.push((at, s));
            }
            at = at.max(e);
        }
        if at < end {
            out.push((at, end));
        }
        out
    }

    /// What does not count of the local day `day` (from `start` to `end`):
    /// the whole of it on a weekend, the nights reaching into it, the
    /// vacations, each clipped to the day.
    fn off_on(&self, day: NaiveDate, start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<Piece> {
        if self.weekends_off && matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            return vec![(start, end)];
        }
        let mut off = Vec::new();
        if let Some(night) = self.night {
            for begun in [day.pred_opt(), Some(day)].into_iter().flatten() {
                let s = self.local(begun, night.start_hour);
                let e = self.local(begun, night.start_hour + night.hours);
                off.push((s, e));
            }
        }
        for v in &self.vacations {
            off.push((v.from, v.until.unwrap_or(end)));
        }
        off.into_iter()
            .map(|(s, e)| (s.max(start), e.min(end)))
            .filter(|(s, e)| s < e)
            .collect()
    }

    /// The instant the wall clock of the zone shows `hour` o'clock counted
    /// from the start of `day` (24 is the next midnight). A time the clock
    /// skips (a change to daylight saving time) is the instant it skips
    /// to; a time it shows twice is the first.
    fn local(&self, day: NaiveDate, hour: u32) -> DateTime<Utc> {
        let midnight = day.and_hms_opt(0, 0, 0).expect("midnight exists");
        let mut wall = midnight + Duration::hours(i64::from(hour));
        loop {
            match self.zone.from_local_datetime(&wall) {
                LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => {
                    return t.with_timezone(&Utc);
                }
                LocalResult::None => wall += Duration::minutes(1),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = 3600;
    const D: i64 = 24 * H;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text)
            .unwrap()
            .with_timezone(&Utc)
    }

    fn berlin(weekends_off: bool, night: Option<Night>) -> Calendar {
        Calendar {
            zone: chrono_tz::Europe::Berlin,
            weekends_off,
            night,
            vacations: Vec::new(),
        }
    }

    const NINE: Option<Night> = Some(Night {
        start_hour: 22,
        hours: 9,
    });

    #[test]
    fn zones_are_found_in_any_case() {
        assert_eq!(zone("Europe/Berlin"), Some(chrono_tz::Europe::Berlin));
        assert_eq!(zone("europe/berlin"), Some(chrono_tz::Europe::Berlin));
        assert_eq!(zone("UTC"), Some(chrono_tz::UTC));
        assert_eq!(zone("Mars/Olympus"), None);
    }

    #[test]
    fn around_the_clock_counts_every_second() {
        let c = Calendar::around_the_clock(chrono_tz::UTC);
        let from = utc("2026-03-27T10:00:00Z");
        assert_eq!(c.own_seconds(from, from + Duration::days(3)), 3 * D);
        assert_eq!(c.runs_out(from, 3 * D), Some(from + Duration::days(3)));
    }

    #[test]
    fn a_weekend_is_skipped_in_the_players_zone() {
        let c = berlin(true, None);
        // Friday 2026-11-27 22:00 UTC is Friday 23:00 in Berlin: one hour of
        // Friday is left, then Monday 00:00 Berlin (Sunday 23:00 UTC).
        let from = utc("2026-11-27T22:00:00Z");
        assert_eq!(c.runs_out(from, H), Some(utc("2026-11-27T23:00:00Z")));
        assert_eq!(c.runs_out(from, H + 1), Some(utc("2026-11-29T23:00:01Z")));
    }

    #[test]
    fn a_weekend_with_the_change_to_summer_time_is_47_hours() {
        // 2026-03-29 is the last Sunday of March: Berlin skips 02:00-03:00.
        let c = berlin(true, None);
        let friday_midnight = utc("2026-03-27T23:00:00Z"); // Sat 00:00 CET
        let monday_midnight = utc("2026-03-29T22:00:00Z"); // Mon 00:00 CEST
        assert_eq!((monday_midnight - friday_midnight).num_hours(), 47);
        assert_eq!(c.own_seconds(friday_midnight, monday_midnight), 0);
        let week_before = utc("2026-03-22T23:00:00Z"); // Mon 23rd 00:00 CET
        assert_eq!(c.own_seconds(week_before, monday_midnight), 5 * D);
    }

    #[test]
    fn nights_follow_the_wall_clock_at_both_changes() {
        let c = berlin(false, NINE);
        // Saturday 28 March 07:00 CET to Sunday 29 March 07:00 CEST: 15 h of
        // day; the night between is 22:00 CET to 07:00 CEST, 8 hours.
        let sat = utc("2026-03-28T06:00:00Z");
        let sun = utc("2026-03-29T05:00:00Z");
        assert_eq!(c.own_seconds(sat, sun), 15 * H);
        assert_eq!((sun - sat).num_hours(), 23);
        // 25 October 2026, the last Sunday of October: the night of the
        // 24th is 10 hours, the day still 15.
        let sat = utc("2026-10-24T05:00:00Z"); // 07:00 CEST
        let sun = utc("2026-10-25T06:00:00Z"); // 07:00 CET
        assert_eq!((sun - sat).num_hours(), 25);
        assert_eq!(c.own_seconds(sat, sun), 15 * H);
        // a clock started in the night starts at 07:00
        assert_eq!(
            c.runs_out(utc("2026-10-25T01:30:00Z"), 60),
            Some(utc("2026-10-25T06:01:00Z"))
        );
    }

    #[test]
    fn weekends_and_nights_together() {
        let c = berlin(true, NINE);
        // Monday 30 November 2026 in Berlin (CET): the Sunday night ends at
        // 07:00; Friday's runs into the weekend.
        let monday = utc("2026-11-29T23:00:00Z");
        let next_monday = utc("2026-12-06T23:00:00Z");
        assert_eq!(c.own_seconds(monday, next_monday), 5 * 15 * H);
        assert_eq!(c.runs_out(monday, 1), Some(utc("2026-11-30T06:00:01Z")));
    }

    #[test]
    fn a_vacation_stops_the_clock() {
        let mut c = Calendar::around_the_clock(chrono_tz::UTC);
        let from = utc("2026-05-01T00:00:00Z");
        c.vacations.push(Vacation {
            from: utc("2026-05-02T00:00:00Z"),
            until: Some(utc("2026-05-05T12:00:00Z")),
        });
        assert_eq!(c.runs_out(from, 2 * D), Some(utc("2026-05-06T12:00:00Z")));
        assert_eq!(c.own_seconds(from, utc("2026-05-06T12:00:00Z")), 2 * D);
        c.vacations.push(Vacation {
            from: utc("2026-05-10T00:00:00Z"),
            until: None,
        });
        assert_eq!(c.runs_out(from, 20 * D), None);
        assert_eq!(c.runs_out(from, 2 * D), Some(utc("2026-05-06T12:00:00Z")));
    }
}
