//! [`next_round`]: the next round of a Swiss or McMahon tournament from the
//! rounds so far.
//!
//! The active players are ordered by score (McMahon score in a McMahon),
//! then strength, then id; players of equal score make a score group. Then:
//! 1. an odd count gives a bye: to the lowest-placed player who has not had
//!    one (fewest byes first, then lowest score, then weakest, then the
//!    greatest id), the first such player without whom everyone else can
//!    still be paired;
//! 2. the others are paired top first: each unpaired player takes the best
//!    partner who has not met them and without whom the rest can still be
//!    paired with no repeat (Edmonds' matching answers that, so a pairing is
//!    found whenever one exists). Colours come before score groups: while a
//!    pairing exists in which every player's Blacks and Whites end within
//!    one (or nearer even than they were), only such games are made; failing
//!    that, games that leave no one three apart; failing that, any game
//!    without a repeat (when choosing the bye too, after its own rule).
//!    "Best" is then, in this order: the stricter colour tier; the nearest
//!    score (so groups pair within themselves, and an odd group's last
//!    player floats down to the top of the next group); the fewest of
//!    the group left unable to pair among themselves for their colours;
//!    not both due the same colour; within a group the top half against
//!    the bottom half (the k-th with the k-th after the middle); then the
//!    higher placed;
//! 3. in each game Black goes to the one with the fewer Blacks net of
//!    Whites so far, then to the one who had White last, then to the
//!    weaker, then (in odd rounds) to the higher placed, (in even rounds)
//!    to the lower.
//!
//! Colours come first because a score group can be all due the same
//! colour (every winner of round 1 had Black): pairing it within itself
//! would leave half of it two apart, so its players meet the next group
//! instead, as few of them as the colours allow. Under
//! [`ColourRule::GroupsFirst`] the order is the other way: the tiers are
//! only "no one three apart" and then any game, and "best" puts the
//! nearest score before the colour tier.
//!
//! A round robin's "next round" is its schedule's next round
//! ([`round_robin`](crate::round_robin)) without the withdrawn players' games.

use std::cmp::Reverse;

use crate::colour::{ColourRule, Needs, black_first, tier};
use crate::error::PairingError;
use crate::matching::Matching;
use crate::model::{Bye, Game, Key, Player, Points, Round};
use crate::record::{Record, Table};
use crate::robin::round_robin;
use crate::system::System;

/// The next round (`history.len() + 1`), its bye worth `bye_points`,
/// with colours within one before score groups ([`ColourRule::WithinOne`]).
pub fn next_round<K: Key>(
    system: &System,
    players: &[Player<K>],
    history: &[Round<K>],
    bye_points: Points,
) -> Result<Round<K>, PairingError<K>> {
    next_round_with(system, players, history, bye_points, ColourRule::WithinOne)
}

/// [`next_round`] under `rule`.
pub fn next_round_with<K: Key>(
    system: &System,
    players: &[Player<K>],
    history: &[Round<K>],
    bye_points: Points,
    rule: ColourRule,
) -> Result<Round<K>, PairingError<K>> {
    let number = history.len() + 1;
    let starts = system.starts(players)?;
    let table = Table::new(players, history, &starts)?;
    if *system == System::RoundRobin {
        return next_robin_round(players, number);
    }
    let r = &table.records;
    let mut order: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    order.sort_by_key(|&i| {
        (
            Reverse(r[i].score),
            Reverse(players[i].strength),
            players[i].id,
        )
    });
    let fresh = |a: usize, b: usize| !table.met[a][b];
    let within = |limit: u8| move |a: usize, b: usize| fresh(a, b) && game_tier(r, a, b) <= limit;
    let (one, two) = (within(0), within(1));
    let tiers: &[&dyn Fn(usize, usize) -> bool] = match rule {
        ColourRule::WithinOne => &[&one, &two, &fresh],
        ColourRule::GroupsFirst => &[&two, &fresh],
    };
    let (bye, mut matching) =
        sit_out(players, r, &order, tiers).ok_or(PairingError::NoPairing { round: number })?;
    order.retain(|&i| Some(i) != bye);
    let pairs = pair_down(players, r, (&order, rule), &table, &mut matching);
    let games = pairs
        .into_iter()
        .map(|(a, b)| {
            let black_a = black_first(
                (&r[a], players[a].strength),
                (&r[b], players[b].strength),
                number,
            );
            let (black, white) = if black_a { (a, b) } else { (b, a) };
            Game::new(players[black].id, players[white].id)
        })
        .collect();
    let byes = bye
        .map(|i| Bye {
            player: players[i].id,
            points: bye_points,
        })
        .into_iter()
        .collect();
    Ok(Round { games, byes })
}

/// Who sits out (none for an even count) and a perfect matching of the
/// rest, or `None` when every choice leaves a repeat. Each graph of
/// `tiers` is tried in turn (the stricter first), but for the bye, fewer
/// byes and then a lower score come before the tier.
fn sit_out<K: Key>(
    players: &[Player<K>],
    r: &[Record],
    order: &[usize],
    tiers: &[&dyn Fn(usize, usize) -> bool],
) -> Option<(Option<usize>, Matching)> {
    let perfect_without = |out: Option<usize>, allowed: &dyn Fn(usize, usize) -> bool| {
        let mut alive = vec![false; players.len()];
        order
            .iter()
            .filter(|&&i| Some(i) != out)
            .for_each(|&i| alive[i] = true);
        let m = Matching::new(alive, allowed);
        m.is_perfect().then_some((out, m))
    };
    if order.is_empty() {
        return None;
    }
    if order.len().is_multiple_of(2) {
        return tiers
            .iter()
            .find_map(|allowed| perfect_without(None, allowed));
    }
    let mut candidates = order.to_vec();
    candidates.sort_by_key(|&i| {
        (
            r[i].byes,
            r[i].score,
            players[i].strength,
            Reverse(players[i].id),
        )
    });
    candidates
        .chunk_by(|&a, &b| (r[a].byes, r[a].score) == (r[b].byes, r[b].score))
        .find_map(|same| {
            tiers.iter().find_map(|allowed| {
                same.iter()
                    .find_map(|&out| perfect_without(Some(out), allowed))
            })
        })
}

/// Pairs `order` top first, each with the best partner that keeps the rest
/// pairable; `matching` must be perfect on `order`.
fn pair_down<K: Key>(
    players: &[Player<K>],
    r: &[Record],
    (order, rule): (&[usize], ColourRule),
    table: &Table,
    matching: &mut Matching,
) -> Vec<(usize, usize)> {
    let seat = seats(r, order);
    let mut paired = vec![false; players.len()];
    let mut pairs = Vec::with_capacity(order.len() / 2);
    for (rank, &p) in order.iter().enumerate() {
        if paired[p] {
            continue;
        }
        paired[p] = true;
        let group = Needs::of(
            order
                .iter()
                .filter(|&&q| !paired[q] && r[q].score == r[p].score)
                .map(|&q| r[q].balance),
        );
        let mut candidates: Vec<(usize, usize)> = order
            .iter()
            .enumerate()
            .filter(|&(_, &q)| !paired[q] && !table.met[p][q])
            .map(|(qrank, &q)| (qrank, q))
            .collect();
        candidates.sort_by_key(|&(qrank, q)| {
            let same_way = r[p].balance.signum() == r[q].balance.signum() && r[p].balance != 0;
            let gap = (r[p].score.quarters() - r[q].score.quarters()).abs();
            let mut left = group;
            if r[q].score == r[p].score {
                left.add(r[q].balance, -1);
            }
            let fold = if r[p].score == r[q].score {
                seat[qrank].0.abs_diff(seat[rank].0 + seat[rank].1 / 2)
            } else {
                seat[qrank].0
            };
            let tier = game_tier(r, p, q);
            let (first, second) = match rule {
                ColourRule::WithinOne => (tier, gap),
                ColourRule::GroupsFirst => (u8::from(tier == 2), gap),
            };
            (first, second, tier, left.excess(), same_way, fold, qrank)
        });
        // One candidate always fits: the partner in the perfect matching.
        if let Some(&(_, q)) = candidates.iter().find(|&&(_, q)| matching.fix(p, q)) {
            paired[q] = true;
            pairs.push((p, q));
        }
    }
    pairs
}

/// The colour tier of a game between the players at `a` and `b`.
fn game_tier(r: &[Record], a: usize, b: usize) -> u8 {
    tier(r[a].balance, r[b].balance)
}

/// For each place in `order`: its seat within its score group and the
/// group's size.
fn seats(r: &[Record], order: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(order.len());
    let mut start = 0;
    while start < order.len() {
        let score = r[order[start]].score;
        let size = order[start..]
            .iter()
            .take_while(|&&i| r[i].score == score)
            .count();
        out.extend((0..size).map(|s| (s, size)));
        start += size;
    }
    out
}

/// The round robin's round `number` among everyone listed, without the
/// games of withdrawn players (their opponents have no game that round).
fn next_robin_round<K: Key>(
    players: &[Player<K>],
    number: usize,
) -> Result<Round<K>, PairingError<K>> {
    let ids: Vec<K> = players.iter().map(|p| p.id).collect();
    let mut round = round_robin(&ids)?
        .into_iter()
        .nth(number - 1)
        .ok_or(PairingError::NoPairing { round: number })?;
    let active = |id: K| players.iter().any(|p| p.id == id && p.active);
    round.games.retain(|g| active(g.black) && active(g.white));
    round.byes.retain(|b| active(b.player));
    Ok(round)
}
