//! SGF (`FF[4]`) game records: reading the main line of a record and writing one.
//!
//! This file only declares the parts and re-exports what callers use. Owns:
//! the SGF tokeniser and tree parser (`grammar`), the interpretation of the
//! main line into an [`SgfGame`] (`parse`), text values and their character
//! sets (`text`), the writer for finished or running games (`write`), the
//! values read and written ([`SgfGame`], [`SgfRecord`]: `types`) and the
//! reader's errors ([`SgfError`]: `error`). Pure: bytes in, values out, no
//! file I/O.
//!
//! The reader follows `sgfmill` 1.1 (the parser behind the project's reference
//! checker, `ko_reference.py` `load_sgf`) on every point where the two can
//! disagree, so that a record means the same thing to both:
//!
//! - junk before the first `(;` and everything after the first game tree is
//!   ignored; only the first child of every branch is read (the main line);
//! - lower-case letters in property identifiers are dropped (`AddBlack` is
//!   `AB`, an all-lower-case identifier is ignored);
//! - a property repeated in a node adds its values to the first one;
//! - a node with both `B` and `W` plays the `B` move (sgfmill's `get_move`);
//!   only the first value of `B`/`W` counts;
//! - `B[]`, and `B[tt]` on boards up to 19x19, are passes; point values are
//!   taken raw (no trimming), lower-case only, and must lie on the board;
//! - `AB`/`AW`/`AE` may appear in any node, next to a move or not; they are
//!   point lists (compressed `aa:cc` rectangles allowed, `AB[]` is empty);
//! - `SZ` defaults to 19 and must be 2..=25 (sgfmill allows 1..=26, the
//!   checker then rejects what lies outside 2..=25).
//!
//! Known differences, none of which occurs in the test corpus: `SZ[19:19]`
//! is accepted (sgfmill refuses any `:`); an unknown `CA` character set is
//! not an error (sgfmill refuses codecs Python lacks), text is decoded as
//! UTF-8 when it is valid UTF-8, else as Latin-1 or lossily; and a bad point
//! is an error wherever it is in the main line, while `load_sgf` stops
//! reading at a play on an occupied point and never sees what follows.

mod error;
mod grammar;
mod parse;
mod text;
mod types;
mod write;

#[cfg(test)]
mod tests;

pub use error::SgfError;
pub use parse::parse_sgf;
pub use types::{Setup, SgfGame, SgfNode};
pub use types::{SgfInfo, SgfRecord, TimeLeft};
pub use write::write_sgf;
