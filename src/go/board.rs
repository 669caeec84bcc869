//! The fast board: stones, strings, pseudo-liberties, captures and an
//! incrementally kept Zobrist hash.
//!
//! Owns the padded one-dimensional layout (a wall border, so neighbour loops
//! need no bounds checks), strings as circular lists with a head stone
//! holding the string's stone count, pseudo-liberty count and XOR of stone
//! keys, and the two-step play: `preview` judges a play without changing
//! anything (captures, suicide, ko shape, hash after), `apply` carries it out.
//! It knows nothing of turns, history or ko rules.

use super::position::{Position, code_color, color_code};
use super::zobrist::{self, CELLS};
use super::{BoardSize, Color, Point};

const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// The board with string bookkeeping; see the module header.
#[derive(Clone)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    hash: u64,
    cells: [u8; CELLS],
    next: [u16; CELLS],
    head: [u16; CELLS],
    libs: [u16; CELLS],
    count: [u16; CELLS],
    keys: [u64; CELLS],
}

/// What a stone play would do, worked out without changing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preview {
    /// The padded cell played.
    pub cell: usize,
    /// The point played.
    pub point: Point,
    /// The colour played.
    pub color: Color,
    /// Heads of the opposing strings the play captures.
    captured_heads: [u16; 4],
    captured_strings: u8,
    /// Stones captured.
    pub captures: u32,
    /// The stone had an empty or friendly neighbour before captures were removed.
    pub lib_or_friend: bool,
    /// The play captures nothing and leaves its own string without a liberty.
    pub suicide: bool,
    /// Stones the play would lose to suicide (0 unless `suicide`).
    pub suicide_stones: u32,
    /// The board hash after the play (with suicided stones removed).
    pub hash_after: u64,
}

impl Preview {
    /// Returns true for Scott's ko shape: exactly one stone captured by a
    /// stone that had no empty and no friendly neighbour.
    pub fn ko_shaped(&self) -> bool {
        self.captures == 1 && !self.lib_or_friend
    }

    /// Returns the cell of the single captured stone, when exactly one was captured.
    pub fn single_captured_cell(&self) -> Option<usize> {
        (self.captures == 1).then_some(self.captured_heads[0] as usize)
    }
}

impl Board {
    /// Returns an empty board of `size`.
    pub fn new(size: BoardSize) -> Self {
        let n = size.get() as usize;
        let mut b = Board {
            size,
            stride: n + 1,
            hash: zobrist::empty_board(size.get()),
            cells: [WALL; CELLS],
            next: [0; CELLS],
            head: [0; CELLS],
            libs: [0; CELLS],
            count: [0; CELLS],
            keys: [0; CELLS],
        };
        for p in size.all_points() {
            let c = b.cell(p);
            b.cells[c] = EMPTY;
        }
        b
    }

    /// Returns a board holding `pos`, with strings worked out from scratch.
    pub fn from_position(pos: &Position) -> Self {
        let mut b = Board::new(pos.size());
        let n = pos.size().get() as usize;
        for (row, line) in pos.cells().chunks(n).enumerate() {
            let first = 1 + (row + 1) * b.stride;
            b.cells[first..first + n].copy_from_slice(line);
        }
        if pos.cells().iter().any(|&c| c != EMPTY) {
            b.rebuild();
        }
        b
    }

    /// Returns the board size.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Returns the Zobrist hash of the stones on the board.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Returns the padded cell of point `p`.
    #[inline]
    pub fn cell(&self, p: Point) -> usize {
        (p.col as usize + 1) + (p.row as usize + 1) * self.stride
    }

    /// Returns the point of padded cell `cell`.
    pub fn point(&self, cell: usize) -> Point {
        Point::new(
            (cell % self.stride - 1) as u8,
            (cell / self.stride - 1) as u8,
        )
    }

    /// Returns the stone at `p`, or `None` when the point is empty.
    pub fn get(&self, p: Point) -> Option<Color> {
        code_color(self.cells[self.cell(p)])
    }

    /// Returns the picture of the board.
    pub fn position(&self) -> Position {
        let n = self.size.get() as usize;
        let mut cells = Vec::with_capacity(n * n);
        for row in 0..n {
            let first = 1 + (row + 1) * self.stride;
            cells.extend_from_slice(&self.cells[first..first + n]);
        }
        Position::from_cells(self.size, cells.into_boxed_slice())
    }

    /// Returns true when the board shows exactly `pos` (same size, same stones).
    pub fn matches(&self, pos: &Position) -> bool {
        pos.size() == self.size && self.size.all_points().all(|p| self.get(p) == pos.get(p))
    }

    /// Puts stones or empties points (SGF setup, handicap), then rebuilds the strings.
    pub fn setup(&mut self, changes: &[(Point, Option<Color>)]) {
        for &(p, stone) in changes {
            if self.size.contains(p) {
                let c = self.cell(p);
                self.cells[c] = color_code(stone);
            }
        }
        self.rebuild();
    }

    #[inline]
    fn neighbours(&self, c: usize) -> [usize; 4] {
        [c - self.stride, c - 1, c + 1, c + self.stride]
    }

    /// Returns what playing `color` at `p` would do, or `None` when the point is taken.
    ///
    /// `p` must be on the board.
    #[inline]
    pub fn preview(&self, color: Color, p: Point) -> Option<Preview> {
        let cell = self.cell(p);
        if self.cells[cell] != EMPTY {
            return None;
        }
        let me = color_code(Some(color));
        let nbs = self.neighbours(cell);
        let mut pv = Preview {
            cell,
            point: p,
            color,
            captured_heads: [0; 4],
            captured_strings: 0,
            captures: 0,
            lib_or_friend: false,
            suicide: false,
            suicide_stones: 0,
            hash_after: self.hash ^ zobrist::stone(color, cell),
        };
        let heads = nbs.map(|n| self.head[n]);
        let mut has_liberty = false;
        for (&n, &h) in nbs.iter().zip(&heads) {
            let v = self.cells[n];
            if v == EMPTY {
                pv.lib_or_friend = true;
                has_liberty = true;
            } else if v == me {
                pv.lib_or_friend = true;
                has_liberty |= self.libs[h as usize] > adjacency(&heads, h);
            } else if v != WALL {
                self.note_capture(&mut pv, &heads, h);
            }
        }
        if pv.captures == 0 && !has_liberty {
            self.note_suicide(&mut pv, &nbs, me);
        }
        Some(pv)
    }

    #[inline]
    fn note_capture(&self, pv: &mut Preview, heads: &[u16; 4], h: u16) {
        let k = pv.captured_strings as usize;
        if pv.captured_heads[..k].contains(&h) {
            return;
        }
        if self.libs[h as usize] == adjacency(heads, h) {
            pv.captured_heads[k] = h;
            pv.captured_strings += 1;
            pv.captures += self.count[h as usize] as u32;
            pv.hash_after ^= self.keys[h as usize];
        }
    }

    fn note_suicide(&self, pv: &mut Preview, nbs: &[usize; 4], me: u8) {
        pv.suicide = true;
        pv.hash_after ^= zobrist::stone(pv.color, pv.cell);
        pv.suicide_stones = 1;
        let mut seen: [u16; 4] = [0; 4];
        for (i, &n) in nbs.iter().enumerate() {
            let h = self.head[n];
            if self.cells[n] == me && !seen[..i].contains(&h) {
                seen[i] = h;
                pv.hash_after ^= self.keys[h as usize];
                pv.suicide_stones += self.count[h as usize] as u32;
            }
        }
    }

    /// Carries out a previewed play: places the stone, merges strings,
    /// removes captured strings and, for a suicide, the player's own string.
    ///
    /// `pv` must come from `preview` on this board, unchanged since.
    #[inline]
    pub fn apply(&mut self, pv: &Preview) {
        let cell = pv.cell;
        let me = color_code(Some(pv.color));
        self.place(cell, pv.color);
        for n in self.neighbours(cell) {
            if self.cells[n] == me {
                let (a, b) = (self.head[cell], self.head[n]);
                if a != b {
                    self.merge(a as usize, b as usize);
                }
            }
        }
        for &h in &pv.captured_heads[..pv.captured_strings as usize] {
            self.remove_string(h as usize);
        }
        if pv.suicide {
            let h = self.head[cell] as usize;
            self.remove_string(h);
        }
        debug_assert_eq!(self.hash, pv.hash_after);
    }

    #[inline]
    fn place(&mut self, cell: usize, color: Color) {
        let key = zobrist::stone(color, cell);
        self.cells[cell] = color_code(Some(color));
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        self.count[cell] = 1;
        self.keys[cell] = key;
        self.hash ^= key;
        let mut libs = 0;
        for n in self.neighbours(cell) {
            match self.cells[n] {
                EMPTY => libs += 1,
                WALL => {}
                _ => self.libs[self.head[n] as usize] -= 1,
            }
        }
        self.libs[cell] = libs;
    }

    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.count[a] >= self.count[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        self.next.swap(big, small);
        self.libs[big] += self.libs[small];
        self.count[big] += self.count[small];
        self.keys[big] ^= self.keys[small];
    }

    fn remove_string(&mut self, h: usize) {
        self.hash ^= self.keys[h];
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.head[s] = 0;
            for n in self.neighbours(s) {
                let v = self.cells[n];
                if v != EMPTY && v != WALL {
                    self.libs[self.head[n] as usize] += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Recomputes strings, liberties and the hash from the cells alone.
    fn rebuild(&mut self) {
        self.hash = zobrist::empty_board(self.size.get());
        let cells: Vec<usize> = self.size.all_points().map(|p| self.cell(p)).collect();
        for &c in &cells {
            self.head[c] = 0;
            self.libs[c] = 0;
        }
        for &c in &cells {
            if let Some(color) = code_color(self.cells[c]) {
                self.place_restore(c, color);
            }
        }
    }

    /// Adds an existing stone during a rebuild (no capture, no suicide check).
    fn place_restore(&mut self, cell: usize, color: Color) {
        let me = self.cells[cell];
        let key = zobrist::stone(color, cell);
        self.head[cell] = cell as u16;
        self.next[cell] = cell as u16;
        self.count[cell] = 1;
        self.keys[cell] = key;
        self.hash ^= key;
        self.libs[cell] = self
            .neighbours(cell)
            .iter()
            .filter(|&&n| self.cells[n] == EMPTY)
            .count() as u16;
        for n in self.neighbours(cell) {
            if self.cells[n] == me && self.head[n] != 0 {
                let (a, b) = (self.head[cell], self.head[n]);
                if a != b {
                    self.merge(a as usize, b as usize);
                }
            }
        }
    }

    /// Returns the exact number of liberties of the string at `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> usize {
        self.position().string_and_liberties(p).1.len()
    }

    /// Returns the head cell of the string at `p` (for consistency checks in tests).
    pub fn string_id(&self, p: Point) -> usize {
        self.head[self.cell(p)] as usize
    }

    /// Returns the hash recomputed from the stones alone.
    pub fn recomputed_hash(&self) -> u64 {
        self.size
            .all_points()
            .fold(zobrist::empty_board(self.size.get()), |h, p| {
                match self.get(p) {
                    Some(c) => h ^ zobrist::stone(c, self.cell(p)),
                    None => h,
                }
            })
    }
}

/// Returns how many of the four neighbour heads are `h` (empty points and walls have head 0).
#[inline]
fn adjacency(heads: &[u16; 4], h: u16) -> u16 {
    heads.iter().filter(|&&x| x == h).count() as u16
}
