//! The rule flags of `pbmgo game new` and `pbmgo game import` (komi, ko
//! rule, suicide, scoring) and the [`Rules`] they make.

use anyhow::bail;
use clap::Args;

use crate::go::{KoRule, Rules, Scoring};

/// The rule flags of `game new` and `game import`.
#[derive(Debug, Args)]
pub(crate) struct RuleArgs {
    /// Komi [default: 7.5 with area scoring, 6.5 with territory, 0.5 with a handicap]
    #[arg(long, allow_negative_numbers = true)]
    pub(crate) komi: Option<f64>,
    /// Ko rule: list (Scott's ko position list), simple, positional or situational
    #[arg(long, default_value = "list")]
    pub(crate) ko: KoRule,
    /// Allow suicide (the stones become the opponent's prisoners)
    #[arg(long)]
    pub(crate) allow_suicide: bool,
    /// Scoring: area or territory
    #[arg(long, default_value = "area")]
    pub(crate) scoring: Scoring,
}

impl RuleArgs {
    /// Returns the rules; `komi` is used when `--komi` is not given, else
    /// the default for the scoring and `handicap`.
    pub(crate) fn rules(&self, komi: Option<f64>, handicap: u32) -> anyhow::Result<Rules> {
        let komi = self
            .komi
            .or(komi)
            .unwrap_or(self.scoring.default_komi(handicap));
        if !komi.is_finite() || komi.abs() > 1000.0 {
            bail!("komi {komi} is not a number of points");
        }
        Ok(Rules {
            ko: self.ko,
            allow_suicide: self.allow_suicide,
            komi,
            scoring: self.scoring,
        })
    }
}
