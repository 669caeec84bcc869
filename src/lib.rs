//! pbmgo: a play-by-mail Go server.
//!
//! `go` is the pure rules engine (the crate `pbmgo-go`, crates/go); `store`
//! keeps games in SQLite; `mail` reads, classifies, builds and sends mail;
//! `home` finds the home directory and its config; `render` draws the board
//! as a picture (SVG, PNG) for mails and admins (the crate `pbmgo-render`,
//! crates/render); `pipeline` handles one message; `runner` moves mail
//! (batches, threads, the outbox sender, IMAP); `cli` is the command line;
//! `testkit` holds the in-process entry points the test harness uses (not a
//! stable API).
//!
//! The public surface is what the binary, the tests, the benches and the
//! fuzz targets use; everything else is `pub(crate)` or private, so rustc
//! reports dead code (`missing_docs` and `unreachable_pub` are in the
//! `[lints]` table of Cargo.toml).

pub mod cli;
pub use pbmgo_clock as clock;
pub use pbmgo_go as go;
pub use pbmgo_pairing as pairing;
pub use pbmgo_rating as rating;
pub mod command;
pub mod home;
pub mod mail;
pub mod mailbox;
pub(crate) mod pipeline;
pub use pbmgo_render as render;
pub(crate) mod runner;
pub(crate) mod site;
pub mod store;
#[doc(hidden)]
pub mod testkit;
