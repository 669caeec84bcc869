//! What can go wrong while a message is handled, at the bottom of the
//! pipeline so every layer can name it: an internal failure
//! ([`PipelineError`], the message goes to quarantine), a command the rules
//! refuse ([`Rejection`], a code and plain words for the player), and
//! [`CmdError`], either of the two, so that a command's steps use `?` for
//! refusals as for failures.

use thiserror::Error;

use crate::mail::outbound::OutboundError;
use crate::mail::templates::TemplateError;
use crate::store::StoreError;
use crate::store::games::GameId;

/// An internal failure while handling a message; the message goes to quarantine.
#[derive(Debug, Error)]
pub(crate) enum PipelineError {
    /// The database failed.
    #[error("database error")]
    Store(#[from] StoreError),
    /// A reply template failed.
    #[error("reply template failed")]
    Template(#[from] TemplateError),
    /// A reply could not be built.
    #[error("reply could not be built")]
    Outbound(#[from] OutboundError),
}

impl From<rusqlite::Error> for PipelineError {
    fn from(e: rusqlite::Error) -> Self {
        PipelineError::Store(StoreError::from(e))
    }
}

/// A refused command: a stable code (the `X-Pbmgo-Rejected` value) and plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Rejection {
    /// The code.
    pub(crate) code: &'static str,
    /// Why, for the player.
    pub(crate) reason: String,
    /// The game whose board explains the refusal, if any.
    pub(crate) game: Option<GameId>,
}

/// A refusal about no game in particular.
pub(crate) fn reject(code: &'static str, reason: impl Into<String>) -> Rejection {
    Rejection {
        code,
        reason: reason.into(),
        game: None,
    }
}

/// A refusal whose explanation is game `game`'s board.
pub(crate) fn reject_in(game: GameId, code: &'static str, reason: impl Into<String>) -> Rejection {
    Rejection {
        code,
        reason: reason.into(),
        game: Some(game),
    }
}

/// Why a command stopped: refused by the rules, or failed inside.
#[derive(Debug)]
pub(crate) enum CmdError {
    /// The player is told why; the message goes on.
    Refused(Rejection),
    /// The message goes to quarantine.
    Failed(PipelineError),
}

/// What a command's step gives: its value, or why the command stopped.
pub(crate) type CmdResult<T> = Result<T, CmdError>;

impl From<Rejection> for CmdError {
    fn from(r: Rejection) -> Self {
        CmdError::Refused(r)
    }
}

impl From<PipelineError> for CmdError {
    fn from(e: PipelineError) -> Self {
        CmdError::Failed(e)
    }
}

/// Lets a command's steps use `?` on store, template and outbound calls.
macro_rules! failed_from {
    ($($t:ty),*) => {$(
        impl From<$t> for CmdError {
            fn from(e: $t) -> Self {
                CmdError::Failed(PipelineError::from(e))
            }
        }
    )*};
}

failed_from!(StoreError, TemplateError, OutboundError, rusqlite::Error);

/// Splits a command's result into the player's answer and an internal failure.
pub(crate) fn settle<T>(result: CmdResult<T>) -> Result<Result<T, Rejection>, PipelineError> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(CmdError::Refused(r)) => Ok(Err(r)),
        Err(CmdError::Failed(e)) => Err(e),
    }
}
