//! Why an SGF record could not be read: [`SgfError`].

use thiserror::Error;

/// Why an SGF record could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SgfError {
    /// The input holds no `(;` that could start a game tree.
    #[error("no sgf game tree found (expected '(;')")]
    NoGameTree,
    /// The game tree is malformed at or near byte `offset`.
    #[error("sgf syntax error at byte {offset}: {reason}")]
    Syntax {
        /// Byte offset into the input.
        offset: usize,
        /// What was wrong there.
        reason: &'static str,
    },
    /// `SZ` is not a number, not square, or outside 2..=25.
    #[error("unsupported board size '{0}' (expected a number from 2 to 25)")]
    BadSize(String),
    /// A move or setup value is not a point on this board.
    #[error("bad point '{value}' in {prop} of node {node}")]
    BadPoint {
        /// The property holding it (`B`, `W`, `AB`, `AW` or `AE`).
        prop: &'static str,
        /// The raw value, decoded lossily and cut to 40 characters.
        value: String,
        /// The node's position in the main line (0 = root).
        node: usize,
    },
}
