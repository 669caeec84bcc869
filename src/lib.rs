//! pbmgo: a play-by-mail Go server.
//!
//! `go` is the pure rules engine. The rest of the crate (store, mail,
//! pipeline, cli) builds on it.

pub mod go;
pub mod cli;
