//! Properties of the clocks, over random systems, moves and calendars:
//! time never goes up except by a system's own rules, a move within a
//! byo-yomi period keeps it, Fischer never exceeds its cap, a budget runs
//! out exactly where the calendar says, and weekends and nights are
//! skipped exactly, also across the changes to and from summer time
//! (Europe/Berlin: the last Sundays of March and October).

use chrono::{DateTime, Datelike, Duration, NaiveDate, TimeZone, Utc, Weekday};
use pbmgo_clock::{Calendar, Night, Side, Span, System, Tz};
use proptest::prelude::*;

const H: i64 = 3600;
const D: i64 = 24 * H;

fn span() -> impl Strategy<Value = Span> {
    (0i64..20 * D).prop_map(|s| Span::seconds(s / H * H))
}

fn positive_span() -> impl Strategy<Value = Span> {
    (1i64..20 * 24).prop_map(Span::hours)
}

fn system() -> impl Strategy<Value = System> {
    prop_oneof![
        positive_span().prop_map(|per_move| System::PerMove { per_move }),
        (positive_span(), span(), proptest::option::of(0i64..30 * 24)).prop_map(
            |(main, bonus, extra)| System::Fischer {
                main,
                bonus,
                cap: extra.map(|e| Span::seconds(main.secs() + e * H)),
            }
        ),
        (span(), 1u32..10, positive_span()).prop_map(|(main, periods, period)| {
            System::Byoyomi {
                main,
                periods,
                period,
            }
        }),
        (span(), 1u32..25, positive_span()).prop_map(|(main, stones, block)| {
            System::Canadian {
                main,
                stones,
                block,
            }
        }),
        positive_span().prop_map(|main| System::Absolute { main }),
        Just(System::None),
    ]
}

proptest! {
    #[test]
    fn the_pinned_text_reads_back(system in system()) {
        prop_assert_eq!(System::parse(&system.to_string()), Ok(system));
    }

    #[test]
    fn time_goes_up_only_by_the_rules(system in system(), used in prop::collection::vec(0i64..6 * D, 1..40)) {
        let mut side = Side::start(&system);
        for u in used {
            let budget = side.budget(&system);
            let Ok(next) = side.spend(&system, u) else {
                prop_assert!(budget.is_some_and(|b| u >= b));
                break;
            };
            prop_assert!(budget.is_none_or(|b| u < b));
            match system {
                System::PerMove { per_move } => prop_assert_eq!(next.main, per_move.secs()),
                System::Fischer { bonus, cap, .. } => {
                    prop_assert!(next.main <= side.main - u + bonus.secs());
                    prop_assert!(cap.is_none_or(|c| next.main <= c.secs()));
                }
                System::Byoyomi { period, .. } => {
                    prop_assert!(next.main <= side.main);
                    prop_assert!(next.periods <= side.periods);
                    prop_assert_eq!(next.period, period.secs());
                    if side.overtime && u < period.secs() {
                        prop_assert_eq!(next.periods, side.periods, "a move within a period keeps it");
                    }
                }
                System::Canadian { stones, block, .. } => {
                    prop_assert!(next.main <= side.main);
                    let new_block = next.stones == stones && next.period == block.secs();
                    prop_assert!(new_block || next.period <= side.period - (u - side.main).max(0));
                }
                System::Absolute { .. } => prop_assert_eq!(next.main, side.main - u),
                System::None => prop_assert_eq!(next, side),
            }
            side = next;
        }
    }

    #[test]
    fn a_running_clock_loses_exactly_the_time_that_passes(system in system(), a in 0i64..30 * D, b in 0i64..30 * D) {
        let side = Side::start(&system);
        let (early, late) = (a.min(b), a.max(b));
        match (side.at(&system, early), side.at(&system, late)) {
            (Some(x), Some(y)) => {
                prop_assert!(y.main <= x.main && y.periods <= x.periods);
                if let Some(budget) = side.budget(&system) {
                    prop_assert_eq!(left(&system, &x), budget - early);
                    prop_assert_eq!(left(&system, &y), budget - late);
                }
            }
            (None, Some(_)) => prop_assert!(false, "time came back"),
            _ => {}
        }
        if let Some(budget) = side.budget(&system) {
            prop_assert!(side.at(&system, budget).is_none());
            prop_assert!(budget == 0 || side.at(&system, budget - 1).is_some());
        }
    }
}

/// The time left on a running clock, the period in progress counted as
/// what is left of it.
fn left(system: &System, s: &Side) -> i64 {
    match *system {
        System::Byoyomi { period, .. } if s.overtime => {
            i64::from(s.periods - 1) * period.secs() + s.period
        }
        System::Byoyomi { .. } => s.main + i64::from(s.periods) * s.period,
        System::Canadian { .. } => s.main + s.period,
        _ => s.main,
    }
}

fn zone() -> impl Strategy<Value = Tz> {
    prop_oneof![
        Just(chrono_tz::UTC),
        Just(chrono_tz::Europe::Berlin),
        Just(chrono_tz::America::New_York),
        Just(chrono_tz::Australia::Lord_Howe),
        Just(chrono_tz::Asia::Kolkata),
    ]
}

fn instant() -> impl Strategy<Value = DateTime<Utc>> {
    // 2024 to 2030, to the minute
    (0i64..7 * 365 * 24 * 60)
        .prop_map(|m| Utc.with_ymd_and_hms(2024, 1, 1, 0, 0, 0).unwrap() + Duration::minutes(m))
}

fn calendar() -> impl Strategy<Value = Calendar> {
    (
        zone(),
        any::<bool>(),
        proptest::option::of((0u32..24, 1u32..=16)),
    )
        .prop_map(|(zone, weekends_off, night)| Calendar {
            zone,
            weekends_off,
            night: night.map(|(start_hour, hours)| Night { start_hour, hours }),
            vacations: Vec::new(),
        })
}

proptest! {
    #[test]
    fn own_time_adds_up(c in calendar(), a in instant(), gap1 in 0i64..20 * D, gap2 in 0i64..20 * D) {
        let b = a + Duration::seconds(gap1);
        let e = b + Duration::seconds(gap2);
        prop_assert_eq!(c.own_seconds(a, b) + c.own_seconds(b, e), c.own_seconds(a, e));
        prop_assert!(c.own_seconds(a, e) <= (e - a).num_seconds());
    }

    #[test]
    fn a_budget_runs_out_where_the_calendar_says(c in calendar(), from in instant(), budget in 1i64..30 * D) {
        let end = c.runs_out(from, budget).expect("no vacation here");
        prop_assert_eq!(c.own_seconds(from, end), budget);
        prop_assert_eq!(c.own_seconds(from, end - Duration::seconds(1)), budget - 1);
    }

    #[test]
    fn a_berlin_week_with_weekends_and_nights_off_is_five_days_of_fifteen_hours(week in 0i64..(52 * 7)) {
        let berlin = chrono_tz::Europe::Berlin;
        let first_monday = NaiveDate::from_ymd_opt(2024, 1, 1).unwrap();
        let monday = first_monday + Duration::days(week * 7);
        prop_assert_eq!(monday.weekday(), Weekday::Mon);
        let at = |d: NaiveDate| berlin.from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
        let (start, end) = (at(monday), at(monday + Duration::days(7)));
        let weekends = Calendar { weekends_off: true, ..Calendar::around_the_clock(berlin) };
        prop_assert_eq!(weekends.own_seconds(start, end), 5 * D);
        let nights = Calendar {
            night: Some(Night { start_hour: 22, hours: 9 }),
            ..weekends.clone()
        };
        prop_assert_eq!(nights.own_seconds(start, end), 5 * 15 * H);
        let only_nights = Calendar { weekends_off: false, ..nights };
        prop_assert_eq!(only_nights.own_seconds(start, end), 7 * 15 * H);
    }
}
