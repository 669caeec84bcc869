//! Monte Carlo playouts from a finished position: both sides play light
//! random moves on the fast board until neither has a move left, and the
//! owner of every point at the end is tallied over many playouts.
//!
//! Owns the playout policy and its pseudo-random numbers. The policy:
//! 1. capture a string the last move left in atari;
//! 2. else, when the last move captured three to six stones, play the
//!    vital point of the space it emptied (nakade), if the shape has one;
//! 3. else save an own string the last move put in atari (by capturing a
//!    neighbour in atari, or by extending when that gives two liberties);
//! 4. else a random point, never filling an own eye, never suicide, never
//!    retaking a ko at once, and never a self-atari of a string of two or
//!    more stones (so a seki, where approaching is self-atari, stays as it
//!    is), with one exception and one more refusal, which together let a
//!    group with a small eye space die as it should without breaking seki:
//!    - a *sacrifice* of at most `SACRIFICE` stones is played when every
//!      opposing string around it is left in atari at the same point: the
//!      capture then leaves the capturer nothing but the emptied space, too
//!      small for two eyes (the throw-in that kills a bent three or a
//!      nakade stone's group);
//!    - a move that leaves its own string two liberties, both the only
//!      liberties of a small opposing string next to it, is refused: it
//!      would hand the opponent such a sacrifice (filling a shared liberty
//!      of a seki).
//!
//! The numbers come from a seed (the caller derives it from the
//! position), so the tally is the same for the same position on every run.

use super::super::board::{Board, Preview};
use super::super::zobrist::CELLS;
use super::super::{Color, Position};

/// The most stones a sacrifice may give (the string after the move).
const SACRIFICE: usize = 3;

/// How often each point ended as each colour's, over all playouts.
pub(super) struct Tally {
    /// Playouts run.
    pub(super) playouts: u32,
    /// Per point (row-major index): playouts that ended with the point Black's.
    pub(super) black: Vec<u32>,
    /// Per point: playouts that ended with the point White's.
    pub(super) white: Vec<u32>,
}

/// A small pseudo-random generator (splitmix64), seeded by the caller.
pub(super) struct Rng(u64);

impl Rng {
    /// Returns a generator starting at `seed`.
    pub(super) fn new(seed: u64) -> Self {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Returns a number below `n` (which must not be 0).
    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Runs `playouts` playouts from `pos`, Black and White starting in turn.
pub(super) fn tally(pos: &Position, playouts: u32, rng: &mut Rng) -> Tally {
    let start = Board::from_position(pos);
    let n = pos.size().points();
    let mut t = Tally {
        playouts,
        black: vec![0; n],
        white: vec![0; n],
    };
    let empty = start.empty_cells();
    let mut run = Playout::new(&start, &empty);
    for i in 0..playouts {
        run.reset(&start, &empty);
        let first = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        run.play_out(first, rng, 3 * n);
        run.count(&mut t);
    }
    t
}

/// One playout's board and its list of empty points.
struct Playout {
    board: Board,
    empty: Vec<u16>,
    slot: [u16; CELLS],
    ko: Option<(usize, Color)>,
    last: Option<usize>,
    libs: Vec<u16>,
    taken: Vec<u16>,
}

impl Playout {
    fn new(start: &Board, empty: &[u16]) -> Self {
        let mut p = Playout {
            board: start.clone(),
            empty: Vec::with_capacity(CELLS),
            slot: [0; CELLS],
            ko: None,
            last: None,
            libs: Vec::with_capacity(8),
            taken: Vec::with_capacity(CELLS),
        };
        p.reset(start, empty);
        p
    }

    fn reset(&mut self, start: &Board, empty: &[u16]) {
        self.board.clone_from(start);
        self.empty.clear();
        self.empty.extend_from_slice(empty);
        for (i, &c) in empty.iter().enumerate() {
            self.slot[c as usize] = i as u16;
        }
        self.ko = None;
        self.last = None;
    }

    /// Plays until two passes in a row or `limit` moves.
    fn play_out(&mut self, first: Color, rng: &mut Rng, limit: usize) {
        let (mut color, mut passes) = (first, 0);
        for _ in 0..limit {
            match self.choose(color, rng) {
                Some(pv) => {
                    self.play(&pv);
                    passes = 0;
                }
                None => {
                    self.ko = None;
                    self.last = None;
                    passes += 1;
                    if passes == 2 {
                        return;
                    }
                }
            }
            color = color.opponent();
        }
    }

    fn play(&mut self, pv: &Preview) {
        self.taken.clear();
        self.board.captured_cells(pv, &mut self.taken);
        self.remove_empty(pv.cell);
        self.board.apply(pv);
        for i in 0..self.taken.len() {
            let c = self.taken[i];
            self.slot[c as usize] = self.empty.len() as u16;
            self.empty.push(c);
        }
        self.ko = pv
            .single_captured_cell()
            .filter(|_| pv.ko_shaped())
            .map(|c| (c, pv.color.opponent()));
        self.last = Some(pv.cell);
    }

    fn remove_empty(&mut self, cell: usize) {
        let i = self.slot[cell] as usize;
        let moved = *self.empty.last().expect("the played point was empty");
        self.empty.swap_remove(i);
        if i < self.empty.len() {
            self.slot[moved as usize] = i as u16;
        }
    }

    /// Returns the move for `color`, or `None` to pass.
    fn choose(&mut self, color: Color, rng: &mut Rng) -> Option<Preview> {
        if let Some(pv) = self.tactical(color) {
            return Some(pv);
        }
        let len = self.empty.len();
        if len == 0 {
            return None;
        }
        let start = rng.below(len);
        (0..len).find_map(|k| {
            let cell = self.empty[(start + k) % len] as usize;
            self.acceptable(cell, color)
        })
    }

    /// A capture of a string the last move left in atari, else a rescue
    /// of an own string it put in atari: by capturing a string next to it
    /// that is in atari too, or by extending when that gives two liberties.
    fn tactical(&mut self, color: Color) -> Option<Preview> {
        let last = self.last?;
        let me = color_code(color);
        let mut cells = [last, 0, 0, 0, 0];
        cells[1..].copy_from_slice(&self.board.around(last));
        let mut escape = None;
        for &c in &cells {
            let code = self.board.code_at(c);
            if code != me && code != (me ^ 3) {
                continue;
            }
            self.board.liberties_upto(c, 2, &mut self.libs);
            if self.libs.len() != 1 {
                continue;
            }
            let lib = self.libs[0] as usize;
            if code != me {
                if let Some(pv) = self.legal(lib, color) {
                    return Some(pv);
                }
            } else if escape.is_none() {
                escape = Some((c, lib));
            }
        }
        if let Some(pv) = self.nakade().and_then(|cell| self.legal(cell, color)) {
            return Some(pv);
        }
        let (string, lib) = escape?;
        if let Some(pv) = self
            .board
            .capture_next_to(string, &mut self.libs)
            .and_then(|cell| self.legal(cell, color))
        {
            return Some(pv);
        }
        let pv = self.legal(lib, color)?;
        let (libs, _) = self.board.after_play(&pv, 2, &mut self.libs);
        (libs >= 2).then_some(pv)
    }

    /// The vital point of the space the last move emptied by capturing
    /// three to six stones: the one point of that space with more
    /// neighbours in it than any other (the middle of three, the centre of
    /// a pyramid four, bulky or crossed five, rabbity six), if there is one.
    fn nakade(&self) -> Option<usize> {
        let space = &self.taken;
        if !(3..=6).contains(&space.len()) {
            return None;
        }
        let degree = |c: u16| {
            self.board
                .around(c as usize)
                .iter()
                .filter(|&&n| space.contains(&(n as u16)))
                .count()
        };
        let (mut best, mut best_degree, mut ties) = (0, 0, 0);
        for &c in space {
            let d = degree(c);
            if d > best_degree {
                (best, best_degree, ties) = (c as usize, d, 1);
            } else if d == best_degree {
                ties += 1;
            }
        }
        (ties == 1 && best_degree >= 2).then_some(best)
    }

    /// The play of `color` at `cell` when it is legal in a playout.
    fn legal(&self, cell: usize, color: Color) -> Option<Preview> {
        if self.ko == Some((cell, color)) {
            return None;
        }
        let pv = self.board.preview_free(color, self.board.point(cell), cell);
        (!pv.suicide).then_some(pv)
    }

    /// The play of `color` at `cell` when the random policy may choose it
    /// (rule 4 of the header).
    fn acceptable(&mut self, cell: usize, color: Color) -> Option<Preview> {
        if self.board.is_eye(cell, color) {
            return None;
        }
        let pv = self.legal(cell, color)?;
        let (libs, joins) = self.board.after_play(&pv, 3, &mut self.libs);
        if !joins || libs > 2 || pv.captures > 0 {
            return Some(pv);
        }
        let a = usize::from(*self.libs.first()?);
        let b = self.libs.get(1).map(|&b| usize::from(b));
        let ok = match b {
            Some(b) => !self
                .board
                .opens_sacrifice(&pv, a, b, SACRIFICE - 1, &mut self.libs),
            None => {
                libs == 1
                    && self.board.joined_stones(&pv) <= SACRIFICE
                    && self.board.mutual_atari(&pv, a, &mut self.libs)
            }
        };
        ok.then_some(pv)
    }

    /// Adds the owner of every point at the end of this playout to `t`.
    fn count(&self, t: &mut Tally) {
        let size = self.board.size();
        for p in size.all_points() {
            let i = p.index(size);
            let cell = self.board.cell(p);
            let owner = match self.board.code_at(cell) {
                0 => self.surrounded_by(cell),
                v => v,
            };
            match owner {
                1 => t.black[i] += 1,
                2 => t.white[i] += 1,
                _ => {}
            }
        }
    }

    /// Returns the code of the one colour around empty `cell`, else 0.
    fn surrounded_by(&self, cell: usize) -> u8 {
        let mut seen = 0u8;
        for n in self.board.around(cell) {
            if let v @ (1 | 2) = self.board.code_at(n) {
                seen |= v;
            }
        }
        if seen == 3 { 0 } else { seen }
    }
}

fn color_code(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}
