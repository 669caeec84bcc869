//! The tournaments' sentences in the wording snapshot: a tournament game's
//! start and a bye, the standings line of its final mail, the final
//! tables' letter, `join`, `leave` and a withdrawal, `tournament NAME` and
//! `tournaments`, and every refusal about them and about ladders.

use super::fixtures::{Page, id};
use crate::go::Color;
use crate::pipeline::base::wording::tournament as w;

/// Adds every sentence of tournaments to `p`.
pub(super) fn tournament_words(p: &mut Page) {
    let round = w::round_of(2, 5);
    p.show(
        "tournament::ordinals",
        [1, 2, 3, 4, 11, 12, 13, 21, 22, 101]
            .map(w::ordinal)
            .join(" "),
    );
    p.show("tournament::round_of(unknown)", w::round_of(3, 0));
    let time = "3 days a move";
    p.show(
        "tournament::paired_intro",
        w::paired_intro("autumn", &round, (id(), Color::White), "bob", time),
    );
    p.show("tournament::bye_subject", w::bye_subject("autumn", 2));
    p.show(
        "tournament::bye_text",
        w::bye_text("autumn", &round, "1 point"),
    );
    let top = [
        "1. alice 3".to_string(),
        "2. bob 2".into(),
        "2. carol 2".into(),
    ];
    p.show(
        "tournament::standings_line",
        w::standings_line("autumn", "standings in round 2 of 5", &top),
    );
    let ladder = ["1. alice".to_string(), "2. bob".into()];
    p.show("tournament::ladder_line", w::ladder_line("club", &ladder));
    p.show(
        "tournament::withdrew_how",
        w::withdrew_how("alice", Color::Black, "autumn"),
    );
    p.show(
        "tournament::joined(1)",
        w::joined("autumn", 1, &w::starts_when(Some("2026-12-01"))),
    );
    p.show(
        "tournament::joined(4)",
        w::joined("autumn", 4, &w::starts_when(None)),
    );
    p.show("tournament::joined_ladder", w::joined_ladder("club", 7));
    p.show("tournament::left", w::left("autumn"));
    p.show(
        "tournament::withdrew(none going)",
        w::withdrew("autumn", &[]),
    );
    p.show(
        "tournament::withdrew(one going)",
        w::withdrew("autumn", &[id()]),
    );
    p.show(
        "tournament::withdrawn_text",
        w::withdrawn_text("autumn", &[id()]),
    );
    p.show(
        "tournament::withdrawn_subject",
        w::withdrawn_subject("autumn"),
    );
    p.show(
        "tournament::admin_withdrew",
        w::admin_withdrew("alice", "autumn", &[]),
    );
    p.show(
        "tournament::admin_not_in",
        w::admin_not_in("alice", "autumn"),
    );
    p.show(
        "tournament::admin_removed",
        w::admin_removed("alice", "autumn"),
    );
    p.show("tournament::no_such", w::no_such("winter"));
    p.show("tournament::not_open", w::not_open("autumn", "started"));
    p.show("tournament::full", w::full("autumn", 8));
    p.show("tournament::already_in", w::already_in("autumn"));
    p.show("tournament::not_in", w::not_in("autumn"));
    p.show("tournament::not_a_ladder", w::not_a_ladder("autumn"));
    p.show("tournament::not_on_ladder", w::not_on_ladder("bob", "club"));
    p.show(
        "tournament::out_of_reach(below)",
        w::out_of_reach("club", 3, 5, 5),
    );
    p.show(
        "tournament::out_of_reach(far)",
        w::out_of_reach("club", 9, 2, 5),
    );
    p.show("tournament::one_at_a_time", w::one_at_a_time("club", id()));
    p.show(
        "tournament::ladder_challenge",
        w::ladder_challenge("club", 7, 3),
    );
    p.show("tournament::none_open", w::none_open());
    p.show(
        "tournament::heading",
        w::heading("autumn", "swiss", (19, "running"), &round, 8),
    );
    p.show("tournament::legend", w::legend());
    let going = [w::my_game(id(), "bob", 2), w::my_game(id(), "carol", 0)];
    p.show(
        "tournament::my_games",
        w::my_games(&going, 3, &w::next_round(3)),
    );
    p.show(
        "tournament::my_games(none)",
        w::my_games(&[], 5, w::next_none()),
    );
    p.show("tournament::next_ladder", w::next_ladder("club"));
    p.show("tournament::next_at_start", w::next_at_start());
    let line = w::listed(
        "autumn",
        ("swiss", 19),
        8,
        "started 2026-11-20",
        Some(&round),
    );
    p.show("tournament::list", w::list(&[line]));
    p.show("tournament::final_subject", w::final_subject("autumn"));
    p.show("tournament::final_intro", w::final_intro("autumn", Some(2)));
}
