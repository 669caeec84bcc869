//! The game's memory of positions since its last setup: the start position,
//! the moves, and one board hash per position, with counts for fast lookup.
//!
//! Owns: `HashCounts` (an open-addressing table of 64-bit board hashes with a
//! count per side to move), `History` (what superko and the repetition
//! backstop consult) and the exact check behind every hash hit, which
//! rebuilds the earlier boards from the moves. It knows nothing of which
//! rule is in force; the game asks.
//!
//! One table serves every rule: a slot holds a board hash and how often it
//! occurred with Black and with White to move, so a move costs one probe
//! (positional superko reads the sum, situational superko and the
//! repetition backstop read one side).

use super::board::Board;
use super::position::Position;
use super::{Color, Move};

const EMPTY_SLOT: u64 = 0;
const ZERO_STAND_IN: u64 = 0x9E37_79B9_7F4A_7C15;

/// Counts of 64-bit hash keys, one count per side to move: open addressing, linear probing.
///
/// A slot holds the key and both counts, so a probe touches one cache line.
#[derive(Debug, Clone)]
pub(crate) struct HashCounts {
    slots: Vec<Slot>,
    len: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    key: u64,
    counts: [u32; 2],
}

impl Default for HashCounts {
    fn default() -> Self {
        HashCounts::with_capacity(8)
    }
}

fn side(c: Color) -> usize {
    c as usize
}

fn stand_in(key: u64) -> u64 {
    if key == EMPTY_SLOT {
        ZERO_STAND_IN
    } else {
        key
    }
}

impl HashCounts {
    /// Returns an empty table with room for about `n` keys before it grows.
    pub(crate) fn with_capacity(n: usize) -> Self {
        // Grows past a load of 3/4; sized for a load of 1/2 or less (fewer probe collisions).
        let slots = (2 * n).next_power_of_two().max(16);
        HashCounts {
            slots: vec![Slot::default(); slots],
            len: 0,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = (key ^ (key >> 29)) as usize & mask;
        while self.slots[i].key != key && self.slots[i].key != EMPTY_SLOT {
            i = (i + 1) & mask;
        }
        i
    }

    #[inline]
    fn counts_of(&self, key: u64) -> [u32; 2] {
        let key = stand_in(key);
        self.slots[self.slot(key)].counts
    }

    /// Returns how often `key` has been counted, for either side.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> u32 {
        let [b, w] = self.counts_of(key);
        b + w
    }

    /// Returns how often `key` has been counted with `to_move` to play.
    #[inline]
    pub(crate) fn get_side(&self, key: u64, to_move: Color) -> u32 {
        self.counts_of(key)[side(to_move)]
    }

    /// Counts `key` once more with `to_move` to play and returns its new count for that side.
    #[inline]
    pub(crate) fn increment_side(&mut self, key: u64, to_move: Color) -> u32 {
        let key = stand_in(key);
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            self.grow();
        }
        let i = self.slot(key);
        let slot = &mut self.slots[i];
        self.len += usize::from(slot.key == EMPTY_SLOT);
        slot.key = key;
        let c = &mut slot.counts[side(to_move)];
        *c += 1;
        *c
    }

    #[cold]
    fn grow(&mut self) {
        let cap = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); cap]);
        for s in old {
            if s.key != EMPTY_SLOT {
                let i = self.slot(s.key);
                self.slots[i] = s;
            }
        }
    }
}

/// Returns the room to reserve for a game on a board of `points` points (about a typical game's length).
fn expected_length(points: usize) -> usize {
    points * 3 / 4
}

/// Positions since the last setup, and the moves between them.
///
/// Index 0 is the start position; index `i` is the position after `moves[i - 1]`.
#[derive(Debug, Clone)]
pub struct History {
    start: Position,
    start_to_move: Color,
    moves: Vec<(Color, Move)>,
    hashes: Vec<u64>,
    seen: HashCounts,
}

impl History {
    /// Starts a history at `board` with `to_move` to play.
    ///
    /// `_positional` is kept for callers: board-only counts are now always kept.
    pub(crate) fn new(board: &Board, to_move: Color, _positional: bool) -> Self {
        let expected = expected_length(board.size().points());
        let mut h = History {
            start: board.position(),
            start_to_move: to_move,
            moves: Vec::with_capacity(expected),
            hashes: Vec::with_capacity(expected + 1),
            seen: HashCounts::with_capacity(expected),
        };
        h.record(board.hash(), to_move);
        h
    }

    /// Returns a history rebuilt from stored parts; `hashes` has one entry per position.
    ///
    /// Returns `None` when the parts do not fit together (one hash more than moves).
    pub fn restore(
        start: Position,
        start_to_move: Color,
        moves: Vec<(Color, Move)>,
        hashes: &[u64],
        _positional: bool,
    ) -> Option<Self> {
        if hashes.len() != moves.len() + 1 || start.size().points() == 0 {
            return None;
        }
        let mut h = History {
            start,
            start_to_move,
            moves,
            hashes: Vec::with_capacity(hashes.len()),
            seen: HashCounts::with_capacity(hashes.len()),
        };
        for (i, &hash) in hashes.iter().enumerate() {
            let side = h.side_at(i);
            h.record(hash, side);
        }
        Some(h)
    }

    #[inline]
    fn record(&mut self, hash: u64, to_move: Color) -> u32 {
        self.hashes.push(hash);
        self.seen.increment_side(hash, to_move)
    }

    /// Records a move and the board hash after it; returns how often the
    /// resulting situation (board and side to move) has now occurred, by hash.
    #[inline(always)]
    pub(crate) fn push(&mut self, color: Color, mv: Move, hash_after: u64) -> u32 {
        self.moves.push((color, mv));
        self.record(hash_after, color.opponent())
    }

    /// Returns the start position of this history.
    pub(crate) fn start(&self) -> &Position {
        &self.start
    }

    /// Returns who was to move at the start.
    pub(crate) fn start_to_move(&self) -> Color {
        self.start_to_move
    }

    /// Returns the moves since the start.
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }

    /// Returns the board hash of every position, the start first.
    pub fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// Returns who is to move at position `index`.
    pub(crate) fn side_at(&self, index: usize) -> Color {
        match index {
            0 => self.start_to_move,
            i => self.moves[i - 1].0.opponent(),
        }
    }

    /// Returns true when the board hash `hash` may have occurred (no false negatives).
    #[inline]
    pub(crate) fn may_contain_board(&self, hash: u64) -> bool {
        self.seen.get(hash) > 0
    }

    /// Returns true when the board hash `hash` with `to_move` to play may have
    /// occurred (no false negatives).
    #[inline]
    pub(crate) fn may_contain_situation(&self, hash: u64, to_move: Color) -> bool {
        self.seen.get_side(hash, to_move) > 0
    }

    /// Counts the positions that show exactly `pos` (and, if given, have `to_move` to play).
    pub(crate) fn exact_count(&self, pos: &Position, hash: u64, to_move: Option<Color>) -> usize {
        let wanted: Vec<usize> = (0..self.hashes.len())
            .filter(|&i| self.hashes[i] == hash && to_move.is_none_or(|c| self.side_at(i) == c))
            .collect();
        let Some(&last) = wanted.last() else { return 0 };
        let mut board = Board::from_position(&self.start);
        let mut found = usize::from(wanted[0] == 0 && board.matches(pos));
        for (i, &(color, mv)) in self.moves.iter().enumerate().take(last) {
            if let Some(pv) = mv.point().and_then(|p| board.preview(color, p)) {
                board.apply(&pv);
            }
            if wanted.binary_search(&(i + 1)).is_ok() && board.matches(pos) {
                found += 1;
            }
        }
        found
    }
}
