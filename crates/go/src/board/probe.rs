//! Read-only questions the position estimator's playouts ask the fast
//! board: exact liberty counts (up to a limit), eyes, the points a play
//! captures, and the cells of empty points.
//!
//! Owns nothing but these queries; they walk the board's strings and never
//! change it.

use super::{Board, EMPTY, Preview, WALL};
use crate::Color;
use crate::position::color_code;

impl Board {
    /// Returns the padded cells of every empty point.
    pub(crate) fn empty_cells(&self) -> Vec<u16> {
        let n = self.size.get() as usize;
        let mut out = Vec::with_capacity(n * n);
        for row in 0..n {
            let first = 1 + (row + 1) * self.stride;
            out.extend(
                (first..first + n)
                    .filter(|&c| self.cells[c] == EMPTY)
                    .map(|c| c as u16),
            );
        }
        out
    }

    /// Returns the cell code at padded cell `cell` (0 empty, 1 black, 2 white, 3 wall).
    #[inline]
    pub(crate) fn code_at(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Returns the four neighbouring cells of `cell`.
    #[inline]
    pub(crate) fn around(&self, cell: usize) -> [usize; 4] {
        self.neighbours(cell)
    }

    /// Returns true when empty `cell` is an eye of `color`: every
    /// neighbour is `color` (or the edge) and the diagonals hold at most one
    /// opposing stone (none on the edge).
    pub(crate) fn is_eye(&self, cell: usize, color: Color) -> bool {
        let me = color_code(Some(color));
        if self
            .neighbours(cell)
            .iter()
            .any(|&n| self.cells[n] != me && self.cells[n] != WALL)
        {
            return false;
        }
        let s = self.stride;
        let diagonals = [cell - s - 1, cell - s + 1, cell + s - 1, cell + s + 1];
        let (mut enemy, mut edge) = (0, false);
        for d in diagonals {
            match self.cells[d] {
                WALL => edge = true,
                v if v == (me ^ 3) => enemy += 1,
                _ => {}
            }
        }
        enemy == 0 || (!edge && enemy == 1)
    }

    /// Returns the distinct liberties of the string at `cell`, at most
    /// `limit` of them (the walk stops there), written into `out`.
    pub(crate) fn liberties_upto(&self, cell: usize, limit: usize, out: &mut Vec<u16>) {
        out.clear();
        let h = self.head[cell] as usize;
        let mut s = h;
        loop {
            for n in self.neighbours(s) {
                if self.cells[n] == EMPTY && !out.contains(&(n as u16)) {
                    out.push(n as u16);
                    if out.len() >= limit {
                        return;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return;
            }
        }
    }

    /// Returns true when the previewed play leaves its string with just the
    /// liberties `a` and `b` and an opposing string of at most `small`
    /// stones next to `a` has no other liberties either: the opponent can
    /// then fill `a` and put both in atari at once.
    pub(crate) fn opens_sacrifice(
        &self,
        pv: &Preview,
        a: usize,
        b: usize,
        small: usize,
        buf: &mut Vec<u16>,
    ) -> bool {
        let opp = color_code(Some(pv.color)) ^ 3;
        self.neighbours(a).iter().any(|&n| {
            self.cells[n] == opp && usize::from(self.count[self.head[n] as usize]) <= small && {
                self.liberties_upto(n, 4, buf);
                buf.retain(|&l| l as usize != pv.cell);
                buf.len() == 2 && buf.contains(&(a as u16)) && buf.contains(&(b as u16))
            }
        })
    }

    /// Returns the liberties (at most `limit`) and the size (at least 2 or
    /// exactly 1) of the string a previewed play would make, before captures.
    /// A play that captures counts as having `limit` liberties.
    pub(crate) fn after_play(
        &self,
        pv: &Preview,
        limit: usize,
        buf: &mut Vec<u16>,
    ) -> (usize, bool) {
        let me = color_code(Some(pv.color));
        let nbs = self.neighbours(pv.cell);
        let joins = nbs.iter().any(|&n| self.cells[n] == me);
        if pv.captures > 0 {
            return (limit, joins);
        }
        buf.clear();
        for n in nbs {
            if self.cells[n] == EMPTY && !buf.contains(&(n as u16)) {
                buf.push(n as u16);
            }
        }
        let mut heads: [u16; 4] = [0; 4];
        for (i, &n) in nbs.iter().enumerate() {
            let h = self.head[n];
            if self.cells[n] != me || heads[..i].contains(&h) {
                continue;
            }
            heads[i] = h;
            let mut s = h as usize;
            loop {
                for m in self.neighbours(s) {
                    if m != pv.cell && self.cells[m] == EMPTY && !buf.contains(&(m as u16)) {
                        buf.push(m as u16);
                    }
                }
                if buf.len() >= limit {
                    return (limit, joins);
                }
                s = self.next[s] as usize;
                if s == h as usize {
                    break;
                }
            }
        }
        (buf.len().min(limit), joins)
    }

    /// Returns the stones of the string a previewed play would make
    /// (the new stone and the friendly strings it joins), before captures.
    pub(crate) fn joined_stones(&self, pv: &Preview) -> usize {
        let me = color_code(Some(pv.color));
        let nbs = self.neighbours(pv.cell);
        let mut heads: [u16; 4] = [0; 4];
        let mut stones = 1;
        for (i, &n) in nbs.iter().enumerate() {
            let h = self.head[n];
            if self.cells[n] == me && !heads[..i].contains(&h) {
                heads[i] = h;
                stones += usize::from(self.count[h as usize]);
            }
        }
        stones
    }

    /// Returns true when, after the previewed play, every opposing string
    /// next to the string it makes, or next to that string's one liberty
    /// `lib`, has no liberty but `lib` either (a mutual atari at `lib`).
    pub(crate) fn mutual_atari(&self, pv: &Preview, lib: usize, buf: &mut Vec<u16>) -> bool {
        let me = color_code(Some(pv.color));
        let opp = me ^ 3;
        let only_lib = |n: usize, buf: &mut Vec<u16>| {
            self.cells[n] != opp || {
                self.liberties_upto(n, 3, buf);
                buf.iter()
                    .all(|&l| l as usize == lib || l as usize == pv.cell)
            }
        };
        let nbs = self.neighbours(pv.cell);
        if !nbs
            .iter()
            .chain(&self.neighbours(lib))
            .all(|&n| only_lib(n, buf))
        {
            return false;
        }
        for (i, &n) in nbs.iter().enumerate() {
            let h = self.head[n];
            if self.cells[n] != me || nbs[..i].iter().any(|&m| self.head[m] == h) {
                continue;
            }
            let mut s = h as usize;
            loop {
                if !self.neighbours(s).iter().all(|&m| only_lib(m, buf)) {
                    return false;
                }
                s = self.next[s] as usize;
                if s == h as usize {
                    break;
                }
            }
        }
        true
    }

    /// Returns the liberty of an opposing string in atari next to the
    /// string at `cell` (a capture that would save it), if there is one.
    pub(crate) fn capture_next_to(&self, cell: usize, buf: &mut Vec<u16>) -> Option<usize> {
        let (h, mine) = (self.head[cell] as usize, self.cells[cell]);
        let mut s = h;
        loop {
            for n in self.neighbours(s) {
                if self.cells[n] == (mine ^ 3) {
                    self.liberties_upto(n, 2, buf);
                    if buf.len() == 1 {
                        return Some(buf[0] as usize);
                    }
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return None;
            }
        }
    }

    /// Appends the cells of the stones a previewed play captures to `out`.
    pub(crate) fn captured_cells(&self, pv: &Preview, out: &mut Vec<u16>) {
        for &h in &pv.captured_heads[..pv.captured_strings as usize] {
            let mut s = h as usize;
            loop {
                out.push(s as u16);
                s = self.next[s] as usize;
                if s == h as usize {
                    break;
                }
            }
        }
    }
}
