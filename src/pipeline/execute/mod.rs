//! The mail commands: running a player's commands against the store, in
//! the message's transaction, and what each one did or why it was refused.
//!
//! Owns the meaning of each mail command (who may do what in which game)
//! and the rejection codes; their plain-words reasons, like every sentence
//! the commands say, come from `wording`. `dispatch` runs
//! a mail's commands through the gates (`gate`, and the password gate in
//! `personal`); the play commands are in `play`; the game lifecycle
//! (challenges, placement, scoring, endings, records) in `lifecycle`; the
//! player's own settings, undo, talk and standings in `personal`; finding
//! the game a command names in `load`; the words of a mail without
//! commands in `chat` (a game's) and `words::challenge` (a challenge's),
//! their letter in `words::letter`, the words kept with the commands that
//! act in a game in `words::kept`; conditional moves (`if`) in
//! `conditional`; what a mail already showed, so each listing is shown
//! once a mail, in `once`; the help text in `help`; signup and new-address
//! confirmations in `joining` (strangers use both too).

mod chat;
mod cmd;
mod conditional;
mod dispatch;
mod gate;
pub(in crate::pipeline) mod help;
pub(in crate::pipeline) mod joining;
mod lifecycle;
mod load;
mod lookalike;
mod once;
mod personal;
mod play;
mod words;

pub(crate) use chat::answered_game;
pub(crate) use dispatch::{command_code, run_all};
