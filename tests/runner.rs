//! The test binary: every test under `tests/` is a module of this crate,
//! in a folder by layer, so the suite links once (README, *Tests*).
//!
//! - `engine`, `sgf`, `store`, `mail`, `render`: the library's layers,
//!   in-process;
//! - `pipeline`: mail handled end to end, on the in-process harness
//!   (`common::harness`) or, where the runner, the Maildir or a command is
//!   part of what is checked, through the real binary (`common::pbmgo_home`);
//! - `cli`, `faults`: the real binary (commands, kills, full disks, locks);
//! - `stack`: the binary against a real Postfix and Dovecot (ignored
//!   without them);
//! - `architecture`: rules over `src/`, and that every file under `tests/`
//!   is compiled;
//! - `common`: what the tests share.
//!
//! `tests/store_memory.rs` stays a binary of its own: it must run before
//! SQLite starts in its process.

#![allow(
    unreachable_pub,
    reason = "the helpers in `common` are `pub` for every test module of this one crate"
)]

mod architecture;
mod cli;
mod common;
mod engine;
mod faults;
mod mail;
mod pipeline;
mod render;
mod sgf;
mod stack;
mod store;
