//! Fixtures from the servers pbmgo's players come from, worked by hand:
//! Dragon Go Server's notation (`J: M + B * P`, `C: M + B / P`,
//! `F: M + B`, times in days and hours, a 9-hour night in the player's
//! zone) written in pbmgo's pinned text, and OGS's and Little Golem's
//! capped Fischer defaults. Each row is one move: the own time it took
//! and the clock at rest after it (main time, periods, period or block
//! time, stones), or `None` from the move that came too late.

use chrono::{TimeZone, Utc};
use pbmgo_clock::{Calendar, Night, Side, System, Tz};

const H: i64 = 3600;
const D: i64 = 24 * H;

/// (own time a move took, (main, periods, period, stones) after it).
type Row = (i64, Option<(i64, u32, i64, u32)>);

fn check(spec: &str, rows: &[Row]) {
    let system = System::parse(spec).unwrap();
    let mut side = Some(Side::start(&system));
    for (i, (used, want)) in rows.iter().enumerate() {
        side = side.and_then(|s| s.spend(&system, *used).ok());
        let got = side.map(|s| (s.main, s.periods, s.period, s.stones));
        assert_eq!(got, *want, "{spec}: move {} taking {}h", i + 1, used / H);
    }
}

#[test]
fn dgs_japanese_byoyomi_j_7d_3h_plus_2d_times_5() {
    // DGS "J: 7d 3h + 2d * 5".
    check(
        "byoyomi 7d3h+5x2d",
        &[
            (7 * D, Some((3 * H, 5, 2 * D, 0))),
            // 3h of main time, then 21h of the first period: it is kept.
            (D, Some((0, 5, 2 * D, 0))),
            // A whole period lost, the move made within the next.
            (3 * D, Some((0, 4, 2 * D, 0))),
            (2 * D + H, Some((0, 3, 2 * D, 0))),
            (H, Some((0, 3, 2 * D, 0))),
            // Three periods of 2d: six days of own time is too late.
            (6 * D, None),
        ],
    );
}

#[test]
fn dgs_canadian_c_7d_3h_plus_9d_per_3() {
    // DGS "C: 7d 3h + 9d / 3": 3 stones in each block of 9 days.
    check(
        "canadian 7d3h+3/9d",
        &[
            (8 * D, Some((0, 0, 9 * D - 21 * H, 2))),
            (4 * D, Some((0, 0, 4 * D + 3 * H, 1))),
            // The block's last stone with 3h to spare: a new block, full.
            (4 * D, Some((0, 0, 9 * D, 3))),
            (9 * D, None),
        ],
    );
}

#[test]
fn dgs_fischer_f_7d_3h_plus_2d() {
    // DGS "F: 7d 3h + 2d", no cap written.
    check(
        "fischer 7d3h+2d",
        &[
            (D, Some((8 * D + 3 * H, 0, 0, 0))),
            (0, Some((10 * D + 3 * H, 0, 0, 0))),
            (10 * D + 3 * H, None),
        ],
    );
}

#[test]
fn ogs_and_little_golem_capped_fischer() {
    // OGS's correspondence default: 3 days + 1 day a move, at most 7 days.
    check(
        "fischer 3d+1d max 7d",
        &[
            (0, Some((4 * D, 0, 0, 0))),
            (0, Some((5 * D, 0, 0, 0))),
            (0, Some((6 * D, 0, 0, 0))),
            (0, Some((7 * D, 0, 0, 0))),
            (0, Some((7 * D, 0, 0, 0))),
            (3 * D, Some((5 * D, 0, 0, 0))),
        ],
    );
    // Little Golem: 240 h to start, +36 h a move, 240 h at most.
    check(
        "fischer 240h+36h max 240h",
        &[
            (12 * H, Some((240 * H, 0, 0, 0))),
            (100 * H, Some((176 * H, 0, 0, 0))),
            (176 * H, None),
        ],
    );
}

#[test]
fn dgs_nine_hour_night_in_the_players_zone() {
    // DGS counts only a player's waking hours: a 9-hour night, here from
    // 22:00 to 07:00 in Tokyo (UTC+9, no summer time).
    let tokyo: Tz = "Asia/Tokyo".parse().unwrap();
    let calendar = Calendar {
        night: Some(Night {
            start_hour: 22,
            hours: 9,
        }),
        ..Calendar::around_the_clock(tokyo)
    };
    let local = |d, h| {
        tokyo
            .with_ymd_and_hms(2026, 3, d, h, 0, 0)
            .unwrap()
            .with_timezone(&Utc)
    };
    // From 08:00, 15 hours of own time: 14 until 22:00, one after 07:00.
    assert_eq!(calendar.runs_out(local(2, 8), 15 * H), Some(local(3, 8)));
    // A night costs nothing: 21:00 to 08:00 holds 2 own hours.
    assert_eq!(calendar.own_seconds(local(2, 21), local(3, 8)), 2 * H);
}
