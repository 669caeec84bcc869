//! The rule set of a game and the verdicts and results the engine gives.
//!
//! Owns: `KoRule` (`list`, `simple`, `positional`, `situational`),
//! `Scoring` (`area`, `territory`), `Rules` (ko rule, suicide, komi,
//! scoring), `IllegalMove` (every reason a move is refused, as a value) and
//! `GameResult` (`B+R`, `W+3.5`, `B+T`, `Void`, ...), with their text forms.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Color, Point};

/// Which repetition rule a game uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KoRule {
    /// Scott Huddleston's ko position list; a pass clears the list (the default).
    #[default]
    List,
    /// No immediate recapture of a single-stone ko.
    Simple,
    /// Positional superko: no whole-board position may repeat.
    Positional,
    /// Situational superko: no position may repeat with the same side to move.
    Situational,
}

impl KoRule {
    /// Every rule, in the order they are documented.
    pub const ALL: [KoRule; 4] = [
        KoRule::List,
        KoRule::Simple,
        KoRule::Positional,
        KoRule::Situational,
    ];

    /// Returns the rule's name as written in commands and JSON.
    pub fn name(self) -> &'static str {
        match self {
            KoRule::List => "list",
            KoRule::Simple => "simple",
            KoRule::Positional => "positional",
            KoRule::Situational => "situational",
        }
    }
}

/// A name that is not a ko rule or scoring method.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown {kind} '{name}' (expected {expected})")]
pub struct UnknownName {
    /// What was being read.
    pub(crate) kind: &'static str,
    /// The text given.
    pub(crate) name: String,
    /// The accepted names.
    pub(crate) expected: &'static str,
}

impl FromStr for KoRule {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        KoRule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownName {
                kind: "ko rule",
                name: s.to_string(),
                expected: "list, simple, positional or situational",
            })
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a finished game is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// Stones on the board plus territory plus komi.
    #[default]
    Area,
    /// Territory plus prisoners plus dead stones plus komi.
    Territory,
}

impl Scoring {
    /// Returns `area` or `territory`.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }

    /// Returns the scoring an SGF rule set (`RU[]`) names: territory for
    /// Japanese and Korean rules, area for Chinese, AGA, Tromp-Taylor, New
    /// Zealand and Ing; `None` for a rule set it does not know.
    pub fn of_ruleset(ru: &str) -> Option<Scoring> {
        let r = ru.to_ascii_lowercase();
        if r.contains("japan") || r.contains("korea") {
            Some(Scoring::Territory)
        } else if ["chin", "aga", "tromp", "nz", "zealand"]
            .iter()
            .any(|k| r.contains(k))
            || ["ing", "goe"].contains(&r.trim())
        {
            Some(Scoring::Area)
        } else {
            None
        }
    }

    /// Returns the default komi: 7.5 for area and 6.5 for territory scoring; 0.5 with a handicap.
    pub fn default_komi(self, handicap: u32) -> f64 {
        match (handicap, self) {
            (h, _) if h > 0 => 0.5,
            (_, Scoring::Area) => 7.5,
            (_, Scoring::Territory) => 6.5,
        }
    }
}

impl FromStr for Scoring {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "area" => Ok(Scoring::Area),
            "territory" => Ok(Scoring::Territory),
            _ => Err(UnknownName {
                kind: "scoring",
                name: s.to_string(),
                expected: "area or territory",
            }),
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rules a game is played under.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    /// The repetition rule.
    pub ko: KoRule,
    /// Whether a play may remove its own string (the stones become the opponent's prisoners).
    pub allow_suicide: bool,
    /// Points given to White.
    pub komi: f64,
    /// How the game is counted.
    pub scoring: Scoring,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            ko: KoRule::List,
            allow_suicide: false,
            komi: 7.5,
            scoring: Scoring::Area,
        }
    }
}

/// Why a move was refused. Each variant is a verdict, never a panic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The point is not on this board.
    #[error("{point} is not on the board")]
    OffBoard {
        /// The point asked for.
        point: Point,
    },
    /// A stone is already there.
    #[error("{point} is already occupied")]
    Occupied {
        /// The point asked for.
        point: Point,
    },
    /// The play captures nothing and leaves its own string without a liberty.
    #[error("{point} would be suicide: the stone would have no liberty")]
    Suicide {
        /// The point asked for.
        point: Point,
    },
    /// The play would repeat a board in the ko position list (or retake a ko at once).
    #[error(
        "{point} would retake the ko: it repeats a board of this ko fight, so play elsewhere first"
    )]
    Ko {
        /// The point asked for.
        point: Point,
    },
    /// The play would repeat an earlier whole-board position (superko).
    #[error("{point} would repeat an earlier whole-board position (superko rule)")]
    Superko {
        /// The point asked for.
        point: Point,
    },
    /// It is the other player's turn.
    #[error("it is {to_move}'s turn")]
    NotYourTurn {
        /// Who is to move.
        to_move: Color,
    },
    /// The game is in its scoring phase; resume it to play on.
    #[error("the game is being scored: resume it to play on")]
    ScoringPhase,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
}

impl IllegalMove {
    /// Returns the verdict in kebab-case, as in `pbmgo replay --json`.
    pub fn kebab(&self) -> &'static str {
        match self {
            IllegalMove::OffBoard { .. } => "off-board",
            IllegalMove::Occupied { .. } => "occupied",
            IllegalMove::Suicide { .. } => "suicide",
            IllegalMove::Ko { .. } => "ko",
            IllegalMove::Superko { .. } => "superko",
            IllegalMove::NotYourTurn { .. } => "not-your-turn",
            IllegalMove::ScoringPhase => "scoring-phase",
            IllegalMove::GameOver => "game-over",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameResult {
    /// The other player resigned.
    Resignation(Color),
    /// The other player ran out of time.
    Time(Color),
    /// Won on the count by `margin` points; `None` is a draw (jigo).
    Score(Option<Color>, f64),
    /// No result: the repetition backstop ended play.
    Void,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Resignation(c) => write!(f, "{}+R", c.letter()),
            GameResult::Time(c) => write!(f, "{}+T", c.letter()),
            GameResult::Score(Some(c), m) => write!(f, "{}+{}", c.letter(), m),
            GameResult::Score(None, _) => f.write_str("Draw"),
            GameResult::Void => f.write_str("Void"),
        }
    }
}

impl FromStr for GameResult {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || UnknownName {
            kind: "result",
            name: s.to_string(),
            expected: "B+R, W+3.5, B+T, Draw or Void",
        };
        let t = s.trim();
        match t {
            "Void" => return Ok(GameResult::Void),
            "Draw" | "0" => return Ok(GameResult::Score(None, 0.0)),
            _ => {}
        }
        let (who, what) = t.split_once('+').ok_or_else(bad)?;
        let winner = Color::parse(who).ok_or_else(bad)?;
        match what {
            "R" | "Resign" => Ok(GameResult::Resignation(winner)),
            "T" | "Time" => Ok(GameResult::Time(winner)),
            m => m
                .parse::<f64>()
                .ok()
                .filter(|m| m.is_finite())
                .map(|m| GameResult::Score(Some(winner), m))
                .ok_or_else(bad),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in KoRule::ALL {
            assert_eq!(r.name().parse::<KoRule>(), Ok(r));
        }
        assert!("superko".parse::<KoRule>().is_err());
        assert_eq!("Territory".parse::<Scoring>(), Ok(Scoring::Territory));
        for s in ["B+R", "W+T", "W+3.5", "B+12", "Void", "Draw"] {
            assert_eq!(s.parse::<GameResult>().unwrap().to_string(), s);
        }
        assert!("X+R".parse::<GameResult>().is_err());
    }

    #[test]
    fn scoring_of_sgf_rule_sets() {
        for (ru, want) in [
            ("Japanese", Some(Scoring::Territory)),
            ("korean", Some(Scoring::Territory)),
            ("Chinese", Some(Scoring::Area)),
            ("AGA", Some(Scoring::Area)),
            ("Tromp-Taylor", Some(Scoring::Area)),
            ("NZ", Some(Scoring::Area)),
            ("Ing", Some(Scoring::Area)),
            ("", None),
            ("whatever", None),
        ] {
            assert_eq!(Scoring::of_ruleset(ru), want, "{ru}");
        }
    }

    #[test]
    fn default_komi() {
        assert_eq!(Scoring::Area.default_komi(0), 7.5);
        assert_eq!(Scoring::Territory.default_komi(0), 6.5);
        assert_eq!(Scoring::Territory.default_komi(3), 0.5);
    }
}
