//! [`System`]: the time systems a game may be played under, read from and
//! written as the pinned text of a challenge:
//!
//! | text | system |
//! |---|---|
//! | `per-move 5d` | each move within 5 days of the opponent's |
//! | `fischer 3d+1d max 7d` | 3 days, 1 day more after each move, never over 7 days (no cap unless `max`) |
//! | `byoyomi 14d+5x1d` | 14 days, then 5 periods of 1 day; a move within a period keeps it |
//! | `canadian 10d+10/7d` | 10 days, then 10 stones in each block of 7 days |
//! | `absolute 30d` | 30 days for the whole game |
//! | `none` | no clock |

use std::fmt;

use crate::span::{Span, SpanError};

/// A time system and its values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum System {
    /// Each move within `per_move` of the opponent's.
    PerMove {
        /// The time a move may take.
        per_move: Span,
    },
    /// `main` to start; after each move the time used is taken off,
    /// `bonus` added, then the bank capped at `cap`.
    Fischer {
        /// The time to start with.
        main: Span,
        /// Added after each move.
        bonus: Span,
        /// The most the bank may hold; no cap when `None`.
        cap: Option<Span>,
    },
    /// Japanese byo-yomi: `main`, then `periods` periods of `period` each.
    Byoyomi {
        /// The main time.
        main: Span,
        /// How many periods follow it.
        periods: u32,
        /// The length of each period.
        period: Span,
    },
    /// Canadian: `main`, then `stones` stones in each block of `block`.
    Canadian {
        /// The main time.
        main: Span,
        /// The stones to play in each block.
        stones: u32,
        /// The length of each block.
        block: Span,
    },
    /// `main` for the whole game.
    Absolute {
        /// The time for the game.
        main: Span,
    },
    /// No clock at all.
    None,
}

/// Why a time system could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SystemError {
    /// The first word names no system.
    #[error(
        "\"{0}\" is not a time system: say per-move, fischer, byoyomi, canadian, absolute or none"
    )]
    Unknown(String),
    /// The system's values are not in its shape.
    #[error("write {system} as \"{example}\", not \"{text}\"")]
    Shape {
        /// The system named.
        system: &'static str,
        /// How it is written.
        example: &'static str,
        /// What was written.
        text: String,
    },
    /// A time in it could not be read.
    #[error(transparent)]
    Span(#[from] SpanError),
    /// A count or time that must not be zero is.
    #[error("{0} must be more than zero")]
    Zero(&'static str),
}

/// Most periods or stones a system may have.
const MOST: u32 = 100;

impl System {
    /// The system's name as the pinned text and `game show --json` give it.
    pub fn name(&self) -> &'static str {
        match self {
            System::PerMove { .. } => "per-move",
            System::Fischer { .. } => "fischer",
            System::Byoyomi { .. } => "byoyomi",
            System::Canadian { .. } => "canadian",
            System::Absolute { .. } => "absolute",
            System::None => "none",
        }
    }

    /// Reads the pinned text (see the module's table). Case and spaces
    /// around `+`, `x` and `/` do not matter.
    pub fn parse(text: &str) -> Result<System, SystemError> {
        let lower = text.trim().to_ascii_lowercase();
        let (word, rest) = lower.split_once(' ').unwrap_or((lower.as_str(), ""));
        let values: String = rest.split_whitespace().collect::<Vec<_>>().join(" ");
        let tight = tighten(&values);
        let shape = |system, example| SystemError::Shape {
            system,
            example,
            text: text.trim().to_string(),
        };
        match word {
            "per-move" | "permove" => Ok(System::PerMove {
                per_move: positive(
                    one(&tight).ok_or_else(|| shape("per-move", "per-move 5d"))?,
                    "the time per move",
                )?,
            }),
            "fischer" => fischer(&tight).ok_or_else(|| shape("fischer", "fischer 3d+1d max 7d"))?,
            "byoyomi" | "byo-yomi" => {
                byoyomi(&tight).ok_or_else(|| shape("byoyomi", "byoyomi 14d+5x1d"))?
            }
            "canadian" => {
                canadian(&tight).ok_or_else(|| shape("canadian", "canadian 10d+10/7d"))?
            }
            "absolute" => Ok(System::Absolute {
                main: positive(
                    one(&tight).ok_or_else(|| shape("absolute", "absolute 30d"))?,
                    "the time",
                )?,
            }),
            "none" if tight.is_empty() => Ok(System::None),
            "none" => Err(shape("none", "none")),
            other => Err(SystemError::Unknown(other.to_string())),
        }
    }

    /// Whether the clock runs at all.
    pub fn has_clock(&self) -> bool {
        !matches!(self, System::None)
    }
}

/// `values` without spaces around `+`, `x`, `/`, and `max` set apart by one.
fn tighten(values: &str) -> String {
    let words: Vec<String> = values
        .split(" max ")
        .map(|part| {
            let mut out = part.to_string();
            // The stored and canonical texts have no space here: only a
            // player's "3d + 1d" needs the work.
            if !part.contains(' ') {
                return out;
            }
            for (spaced, sign) in [
                (" +", "+"),
                ("+ ", "+"),
                (" x", "x"),
                ("x ", "x"),
                (" /", "/"),
                ("/ ", "/"),
            ] {
                out = out.replace(spaced, sign);
            }
            out
        })
        .collect();
    words.join(" max ")
}

/// The one span of `text`, if it is exactly one word.
fn one(text: &str) -> Option<Result<Span, SpanError>> {
    (!text.is_empty() && !text.contains(' ')).then(|| Span::parse(text))
}

fn positive(span: Result<Span, SpanError>, what: &'static str) -> Result<Span, SystemError> {
    let span = span?;
    if span.secs() <= 0 {
        return Err(SystemError::Zero(what));
    }
    Ok(span)
}

fn count(text: &str, what: &'static str) -> Option<Result<u32, SystemError>> {
    let n: u32 = text.parse().ok()?;
    Some(if n == 0 || n > MOST {
        Err(SystemError::Zero(what))
    } else {
        Ok(n)
    })
}

fn fischer(t: &str) -> Option<Result<System, SystemError>> {
    let (times, cap) = match t.split_once(" max ") {
        Some((times, cap)) => (times, Some(cap)),
        None => (t, None),
    };
    let (main, bonus) = times.split_once('+')?;
    let cap = match cap {
        Some(c) => Some(one(c)?),
        None => None,
    };
    let (main, bonus) = (one(main)?, one(bonus)?);
    Some((|| {
        let main = positive(main, "the main time")?;
        let bonus = bonus?;
        let cap = cap.transpose()?;
        if cap.is_some_and(|c| c < main) {
            return Err(SystemError::Zero("the cap less the main time"));
        }
        Ok(System::Fischer { main, bonus, cap })
    })())
}

fn byoyomi(t: &str) -> Option<Result<System, SystemError>> {
    let (main, rest) = t.split_once('+')?;
    let (periods, period) = rest.split_once('x')?;
    let (main, periods, period) = (one(main)?, count(periods, "the periods")?, one(period)?);
    Some((|| {
        Ok(System::Byoyomi {
            main: main?,
            periods: periods?,
            period: positive(period, "the period")?,
        })
    })())
}

fn canadian(t: &str) -> Option<Result<System, SystemError>> {
    let (main, rest) = t.split_once('+')?;
    let (stones, block) = rest.split_once('/')?;
    let (main, stones, block) = (one(main)?, count(stones, "the stones")?, one(block)?);
    Some((|| {
        Ok(System::Canadian {
            main: main?,
            stones: stones?,
            block: positive(block, "the block")?,
        })
    })())
}

/// The pinned text, as [`System::parse`] reads it.
impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            System::PerMove { per_move } => write!(f, "per-move {}", per_move.spec()),
            System::Fischer { main, bonus, cap } => {
                write!(f, "fischer {}+{}", main.spec(), bonus.spec())?;
                match cap {
                    Some(cap) => write!(f, " max {}", cap.spec()),
                    None => Ok(()),
                }
            }
            System::Byoyomi {
                main,
                periods,
                period,
            } => write!(f, "byoyomi {}+{periods}x{}", main.spec(), period.spec()),
            System::Canadian {
                main,
                stones,
                block,
            } => write!(f, "canadian {}+{stones}/{}", main.spec(), block.spec()),
            System::Absolute { main } => write!(f, "absolute {}", main.spec()),
            System::None => write!(f, "none"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_the_pinned_texts() {
        for text in [
            "fischer 3d+1d max 7d",
            "fischer 3d+1d",
            "byoyomi 14d+5x1d",
            "canadian 10d+10/7d",
            "absolute 30d",
            "per-move 5d",
            "none",
            "fischer 10d+1d12h max 10d",
        ] {
            let system = System::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(system.to_string(), text);
        }
        assert_eq!(
            System::parse("Fischer 3d + 1d  max 7d"),
            System::parse("fischer 3d+1d max 7d")
        );
        assert_eq!(
            System::parse("byoyomi 14d + 5 x 1d").unwrap().to_string(),
            "byoyomi 14d+5x1d"
        );
    }

    #[test]
    fn refuses_what_is_not_a_system() {
        assert!(matches!(
            System::parse("blitz 5d"),
            Err(SystemError::Unknown(_))
        ));
        for bad in [
            "fischer 3d",
            "fischer 3d+1d max",
            "fischer 3d+1d max 2d",
            "byoyomi 14d+5",
            "byoyomi 14d+0x1d",
            "canadian 10d+10",
            "canadian 10d+0/7d",
            "absolute",
            "absolute 0d",
            "per-move",
            "none 3d",
            "fischer 3q+1d",
        ] {
            assert!(System::parse(bad).is_err(), "{bad}");
        }
    }
}
