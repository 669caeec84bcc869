//! A game as the store hands it out ([`StoredGame`]: its id and players
//! around the engine's `Game`) and one move as the move list keeps it
//! ([`MoveEntry`]).

use chrono::{DateTime, Utc};

use super::id::GameId;
use crate::go::{Color, Game, Move};
use crate::store::ids::PlayerId;
use crate::store::players::PlayerRef;

/// One move as the move list keeps it.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveEntry {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Stones it captured.
    pub captures: u32,
    /// Where it came from: a message id, `cli` or `import`.
    pub source: String,
    /// When it was played.
    pub played_at: DateTime<Utc>,
}

/// A game as loaded: its id, players and times around the engine's `Game`.
#[derive(Clone)]
pub struct StoredGame {
    /// The id.
    pub(crate) id: GameId,
    /// The player of the black stones.
    pub black: PlayerRef,
    /// The player of the white stones.
    pub white: PlayerRef,
    /// The game itself.
    pub game: Game,
    /// When the game was created.
    pub(crate) created_at: DateTime<Utc>,
    /// When it last changed.
    pub(crate) updated_at: DateTime<Utc>,
}

impl StoredGame {
    /// Returns the colour `player_id` plays in this game, if they play in it.
    pub fn color_of(&self, player_id: PlayerId) -> Option<Color> {
        match player_id {
            id if id == self.black.id => Some(Color::Black),
            id if id == self.white.id => Some(Color::White),
            _ => None,
        }
    }

    /// Returns the player of `color`.
    pub(crate) fn player(&self, color: Color) -> &PlayerRef {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}
