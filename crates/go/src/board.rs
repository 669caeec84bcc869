//! The fast board: stones, strings, pseudo-liberties, captures and an
//! incrementally kept Zobrist hash.
//!
//! Owns the padded one-dimensional layout (a wall border, so neighbour loops
//! need no bounds checks), strings as circular lists with a head stone
//! holding the string's stone count and pseudo-liberty count, and the
//! two-step play: `preview` judges a play without changing anything
//! (captures, suicide, ko shape, hash after), `apply` carries it out.
//! It knows nothing of turns, history or ko rules.
//!
//! Speed notes (measured with callgrind and the replay bench): the
//! neighbour scans in `preview`, `place` and `remove_string` are written
//! without branches on what a neighbour holds (empty points and walls have
//! head 0, and `libs[0]` stays 0, so they can be read and updated like
//! strings). Branch mispredictions on those data-dependent tests were most
//! of the cost of a move. String hash keys are not stored: a capture walks
//! the captured strings (captures are rare), which keeps the board small and
//! cheap to set up per game.

mod probe;

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
}

/// What a stone play would do, worked out without changing the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Preview {
    /// The padded cell played.
    pub(crate) cell: usize,
    /// The point played.
    pub(crate) point: Point,
    /// The colour played.
    pub(crate) color: Color,
    /// Heads of the opposing strings the play captures.
    captured_heads: [u16; 4],
    captured_strings: u8,
    /// Stones captured.
    pub(crate) captures: u32,
    /// The stone had an empty or friendly neighbour before captures were removed.
    pub(crate) lib_or_friend: bool,
    /// The play captures nothing and leaves its own string without a liberty.
    pub(crate) suicide: bool,
    /// Stones the play would lose to suicide (0 unless `suicide`).
    pub(crate) suicide_stones: u32,
    /// The board hash after the play (with suicided stones removed).
    pub(crate) hash_after: u64,
}

impl Preview {
    /// Returns true for Scott's ko shape: exactly one stone captured by a
    /// stone that had no empty and no friendly neighbour.
    pub(crate) fn ko_shaped(&self) -> bool {
        self.captures == 1 && !self.lib_or_friend
    }

    /// Returns the cell of the single captured stone, when exactly one was captured.
    pub(crate) fn single_captured_cell(&self) -> Option<usize> {
        (self.captures == 1).then_some(self.captured_heads[0] as usize)
    }
}

/// The strings a play captures, as `preview` reports them.
#[derive(Default)]
struct Captured {
    heads: [u16; 4],
    strings: u8,
    stones: u32,
    key: u64,
}

/// Returns 1 for a black or white cell code, 0 for empty and wall.
#[inline]
fn is_stone(v: u8) -> u16 {
    u16::from(v.wrapping_sub(1) < 2)
}

impl Board {
    /// Returns an empty board of `size`.
    #[inline]
    pub(crate) fn new(size: BoardSize) -> Self {
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
        };
        for row in 0..n {
            let first = 1 + (row + 1) * b.stride;
            b.cells[first..first + n].fill(EMPTY);
        }
        b
    }

    /// Returns a board holding `pos`, with strings worked out from scratch.
    #[inline]
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
    pub(crate) fn cell(&self, p: Point) -> usize {
        (p.col as usize + 1) + (p.row as usize + 1) * self.stride
    }

    /// Returns the point of padded cell `cell`.
    pub(crate) fn point(&self, cell: usize) -> Point {
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
    pub(crate) fn position(&self) -> Position {
        let n = self.size.get() as usize;
        let mut cells = Vec::with_capacity(n * n);
        for row in 0..n {
            let first = 1 + (row + 1) * self.stride;
            cells.extend_from_slice(&self.cells[first..first + n]);
        }
        Position::from_cells(self.size, cells.into_boxed_slice())
    }

    /// Returns true when the board shows exactly `pos` (same size, same stones).
    pub(crate) fn matches(&self, pos: &Position) -> bool {
        let n = self.size.get() as usize;
        pos.size() == self.size
            && pos.cells().chunks(n).enumerate().all(|(row, line)| {
                let first = 1 + (row + 1) * self.stride;
                self.cells[first..first + n] == *line
            })
    }

    #[inline]
    fn neighbours(&self, c: usize) -> [usize; 4] {
        [c - self.stride, c - 1, c + 1, c + self.stride]
    }

    /// Returns the cell codes of `nbs` (written out: `array::map` was not inlined).
    #[inline(always)]
    fn codes(&self, nbs: &[usize; 4]) -> [u8; 4] {
        [
            self.cells[nbs[0]],
            self.cells[nbs[1]],
            self.cells[nbs[2]],
            self.cells[nbs[3]],
        ]
    }

    /// Returns the string heads of `nbs` (0 for empty points and walls).
    #[inline(always)]
    fn heads(&self, nbs: &[usize; 4]) -> [u16; 4] {
        [
            self.head[nbs[0]],
            self.head[nbs[1]],
            self.head[nbs[2]],
            self.head[nbs[3]],
        ]
    }

    /// Returns what playing `color` at `p` would do, or `None` when the point is taken.
    ///
    /// `p` must be on the board.
    #[inline]
    pub(crate) fn preview(&self, color: Color, p: Point) -> Option<Preview> {
        let cell = self.cell(p);
        self.is_free(cell)
            .then(|| self.preview_free(color, p, cell))
    }

    /// Returns true when padded cell `cell` is an empty point.
    #[inline(always)]
    pub(super) fn is_free(&self, cell: usize) -> bool {
        self.cells[cell] == EMPTY
    }

    /// `preview` for an empty point `p` at padded cell `cell` (see `is_free`).
    ///
    /// Returns a plain struct, not an `Option`: moving the `Option` through
    /// the game's checks cost more than the whole neighbour scan.
    #[inline(always)]
    pub(super) fn preview_free(&self, color: Color, p: Point, cell: usize) -> Preview {
        let me = color_code(Some(color));
        let opp = me ^ 3;
        let nbs = self.neighbours(cell);
        let v = self.codes(&nbs);
        let h = self.heads(&nbs);
        let l = [
            self.libs[h[0] as usize],
            self.libs[h[1] as usize],
            self.libs[h[2] as usize],
            self.libs[h[3] as usize],
        ];
        // Which neighbours belong to the same string (walls and empties share head 0).
        let (e01, e02, e03) = (h[0] == h[1], h[0] == h[2], h[0] == h[3]);
        let (e12, e13, e23) = (h[1] == h[2], h[1] == h[3], h[2] == h[3]);
        let adj = [
            1 + u16::from(e01) + u16::from(e02) + u16::from(e03),
            1 + u16::from(e01) + u16::from(e12) + u16::from(e13),
            1 + u16::from(e02) + u16::from(e12) + u16::from(e23),
            1 + u16::from(e03) + u16::from(e13) + u16::from(e23),
        ];
        let first = [true, !e01, !(e02 | e12), !(e03 | e13 | e23)];
        let mut empties = 0u8;
        let mut friend = false;
        let mut friend_lib = false;
        let mut cap_mask = 0u8;
        for i in 0..4 {
            empties += u8::from(v[i] == EMPTY);
            let f = v[i] == me;
            friend |= f;
            friend_lib |= f & (l[i] > adj[i]);
            cap_mask |= u8::from((v[i] == opp) & (l[i] == adj[i]) & first[i]) << i;
        }
        let mut hash_after = self.hash ^ zobrist::code_key(me, cell);
        // The rare cases are worked out apart and returned as plain values,
        // so the preview itself stays in registers.
        let (mut captured, mut suicide_stones) = (Captured::default(), 0);
        if cap_mask != 0 {
            captured = self.captured(&h, cap_mask, opp);
            hash_after ^= captured.key;
        } else if empties == 0 && !friend_lib {
            let (stones, key) = self.suicided(&nbs, me, cell);
            suicide_stones = stones;
            hash_after ^= key;
        }
        Preview {
            cell,
            point: p,
            color,
            captured_heads: captured.heads,
            captured_strings: captured.strings,
            captures: captured.stones,
            lib_or_friend: empties > 0 || friend,
            suicide: suicide_stones > 0,
            suicide_stones,
            hash_after,
        }
    }

    /// Returns the strings a play captures (the neighbours in `mask`, heads `heads`).
    #[inline(never)]
    fn captured(&self, heads: &[u16; 4], mask: u8, opp: u8) -> Captured {
        let mut c = Captured::default();
        for (i, &h) in heads.iter().enumerate() {
            if mask & (1 << i) != 0 {
                c.heads[c.strings as usize] = h;
                c.strings += 1;
                c.stones += u32::from(self.count[h as usize]);
                c.key ^= self.string_key(h as usize, opp);
            }
        }
        c
    }

    /// Returns the stones a suicide at `cell` loses and the XOR of their keys.
    #[inline(never)]
    fn suicided(&self, nbs: &[usize; 4], me: u8, cell: usize) -> (u32, u64) {
        let (mut stones, mut key) = (1, zobrist::code_key(me, cell));
        let mut seen: [u16; 4] = [0; 4];
        for (i, &n) in nbs.iter().enumerate() {
            let h = self.head[n];
            if self.cells[n] == me && !seen[..i].contains(&h) {
                seen[i] = h;
                stones += u32::from(self.count[h as usize]);
                key ^= self.string_key(h as usize, me);
            }
        }
        (stones, key)
    }

    /// Returns the XOR of the keys of the stones (of code `code`) in the string headed by `h`.
    fn string_key(&self, h: usize, code: u8) -> u64 {
        let (mut key, mut s) = (0, h);
        loop {
            key ^= zobrist::code_key(code, s);
            s = self.next[s] as usize;
            if s == h {
                return key;
            }
        }
    }

    /// Carries out a previewed play: places the stone, merges strings,
    /// removes captured strings and, for a suicide, the player's own string.
    ///
    /// `pv` must come from `preview` on this board, unchanged since.
    #[inline(always)]
    pub(crate) fn apply(&mut self, pv: &Preview) {
        let cell = pv.cell;
        let me = color_code(Some(pv.color));
        let nbs = self.neighbours(cell);
        let v = self.codes(&nbs);
        let h = self.heads(&nbs);
        self.cells[cell] = me;
        self.hash ^= zobrist::code_key(me, cell);
        let mut libs = 0;
        for i in 0..4 {
            libs += u16::from(v[i] == EMPTY);
            // Empty points and walls have head 0, whose count stays 0.
            self.libs[h[i] as usize] -= is_stone(v[i]);
        }
        // Join the stone to the first friendly string (or make it its own):
        // the same stores either way, so no branch on the neighbours.
        let mut t = cell as u16;
        for i in (0..4).rev() {
            t = if v[i] == me { h[i] } else { t };
        }
        let tu = t as usize;
        // All ones when joining a string, zero when the stone stands alone.
        let keep = u16::from(tu != cell).wrapping_neg();
        self.next[cell] = cell as u16;
        self.head[cell] = t;
        self.next[cell] = self.next[tu];
        self.next[tu] = cell as u16;
        self.libs[tu] = (self.libs[tu] & keep) + libs;
        self.count[tu] = (self.count[tu] & keep) + 1;
        let mut more = false;
        for i in 0..4 {
            more |= (v[i] == me) & (h[i] != t);
        }
        if more {
            for n in nbs {
                let (a, b) = (self.head[cell], self.head[n]);
                if self.cells[n] == me && a != b {
                    self.merge(a as usize, b as usize);
                }
            }
        }
        if pv.captured_strings != 0 || pv.suicide {
            for &h in &pv.captured_heads[..pv.captured_strings as usize] {
                self.remove_string(h as usize);
            }
            if pv.suicide {
                let h = self.head[cell] as usize;
                self.remove_string(h);
            }
        }
        debug_assert_eq!(self.hash, pv.hash_after);
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
    }

    fn remove_string(&mut self, h: usize) {
        let mut s = h;
        loop {
            self.hash ^= zobrist::code_key(self.cells[s], s);
            self.cells[s] = EMPTY;
            self.head[s] = 0;
            for n in self.neighbours(s) {
                // Stones of the string itself may be counted too: harmless, it is going.
                let hn = self.head[n] as usize;
                self.libs[hn] += is_stone(self.cells[n]);
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        debug_assert_eq!(self.libs[0], 0, "head 0 (walls, empties) has no liberties");
    }

    /// Recomputes strings, liberties and the hash from the cells alone.
    ///
    /// Stones are listed first (without a branch per point), then each is
    /// joined to the strings of its lower and left neighbours, the only ones
    /// already placed in row-major order.
    fn rebuild(&mut self) {
        self.hash = zobrist::empty_board(self.size.get());
        let n = self.size.get() as usize;
        let mut stones = [0u16; 25 * 25];
        let mut k = 0;
        for row in 0..n {
            let first = 1 + (row + 1) * self.stride;
            self.head[first..first + n].fill(0);
            for c in first..first + n {
                stones[k] = c as u16;
                k += usize::from(self.cells[c] != EMPTY);
            }
        }
        for &c in &stones[..k] {
            self.restore_stone(c as usize);
        }
    }

    /// Adds an existing stone during a rebuild (no capture, no suicide check).
    fn restore_stone(&mut self, cell: usize) {
        let me = self.cells[cell];
        let (down, left) = (cell - self.stride, cell - 1);
        let nbs = self.neighbours(cell);
        let v = self.codes(&nbs);
        self.hash ^= zobrist::code_key(me, cell);
        let libs = v.iter().map(|&x| u16::from(x == EMPTY)).sum::<u16>();
        let (fd, fl) = (v[0] == me, v[1] == me);
        let (hd, hl) = (self.head[down], self.head[left]);
        let t = if fl {
            hl
        } else if fd {
            hd
        } else {
            cell as u16
        };
        let tu = t as usize;
        let keep = u16::from(tu != cell).wrapping_neg();
        self.next[cell] = cell as u16;
        self.head[cell] = t;
        self.next[cell] = self.next[tu];
        self.next[tu] = cell as u16;
        self.libs[tu] = (self.libs[tu] & keep) + libs;
        self.count[tu] = (self.count[tu] & keep) + 1;
        if fd && fl && hd != hl {
            self.merge(hl as usize, hd as usize);
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
