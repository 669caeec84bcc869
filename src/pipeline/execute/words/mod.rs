//! A player's words (the lines of their mail that are not commands) in
//! the commands: kept in the record of the game the commands act in
//! (`kept`), a mail with only words that answers a challenge (`challenge`),
//! and the letter that carries words sent on alone (`letter`).

pub(super) mod challenge;
pub(super) mod kept;
pub(super) mod letter;
