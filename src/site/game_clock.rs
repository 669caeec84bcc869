//! A game page's words about where the game stands: the clock while it is
//! played (each player's time as their turn began, and when the running
//! clock runs out: never the time left at the build, so the page does not
//! change while its game does not) and the result once it is over.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::error::SiteError;
use crate::clock::Tz;
use crate::go::{Color, GameResult, Phase};
use crate::pipeline::{side_text, terms_text};
use crate::store::{StoredGame, clock_face};

/// The clock of `g` while it is played, a line each: the terms, then
/// each player's time, the player to move's with when it runs out.
pub(super) fn lines(conn: &Connection, g: &StoredGame) -> Result<Vec<String>, SiteError> {
    if g.game.phase() != Phase::Play {
        return Ok(Vec::new());
    }
    let Some(faces) = clock_face::read(conn, g.id, g.updated_at, Tz::UTC)? else {
        return Ok(Vec::new());
    };
    let system = &faces.terms.system;
    if !system.has_clock() {
        return Ok(vec!["No time limit.".to_string()]);
    }
    let mut out = vec![format!("Time: {}.", terms_text(&faces.terms))];
    for c in [Color::Black, Color::White] {
        let face = faces.of(c);
        let who = who(c, &g.player(c).name);
        let left = side_text(system, &face.rest, face.running);
        out.push(match (face.running, faces.turn_started, face.runs_out) {
            (true, Some(since), Some(end)) => format!(
                "{who}, to play since {} UTC: {left}. Runs out at {} UTC if no move comes.",
                minute(since),
                minute(end)
            ),
            (true, ..) => format!("{who}, to play: {left}."),
            (false, ..) => format!("{who}: {left}."),
        });
    }
    Ok(out)
}

/// `Black (alice)`.
pub(super) fn who(c: Color, name: &str) -> String {
    format!("{} ({name})", colour(c))
}

/// `Black` or `White`.
pub(super) fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The result in words: `White (bob) won by resignation (W+R).`
pub(super) fn result_text(g: &StoredGame, r: GameResult) -> String {
    let winner = |c: Color| who(c, &g.player(c).name);
    match r {
        GameResult::Resignation(c) => format!("{} won by resignation ({r}).", winner(c)),
        GameResult::Time(c) => format!("{} won on time ({r}).", winner(c)),
        GameResult::Score(Some(c), m) => format!("{} won by {m} points ({r}).", winner(c)),
        GameResult::Score(None, _) => "A draw (jigo).".to_string(),
        GameResult::Void => "Void: the game does not count.".to_string(),
    }
}

/// `2026-11-28 10:00` (UTC).
pub(super) fn minute(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M").to_string()
}
