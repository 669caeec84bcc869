//! The bounds on what one mail can make pbmgo compute, store or send
//! (issue 26): an `if` line over `max_if_moves`, `say` words over
//! `max_say_chars` and a line over `max_line_chars` are refused with their
//! own codes and cost a small reply; a listing repeated in one mail is
//! shown once; `estimate` is computed once per finished position and kept;
//! a long Subject is echoed cut short; line separators become line breaks
//! and tag characters are dropped. alice is Black, bob White. In-process.

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{OutMail, mail};

/// A small reply: far below what the hostile mails used to draw.
const SMALL: usize = 20_000;

/// game1, 9x9, with alice's E5 played: bob is to move, so alice may set
/// conditional moves.
fn started() -> crate::common::harness::Harness {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5");
    h
}

/// Every point of a 9x9 board but E5, in order.
fn points() -> Vec<String> {
    let cols = "ABCDEFGHJ";
    let mut out = Vec::new();
    for c in cols.chars() {
        for r in 1..=9 {
            let p = format!("{c}{r}");
            if p != "E5" {
                out.push(p);
            }
        }
    }
    out
}

/// How many rows `sql` counts.
fn count(h: &impl Home, sql: &str) -> i64 {
    h.db().query_row(sql, [], |r| r.get(0)).unwrap()
}

/// How many SGF files `m` has attached.
fn sgf_files(m: &OutMail) -> usize {
    use mail_parser::MimeHeaders;
    let parsed = mail_parser::MessageParser::default().parse(&m.raw).unwrap();
    parsed
        .attachments()
        .filter(|a| a.is_content_type("application", "x-go-sgf"))
        .count()
}

/// The bytes of the last transcript to `to`.
fn size(h: &impl Home, to: &str) -> usize {
    transcript(h, to).raw.len()
}

#[test]
fn a_megabyte_if_line_is_refused_by_its_limit_and_draws_a_small_reply() {
    let h = started();
    let moves = "c3 d4 ".repeat(160_000);
    send(&h, ALICE, &format!("if game1 {moves}"));
    let t = transcript(&h, ALICE);
    assert_eq!(t.rejected(), ["if-too-long"], "{}", t.text);
    assert!(
        t.flat()
            .contains("more than 40 moves, the most one if line may hold"),
        "{}",
        t.text
    );
    assert!(t.raw.len() < SMALL, "{} bytes", t.raw.len());
    assert!(t.text.contains('…'), "the line is quoted cut short");
    assert_eq!(count(&h, "SELECT count(*) FROM conditionals"), 0);
}

#[test]
fn an_if_line_at_the_limit_is_set_and_one_over_it_is_refused() {
    let h = harness_with("max_if_moves = 4");
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5");
    send(&h, ALICE, "if game1 c3 d4 c4 d5");
    assert_eq!(results(&h, ALICE), ["if game1 c3 d4 c4 d5 => ok"]);
    send(&h, ALICE, "if game1 g3 d4 c4 d5 f5 f6");
    let t = transcript(&h, ALICE);
    assert_eq!(t.rejected(), ["if-too-long"], "{}", t.text);
    assert!(t.flat().contains("more than 4 moves"), "{}", t.text);
    assert_eq!(count(&h, "SELECT count(*) FROM conditionals"), 1);
}

#[test]
fn the_conditionals_a_game_holds_are_bounded_by_the_config() {
    let h = harness_with("max_conditionals_per_game = 2");
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5");
    send(&h, ALICE, "if game1 c3 d4\nif game1 c4 d5\nif game1 c5 d6");
    let t = transcript(&h, ALICE);
    assert_eq!(t.rejected(), ["conditional-limit"], "{}", t.text);
    assert!(
        t.flat()
            .contains("you already have 2 conditional sequences"),
        "{}",
        t.text
    );
    assert_eq!(count(&h, "SELECT count(*) FROM conditionals"), 2);
}

/// Sets 20 sequences of 40 moves for alice in game1 (each opening with
/// a different move of bob's).
fn many_sequences(h: &impl Home) {
    let all = points();
    let mut lines = Vec::new();
    for i in 0..20 {
        let mut moves = vec![all[i].clone()];
        moves.extend(all[20..59].iter().cloned());
        lines.push(format!("if game1 {}", moves.join(" ")));
    }
    send(h, ALICE, &lines.join("\n"));
    assert!(transcript(h, ALICE).rejected().is_empty());
    assert_eq!(count(h, "SELECT count(*) FROM conditionals"), 20);
}

#[test]
fn twenty_if_listings_in_one_mail_cost_about_one() {
    let h = started();
    many_sequences(&h);
    send(&h, ALICE, "if game1");
    let one = size(&h, ALICE);
    assert!(transcript(&h, ALICE).text.contains("C3"));
    send(&h, ALICE, &vec!["if game1"; 20].join("\n"));
    let twenty = transcript(&h, ALICE);
    assert!(twenty.rejected().is_empty(), "{}", twenty.text);
    let above = "Your conditional moves in game1 are already listed above.";
    assert_eq!(twenty.flat().matches(above).count(), 19, "{}", twenty.text);
    assert!(
        twenty.raw.len() < 2 * one,
        "20 listings: {} bytes, one: {one}",
        twenty.raw.len()
    );
}

#[test]
fn a_listing_after_a_change_in_the_same_mail_is_shown_again() {
    let h = started();
    send(&h, ALICE, "if game1\nif game1 c3 d4\nif game1");
    let t = transcript(&h, ALICE);
    assert!(t.rejected().is_empty(), "{}", t.text);
    assert!(!t.flat().contains("already listed above"), "{}", t.text);
    send(
        &h,
        ALICE,
        "board game1\nsgf game1\ngames\nboard game1\nsgf game1\ngames",
    );
    let t = transcript(&h, ALICE);
    for above in [
        "The board of game1 is already in this reply.",
        "The record of game1 is already attached to this reply.",
        "Your games are already listed above.",
    ] {
        assert_eq!(t.flat().matches(above).count(), 1, "{above}\n{}", t.text);
    }
    assert_eq!(sgf_files(&t), 1, "one SGF attached");
}

#[test]
fn a_long_say_is_refused_and_nothing_is_kept_or_sent() {
    let h = started();
    let before = h.sent_to(BOB).len();
    send(
        &h,
        ALICE,
        &format!("say game1 {}", "words ".repeat(150_000)),
    );
    let t = transcript(&h, ALICE);
    assert_eq!(t.rejected(), ["say-too-long"], "{}", t.text);
    assert!(
        t.flat()
            .contains("longer than 2000 characters, the most one say may carry"),
        "{}",
        t.text
    );
    assert!(t.raw.len() < SMALL, "{} bytes", t.raw.len());
    assert_eq!(h.sent_to(BOB).len(), before, "bob is told nothing");
    assert_eq!(count(&h, "SELECT count(*) FROM game_comments"), 0);
    let ok = "x".repeat(1990);
    send(&h, ALICE, &format!("say game1 {ok}"));
    assert!(transcript(&h, ALICE).rejected().is_empty());
    assert_eq!(count(&h, "SELECT count(*) FROM game_comments"), 1);
}

#[test]
fn any_long_command_line_is_refused_unread() {
    let h = harness_with("max_line_chars = 100");
    h.game_new("alice", "bob", 9);
    let line = format!("dead game1 {}", "c3 ".repeat(40));
    send(&h, ALICE, &line);
    let t = transcript(&h, ALICE);
    assert_eq!(t.rejected(), ["line-too-long"], "{}", t.text);
    assert!(
        t.flat()
            .contains("longer than 100 characters, the most one command line may have"),
        "{}",
        t.text
    );
}

#[test]
fn a_long_subject_is_echoed_cut_short() {
    let h = started();
    let subject = format!("Hello {}", "x".repeat(600_000));
    h.drop_mail(&mail(ALICE, &subject, "games").bytes());
    h.poll_at(crate::common::pbmgo_home::NOW);
    let t = transcript(&h, ALICE);
    assert!(t.subject.starts_with("Re: Hello xxx"), "{}", t.subject);
    assert!(
        t.subject.ends_with('…'),
        "{:?}\n{}",
        t.header("Subject"),
        t.subject
    );
    assert_eq!(t.subject.chars().count(), 200);
    assert!(t.raw.len() < SMALL, "{} bytes", t.raw.len());
    let kept: String = h
        .db()
        .query_row(
            "SELECT subject FROM messages ORDER BY id DESC LIMIT 1",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(kept.chars().count() <= 200, "{} chars", kept.len());
}

/// game1 on 5x5, C3 and D4 played, resigned by bob: finished.
fn finished() -> crate::common::harness::Harness {
    let h = harness();
    h.game_new("alice", "bob", 5);
    play(&h, "game1", ALICE, &["C3", "D4"]);
    send(&h, BOB, "resign game1");
    assert_eq!(h.show("game1")["status"], "finished");
    h
}

const PROPOSAL: &str = "The server's proposed count for the final position of game1";

#[test]
fn twenty_estimates_in_one_mail_compute_one_proposal() {
    let h = finished();
    send(&h, ALICE, &vec!["estimate game1"; 20].join("\n"));
    let t = transcript(&h, ALICE);
    assert!(t.rejected().is_empty(), "{}", t.text);
    assert_eq!(t.flat().matches(PROPOSAL).count(), 1, "{}", t.text);
    let above = "The proposed count of game1 is already given above.";
    assert_eq!(t.flat().matches(above).count(), 19, "{}", t.text);
    assert_eq!(count(&h, "SELECT count(*) FROM estimates"), 1);
    send(&h, BOB, "estimate game1");
    assert_eq!(count(&h, "SELECT count(*) FROM estimates"), 1);
}

#[test]
fn a_finished_games_estimate_is_answered_from_the_kept_one() {
    let h = finished();
    send(&h, ALICE, "estimate game1");
    let first = transcript(&h, ALICE);
    assert!(first.flat().contains(PROPOSAL), "{}", first.text);
    assert!(!first.flat().contains("dead: C3"), "{}", first.text);
    // Only a kept proposal can say C3 is dead: the estimator does not.
    h.db()
        .execute("UPDATE estimates SET dead = 'C3'", [])
        .unwrap();
    send(&h, BOB, "estimate game1");
    let kept = transcript(&h, BOB);
    assert!(kept.flat().contains("1 stone dead: C3"), "{}", kept.text);
}

/// The text and HTML of `m` hold no line separator and no tag character.
fn plain(m: &OutMail) {
    for text in [Some(&m.text), m.html.as_ref()].into_iter().flatten() {
        let odd = |c: char| matches!(c, '\u{2028}' | '\u{2029}' | '\u{e0000}'..='\u{e007f}');
        assert!(!text.chars().any(odd), "{text:?}");
    }
}

#[test]
fn line_separators_become_line_breaks_and_tags_are_dropped() {
    let h = started();
    let hidden: String = "\u{e0069}\u{e0067}\u{e006e}".into();
    let say = format!("say game1 fi{hidden}rst line\u{2028}second line");
    send(&h, ALICE, &say);
    assert_eq!(results(&h, ALICE), ["say game1 first line => ok"]);
    let letter = letters(&h, BOB, "say").pop().expect("bob is told");
    assert!(letter.text.contains("first line"), "{}", letter.text);
    plain(&letter);
    send(&h, BOB, "move game1 c3\nsgf game1");
    let record = attached_sgf(&transcript(&h, BOB));
    assert!(record.contains("first line"), "{record}");
    assert!(!record.contains('\u{2028}'), "{record}");
    assert!(
        !record
            .chars()
            .any(|c| ('\u{e0000}'..='\u{e007f}').contains(&c))
    );
    let texts: Vec<String> = {
        let db = h.db();
        let mut stmt = db.prepare("SELECT text FROM game_comments").unwrap();
        stmt.query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    assert!(!texts.is_empty());
    for t in texts {
        assert!(!t.contains(['\u{2028}', '\u{2029}']), "{t:?}");
        assert!(
            !t.chars().any(|c| ('\u{e0000}'..='\u{e007f}').contains(&c)),
            "{t:?}"
        );
    }
}

#[test]
fn hostile_mails_cost_a_few_plain_replies() {
    let h = started();
    let plain = size(&h, ALICE);
    many_sequences(&h);
    send(&h, ALICE, &format!("if game1 {}", "c3 d4 ".repeat(160_000)));
    let hostile_if = size(&h, ALICE);
    send(&h, ALICE, &format!("say game1 {}", "w".repeat(900_000)));
    let hostile_say = size(&h, ALICE);
    send(&h, ALICE, &vec!["if game1"; 20].join("\n"));
    let listings = size(&h, ALICE);
    for (what, bytes) in [
        ("if", hostile_if),
        ("say", hostile_say),
        ("20 x if", listings),
    ] {
        assert!(
            bytes < 5 * plain,
            "{what}: {bytes} bytes, a plain move {plain}"
        );
    }
}
