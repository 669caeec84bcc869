//! Tournaments and ladders, where they meet games: pairing and starting
//! rounds (`pair`), what a game's end moves (`progress`: a ladder's places,
//! the next round, the end; and `tick`'s round deadlines and start days),
//! joining and a withdrawal (`entry`), a letter about no single game
//! (`letter`), and the tables as mail and the admin show them (`view`). The tournament as the pure pairing crate sees it is
//! `field`.

pub(crate) mod entry;
pub(crate) mod field;
pub(crate) mod letter;
pub(crate) mod pair;
pub(crate) mod progress;
pub(crate) mod view;
