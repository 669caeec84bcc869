//! Kyu and dan ranks: reading them as players write them (`5k`, `5 kyu`,
//! `1d`, `2 dan`), writing them (`5k`, `1d`), and their place on the EGF
//! scale.

use std::fmt;
use std::str::FromStr;

/// The lowest rating on the scale: 30 kyu.
pub const FLOOR: f64 = -900.0;

/// The weakest rank, 30 kyu, as a step of the scale.
const KYU_MAX: i32 = 30;
/// The strongest rank shown, 9 dan.
const DAN_MAX: i32 = 9;

/// A rank: 30k (weakest) to 1k, then 1d to 9d. Its `step` counts ranks
/// from 1 dan: 1d is 0, 1k is -1, 30k is -30, 9d is 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank {
    step: i32,
}

/// A rank that cannot be read, with what was written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a rank: write it as 5k (5 kyu, 1k to 30k) or 2d (2 dan, 1d to 9d)")]
pub struct BadRank(pub String);

impl Rank {
    /// `k` kyu (1 to 30), or `None`.
    pub fn kyu(k: u32) -> Option<Rank> {
        let k = i32::try_from(k)
            .ok()
            .filter(|k| (1..=KYU_MAX).contains(k))?;
        Some(Rank { step: -k })
    }

    /// `d` dan (1 to 9), or `None`.
    pub fn dan(d: u32) -> Option<Rank> {
        let d = i32::try_from(d)
            .ok()
            .filter(|d| (1..=DAN_MAX).contains(d))?;
        Some(Rank { step: d - 1 })
    }

    /// The rank a rating shows as: the nearest rank's value, a half rank
    /// up counting as the rank above (1950 is 1k, 2050 is 1d), held within
    /// 30k and 9d.
    pub fn of(rating: f64) -> Rank {
        let hundreds = ((rating - 2100.0) / 100.0 + 0.5).floor();
        let step = hundreds.clamp(f64::from(-KYU_MAX), f64::from(DAN_MAX - 1));
        Rank { step: step as i32 }
    }

    /// The rank's value on the scale: 2100 for 1d, 1600 for 5k.
    pub fn rating(self) -> f64 {
        2100.0 + 100.0 * f64::from(self.step)
    }

    /// How many ranks `self` is above `other` (negative when below).
    pub fn above(self, other: Rank) -> i32 {
        self.step - other.step
    }

    /// The rank as players read it: `5k`, `1d`.
    pub fn name(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            s if s < 0 => write!(f, "{}k", -s),
            s => write!(f, "{}d", s + 1),
        }
    }
}

impl FromStr for Rank {
    type Err = BadRank;

    /// Reads `5k`, `5K`, `5 kyu`, `5kyu`, `1d`, `2 dan`, `2-dan`.
    fn from_str(s: &str) -> Result<Rank, BadRank> {
        let bad = || BadRank(s.chars().take(40).collect());
        let text = s.trim().to_ascii_lowercase();
        let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
        let unit = text[digits.len()..].trim_start_matches([' ', '-']);
        let n: u32 = digits.parse().map_err(|_| bad())?;
        match unit {
            "k" | "kyu" => Rank::kyu(n),
            "d" | "dan" => Rank::dan(n),
            _ => None,
        }
        .ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_egf_scale() {
        let at = |s: &str| s.parse::<Rank>().unwrap().rating();
        assert_eq!(at("1d"), 2100.0);
        assert_eq!(at("1k"), 2000.0);
        assert_eq!(at("20k"), 100.0);
        assert_eq!(at("30k"), FLOOR);
        assert_eq!(at("7d"), 2700.0);
        assert_eq!(at("5k"), 1600.0);
    }

    #[test]
    fn a_rating_shows_as_its_nearest_rank() {
        for (rating, rank) in [
            (1812.0, "3k"),
            (1849.9, "3k"),
            (1850.0, "2k"),
            (1750.0, "3k"),
            (1749.9, "4k"),
            (2049.0, "1k"),
            (2050.0, "1d"),
            (2100.0, "1d"),
            (100.0, "20k"),
            (-900.0, "30k"),
            (-2000.0, "30k"),
            (3500.0, "9d"),
        ] {
            assert_eq!(Rank::of(rating).to_string(), rank, "{rating}");
        }
    }

    #[test]
    fn ranks_as_players_write_them() {
        for (text, shown) in [
            ("5k", "5k"),
            ("5K", "5k"),
            ("5 kyu", "5k"),
            ("5kyu", "5k"),
            ("30k", "30k"),
            ("1d", "1d"),
            ("2 dan", "2d"),
            ("2-dan", "2d"),
            ("9d", "9d"),
        ] {
            assert_eq!(text.parse::<Rank>().unwrap().to_string(), shown);
        }
        for bad in ["", "k", "0k", "31k", "10d", "5", "5p", "-3k", "five kyu"] {
            assert!(bad.parse::<Rank>().is_err(), "{bad}");
        }
        let err = "31k".parse::<Rank>().unwrap_err().to_string();
        assert!(err.contains("1k to 30k"), "{err}");
    }

    #[test]
    fn every_rank_is_its_own_rating_and_back() {
        for k in 1..=30 {
            let r = Rank::kyu(k).unwrap();
            assert_eq!(Rank::of(r.rating()), r);
        }
        for d in 1..=9 {
            let r = Rank::dan(d).unwrap();
            assert_eq!(Rank::of(r.rating()), r);
        }
        assert_eq!(Rank::dan(3).unwrap().above(Rank::kyu(2).unwrap()), 4);
    }
}
