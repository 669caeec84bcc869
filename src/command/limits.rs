//! The bounds on what one command line may ask: [`Limits`] (characters
//! per line, characters of `say` words, moves per `if` line), checked once
//! a line is known to be a command and before any of its values are read,
//! so an over-long line costs one pass over its words and is refused with
//! its own code.

use super::error::CommandError;

/// How much one command line may ask; the server reads them from
/// `[limits]`, [`Limits::default`] holds the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most characters of one command line (`say` lines are bounded by
    /// [`Limits::max_say_chars`] instead).
    pub max_line_chars: usize,
    /// The most characters of the words of one `say`.
    pub max_say_chars: usize,
    /// The most moves (the opponent's and the answers together) of one
    /// `if` line.
    pub max_if_moves: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_line_chars: 1000,
            max_say_chars: 2000,
            max_if_moves: 40,
        }
    }
}

impl Limits {
    /// Why the command line `line`, whose first word is `keyword`
    /// (lower-case), asks too much, if it does: an `if` line with more
    /// words than its moves may have, or any line but a `say` longer than
    /// [`Limits::max_line_chars`]. Counting stops at the limit.
    pub(super) fn refuse(&self, keyword: &str, line: &str) -> Option<CommandError> {
        // `if`, a game and the moves: more words than that is too many moves.
        let if_words = self.max_if_moves.saturating_add(2);
        if keyword == "if" && line.split_whitespace().nth(if_words).is_some() {
            return Some(CommandError::IfTooLong(self.max_if_moves));
        }
        let long = line.chars().nth(self.max_line_chars).is_some();
        (keyword != "say" && long).then_some(CommandError::LineTooLong(self.max_line_chars))
    }

    /// Refuses `moves` moves of an `if` line over [`Limits::max_if_moves`].
    pub(super) fn if_moves(&self, moves: usize) -> Result<(), CommandError> {
        match moves > self.max_if_moves {
            true => Err(CommandError::IfTooLong(self.max_if_moves)),
            false => Ok(()),
        }
    }

    /// Refuses `say` words over [`Limits::max_say_chars`] characters.
    pub(super) fn say(&self, text: &str) -> Result<(), CommandError> {
        match text.chars().nth(self.max_say_chars).is_some() {
            true => Err(CommandError::SayTooLong(self.max_say_chars)),
            false => Ok(()),
        }
    }
}
