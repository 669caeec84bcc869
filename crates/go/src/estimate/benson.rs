//! Benson's test of unconditional life: the strings of a colour that no
//! sequence of opposing moves can capture, even if their owner always
//! passes ("pass-alive"), and the points those strings enclose so tightly
//! that the opponent can never live there ("pass-dead" for the opponent's
//! stones inside).
//!
//! Owns `PassAlive` and `pass_alive`. The algorithm (D. B. Benson, 1976):
//! split the board into the colour's strings and the regions they enclose
//! (maximal connected sets of points without the colour's stones). A
//! region is vital to a string when every empty point of the region is a
//! liberty of that string. Then repeat until nothing changes: drop every
//! string with fewer than two vital regions among the regions still kept,
//! and drop every region that touches a dropped string. The strings left
//! are pass-alive. Pure: a `Position` in, flags per point out.

use super::super::{Color, Point, Position};

/// The outcome of Benson's test for one colour.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassAlive {
    /// Per point (row-major index): a stone of the colour in a pass-alive string.
    pub alive: Vec<bool>,
    /// Per point: inside a region every empty point of which is a liberty
    /// of the pass-alive strings around it, so opposing stones there are dead.
    pub enclosed: Vec<bool>,
}

/// One region enclosed by the colour: its points and its bordering strings.
struct Region {
    points: Vec<usize>,
    borders: Vec<usize>,
    kept: bool,
}

/// Runs Benson's test for `color` on `pos`.
pub fn pass_alive(pos: &Position, color: Color) -> PassAlive {
    let size = pos.size();
    let n = size.points();
    let strings = label(pos, |c| c == Some(color));
    let areas = label(pos, |c| c != Some(color));
    let string_count = strings.iter().flatten().max().map_or(0, |m| m + 1);
    let libs = liberties(pos, &strings);
    let mut regions = regions(pos, &areas, &strings);
    let mut kept_strings = vec![true; string_count];
    let vital: Vec<Vec<usize>> = regions.iter().map(|r| vital_to(pos, r, &libs)).collect();
    loop {
        let mut changed = false;
        for (s, kept) in kept_strings.iter_mut().enumerate() {
            let count = regions
                .iter()
                .zip(&vital)
                .filter(|(r, v)| r.kept && v.contains(&s))
                .count();
            if *kept && count < 2 {
                *kept = false;
                changed = true;
            }
        }
        for r in regions.iter_mut().filter(|r| r.kept) {
            if r.borders.iter().any(|&s| !kept_strings[s]) {
                r.kept = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut alive = vec![false; n];
    for (i, s) in strings.iter().enumerate() {
        alive[i] = s.is_some_and(|s| kept_strings[s]);
    }
    let mut enclosed = vec![false; n];
    for r in regions.iter().filter(|r| r.kept && !r.borders.is_empty()) {
        if covered(pos, r, &alive) {
            r.points.iter().for_each(|&i| enclosed[i] = true);
        }
    }
    PassAlive { alive, enclosed }
}

/// Labels the connected sets of points whose content passes `member`.
fn label(pos: &Position, member: impl Fn(Option<Color>) -> bool) -> Vec<Option<usize>> {
    let size = pos.size();
    let mut out = vec![None; size.points()];
    let mut next = 0;
    for p in size.all_points() {
        if out[p.index(size)].is_some() || !member(pos.get(p)) {
            continue;
        }
        let mut stack = vec![p];
        out[p.index(size)] = Some(next);
        while let Some(q) = stack.pop() {
            for r in pos.neighbours(q) {
                if out[r.index(size)].is_none() && member(pos.get(r)) {
                    out[r.index(size)] = Some(next);
                    stack.push(r);
                }
            }
        }
        next += 1;
    }
    out
}

/// Returns, per point, the strings it is a liberty of (empty points only).
fn liberties(pos: &Position, strings: &[Option<usize>]) -> Vec<Vec<usize>> {
    let size = pos.size();
    let mut out = vec![Vec::new(); size.points()];
    for p in size.all_points().filter(|&p| pos.get(p).is_none()) {
        let list: &mut Vec<usize> = &mut out[p.index(size)];
        for q in pos.neighbours(p) {
            if let Some(s) = strings[q.index(size)]
                && !list.contains(&s)
            {
                list.push(s);
            }
        }
    }
    out
}

/// Returns the enclosed regions with the strings that border each.
fn regions(pos: &Position, areas: &[Option<usize>], strings: &[Option<usize>]) -> Vec<Region> {
    let size = pos.size();
    let count = areas.iter().flatten().max().map_or(0, |m| m + 1);
    let mut out: Vec<Region> = (0..count)
        .map(|_| Region {
            points: Vec::new(),
            borders: Vec::new(),
            kept: true,
        })
        .collect();
    for p in size.all_points() {
        let Some(a) = areas[p.index(size)] else {
            continue;
        };
        let r = &mut out[a];
        r.points.push(p.index(size));
        for q in pos.neighbours(p) {
            if let Some(s) = strings[q.index(size)]
                && !r.borders.contains(&s)
            {
                r.borders.push(s);
            }
        }
    }
    out
}

/// Returns the strings region `r` is vital to: bordering strings of which
/// every empty point of `r` is a liberty (none when `r` has no empty point).
fn vital_to(pos: &Position, r: &Region, libs: &[Vec<usize>]) -> Vec<usize> {
    let size = pos.size();
    let empty: Vec<usize> = r
        .points
        .iter()
        .copied()
        .filter(|&i| pos.get(Point::from_index(i, size)).is_none())
        .collect();
    if empty.is_empty() {
        return Vec::new();
    }
    r.borders
        .iter()
        .copied()
        .filter(|s| empty.iter().all(|&i| libs[i].contains(s)))
        .collect()
}

/// Returns true when every empty point of `r` touches a pass-alive stone.
fn covered(pos: &Position, r: &Region, alive: &[bool]) -> bool {
    let size = pos.size();
    r.points.iter().all(|&i| {
        let p = Point::from_index(i, size);
        pos.get(p).is_some() || pos.neighbours(p).any(|q| alive[q.index(size)])
    })
}
