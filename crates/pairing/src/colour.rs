//! Colour balance in a Swiss or McMahon: how far a game would leave its two
//! players' Blacks and Whites apart ([`tier`]), how many of a score group
//! its colours push out of it ([`Needs::excess`]), and who takes Black
//! ([`black_first`]).
//!
//! A player's balance is their Blacks minus their Whites. Black goes to the
//! one of the two with the lower balance, so a game between balances `a`
//! and `b` leaves `min + 1` and `max - 1`.

use std::cmp::Ordering;

use crate::model::Colour;
use crate::record::Record;

/// Which comes first in a Swiss or McMahon when the two conflict: every
/// player's colours within one, or pairing within score groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ColourRule {
    /// While any pairing without a repeat keeps every player's Blacks and
    /// Whites within one (or nearer even), only such a pairing is made;
    /// score groups are paired within themselves as far as that allows.
    #[default]
    WithinOne,
    /// Score groups are paired within themselves first; colours are
    /// balanced within a group, and never left three apart while a
    /// pairing avoids it.
    GroupsFirst,
}

/// The tier of a game between balances `a` and `b`, Black to the lower:
/// 0 when both end within one (or nearer even than they were), 1 when
/// both end within two (or nearer), 2 otherwise.
pub(crate) fn tier(a: i32, b: i32) -> u8 {
    let (lo, hi) = (a.min(b), a.max(b));
    let moves = [(lo, lo + 1), (hi, hi - 1)];
    let within = |limit: i32| {
        moves
            .iter()
            .all(|&(before, after)| after.abs() <= limit || after.abs() < before.abs())
    };
    if within(1) {
        0
    } else if within(2) {
        1
    } else {
        2
    }
}

/// A score group's unpaired players by the colour they are due: White
/// (more Blacks so far), Black (more Whites), or either.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Needs {
    white: i32,
    black: i32,
    either: i32,
}

impl Needs {
    /// Counts the balances given.
    pub(crate) fn of(balances: impl Iterator<Item = i32>) -> Needs {
        let mut needs = Needs::default();
        balances.for_each(|b| needs.add(b, 1));
        needs
    }

    /// Adds (`by` 1) or takes away (`by` -1) a player of balance `b`.
    pub(crate) fn add(&mut self, b: i32, by: i32) {
        match b.cmp(&0) {
            Ordering::Greater => self.white += by,
            Ordering::Less => self.black += by,
            Ordering::Equal => self.either += by,
        }
    }

    /// How many of them cannot be paired among themselves without two due
    /// the same colour meeting: the due ones left over once each is paired
    /// with one due the other colour or with one who may take either.
    pub(crate) fn excess(self) -> i32 {
        ((self.white - self.black).abs() - self.either).max(0)
    }
}

/// Whether `a` takes Black against `b` (`a` placed higher): the one with
/// the lower balance, then the one who had White last, then the weaker,
/// then in odd rounds the higher placed, in even rounds the lower.
pub(crate) fn black_first(a: (&Record, i32), b: (&Record, i32), round: usize) -> bool {
    let due_black = |r: &Record| match r.last {
        Some(Colour::White) => 2,
        None => 1,
        Some(Colour::Black) => 0,
    };
    let order =
        b.0.balance
            .cmp(&a.0.balance)
            .then(due_black(a.0).cmp(&due_black(b.0)))
            .then(b.1.cmp(&a.1));
    match order {
        Ordering::Greater => true,
        Ordering::Less => false,
        Ordering::Equal => round % 2 == 1,
    }
}

#[cfg(test)]
mod tests {
    use super::{Needs, tier};

    #[test]
    fn tiers_follow_where_the_two_end() {
        // Even, or one each way: both end within one.
        assert_eq!(tier(0, 0), 0);
        assert_eq!(tier(1, -1), 0);
        assert_eq!(tier(1, 0), 0);
        // Both due White: one of them ends two apart.
        assert_eq!(tier(1, 1), 1);
        assert_eq!(tier(-1, -1), 1);
        assert_eq!(tier(2, 1), 1);
        // Both two the same way: one would end three apart.
        assert_eq!(tier(2, 2), 2);
        assert_eq!(tier(-3, -2), 2);
        // Three apart, met by one due the other way: both end nearer even.
        assert_eq!(tier(3, -2), 0);
        assert_eq!(tier(3, 0), 0);
        // Three apart against two the same way: one ends three apart.
        assert_eq!(tier(3, 2), 2);
    }

    #[test]
    fn excess_counts_who_must_leave_the_group() {
        let needs = |b: &[i32]| Needs::of(b.iter().copied()).excess();
        assert_eq!(needs(&[1, 1, -1, -1]), 0);
        assert_eq!(needs(&[1, 1, 1, 1]), 4);
        assert_eq!(needs(&[1, 1, 0, 0]), 0);
        assert_eq!(needs(&[1, 1, 1, 0]), 2);
        assert_eq!(needs(&[2, 1, -1, 0, 0]), 0);
    }
}
