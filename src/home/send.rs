//! `[send]`: how long pbmgo keeps trying to send a mail the relay does not
//! take, as a duration written `"5d"`, `"36h"`, `"90m"` or `"45s"`
//! ([`Span`]), as Postfix keeps deferred mail for days.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `[send]`: the outbox's retries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct SendConfig {
    /// How long a mail is retried after its first failed attempt (or after
    /// `outbox retry` put it back) before it is given up on as failed.
    pub(crate) give_up_after: Span,
}

impl Default for SendConfig {
    fn default() -> Self {
        SendConfig {
            give_up_after: Span::days(5),
        }
    }
}

/// A duration in whole seconds, written in the config as a number and one
/// unit: `d` days, `h` hours, `m` minutes, `s` seconds (`"5d"`, `"36h"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Span {
    seconds: u64,
}

/// The units a [`Span`] is written in, largest first, with their seconds.
const UNITS: [(char, u64); 4] = [('d', 86_400), ('h', 3_600), ('m', 60), ('s', 1)];

impl Span {
    /// `n` days.
    pub(crate) const fn days(n: u64) -> Span {
        Span {
            seconds: n * 86_400,
        }
    }

    /// The span in seconds.
    pub(crate) fn seconds(self) -> u64 {
        self.seconds
    }

    /// Reads `"5d"`, `"36h"`, `"90m"` or `"45s"`; `None` for anything else
    /// (no unit, an unknown unit, no digits, zero, an overflow).
    pub(crate) fn parse(text: &str) -> Option<Span> {
        let text = text.trim();
        let unit = text.chars().last()?;
        let (_, per) = UNITS.iter().find(|(u, _)| *u == unit)?;
        let digits = &text[..text.len() - unit.len_utf8()];
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let seconds = digits.parse::<u64>().ok()?.checked_mul(*per)?;
        (seconds > 0).then_some(Span { seconds })
    }
}

impl fmt::Display for Span {
    /// The largest unit that divides the span evenly: `"5d"`, `"90m"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (unit, per) = UNITS
            .iter()
            .find(|(_, per)| self.seconds.is_multiple_of(*per))
            .copied()
            .unwrap_or(('s', 1));
        write!(f, "{}{unit}", self.seconds / per)
    }
}

impl Serialize for Span {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Span {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Span, D::Error> {
        let text = String::deserialize(d)?;
        Span::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{text:?} is not a duration: write a number and a unit, such as \"5d\", \"36h\", \"90m\" or \"45s\""
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_days_hours_minutes_and_seconds() {
        let secs = |t: &str| Span::parse(t).map(Span::seconds);
        assert_eq!(secs("5d"), Some(432_000));
        assert_eq!(secs("36h"), Some(129_600));
        assert_eq!(secs(" 90m "), Some(5_400));
        assert_eq!(secs("45s"), Some(45));
        for bad in [
            "",
            "5",
            "d",
            "5w",
            "-5d",
            "1.5d",
            "0h",
            "5 d",
            "99999999999999999999d",
        ] {
            assert_eq!(Span::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn spans_are_written_in_their_largest_even_unit() {
        let shown = |t: &str| Span::parse(t).unwrap().to_string();
        assert_eq!(shown("120h"), "5d");
        assert_eq!(shown("90m"), "90m");
        assert_eq!(shown("3600s"), "1h");
        assert_eq!(shown("61s"), "61s");
    }
}
