//! Zobrist keys: fixed pseudo-random 64-bit numbers, one per colour and
//! board cell, generated at compile time so every build hashes alike.
//!
//! Owns the key tables only. The board XORs them in and out as stones come
//! and go; the history counts each board hash per side to move.

use super::Color;

/// Cells in the padded board array (27 x 27 covers 25x25 with walls).
pub(crate) const CELLS: usize = 27 * 27;

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn table(seed: u64) -> [u64; CELLS] {
    let mut out = [0u64; CELLS];
    let mut state = seed;
    let mut i = 0;
    while i < CELLS {
        let (s, v) = splitmix64(state);
        state = s;
        out[i] = v;
        i += 1;
    }
    out
}

/// Stone keys indexed by cell code (0 empty: all zero, 1 black, 2 white),
/// so a key is one load with no branch on the colour.
static STONES: [[u64; CELLS]; 3] = [
    [0; CELLS],
    table(0x7062_6D67_6F5F_6B6F),
    table(0x5363_6F74_7448_7564),
];
static EMPTY_BOARD: [u64; CELLS] = table(0x4B6F_4C69_7374_2121);

/// Returns the key of a stone of `color` on padded cell `cell`.
#[inline]
pub(crate) fn stone(color: Color, cell: usize) -> u64 {
    STONES[color as usize + 1][cell]
}

/// Returns the key of cell code `code` (0 empty, 1 black, 2 white) on padded
/// cell `cell`; an empty cell's key is 0.
#[inline]
pub(crate) fn code_key(code: u8, cell: usize) -> u64 {
    STONES[code as usize][cell]
}

/// Returns the hash of the empty board of `size` lines (never zero).
pub(crate) fn empty_board(size: u8) -> u64 {
    EMPTY_BOARD[size as usize] | 1
}
