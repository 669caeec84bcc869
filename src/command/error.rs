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
    /// The `#K` count number of `done` is not a positive number.
    #[error("'{0}' is not a count number (write it as done game1#3)")]
    BadCountNumber(String),
    /// Words left over after a complete command.
    #[error("unexpected extra words: {0}")]
    TooManyArguments(String),
    /// A command's option or value is not one pbmgo knows; holds which.
    #[error("bad option: {0}")]
    BadOption(String),
    /// A first word a typo away from a command word, followed by that
    /// command's arguments (`mvoe game1 c5`): refused, nothing is done.
    #[error("did you mean {keyword}? '{written}' is not a command, so nothing was done")]
    DidYouMean {
        /// The word as written (at most 40 characters).
        written: String,
        /// The command word it is closest to.
        keyword: &'static str,
    },
    /// A command line over `[limits] max_line_chars` characters; holds the
    /// limit. Nothing of it is read.
    #[error("the line is longer than {0} characters")]
    LineTooLong(usize),
    /// `say` words over `[limits] max_say_chars` characters; holds the limit.
    #[error("the words are longer than {0} characters")]
    SayTooLong(usize),
    /// An `if` line over `[limits] max_if_moves` moves; holds the limit.
    #[error("the line has more than {0} moves")]
    IfTooLong(usize),
}

impl CommandError {
    /// Returns the parser's stable kebab-case code; [`reply_code`] maps it
    /// onto the `X-Pbmgo-Rejected` code of a reply.
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
            CommandError::BadCountNumber(_) => "bad-count-number",
            CommandError::TooManyArguments(_) => "too-many-arguments",
            CommandError::BadOption(_) => "bad-option",
            CommandError::DidYouMean { .. } => "did-you-mean",
            CommandError::LineTooLong(_) => "line-too-long",
            CommandError::SayTooLong(_) => "say-too-long",
            CommandError::IfTooLong(_) => "if-too-long",
        }
    }
}

/// Returns the `X-Pbmgo-Rejected` code for the parser's `code`: an
/// argument that is missing, left over or a bad move number is
/// `bad-argument`; the others (`unknown-command`, `bad-point`,
/// `no-such-game`, `bad-option`, `did-you-mean`, and the limits
/// `line-too-long`, `say-too-long`, `if-too-long`) are their own.
pub fn reply_code(code: &'static str) -> &'static str {
    match code {
        "missing-argument" | "too-many-arguments" | "bad-move-number" => "bad-argument",
        other => other,
    }
}

/// Returns at most the first 40 characters of a player's word.
pub(super) fn clip(word: &str) -> String {
    word.chars().take(QUOTE_CHARS).collect()
}
