//! The arguments several commands share: a game that may be left out in
//! its thread, no arguments at all, and words left over.

use super::error::{CommandError, clip};
use super::types::{GameRef, game_ref};

pub(super) fn no_arguments(args: &[&str]) -> Result<(), CommandError> {
    match args {
        [] => Ok(()),
        extra => Err(too_many(extra)),
    }
}

pub(super) fn game_only(
    args: &[&str],
    thread: Option<GameRef>,
    usage: &'static str,
) -> Result<GameRef, CommandError> {
    match (args, thread) {
        ([], Some(game)) => Ok(game),
        ([], None) => Err(CommandError::MissingArgument(usage)),
        ([game], _) => game_ref(game),
        ([_, extra @ ..], _) => Err(too_many(extra)),
    }
}

pub(super) fn too_many(extra: &[&str]) -> CommandError {
    CommandError::TooManyArguments(clip(&extra.join(" ")))
}
