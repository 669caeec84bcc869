//! The static web archive (`pbmgo site build`): a page for every public
//! game (`game`: the board as SVG, the move list and a replay), player,
//! tournament, the standings, an index and an Atom feed of finished games
//! (`pages`), written from HTML templates (`templates`) into `[web] dir`
//! by `build`, which writes only the files whose bytes changed, each to a
//! temporary name renamed into place (`files`), and removes the files no
//! longer allowed. No remote resources, no cookies: one small script and
//! one stylesheet shipped in the binary (`assets`), allowed by the pages'
//! Content-Security-Policy and nothing else.
//!
//! Privacy: a game is published only when both its players are public
//! (`public on|off` by mail, `[web] default_public`); addresses never
//! appear, nor the words players send each other.

pub(crate) mod assets;
pub(crate) mod build;
pub(crate) mod error;
pub(crate) mod files;
pub(crate) mod game;
pub(crate) mod game_clock;
pub(crate) mod game_data;
pub(crate) mod lists;
pub(crate) mod pages;
pub(crate) mod players;
pub(crate) mod templates;
pub(crate) mod tournaments;
pub(crate) mod writer;

pub(crate) use build::{Options, build};
pub(crate) use writer::Built;
