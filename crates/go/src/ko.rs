//! Scott Huddleston's ko position list (pbmserv-dev, 2003), with a pass
//! clearing the list.
//!
//! Owns: `KoList` and its entries (whole boards with their hashes), the
//! membership test (hash first, then cell by cell) and the update rule:
//! a ko-shaped play appends the board before it; any other play, and a
//! pass, clears the list.

use super::position::Position;

/// One board in the ko position list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KoEntry {
    /// The board's Zobrist hash.
    pub hash: u64,
    /// The whole board.
    pub position: Position,
}

/// The ko position list: boards that a ko fight might repeat. Usually empty.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KoList {
    entries: Vec<KoEntry>,
}

impl KoList {
    /// Returns a list holding `entries` (as loaded from storage).
    pub fn from_entries(entries: Vec<KoEntry>) -> Self {
        KoList { entries }
    }

    /// Returns the boards in the list, oldest first.
    pub fn entries(&self) -> &[KoEntry] {
        &self.entries
    }

    /// Returns the number of boards in the list.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Returns true when the list is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Returns true when a board with `hash` may be in the list (cheap pre-check).
    #[inline]
    pub(crate) fn may_contain(&self, hash: u64) -> bool {
        self.entries.iter().any(|e| e.hash == hash)
    }

    /// Returns true when `position` (with `hash`) is in the list, compared cell by cell.
    pub(crate) fn contains(&self, hash: u64, position: &Position) -> bool {
        self.entries
            .iter()
            .any(|e| e.hash == hash && e.position == *position)
    }

    /// Empties the list.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }

    /// Appends the board before a ko-shaped play.
    pub(crate) fn push(&mut self, hash: u64, position: Position) {
        self.entries.push(KoEntry { hash, position });
    }
}
