//! Rating changes for known cases, checked twice: against the crate's
//! `rate` and against the EGF formula written out here from its
//! definition (https://www.europeangodatabase.eu/EGD/EGF_rating_system.php,
//! with the handicap term of
//! https://www.europeangodatabase.eu/EGD/EGF_rating_system_old.php#System).

use pbmgo_rating::{Outcome, Rank, RatedGame, rate};

/// β(r) = -7 ln(3300 - r), where a player receiving h handicap (h ≥ 1)
/// counts as 100 (h - 0.5) points stronger.
fn beta(rating: f64, handicap: f64) -> f64 {
    let h = if handicap == 0.0 {
        0.0
    } else {
        100.0 * (handicap - 0.5)
    };
    -7.0 * (3300.0 - h - rating).ln()
}

/// Se(A) = 1 / (1 + e^(β(B) - β(A))).
fn expected(a: f64, ha: f64, b: f64, hb: f64) -> f64 {
    1.0 / (1.0 + (beta(b, hb) - beta(a, ha)).exp())
}

/// con(r) = ((3300 - r) / 200)^1.6: weaker players move faster.
fn con(r: f64) -> f64 {
    ((3300.0 - r) / 200.0).powf(1.6)
}

/// bonus(r) = ln(1 + e^((2300 - r) / 80)) / 5, against deflation.
fn bonus(r: f64) -> f64 {
    ((2300.0 - r) / 80.0).exp().ln_1p() / 5.0
}

/// r' = max(-900, r + con(r) (S - Se) + bonus(r)).
fn by_hand(black: f64, white: f64, handicap: u32, black_score: f64) -> (f64, f64) {
    let h = f64::from(handicap);
    let eb = expected(black, h, white, 0.0);
    let nb = (black + con(black) * (black_score - eb) + bonus(black)).max(-900.0);
    let nw = (white + con(white) * ((1.0 - black_score) - (1.0 - eb)) + bonus(white)).max(-900.0);
    (nb, nw)
}

/// (Black, White, handicap, outcome, Black after, White after), the
/// results rounded to a tenth.
const CASES: &[(f64, f64, u32, Outcome, f64, f64)] = &[
    // Even game between equals: the winner gains about what the loser
    // loses (both get the small bonus against deflation).
    (1600.0, 1600.0, 0, Outcome::BlackWins, 1617.1, 1586.4),
    (1600.0, 1600.0, 0, Outcome::WhiteWins, 1586.4, 1617.1),
    // An upset: the weaker player beating the stronger gains far more
    // than the stronger gains for the expected win.
    (1300.0, 1800.0, 0, Outcome::BlackWins, 1337.6, 1779.1),
    (1300.0, 1800.0, 0, Outcome::WhiteWins, 1297.8, 1804.2),
    // The same players at 5 stones: the weaker player's win is worth less,
    // the stronger player's more.
    (1300.0, 1800.0, 5, Outcome::BlackWins, 1324.7, 1787.3),
    (1300.0, 1800.0, 5, Outcome::WhiteWins, 1284.9, 1812.4),
    // Dan players move slowly.
    (2400.0, 2400.0, 0, Outcome::BlackWins, 2405.6, 2394.5),
    // A draw between unequals pulls them together.
    (1000.0, 1400.0, 0, Outcome::Draw, 1017.8, 1391.5),
    // Nobody falls below 30k.
    (-900.0, 0.0, 0, Outcome::WhiteWins, -900.0, 19.6),
];

fn score(o: Outcome) -> f64 {
    match o {
        Outcome::BlackWins => 1.0,
        Outcome::WhiteWins => 0.0,
        Outcome::Draw => 0.5,
    }
}

#[test]
fn known_cases_agree_with_the_formula_and_the_table() {
    for &(black, white, handicap, outcome, want_b, want_w) in CASES {
        let game = RatedGame {
            black,
            white,
            handicap,
        };
        let (b, w) = rate(game, outcome);
        let (hb, hw) = by_hand(black, white, handicap, score(outcome));
        assert!(
            (b - hb).abs() < 1e-9 && (w - hw).abs() < 1e-9,
            "{game:?} {outcome:?}"
        );
        let tenth = |x: f64| (x * 10.0).round() / 10.0;
        assert_eq!(
            (tenth(b), tenth(w)),
            (want_b, want_w),
            "{game:?} {outcome:?}"
        );
    }
}

#[test]
fn an_upset_moves_ratings_more_than_an_expected_result() {
    let g = RatedGame {
        black: 1300.0,
        white: 1800.0,
        handicap: 0,
    };
    let (upset_b, _) = rate(g, Outcome::BlackWins);
    let (_, expected_w) = rate(g, Outcome::WhiteWins);
    assert!(upset_b - 1300.0 > expected_w - 1800.0);
}

#[test]
fn a_fair_handicap_makes_the_stronger_players_win_worth_more() {
    let even = RatedGame {
        black: Rank::kyu(10).unwrap().rating(),
        white: Rank::kyu(5).unwrap().rating(),
        handicap: 0,
    };
    let fair = RatedGame {
        handicap: 5,
        ..even
    };
    let (_, w_even) = rate(even, Outcome::WhiteWins);
    let (_, w_fair) = rate(fair, Outcome::WhiteWins);
    assert!(w_fair > w_even, "{w_fair} {w_even}");
}
