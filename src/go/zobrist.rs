//! Zobrist keys: fixed pseudo-random 64-bit numbers, one per colour and
//! board cell, generated at compile time so every build hashes alike.
//!
//! Owns the key tables only. The board XORs them in and out as stones come
//! and go; the game mixes in `WHITE_TO_MOVE` for situational keys.

use super::Color;

/// Cells in the padded board array (27 x 27 covers 25x25 with walls).
pub const CELLS: usize = 27 * 27;

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

static BLACK: [u64; CELLS] = table(0x7062_6D67_6F5F_6B6F);
static WHITE: [u64; CELLS] = table(0x5363_6F74_7448_7564);
static EMPTY_BOARD: [u64; CELLS] = table(0x4B6F_4C69_7374_2121);

/// Mixed into a board hash to make a situational key when White is to move.
pub const WHITE_TO_MOVE: u64 = 0xD1B5_4A32_D192_ED03;

/// Returns the key of a stone of `color` on padded cell `cell`.
#[inline]
pub fn stone(color: Color, cell: usize) -> u64 {
    match color {
        Color::Black => BLACK[cell],
        Color::White => WHITE[cell],
    }
}

/// Returns the hash of the empty board of `size` lines (never zero).
pub fn empty_board(size: u8) -> u64 {
    EMPTY_BOARD[size as usize] | 1
}

/// Returns the situational key: the board hash with the side to move mixed in.
#[inline]
pub fn situation(board_hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => board_hash,
        Color::White => board_hash ^ WHITE_TO_MOVE,
    }
}
