//! Ranks and ratings in words: a declared rank, a rated game's changes in
//! the final mail, why a game was not rated, the fair handicap `handicap
//! auto` chose and why, and what `players near` notes about a player.

use chrono::{DateTime, Utc};

use crate::rating::{Handicap, Rank};
use crate::store::ratings::Unrated;

/// A player's rank set by `rank RANK`.
pub(crate) fn rank_declared(rank: Rank) -> String {
    format!(
        "Your rank is now {rank} ({}). It shows beside your name, and your rated games move it from here.",
        rank.rating()
    )
}

/// `rank RANK` after the first rated game.
pub(crate) fn rank_locked(shown: &str) -> String {
    format!(
        "Your rank comes from your rated games now: {shown}. Only the server's admin can set it (pbmgo player rank)."
    )
}

/// One line of a rated game's changes: `alice 3k 1812 → 1827, +15`, with
/// the new rank when it changed.
pub(crate) fn change_line(name: &str, before: f64, after: f64) -> String {
    let (b, a) = (before.round() as i64, after.round() as i64);
    let (was, now) = (Rank::of(before), Rank::of(after));
    let moved = match was == now {
        true => String::new(),
        false => format!(" (now {now})"),
    };
    format!("{name} {was} {b} → {a}, {:+}{moved}", a - b)
}

/// The paragraph of the final mail about the ratings: each player's
/// change, or why the game was not rated.
pub(crate) fn ratings_paragraph(lines: &[String], unrated: Option<Unrated>) -> String {
    match unrated {
        None if !lines.is_empty() => format!("Ratings: {}.", lines.join("; ")),
        Some(Unrated::Off) => "This game was played unrated.".to_string(),
        Some(Unrated::Void) => "A void game is not rated.".to_string(),
        Some(Unrated::Escaped) => {
            "This game was not rated: it ended by resignation or on time before move 10."
                .to_string()
        }
        _ => String::new(),
    }
}

/// What `handicap auto` chose for Black `black` and White `white`, whose
/// strengths are as shown, `h` on a board of `size` lines, and why.
pub(crate) fn auto_handicap(
    black: (&str, &str),
    white: (&str, &str),
    h: Handicap,
    size: u8,
    komi: f64,
) -> String {
    let apart = match h.ranks {
        0 => "less than a rank apart".to_string(),
        1 => "1 rank apart".to_string(),
        n => format!("{n} ranks apart"),
    };
    let given = match h.handicap {
        0 => format!("in an even game at komi {komi}"),
        1 => format!("without handicap stones, at komi {komi}"),
        n => format!("with {n} handicap stones, at komi {komi}"),
    };
    format!(
        "Handicap auto: {} is {}, {} is {}, {apart} on {size}x{size}, so {} takes Black {given}.",
        black.0, black.1, white.0, white.1, black.0
    )
}

/// `handicap auto` with a colour that contradicts it.
pub(crate) fn auto_colour(asked: &str) -> String {
    format!(
        "handicap auto gives Black to the weaker player, so \"color {asked}\" cannot stand with it: leave the colour out"
    )
}

/// `handicap auto` with a number of stones too.
pub(crate) fn auto_and_stones() -> &'static str {
    "handicap auto and a number of stones both: give one"
}

/// What `players near` adds to a player's line: their time zone and the
/// end of their vacation.
pub(crate) fn near_notes(zone: Option<&str>, away_until: Option<DateTime<Utc>>) -> String {
    let mut notes = Vec::new();
    if let Some(z) = zone {
        notes.push(format!("time zone {z}"));
    }
    if let Some(u) = away_until {
        notes.push(format!("away until {}", u.format("%Y-%m-%d")));
    }
    match notes.is_empty() {
        true => String::new(),
        false => format!("\n    {}", notes.join("; ")),
    }
}
