//! `[ratings]`: the rank a player starts at when they declare none, and
//! whether a challenge that does not say is rated.

use serde::{Deserialize, Deserializer, Serialize};

use crate::rating::Rank;

/// `[ratings]`: ranks and rated games.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct RatingsConfig {
    /// The rank a new player starts at when they declare none (`signup
    /// NAME` without a rank), shown as `?` until their first rated game.
    #[serde(deserialize_with = "rank")]
    pub(crate) default_rank: String,
    /// Whether a challenge that says neither `rated` nor `unrated` is rated.
    pub(crate) default_rated: bool,
}

impl Default for RatingsConfig {
    fn default() -> Self {
        RatingsConfig {
            default_rank: "20k".to_string(),
            default_rated: true,
        }
    }
}

impl RatingsConfig {
    /// The rank of a player who declared none.
    pub(crate) fn start_rank(&self) -> Rank {
        self.default_rank
            .parse()
            .unwrap_or_else(|_| Rank::kyu(20).unwrap_or(Rank::of(100.0)))
    }
}

/// Reads `[ratings] default_rank`: a rank such as "20k" or "1d".
fn rank<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let text = String::deserialize(d)?;
    text.parse::<Rank>()
        .map(|r| r.to_string())
        .map_err(|e| serde::de::Error::custom(format!("ratings.default_rank: {e}")))
}
