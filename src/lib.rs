//! pbmgo: a play-by-mail Go server.
//!
//! `go` is the pure rules engine; `store` keeps games in SQLite; `mail`
//! reads, classifies, builds and sends mail; `home` finds the home directory
//! and its config; `pipeline` handles one message; `runner` moves mail
//! (batches, threads, the outbox sender, IMAP); `cli` is the command line.

pub mod cli;
pub mod go;
pub mod home;
pub mod mail;
pub mod pipeline;
pub mod runner;
pub mod store;
