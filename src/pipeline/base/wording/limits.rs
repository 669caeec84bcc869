//! The words of the bounds on what one mail may ask: a command line, `say`
//! words or an `if` line over its `[limits]` value, and what a command says
//! when the mail already showed what it asks for (each game's board,
//! record, estimate and conditional moves, and each list, once a mail).

use crate::command::CommandError;
use crate::store::GameId;

/// Why a command line could not be read, as the sender is told: the
/// limits in the words below, the other reasons as the parser says them.
pub(crate) fn unreadable_line(e: &CommandError) -> String {
    match e {
        CommandError::LineTooLong(max) => line_too_long(*max),
        CommandError::SayTooLong(max) => say_too_long(*max),
        CommandError::IfTooLong(max) => if_too_long(*max),
        other => other.to_string(),
    }
}

/// A command line over `max` characters.
pub(crate) fn line_too_long(max: usize) -> String {
    format!(
        "this line is longer than {max} characters, the most one command line may have, \
         so nothing of it was read"
    )
}

/// `say` words over `max` characters.
pub(crate) fn say_too_long(max: usize) -> String {
    format!(
        "these words are longer than {max} characters, the most one say may carry, \
         so they were not sent (split them over several say lines)"
    )
}

/// An `if` line over `max` moves.
pub(crate) fn if_too_long(max: usize) -> String {
    format!(
        "this if line has more than {max} moves, the most one if line may hold \
         (the opponent's moves and your answers together), so nothing was set"
    )
}

/// What a mail already shows, as a later command asking again is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Above {
    /// A game's board.
    Board(GameId),
    /// A game's record (the SGF file).
    Record(GameId),
    /// The proposed count of a finished game.
    Estimate(GameId),
    /// The sender's conditional moves in a game.
    Conditionals(GameId),
    /// The sender's games.
    Games,
    /// The players.
    Players,
    /// The standings.
    Standings,
    /// The command summary.
    Help,
}

/// The answer to a command that asks for what this reply already shows.
pub(crate) fn shown_above(what: Above) -> String {
    match what {
        Above::Board(id) => format!("The board of {id} is already in this reply."),
        Above::Record(id) => format!("The record of {id} is already attached to this reply."),
        Above::Estimate(id) => format!("The proposed count of {id} is already given above."),
        Above::Conditionals(id) => {
            format!("Your conditional moves in {id} are already listed above.")
        }
        Above::Games => "Your games are already listed above.".to_string(),
        Above::Players => "The players are already listed above.".to_string(),
        Above::Standings => "The standings are already given above.".to_string(),
        Above::Help => "The command summary is already given above.".to_string(),
    }
}
