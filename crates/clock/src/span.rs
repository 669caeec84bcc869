//! [`Span`]: a length of a player's own time in whole seconds, read from
//! and written as a challenge writes it: days and hours (`3d`, `36h`,
//! `2d12h`).

use std::fmt;

const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;
/// The longest span a challenge may ask for: a year.
const LONGEST: i64 = 366 * DAY;

/// A length of time, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Span(i64);

/// Why a span could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpanError {
    /// Not days and hours, such as `3x` or `d`.
    #[error("\"{0}\" is not a time in days and hours, such as 3d, 36h or 2d12h")]
    Unreadable(String),
    /// Longer than a year.
    #[error("\"{0}\" is longer than a year")]
    TooLong(String),
}

impl Span {
    /// `seconds` long.
    pub const fn seconds(seconds: i64) -> Span {
        Span(seconds)
    }

    /// `n` hours long.
    pub const fn hours(n: i64) -> Span {
        Span(n * HOUR)
    }

    /// `n` days long.
    pub const fn days(n: i64) -> Span {
        Span(n * DAY)
    }

    /// Its length in seconds.
    pub const fn secs(self) -> i64 {
        self.0
    }

    /// Reads `3d`, `36h`, `2d12h` (days before hours, each at most once).
    pub fn parse(text: &str) -> Result<Span, SpanError> {
        let bad = || SpanError::Unreadable(text.to_string());
        let t = text.trim().to_ascii_lowercase();
        let (days, rest) = match t.split_once('d') {
            Some((d, rest)) => (Some(d), rest),
            None => (None, t.as_str()),
        };
        let hours = match rest {
            "" => None,
            h => Some(h.strip_suffix('h').ok_or_else(bad)?),
        };
        if days.is_none() && hours.is_none() {
            return Err(bad());
        }
        let number = |s: Option<&str>| -> Result<i64, SpanError> {
            match s {
                None => Ok(0),
                Some(s)
                    if !s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    Ok(s.parse().map_err(|_| bad())?)
                }
                Some(_) => Err(bad()),
            }
        };
        let secs = number(days)? * DAY + number(hours)? * HOUR;
        if secs > LONGEST {
            return Err(SpanError::TooLong(text.to_string()));
        }
        Ok(Span(secs))
    }

    /// The compact form a challenge writes: `3d`, `36h` as `1d12h`, `0h`.
    pub fn spec(self) -> String {
        let (d, h) = (self.0 / DAY, self.0 % DAY / HOUR);
        match (d, h) {
            (0, h) => format!("{h}h"),
            (d, 0) => format!("{d}d"),
            (d, h) => format!("{d}d{h}h"),
        }
    }
}

/// The form a mail shows: `2d 4h`, `5h 20m`, `20m`, `0m`; rounded down to
/// the minute (time left is never shown as more than it is).
impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.0.max(0);
        let (d, h, m) = (s / DAY, s % DAY / HOUR, s % HOUR / 60);
        match (d, h, m) {
            (0, 0, m) => write!(f, "{m}m"),
            (0, h, 0) => write!(f, "{h}h"),
            (0, h, m) => write!(f, "{h}h {m}m"),
            (d, 0, _) => write!(f, "{d}d"),
            (d, h, _) => write!(f, "{d}d {h}h"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_days_and_hours() {
        assert_eq!(Span::parse("3d"), Ok(Span::days(3)));
        assert_eq!(Span::parse("36h"), Ok(Span::hours(36)));
        assert_eq!(Span::parse("2d12h"), Ok(Span::hours(60)));
        assert_eq!(Span::parse("2D12H"), Ok(Span::hours(60)));
        for bad in ["", "d", "h", "3", "3x", "d3", "3h2d", "-1d", "1.5d", "3dd"] {
            assert!(Span::parse(bad).is_err(), "{bad}");
        }
        assert!(matches!(Span::parse("400d"), Err(SpanError::TooLong(_))));
    }

    #[test]
    fn writes_both_forms() {
        assert_eq!(Span::hours(36).spec(), "1d12h");
        assert_eq!(Span::days(7).spec(), "7d");
        assert_eq!(Span::hours(5).spec(), "5h");
        assert_eq!(Span::seconds(2 * DAY + 4 * HOUR + 59).to_string(), "2d 4h");
        assert_eq!(Span::seconds(5 * HOUR + 20 * 60 + 7).to_string(), "5h 20m");
        assert_eq!(Span::seconds(59).to_string(), "0m");
        assert_eq!(Span::days(1).to_string(), "1d");
    }
}
