//! What the tests share: a seeded pseudo-random generator (splitmix64, so
//! every "random" tournament is the same on every run), a way to play out a
//! round, and the invariants every paired round must keep.

#![allow(dead_code, reason = "each test file uses a part of it")]

use std::collections::{BTreeSet, HashMap};

use pbmgo_pairing::{Colour, ColourRule, Game, Outcome, Player, Round, System, standings};

/// splitmix64: small, fast, and the same everywhere.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `n` players with ids 1..=n and strengths in `lo..=hi`.
pub(crate) fn field(rng: &mut Rng, n: u32, lo: i32, hi: i32) -> Vec<Player<u32>> {
    let span = u64::try_from(hi - lo + 1).unwrap();
    (1..=n)
        .map(|id| Player::new(id, lo + i32::try_from(rng.below(span)).unwrap()))
        .collect()
}

/// The round with every game ended: mostly the stronger wins, now and then
/// an upset, a jigo or a game both lose.
pub(crate) fn play(rng: &mut Rng, players: &[Player<u32>], round: &Round<u32>) -> Round<u32> {
    let strength = |id: u32| players.iter().find(|p| p.id == id).unwrap().strength;
    let games = round
        .games
        .iter()
        .map(|g| {
            let roll = rng.below(100);
            let black_favoured = strength(g.black) >= strength(g.white);
            let outcome = match roll {
                0..=2 => Outcome::Jigo,
                3 => Outcome::BothLose,
                4..=69 if black_favoured => Outcome::BlackWins,
                4..=69 => Outcome::WhiteWins,
                _ if black_favoured => Outcome::WhiteWins,
                _ => Outcome::BlackWins,
            };
            g.ended(outcome)
        })
        .collect();
    Round {
        games,
        byes: round.byes.clone(),
    }
}

/// Each player's Blacks minus Whites over `history`.
pub(crate) fn colour_balance(history: &[Round<u32>], id: u32) -> i32 {
    let games = history.iter().flat_map(|r| r.games.iter());
    games
        .map(|g| match g.colour_of(id) {
            Some(Colour::Black) => 1,
            Some(Colour::White) => -1,
            None => 0,
        })
        .sum()
}

/// The byes `id` had in `history`.
pub(crate) fn byes_of(history: &[Round<u32>], id: u32) -> usize {
    history
        .iter()
        .flat_map(|r| r.byes.iter())
        .filter(|b| b.player == id)
        .count()
}

/// The pairs that have met in `history`, smaller id first.
pub(crate) fn met(history: &[Round<u32>]) -> BTreeSet<(u32, u32)> {
    history
        .iter()
        .flat_map(|r| r.games.iter())
        .map(pair)
        .collect()
}

pub(crate) fn pair(g: &Game<u32>) -> (u32, u32) {
    (g.black.min(g.white), g.black.max(g.white))
}

/// The invariants of a paired round: each active player exactly once (in a
/// game or the bye), no withdrawn player, no repeat, at most one bye, the
/// bye to the lowest score and to someone without one while that can be
/// helped, every game leaving both players' colours within one (or nearer
/// even) while a pairing of the same players can, and no one's colours
/// more than two apart afterwards while that can be helped.
pub(crate) fn check_round(
    system: &System,
    players: &[Player<u32>],
    history: &[Round<u32>],
    round: &Round<u32>,
) {
    check_round_under(system, players, history, round, ColourRule::WithinOne);
}

/// [`check_round`] for a round paired under `rule` (the colours within
/// one only under [`ColourRule::WithinOne`]).
pub(crate) fn check_round_under(
    system: &System,
    players: &[Player<u32>],
    history: &[Round<u32>],
    round: &Round<u32>,
    rule: ColourRule,
) {
    let label = format!("round {}", history.len() + 1);
    let mut seen = Vec::new();
    for g in &round.games {
        seen.extend([g.black, g.white]);
    }
    seen.extend(round.byes.iter().map(|b| b.player));
    seen.sort_unstable();
    let mut active: Vec<u32> = players.iter().filter(|p| p.active).map(|p| p.id).collect();
    active.sort_unstable();
    assert_eq!(seen, active, "{label}: each active player exactly once");
    let before = met(history);
    for g in &round.games {
        assert!(
            !before.contains(&pair(g)),
            "{label}: {:?} meet again",
            pair(g)
        );
    }
    assert!(round.byes.len() <= 1, "{label}: more than one bye");
    if let Some(bye) = round.byes.first() {
        // The lowest score among those without more byes, unless none of
        // the lower ones could sit out.
        let lines = standings(system, players, history).unwrap();
        let score = |id: u32| lines.iter().find(|s| s.player == id).unwrap().points;
        let fewer = |id: u32| byes_of(history, id) <= byes_of(history, bye.player);
        for &id in active
            .iter()
            .filter(|&&id| fewer(id) && score(id) < score(bye.player))
        {
            let rest: Vec<u32> = active.iter().copied().filter(|&p| p != id).collect();
            assert!(
                !matchable(&rest, &before),
                "{label}: the bye to {}, not {id}",
                bye.player
            );
        }
    }
    if let Some(bye) = round
        .byes
        .first()
        .filter(|b| byes_of(history, b.player) > 0)
    {
        // A second bye only when no one without one could sit out.
        for &id in active.iter().filter(|&&id| byes_of(history, id) == 0) {
            let rest: Vec<u32> = active.iter().copied().filter(|&p| p != id).collect();
            assert!(
                !matchable(&rest, &before),
                "{label}: a second bye for {}, not {id}",
                bye.player
            );
        }
    }
    if rule == ColourRule::WithinOne {
        within_one_while_it_can(&label, &active, &before, history, round);
    }
    let mut after = history.to_vec();
    after.push(round.clone());
    let lopsided: Vec<u32> = active
        .iter()
        .copied()
        .filter(|&id| colour_balance(&after, id).abs() > 2)
        .collect();
    if !lopsided.is_empty() {
        // Only when every pairing would do it: no pairing of the others
        // avoids both repeats and two players already two the same way.
        let mut banned = before.clone();
        for &a in &active {
            for &b in active.iter().filter(|&&b| b > a) {
                let (ba, bb) = (colour_balance(history, a), colour_balance(history, b));
                if ba.signum() == bb.signum() && ba.abs().min(bb.abs()) >= 2 {
                    banned.insert((a, b));
                }
            }
        }
        let rest = without_byes(&active, round);
        assert!(
            !matchable(&rest, &banned),
            "{label}: {lopsided:?} three apart in colours"
        );
    }
}

/// The active players who play in `round` (not its bye).
fn without_byes(active: &[u32], round: &Round<u32>) -> Vec<u32> {
    let out: Vec<u32> = round.byes.iter().map(|b| b.player).collect();
    active
        .iter()
        .copied()
        .filter(|p| !out.contains(p))
        .collect()
}

/// Every game leaves both within one (or nearer even than they were),
/// unless no pairing of the same players without a repeat does.
fn within_one_while_it_can(
    label: &str,
    active: &[u32],
    before: &BTreeSet<(u32, u32)>,
    history: &[Round<u32>],
    round: &Round<u32>,
) {
    let balance = |id: u32| colour_balance(history, id);
    let lopsided: Vec<(u32, u32)> = round
        .games
        .iter()
        .filter(|g| !ends_within_one(balance(g.black), balance(g.white)))
        .map(pair)
        .collect();
    if lopsided.is_empty() {
        return;
    }
    let rest = without_byes(active, round);
    let fits = |a: u32, b: u32| {
        !before.contains(&(a.min(b), a.max(b))) && ends_within_one(balance(a), balance(b))
    };
    assert!(
        fewest(&rest, &fits, &|_, _| 0).is_none(),
        "{label}: {lopsided:?} leave colours two apart, but a pairing keeps them within one"
    );
}

/// Brute force: can `left` all be paired with no pair of `met`?
pub(crate) fn matchable(left: &[u32], met: &BTreeSet<(u32, u32)>) -> bool {
    fewest(
        left,
        &|a, b| !met.contains(&(a.min(b), a.max(b))),
        &|_, _| 0,
    )
    .is_some()
}

/// Brute force over every pairing of `left` whose games all pass
/// `allowed`: the smallest total `cost`, or `None` when there is no such
/// pairing. Remembers each set of players left (as a bit mask over
/// `left`), so twenty players take a moment.
pub(crate) fn fewest(
    left: &[u32],
    allowed: &dyn Fn(u32, u32) -> bool,
    cost: &dyn Fn(u32, u32) -> usize,
) -> Option<usize> {
    assert!(left.len() <= 32, "a u32 mask");
    let full = if left.len() == 32 {
        u32::MAX
    } else {
        (1u32 << left.len()) - 1
    };
    let mut memo: HashMap<u32, Option<usize>> = HashMap::new();
    fewest_from(left, full, allowed, cost, &mut memo)
}

fn fewest_from(
    left: &[u32],
    mask: u32,
    allowed: &dyn Fn(u32, u32) -> bool,
    cost: &dyn Fn(u32, u32) -> usize,
    memo: &mut HashMap<u32, Option<usize>>,
) -> Option<usize> {
    if mask == 0 {
        return Some(0);
    }
    if let Some(&known) = memo.get(&mask) {
        return known;
    }
    let first = mask.trailing_zeros() as usize;
    let rest = mask & !(1 << first);
    let best = (first + 1..left.len())
        .filter(|&j| rest & (1 << j) != 0 && allowed(left[first], left[j]))
        .filter_map(|j| {
            let sub = fewest_from(left, rest & !(1 << j), allowed, cost, memo)?;
            Some(sub + cost(left[first], left[j]))
        })
        .min();
    memo.insert(mask, best);
    best
}

/// Whether a game between Blacks-minus-Whites `a` and `b`, Black to the
/// lower, leaves each of the two within one, or nearer even than before.
pub(crate) fn ends_within_one(a: i32, b: i32) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    [(lo, lo + 1), (hi, hi - 1)]
        .iter()
        .all(|&(before, after)| after.abs() <= 1 || after.abs() < before.abs())
}
