//! Mail: reading inbound messages, deciding which ones may be answered,
//! the players' command language, building replies and sending them.
//!
//! Owns everything about the shape of mail and nothing about games: the
//! pipeline joins this module with the engine and the store.

pub mod alternative;
pub mod classify;
pub mod command;
#[cfg(feature = "imap")]
pub mod imap;
pub mod inbound;
pub mod inline;
pub(crate) mod laid;
pub(crate) mod layout;
pub mod maildir;
pub mod outbound;
pub mod oversize;
pub(crate) mod tags;
pub mod templates;
pub mod transport;
