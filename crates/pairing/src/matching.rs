//! [`Matching`]: a maximum matching of a general graph by Edmonds' blossom
//! algorithm, kept perfect while pairs are fixed one at a time. Swiss
//! pairing asks it "if these two play, can everyone else still be paired
//! without a repeat?": the answer costs one augmenting-path search, so a
//! round of 100 players is paired in milliseconds, and a round that cannot
//! be paired is known to be impossible, not merely hard to find.

const NONE: usize = usize::MAX;

/// A matching on the vertices still in play.
#[derive(Debug, Clone)]
pub(crate) struct Matching {
    /// Who may meet whom.
    adjacent: Vec<Vec<usize>>,
    /// Vertices still to be paired.
    alive: Vec<bool>,
    /// Each vertex's partner, or NONE.
    mate: Vec<usize>,
}

/// The search state of one augmenting-path search.
struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    queue: Vec<usize>,
}

impl Matching {
    /// A maximum matching of the graph with `allowed(a, b)` edges among the
    /// vertices with `alive` set.
    pub(crate) fn new(alive: Vec<bool>, allowed: impl Fn(usize, usize) -> bool) -> Matching {
        let n = alive.len();
        let adjacent = (0..n)
            .map(|a| (0..n).filter(|&b| a != b && allowed(a, b)).collect())
            .collect();
        let mut m = Matching {
            adjacent,
            alive,
            mate: vec![NONE; n],
        };
        for v in 0..n {
            if m.alive[v] && m.mate[v] == NONE {
                m.augment(v);
            }
        }
        m
    }

    /// Every vertex in play has a partner.
    pub(crate) fn is_perfect(&self) -> bool {
        (0..self.mate.len()).all(|v| !self.alive[v] || self.mate[v] != NONE)
    }

    /// Fixes the pair `a`-`b` and takes them out of play, if the others
    /// can still all be paired (the matching must be perfect). On `false`
    /// nothing changes.
    pub(crate) fn fix(&mut self, a: usize, b: usize) -> bool {
        if self.mate[a] == b {
            self.remove(a, b);
            return true;
        }
        if !self.adjacent[a].contains(&b) {
            return false;
        }
        let saved = self.mate.clone();
        let (ma, mb) = (self.mate[a], self.mate[b]);
        self.remove(a, b);
        self.mate[ma] = NONE;
        self.mate[mb] = NONE;
        if self.augment(ma) {
            return true;
        }
        self.mate = saved;
        self.alive[a] = true;
        self.alive[b] = true;
        false
    }

    fn remove(&mut self, a: usize, b: usize) {
        self.alive[a] = false;
        self.alive[b] = false;
        self.mate[a] = b;
        self.mate[b] = a;
    }

    /// Looks for an augmenting path from the free vertex `root` and flips it.
    fn augment(&mut self, root: usize) -> bool {
        let Some((mut v, parent)) = self.find_path(root) else {
            return false;
        };
        while v != NONE {
            let pv = parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
        true
    }

    /// A breadth-first search of alternating paths from `root`, shrinking
    /// odd cycles (blossoms) to their base; the free vertex it reaches and
    /// the tree's parents.
    fn find_path(&self, root: usize) -> Option<(usize, Vec<usize>)> {
        let n = self.mate.len();
        let mut s = Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            queue: vec![root],
        };
        s.used[root] = true;
        let mut head = 0;
        while head < s.queue.len() {
            let v = s.queue[head];
            head += 1;
            for &to in &self.adjacent[v] {
                if !self.alive[to] || s.base[v] == s.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && s.parent[self.mate[to]] != NONE) {
                    self.shrink(&mut s, v, to);
                } else if s.parent[to] == NONE {
                    s.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some((to, s.parent));
                    }
                    let next = self.mate[to];
                    s.used[next] = true;
                    s.queue.push(next);
                }
            }
        }
        None
    }

    /// Shrinks the blossom closed by the edge `v`-`to`.
    fn shrink(&self, s: &mut Search, v: usize, to: usize) {
        let top = self.common_base(s, v, to);
        let mut blossom = vec![false; self.mate.len()];
        self.mark_path(s, &mut blossom, v, top, to);
        self.mark_path(s, &mut blossom, to, top, v);
        for i in 0..self.mate.len() {
            if blossom[s.base[i]] {
                s.base[i] = top;
                if !s.used[i] {
                    s.used[i] = true;
                    s.queue.push(i);
                }
            }
        }
    }

    /// The base of the blossom closed by `a`-`b`: where their paths to the
    /// root meet.
    fn common_base(&self, s: &Search, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.mate.len()];
        loop {
            a = s.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = s.parent[self.mate[a]];
        }
        loop {
            b = s.base[b];
            if seen[b] {
                return b;
            }
            b = s.parent[self.mate[b]];
        }
    }

    /// Marks the blossom's vertices from `v` down to `top`, pointing the
    /// parents around the cycle.
    fn mark_path(
        &self,
        s: &mut Search,
        blossom: &mut [bool],
        mut v: usize,
        top: usize,
        mut child: usize,
    ) {
        while s.base[v] != top {
            blossom[s.base[v]] = true;
            blossom[s.base[self.mate[v]]] = true;
            s.parent[v] = child;
            child = self.mate[v];
            v = s.parent[self.mate[v]];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Matching;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Matching {
        let has = |a: usize, b: usize| edges.contains(&(a, b)) || edges.contains(&(b, a));
        Matching::new(vec![true; n], has)
    }

    #[test]
    fn a_blossom_is_shrunk_to_find_the_perfect_matching() {
        // A triangle 0-1-2 with tails 2-3 and 0-4-5: 0-1, 2-3, 4-5.
        let m = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]);
        assert!(m.is_perfect());
        // An odd cycle 0..4 with a pendant 5 on 0: 0-5, 1-2, 3-4, found
        // by going round the cycle when 0-1 was taken first.
        let m = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)]);
        assert!(m.is_perfect());
    }

    #[test]
    fn no_perfect_matching_is_seen() {
        // A star: the centre can take only one leaf.
        assert!(!graph(4, &[(0, 1), (0, 2), (0, 3)]).is_perfect());
        // Two triangles: odd components.
        assert!(!graph(6, &[(0, 1), (1, 2), (2, 0), (3, 4), (4, 5), (5, 3)]).is_perfect());
    }

    #[test]
    fn fixing_a_pair_keeps_the_rest_pairable_or_refuses() {
        // A path 0-1-2-3: only 0-1, 2-3 pairs everyone.
        let mut m = graph(4, &[(0, 1), (1, 2), (2, 3)]);
        assert!(!m.fix(1, 2), "1-2 strands 0 and 3");
        assert!(!m.fix(0, 2), "no edge");
        assert!(m.fix(2, 3));
        assert!(m.fix(0, 1));
        // A 4-cycle 0-1-2-3-0: either diagonal-free pairing works.
        let mut m = graph(4, &[(0, 1), (1, 2), (2, 3), (3, 0)]);
        assert!(m.fix(0, 3));
        assert!(m.is_perfect());
        assert!(m.fix(1, 2));
    }
}
