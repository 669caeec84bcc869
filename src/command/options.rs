//! The values the game-lifecycle commands take: a challenge's options,
//! komi in half points, notification modes and the colour choice.
//!
//! Pure words → values. Whether an option fits a game (a handicap on a
//! board of that size, say) is decided later by the pipeline.

use std::fmt;

use super::error::{CommandError, clip};
use crate::clock::{Span, System};
use crate::go::{KoRule, Scoring};

/// Komi in half points, so `6.5` is `Komi(13)`; it keeps `Command: Eq`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Komi(pub i32);

impl Komi {
    /// Returns the komi in points.
    pub(crate) fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// Reads `6.5`, `7`, `-3.5`, `0`, `6,5`: whole or half points within ±200.
    pub(crate) fn parse(word: &str) -> Result<Komi, CommandError> {
        let bad = || CommandError::BadOption(format!("komi {}", clip(word)));
        let text = word.replace(',', ".");
        let (neg, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(&text)),
        };
        let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let whole_ok =
            !whole.is_empty() && whole.len() <= 3 && whole.bytes().all(|b| b.is_ascii_digit());
        let half = match frac {
            "" | "0" => 0,
            "5" => 1,
            _ => return Err(bad()),
        };
        if !whole_ok {
            return Err(bad());
        }
        let points: i32 = whole.parse().map_err(|_| bad())?;
        if points > 200 {
            return Err(bad());
        }
        let halves = points * 2 + half;
        Ok(Komi(if neg { -halves } else { halves }))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        match abs % 2 {
            0 => write!(f, "{sign}{}", abs / 2),
            _ => write!(f, "{sign}{}.5", abs / 2),
        }
    }
}

/// Who plays Black in a challenged game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ColorChoice {
    /// The challenger plays Black.
    Black,
    /// The challenger plays White.
    White,
    /// Colours are picked at random when the challenge is accepted (the default).
    #[default]
    Nigiri,
}

impl ColorChoice {
    /// Returns `black`, `white` or `nigiri`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ColorChoice::Black => "black",
            ColorChoice::White => "white",
            ColorChoice::Nigiri => "nigiri",
        }
    }

    fn parse(word: &str) -> Option<ColorChoice> {
        match word.to_ascii_lowercase().as_str() {
            "black" | "b" => Some(ColorChoice::Black),
            "white" | "w" => Some(ColorChoice::White),
            "nigiri" | "random" => Some(ColorChoice::Nigiri),
            _ => None,
        }
    }
}

/// How often a player is mailed about their games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum NotifyMode {
    /// Every move is mailed (the default).
    #[default]
    Each,
    /// One mail a day lists every game where it is the player's move.
    Digest,
    /// Only mails that need an answer (challenges, scoring, warnings).
    Off,
}

impl NotifyMode {
    /// Returns `each`, `digest` or `off`, as stored and written.
    pub(crate) fn name(self) -> &'static str {
        match self {
            NotifyMode::Each => "each",
            NotifyMode::Digest => "digest",
            NotifyMode::Off => "off",
        }
    }

    /// Reads `each`, `digest` or `off` (any case).
    pub(crate) fn parse(word: &str) -> Option<NotifyMode> {
        match word.to_ascii_lowercase().as_str() {
            "each" | "on" | "all" => Some(NotifyMode::Each),
            "digest" | "daily" => Some(NotifyMode::Digest),
            "off" | "none" => Some(NotifyMode::Off),
            _ => None,
        }
    }
}

/// The time zone a player asks for with `timezone`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZoneChoice {
    /// A zone of the time zone database, e.g. `Europe/Berlin`.
    Zone(crate::clock::Tz),
    /// The server's (`timezone server`).
    Server,
}

impl ZoneChoice {
    /// Reads `Europe/Berlin` (any case) or `server`.
    pub(crate) fn parse(word: &str) -> Option<ZoneChoice> {
        if word.eq_ignore_ascii_case("server") || word.eq_ignore_ascii_case("default") {
            return Some(ZoneChoice::Server);
        }
        crate::clock::zone(word).map(ZoneChoice::Zone)
    }

    /// Its name as written: `Europe/Berlin`, `server`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            ZoneChoice::Zone(z) => z.name(),
            ZoneChoice::Server => "server",
        }
    }
}

/// A challenge's options; `None` means the server's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChallengeOptions {
    /// Board size.
    pub size: Option<u8>,
    /// Komi.
    pub komi: Option<Komi>,
    /// Handicap stones.
    pub handicap: Option<u32>,
    /// `handicap auto`: the fair handicap of the players' ranks.
    pub handicap_auto: bool,
    /// `rated` (true) or `unrated` (false); `None`: the server's default.
    pub rated: Option<bool>,
    /// Black places the handicap stones freely with `place`.
    pub free: bool,
    /// Who plays Black.
    pub color: ColorChoice,
    /// The ko rule.
    pub ko: Option<KoRule>,
    /// The scoring.
    pub scoring: Option<Scoring>,
    /// Days per move (`days D`, the same as `time per-move Dd`).
    pub days: Option<u32>,
    /// The time system (`time fischer 3d+1d max 7d`).
    pub time: Option<System>,
    /// The players' clocks stop on their own weekends (`weekends off`).
    pub weekends_off: bool,
    /// The hours of each player's night, when their clock stops (`night 9h`).
    pub night: Option<u32>,
}

impl fmt::Display for ChallengeOptions {
    /// Writes the options in the order `challenge` reads them, defaults left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.size {
            write!(f, " size {n}")?;
        }
        if let Some(k) = self.komi {
            write!(f, " komi {k}")?;
        }
        if let Some(h) = self.handicap {
            write!(f, " handicap {h}")?;
        }
        if self.handicap_auto {
            f.write_str(" handicap auto")?;
        }
        if self.free {
            f.write_str(" free")?;
        }
        if self.color != ColorChoice::Nigiri {
            write!(f, " color {}", self.color.name())?;
        }
        if let Some(k) = self.ko {
            write!(f, " ko {}", k.name())?;
        }
        if let Some(s) = self.scoring {
            write!(f, " scoring {}", s.name())?;
        }
        if let Some(d) = self.days {
            write!(f, " days {d}")?;
        }
        if let Some(t) = self.time {
            write!(f, " time {t}")?;
        }
        if self.weekends_off {
            f.write_str(" weekends off")?;
        }
        if let Some(h) = self.night {
            write!(f, " night {h}h")?;
        }
        match self.rated {
            Some(true) => f.write_str(" rated")?,
            Some(false) => f.write_str(" unrated")?,
            None => {}
        }
        Ok(())
    }
}

/// The words that start a challenge option, lower-case.
const OPTION_WORDS: &[&str] = &[
    "size", "komi", "handicap", "h", "free", "color", "colour", "ko", "scoring", "rules", "days",
    "time", "weekends", "night", "rated", "unrated", "ladder",
];

/// Whether `word` starts a challenge option (`size`, `free`, `black`…).
pub(super) fn is_option_word(word: &str) -> bool {
    let key = word.to_ascii_lowercase();
    OPTION_WORDS.contains(&key.as_str()) || ColorChoice::parse(&key).is_some()
}

/// Reads the words after `challenge NAME`.
pub(super) fn challenge_options(args: &[&str]) -> Result<ChallengeOptions, CommandError> {
    let mut o = ChallengeOptions::default();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let key = word.to_ascii_lowercase();
        if flag(&mut o, &key) {
            continue;
        }
        if key == "time" {
            let spec: Vec<&str> = words
                .clone()
                .take_while(|w| !is_option_word(w))
                .copied()
                .collect();
            for _ in &spec {
                words.next();
            }
            o.time = Some(time_system(&spec)?);
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| CommandError::BadOption(format!("{} needs a value", clip(word))))?;
        match key.as_str() {
            "size" => o.size = Some(number(word, value, 2, 25)? as u8),
            "komi" => o.komi = Some(Komi::parse(value)?),
            "handicap" | "h" if value.eq_ignore_ascii_case("auto") => o.handicap_auto = true,
            "handicap" | "h" => o.handicap = Some(number(word, value, 0, 99)?),
            "color" | "colour" => {
                o.color = ColorChoice::parse(value).ok_or_else(|| bad(word, value))?
            }
            "ko" => o.ko = Some(value.parse().map_err(|_| bad(word, value))?),
            "scoring" | "rules" => o.scoring = Some(value.parse().map_err(|_| bad(word, value))?),
            "days" => o.days = Some(number(word, value, 1, 60)?),
            "weekends" => o.weekends_off = weekends(value).ok_or_else(|| bad(word, value))?,
            "night" => o.night = night(value).ok_or_else(|| bad(word, value))?,
            _ => {
                return Err(CommandError::BadOption(format!(
                    "unknown option {}",
                    clip(word)
                )));
            }
        }
    }
    if o.days.is_some() && o.time.is_some() {
        return Err(CommandError::BadOption(
            "days and time both (days D is time per-move Dd: give one)".to_string(),
        ));
    }
    Ok(o)
}

/// Sets the option of a word that stands alone (`free`, `rated`,
/// `unrated`, a colour); returns whether `key` was one.
fn flag(o: &mut ChallengeOptions, key: &str) -> bool {
    match key {
        "free" => o.free = true,
        "rated" | "unrated" => o.rated = Some(key == "rated"),
        _ => match ColorChoice::parse(key).filter(|_| key != "b" && key != "w") {
            Some(c) => o.color = c,
            None => return false,
        },
    }
    true
}

/// Reads the words after `time`: a time system in its pinned text.
fn time_system(spec: &[&str]) -> Result<System, CommandError> {
    let text = spec.join(" ");
    System::parse(&text).map_err(|e| CommandError::BadOption(format!("time {}: {e}", clip(&text))))
}

/// `weekends off` stops the clocks on weekends; `weekends on` does not.
fn weekends(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "off" | "free" => Some(true),
        "on" => Some(false),
        _ => None,
    }
}

/// `night 9h` (1 to 16 hours; `9` alone is read as hours), `night off`;
/// also `pbmgo game new --night`.
pub(crate) fn night(value: &str) -> Option<Option<u32>> {
    if value.eq_ignore_ascii_case("off") || value == "0" || value == "0h" {
        return Some(None);
    }
    let hours = match value.parse::<u32>() {
        Ok(h) => i64::from(h),
        Err(_) => Span::parse(value).ok()?.secs() / 3600,
    };
    let whole = Span::parse(value).map_or(true, |s| s.secs() % 3600 == 0);
    (whole && (1..=16).contains(&hours)).then(|| u32::try_from(hours).ok())
}

fn number(key: &str, value: &str, min: u32, max: u32) -> Result<u32, CommandError> {
    value
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| {
            CommandError::BadOption(format!(
                "{} {} (it must be a number from {min} to {max})",
                clip(key),
                clip(value)
            ))
        })
}

fn bad(key: &str, value: &str) -> CommandError {
    CommandError::BadOption(format!("{} {}", clip(key), clip(value)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<ChallengeOptions, CommandError> {
        challenge_options(&text.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn reads_the_pinned_time_systems() {
        for spec in [
            "fischer 3d+1d max 7d",
            "byoyomi 14d+5x1d",
            "canadian 10d+10/7d",
            "absolute 30d",
            "per-move 5d",
            "none",
        ] {
            let o = read(&format!("size 19 time {spec} komi 6.5")).unwrap();
            assert_eq!(o.time.map(|t| t.to_string()).as_deref(), Some(spec));
            assert_eq!((o.size, o.komi), (Some(19), Some(Komi(13))));
        }
        let o = read("time fischer 3d+1d max 7d").unwrap();
        assert_eq!(read(&o.to_string()).unwrap(), o);
    }

    #[test]
    fn weekends_and_nights() {
        let o = read("time byoyomi 14d+5x1d weekends off night 9h").unwrap();
        assert!(o.weekends_off);
        assert_eq!(o.night, Some(9));
        assert_eq!(
            o.to_string(),
            " time byoyomi 14d+5x1d weekends off night 9h"
        );
        assert_eq!(read("night 9").unwrap().night, Some(9));
        assert_eq!(read("night off").unwrap().night, None);
        for bad in [
            "night 17h",
            "night 1d",
            "night 90m",
            "weekends maybe",
            "night",
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_time_that_is_not_a_system_is_refused_with_its_reason() {
        let err = read("time fischer 3d").unwrap_err().to_string();
        assert!(err.contains("fischer 3d+1d max 7d"), "{err}");
        let err = read("time blitz").unwrap_err().to_string();
        assert!(err.contains("not a time system"), "{err}");
        assert!(read("time").is_err());
        assert!(read("days 5 time per-move 5d").is_err());
        assert_eq!(read("days 5").unwrap().days, Some(5));
    }
}
