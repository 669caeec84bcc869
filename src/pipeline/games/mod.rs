//! The fifth layer: game operations that the mail commands, `tick` and
//! the admin all use: the end of a game with its letters (`ending`), and
//! the letters about a game (`game_letter`: the game letter, the board as
//! it is to be shown and what to do next, and the letter that a challenge
//! is off). Below the commands, above the mailing layer.

pub(crate) mod ending;
pub(crate) mod game_letter;
pub(crate) mod start;
pub(crate) mod tournament;
