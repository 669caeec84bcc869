//! The ranks' and ratings' sentences in the wording snapshot: a declared
//! rank, the rank a player may no longer set, a rated game's changes or
//! why it was not rated, what `handicap auto` chose, and `players near`.

use super::fixtures::{Page, at};
use crate::pipeline::base::wording::ratings as w;
use crate::rating::{Rank, stones_for};
use crate::store::ratings::Unrated;

/// Adds every sentence of the ratings to `p`.
pub(super) fn rating_words(p: &mut Page) {
    let five_k = Rank::kyu(5).unwrap();
    p.show("ratings::rank_declared", w::rank_declared(five_k));
    p.show("ratings::rank_locked", w::rank_locked("3k (1812)"));
    let lines = [
        w::change_line("alice", 1812.4, 1827.2),
        w::change_line("bob", 1849.0, 1851.3),
    ];
    p.show("ratings::change_line(up, new rank)", lines.join("\n"));
    p.show(
        "ratings::ratings_paragraph",
        w::ratings_paragraph(&lines, None),
    );
    for why in [Unrated::Off, Unrated::Void, Unrated::Escaped] {
        p.show(
            &format!("ratings::ratings_paragraph({why:?})"),
            w::ratings_paragraph(&[], Some(why)),
        );
    }
    for (ranks, size) in [(0, 19), (1, 19), (3, 19), (12, 19), (4, 13), (7, 9)] {
        let h = stones_for(ranks, size, 9);
        p.show(
            &format!("ratings::auto_handicap({ranks} ranks, {size}x{size})"),
            w::auto_handicap(("alice", "5k (1600)"), ("bob", "2k (1900)"), h, size, 6.5),
        );
    }
    p.show("ratings::auto_colour", w::auto_colour("white"));
    p.show("ratings::auto_and_stones", w::auto_and_stones());
    p.show(
        "ratings::near_notes",
        w::near_notes(Some("Europe/Berlin"), Some(at(12, 9))),
    );
}
