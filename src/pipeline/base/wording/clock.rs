//! The clock in words, in each time system's own terms: the game's terms
//! (`fischer 3d+1d max 7d, weekends off`), each player's time left
//! (`2d 4h + 1d a move (max 7d)`, `in byo-yomi, 3 of 5 periods of 1d
//! left`, `6d 2h left for 7 of 10 stones`), and the moment a clock runs
//! out, in the player's own time zone and in UTC.

use chrono::{DateTime, Utc};

use crate::clock::{Side, Span, System, Tz};
use crate::pipeline::base::phrases::count;
use crate::store::clock_face::{Face, Faces};
use crate::store::time_terms::TimeTerms;

/// The terms: the system's text, then weekends off and the night.
pub(crate) fn terms_text(terms: &TimeTerms) -> String {
    let mut out = terms.system.to_string();
    if terms.weekends_off {
        out.push_str(", weekends off");
    }
    if terms.night_hours > 0 {
        out.push_str(&format!(", night {}h", terms.night_hours));
    }
    out
}

/// A time system explained in one line, as a challenge's terms and `help`
/// give it: `3d to start, 1d added after each move, at most 7d`.
pub(crate) fn explained(system: &System) -> String {
    match *system {
        System::PerMove { per_move } => match per_move.secs() % 86_400 {
            0 => format!("{} per move", count(per_move.secs() / 86_400, "day")),
            _ => format!("{per_move} per move"),
        },
        System::Fischer { main, bonus, cap } => {
            let cap = cap.map(|c| format!(", at most {c}")).unwrap_or_default();
            format!("Fischer, {main} to start, {bonus} added after each move{cap}")
        }
        System::Byoyomi {
            main,
            periods,
            period,
        } => format!(
            "byo-yomi, {main} main time, then {periods} periods of {period}; \
             a move within a period keeps it"
        ),
        System::Canadian {
            main,
            stones,
            block,
        } => format!("Canadian, {main} main time, then {stones} stones in each {block}"),
        System::Absolute { main } => format!("absolute, {main} for the whole game"),
        System::None => "no time limit".into(),
    }
}

/// The terms explained: the system, then weekends off and the night,
/// e.g. `7 days per move; weekends off; night 9h`.
pub(crate) fn terms_explained(terms: &TimeTerms) -> String {
    let mut out = explained(&terms.system);
    if terms.weekends_off {
        out.push_str("; weekends off");
    }
    if terms.night_hours > 0 {
        out.push_str(&format!(
            "; night {}h (from 22:00 in each player's time zone)",
            terms.night_hours
        ));
    }
    out
}

/// What is left on `side` under `system`; `running` when it is the
/// clock of the player to move (per move: this move's time).
pub(crate) fn side_text(system: &System, side: &Side, running: bool) -> String {
    let s = Span::seconds;
    match *system {
        System::PerMove { per_move } if running => {
            format!("{} left for this move ({per_move} a move)", s(side.main))
        }
        System::PerMove { per_move } => format!("{per_move} a move"),
        System::Fischer { bonus, cap, .. } => {
            let cap = cap.map(|c| format!(" (max {c})")).unwrap_or_default();
            format!("{} + {bonus} a move{cap}", s(side.main))
        }
        System::Byoyomi {
            periods, period, ..
        } if side.overtime => {
            let this = match running {
                true => format!(", {} left in this one", s(side.period)),
                false => String::new(),
            };
            format!(
                "in byo-yomi, {} of {periods} periods of {period} left{this}",
                side.periods
            )
        }
        System::Byoyomi {
            periods, period, ..
        } => format!(
            "{} main time, then {periods} periods of {period}",
            s(side.main)
        ),
        System::Canadian { stones, .. } if side.overtime => format!(
            "{} left for {} of {stones} stones",
            s(side.period),
            side.stones
        ),
        System::Canadian { stones, block, .. } => {
            format!(
                "{} main time, then {stones} stones in {block}",
                s(side.main)
            )
        }
        System::Absolute { .. } => format!("{} left for the game", s(side.main)),
        System::None => "no time limit".into(),
    }
}

/// `at` in `zone` with the zone named, and in UTC: `2026-12-01 14:00
/// Europe/Berlin (2026-12-01 13:00 UTC)`; only UTC when the zone is UTC.
pub(crate) fn moment(at: DateTime<Utc>, zone: Tz) -> String {
    moment_split(at, zone, " ")
}

/// [`moment`] with `between` between the local time and the UTC one.
fn moment_split(at: DateTime<Utc>, zone: Tz, between: &str) -> String {
    let utc = at.format("%Y-%m-%d %H:%M UTC").to_string();
    if zone == Tz::UTC || zone.name() == "Etc/UTC" {
        return utc;
    }
    let local = at.with_timezone(&zone).format("%Y-%m-%d %H:%M");
    format!("{local} {}{between}({utc})", zone.name())
}

/// One player's clock line: `Black (alice), to play: ...; runs out ...`.
fn face_line(system: &System, who: &str, face: &Face, paused: Option<&str>) -> String {
    let Some(side) = face.side else {
        return format!("{who}: the time is up.");
    };
    let left = side_text(system, &side, face.running);
    match (face.running, face.runs_out, paused) {
        (true, _, Some(until)) => {
            format!("{who}, to play: {left}; the clock is paused while on vacation until {until}.")
        }
        (true, Some(out), None) => format!(
            "{who}, to play: {left}.\nRuns out if no move comes: {}.",
            // The UTC time on a line of its own: a long zone name would
            // otherwise wrap it apart.
            moment_split(out, face.zone, "\n")
        ),
        (true, None, None) => format!("{who}, to play: {left}."),
        (false, ..) => format!("{who}: {left}."),
    }
}

/// The clock of a game in play: the terms, then each player's line.
/// `names` are `Black (alice)` and `White (bob)`; `paused` says until when
/// the player to move is on vacation.
pub(crate) fn clock_lines(faces: &Faces, names: [&str; 2], paused: Option<&str>) -> String {
    let system = &faces.terms.system;
    let head = format!("Clock: {}.", terms_text(&faces.terms));
    if !system.has_clock() {
        return "Clock: none (no time limit).".into();
    }
    let lines = [
        face_line(
            system,
            names[0],
            &faces.black,
            paused.filter(|_| faces.black.running),
        ),
        face_line(
            system,
            names[1],
            &faces.white,
            paused.filter(|_| faces.white.running),
        ),
    ];
    format!("{head}\n{}", lines.join("\n"))
}
