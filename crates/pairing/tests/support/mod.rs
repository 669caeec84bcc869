//! What the tests share: a seeded pseudo-random generator (splitmix64, so
//! every "random" tournament is the same on every run), a way to play out a
//! round, and the invariants every paired round must keep.

#![allow(dead_code, reason = "each test file uses a part of it")]

use std::collections::BTreeSet;

use pbmgo_pairing::{Colour, Game, Outcome, Player, Round, System, standings};

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
/// helped, and no one's
/// colours more than two apart afterwards while that can be helped.
pub(crate) fn check_round(
    system: &System,
    players: &[Player<u32>],
    history: &[Round<u32>],
    round: &Round<u32>,
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
        let out: Vec<u32> = round.byes.iter().map(|b| b.player).collect();
        let rest: Vec<u32> = active
            .iter()
            .copied()
            .filter(|p| !out.contains(p))
            .collect();
        assert!(
            !matchable(&rest, &banned),
            "{label}: {lopsided:?} three apart in colours"
        );
    }
}

/// Brute force: can `left` all be paired with no pair of `met`?
pub(crate) fn matchable(left: &[u32], met: &BTreeSet<(u32, u32)>) -> bool {
    let Some((&first, rest)) = left.split_first() else {
        return true;
    };
    rest.iter().enumerate().any(|(i, &q)| {
        let key = (first.min(q), first.max(q));
        let others: Vec<u32> = rest
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &p)| p)
            .collect();
        !met.contains(&key) && matchable(&others, met)
    })
}
