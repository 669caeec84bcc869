//! Game operations that the mail commands, `tick` and the admin all use:
//! the scored board shown for a game being counted (`scored`), the end of
//! a game with its letters (`ending`), and the letters about a game
//! (`letters`). Below the commands, above the mailing layer.

pub(crate) mod ending;
pub(crate) mod letters;
pub(crate) mod scored;
