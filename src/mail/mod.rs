//! Mail as a message format: reading inbound messages, deciding which ones
//! may be answered, building replies (their text, their HTML part and its
//! pictures), the templates every word comes from, and the stub that stands
//! in for a message over the size limit.
//!
//! Owns the shape of mail and nothing about games or mailboxes: the
//! players' language is `command`'s, reading and sending mail is
//! `mailbox`'s, and the pipeline joins them with the engine and the store.

pub mod alternative;
pub mod classify;
pub(crate) mod grid;
pub mod inbound;
pub mod inline;
pub(crate) mod laid;
pub(crate) mod layout;
pub mod outbound;
pub mod oversize;
pub(crate) mod style;
pub(crate) mod tags;
pub mod templates;
pub(crate) mod textpart;
