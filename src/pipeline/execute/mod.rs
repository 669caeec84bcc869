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
//! commands in `chat` (a game's) and `challenge_words` (a challenge's),
//! their letter in `words_letter`; conditional moves (`if`) in
//! `conditional`; what a mail already showed, so each listing is shown
//! once a mail, in `once`.

mod challenge_words;
mod chat;
mod cmd;
mod conditional;
mod dispatch;
mod gate;
mod kept_words;
mod lifecycle;
mod load;
mod lookalike;
mod once;
mod personal;
mod play;
mod words_letter;

pub(crate) use chat::answered_game;
pub(crate) use dispatch::{command_code, run_all};
