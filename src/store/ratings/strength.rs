//! A player's strength as stored: rating, rated games, and whether their
//! rank is known; and how it is shown beside a name.

use crate::rating::Rank;

/// A player's strength: their rating, how many rated games made it, and
/// whether their rank is known (declared, set, or played for).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Strength {
    /// The rating on the EGF scale.
    pub(crate) rating: f64,
    /// Rated games finished.
    pub(crate) rated_games: u32,
    /// A rank was declared or set.
    pub(crate) ranked: bool,
}

impl Strength {
    /// The rank, once it is known: declared, set by the admin, or after
    /// the first rated game.
    pub(crate) fn rank(&self) -> Option<Rank> {
        (self.ranked || self.rated_games > 0).then(|| Rank::of(self.rating))
    }

    /// The rating rounded to a whole point, as it is shown.
    pub(crate) fn points(&self) -> i64 {
        self.rating.round() as i64
    }

    /// How the strength is shown beside a name: `3k (1812)`, or `?`
    /// while the rank is unknown.
    pub(crate) fn shown(&self) -> String {
        match self.rank() {
            Some(r) => format!("{r} ({})", self.points()),
            None => "?".to_string(),
        }
    }
}
