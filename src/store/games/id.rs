//! `GameId`: a game's id and its text forms. Everywhere an id is read,
//! `game42`, `Game42` and `42` mean the same game; it is shown as `game42`.
//! Also the error for an id with no game (`not_found`). A column holds
//! the bare number (`ToSql`, `FromSql`).

use std::fmt;
use std::str::FromStr;

use crate::store::StoreError;

/// A game's id, shown as `game42`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(i64);

impl GameId {
    /// Returns the id with number `n`, if `n` is at least 1.
    pub fn new(n: i64) -> Option<GameId> {
        (n >= 1).then_some(GameId(n))
    }

    /// Returns the id with number `n` as a mail names it (`game42` is 42),
    /// if `n` is an id at all.
    pub fn from_number(n: u64) -> Option<GameId> {
        i64::try_from(n).ok().and_then(GameId::new)
    }

    /// Returns the id of a row SQLite just assigned (for the store's modules).
    pub(crate) fn from_rowid(rowid: i64) -> Result<GameId, StoreError> {
        GameId::new(rowid).ok_or_else(|| StoreError::Corrupt {
            id: rowid.to_string(),
            what: "game id",
            reason: "SQLite assigned an id below 1".into(),
        })
    }

    /// Returns the number (the row id).
    pub fn get(self) -> i64 {
        self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game{}", self.0)
    }
}

impl FromStr for GameId {
    type Err = StoreError;

    /// Reads `game42`, `Game42` or `42` (the prefix in any case).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let digits = match t.get(..4) {
            Some(p) if p.eq_ignore_ascii_case("game") => &t[4..],
            _ => t,
        };
        let n = match digits.bytes().all(|b| b.is_ascii_digit()) {
            true => digits.parse::<i64>().ok(),
            false => None,
        };
        n.and_then(GameId::new).ok_or_else(|| StoreError::Invalid {
            what: "game id",
            value: t.chars().take(40).collect(),
            reason: "expected game42, Game42 or 42".into(),
        })
    }
}

crate::store::ids::sql_id!(GameId, "a game id");

/// The error for an id with no game.
pub(super) fn not_found(id: GameId) -> StoreError {
    StoreError::NotFound {
        what: "game",
        id: id.to_string(),
    }
}
