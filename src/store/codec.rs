//! How engine values are written in columns: colours and statuses as
//! words, moves as `C3` or `pass`, points of the ko ban as `C3`, times as
//! RFC 3339 UTC text, 64-bit hashes as `INTEGER` (the same bits as `i64`).
//!
//! Owns only these conversions; which column holds what is the business of
//! the aggregate modules.

use chrono::{DateTime, SecondsFormat, Utc};

use crate::go::{BoardSize, Color, Move, Phase, Point};

/// Returns `black` or `white`.
pub(crate) fn color_text(c: Color) -> &'static str {
    c.name()
}

/// Reads `black` or `white`.
pub(crate) fn parse_color(text: &str) -> Result<Color, String> {
    match text {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        other => Err(format!("'{other}' is not a colour")),
    }
}

/// Reads a move (`C3` or `pass`) on a board of `size`.
pub(crate) fn parse_move(text: &str, size: BoardSize) -> Result<Move, String> {
    Move::parse(text, size).map_err(|e| e.to_string())
}

/// Reads a point (`C3`) on a board of `size`.
pub(crate) fn parse_point(text: &str, size: BoardSize) -> Result<Point, String> {
    Point::parse(text, size).map_err(|e| e.to_string())
}

/// Returns the stored status of a phase: `active`, `scoring` or `finished`.
pub(crate) fn phase_text(p: Phase) -> &'static str {
    p.name()
}

/// Reads a stored status.
pub(crate) fn parse_phase(text: &str) -> Result<Phase, String> {
    [Phase::Play, Phase::Scoring, Phase::Finished]
        .into_iter()
        .find(|p| p.name() == text)
        .ok_or_else(|| format!("'{text}' is not a status"))
}

/// Returns `t` as RFC 3339 UTC text to the second, such as `2026-11-22T15:04:05Z`.
pub(crate) fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Reads RFC 3339 text as a UTC time.
pub(crate) fn parse_time(text: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("'{text}' is not a time: {e}"))
}

/// Returns a 64-bit hash as SQLite stores it (the same bits, as `i64`).
pub(crate) fn hash_to_sql(h: u64) -> i64 {
    h as i64
}

/// Returns the hash whose bits SQLite stored as `i64`.
pub(crate) fn hash_from_sql(v: i64) -> u64 {
    v as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for h in [0, 1, u64::MAX, 1 << 63, 0x9E37_79B9_7F4A_7C15] {
            assert_eq!(hash_from_sql(hash_to_sql(h)), h);
        }
        for p in [Phase::Play, Phase::Scoring, Phase::Finished] {
            assert_eq!(parse_phase(phase_text(p)), Ok(p));
        }
        for c in [Color::Black, Color::White] {
            assert_eq!(parse_color(color_text(c)), Ok(c));
        }
        let t = parse_time("2026-11-22T15:04:05Z").unwrap();
        assert_eq!(time_text(t), "2026-11-22T15:04:05Z");
        assert!(parse_time("yesterday").is_err());
        let nine = BoardSize::new(9).unwrap();
        assert_eq!(parse_move("pass", nine), Ok(Move::Pass));
        assert!(parse_move("Z9", nine).is_err());
    }
}
