//! Why a command line could not be read: [`CommandError`] and its stable
//! codes, and how much of a player's word an error quotes back.

use thiserror::Error;

/// How much of a player's word an error quotes back.
const QUOTE_CHARS: usize = 40;

/// Why a command line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// A word pbmgo reserves but does not understand (`undo`, `unsubscribe`…).
    #[error("'{0}' is not a command (send 'help' for the list)")]
    UnknownCommand(String),
    /// The point is not on any board; holds the engine's explanation.
    #[error("{0}")]
    BadPoint(String),
    /// A required word is missing; holds the usage line.
    #[error("something is missing (usage: {0})")]
    MissingArgument(&'static str),
    /// The game is not a game number.
    #[error("'{0}' is not a game (write it as game42 or 42)")]
    BadGame(String),
    /// The `#N` move number is not a positive number.
    #[error("'{0}' is not a move number (write it as #12 after the point)")]
    BadMoveNumber(String),
    /// Words left over after a complete command.
    #[error("unexpected extra words: {0}")]
    TooManyArguments(String),
    /// A command's option or value is not one pbmgo knows; holds which.
    #[error("bad option: {0}")]
    BadOption(String),
}

impl CommandError {
    /// Returns the stable kebab-case code used in reply headers.
    ///
    /// An unreadable game id is `no-such-game`, like a game that does not
    /// exist, since the player's fix is the same.
    pub fn code(&self) -> &'static str {
        match self {
            CommandError::UnknownCommand(_) => "unknown-command",
            CommandError::BadPoint(_) => "bad-point",
            CommandError::MissingArgument(_) => "missing-argument",
            CommandError::BadGame(_) => "no-such-game",
            CommandError::BadMoveNumber(_) => "bad-move-number",
            CommandError::TooManyArguments(_) => "too-many-arguments",
            CommandError::BadOption(_) => "bad-option",
        }
    }
}

/// Returns at most the first 40 characters of a player's word.
pub(super) fn clip(word: &str) -> String {
    word.chars().take(QUOTE_CHARS).collect()
}
