//! [`Letter`]: one mail to a player beyond the transcript of their own
//! commands, as the command or `tick` that caused it rendered it. Who gets
//! it and how it is queued is `mailing::letters`'s; the report of a
//! message lists the letters its commands caused.

use crate::mail::outbound::Attachment;
use crate::store::games::GameId;
use crate::store::players::PlayerRef;

/// One mail to a player, rendered by whoever caused it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Letter {
    /// Who gets it.
    pub(crate) to: PlayerRef,
    /// The outbox kind, e.g. `challenge`, `scoring`, `game-over`, `reminder`.
    pub(crate) kind: &'static str,
    /// The Subject; for a game, begin it with `[gameN] `.
    pub(crate) subject: String,
    /// The plain-text body.
    pub(crate) text: String,
    /// The game it is about, which threads it under the game's mail.
    pub(crate) game: Option<GameId>,
    /// Files attached, such as the SGF at the end of a game.
    pub(crate) attachments: Vec<Attachment>,
    /// It needs an answer or warns of a loss (challenges, the scoring
    /// phase, timeouts): sent even to a player with `notify off`.
    pub(crate) essential: bool,
    /// For a letter that shows the game's board: its news without the
    /// board, which stands in for it when a later letter of the same mail
    /// to the same player shows the board as it is then.
    pub(crate) brief: Option<String>,
}
