//! The third layer: a game's board as mails show it. The board block
//! every game mail has, the ASCII board with its header, clock and last
//! moves, and the picture of a game in play (`block`); the scored board of
//! a game being counted (`scored`); the game as an SGF record (`sgf`).

pub(in crate::pipeline) mod block;
pub(in crate::pipeline) mod scored;
pub(crate) mod sgf;
