//! `public on|off` by mail and the link to a game's web page in every mail
//! about the game (`[web] url`): in the text, and as a real link in the
//! HTML part; none for a game one of whose players is private, and none
//! at all without `[web] url` (the other tests' snapshots show those mails
//! unchanged).

use crate::common::home::Home;
use crate::common::html_check;
use crate::common::lifecycle::{ALICE, BOB, CAROL, harness_with, letters, play, send, transcript};
use crate::common::pbmgo_home::{OutMail, tidy};

const WEB: &str = "[web]\nurl = \"https://go.example.org/\"\n";

fn link(game: &str) -> String {
    format!("https://go.example.org/games/{game}.html")
}

/// `m` carries the link to `game` once in its text and as a link in its
/// valid HTML part.
fn linked(m: &OutMail, game: &str) {
    let url = link(game);
    let line = format!("Whole game: {url}\n");
    assert_eq!(m.text.matches(&line).count(), 1, "{}", m.text);
    let html = m.html.as_deref().expect("an HTML part");
    assert_eq!(html_check::problems(html), Vec::<String>::new(), "{html}");
    let a = format!("<a href=\"{url}\">{url}</a>");
    assert_eq!(html.matches(&a).count(), 1, "{html}");
}

/// `m` carries no link to any game.
fn unlinked(m: &OutMail) {
    assert!(!m.text.contains("Whole game"), "{}", m.text);
    assert!(!m.text.contains("go.example.org/games"), "{}", m.text);
    let html = m.html.as_deref().expect("an HTML part");
    assert!(!html.contains("<a href"), "{html}");
}

#[test]
fn every_mail_about_a_published_game_links_its_page() {
    let h = harness_with(WEB);
    send(&h, ALICE, "challenge bob size 9 color black");
    send(&h, BOB, "accept game1");
    linked(&letters(&h, ALICE, "game-start")[0], "game1");
    linked(&transcript(&h, BOB), "game1");
    play(&h, "game1", ALICE, &["E5", "E3", "D5"]);
    let moves = letters(&h, BOB, "your-move");
    assert!(!moves.is_empty());
    moves.iter().for_each(|m| linked(m, "game1"));
    insta::assert_snapshot!("web-your-move.txt", tidy(&moves[0].text));
    linked(&transcript(&h, BOB), "game1");
    send(&h, BOB, "resign game1");
    linked(&letters(&h, ALICE, "game-over")[0], "game1");
    linked(&transcript(&h, BOB), "game1");
}

#[test]
fn the_scoring_letters_and_the_digest_link_the_page_too() {
    let h = harness_with(WEB);
    let game = h.game_new("alice", "bob", 9);
    send(&h, BOB, "notify digest");
    send(&h, ALICE, &format!("move {game} E5"));
    h.tick_at("2026-11-23T12:00:00Z");
    let digest = letters(&h, BOB, "digest");
    assert_eq!(digest.len(), 1);
    linked(&digest[0], &game);
    play(&h, &game, BOB, &["pass", "pass"]);
    linked(&transcript(&h, ALICE), &game);
    send(&h, BOB, &format!("done {game}"));
    let scoring = letters(&h, ALICE, "scoring");
    assert!(!scoring.is_empty());
    scoring.iter().for_each(|m| linked(m, &game));
    send(&h, ALICE, &format!("done {game}"));
    assert_eq!(h.show(&game)["status"], "finished");
    linked(&letters(&h, BOB, "game-over")[0], &game);
}

#[test]
fn public_off_unlinks_the_players_games_and_public_on_links_them_again() {
    let h = harness_with(WEB);
    send(&h, CAROL, "public off");
    let reply = transcript(&h, CAROL);
    assert!(reply.text.contains("public off"), "{}", reply.text);
    assert!(
        reply
            .text
            .contains("Your games and your page will not be shown"),
        "{}",
        reply.text
    );
    let private = h.game_new("alice", "carol", 9);
    let open = h.game_new("alice", "bob", 9);
    send(&h, ALICE, &format!("move {private} E5\nmove {open} E5"));
    unlinked(&letters(&h, CAROL, "your-move")[0]);
    linked(&letters(&h, BOB, "your-move")[0], &open);
    // The transcript to alice shows both boards: only the open one links.
    let both = transcript(&h, ALICE);
    assert_eq!(
        both.text.matches("Whole game: ").count(),
        1,
        "{}",
        both.text
    );
    assert!(both.text.contains(&link(&open)));

    send(&h, CAROL, "public on");
    assert!(
        transcript(&h, CAROL)
            .text
            .contains("Your games will be shown")
    );
    send(&h, CAROL, &format!("move {private} C3"));
    linked(&letters(&h, ALICE, "your-move")[0], &private);
}

#[test]
fn with_default_public_off_only_players_who_said_public_on_are_linked() {
    let h = harness_with(&format!("{WEB}default_public = false\n"));
    let game = h.game_new("alice", "bob", 9);
    send(&h, ALICE, &format!("move {game} E5"));
    unlinked(&letters(&h, BOB, "your-move")[0]);
    send(&h, ALICE, "public on");
    send(&h, BOB, &format!("move {game} C3"));
    unlinked(&letters(&h, ALICE, "your-move")[0]);
    send(&h, BOB, "public on");
    send(&h, ALICE, &format!("move {game} D5"));
    linked(&letters(&h, BOB, "your-move")[1], &game);
}

#[test]
fn without_a_web_address_no_mail_carries_a_link() {
    let h = harness_with("[web]\ndir = \"site\"\n");
    let game = h.game_new("alice", "bob", 9);
    send(&h, ALICE, &format!("move {game} E5"));
    unlinked(&letters(&h, BOB, "your-move")[0]);
    unlinked(&transcript(&h, ALICE));
}

#[test]
fn the_undo_letters_link_the_page() {
    let h = harness_with(WEB);
    let game = h.game_new("alice", "bob", 9);
    play(&h, &game, ALICE, &["E5", "C3"]);
    send(&h, BOB, &format!("undo {game}"));
    let asked = letters(&h, ALICE, "undo-request");
    assert_eq!(asked.len(), 1);
    linked(&asked[0], &game);
    send(&h, ALICE, &format!("undo {game}"));
    let done = letters(&h, BOB, "undo-done");
    assert_eq!(done.len(), 1);
    linked(&done[0], &game);
}

#[test]
fn the_clock_warning_links_the_page_too() {
    let h = harness_with(WEB);
    let game = h.game_new("alice", "bob", 9);
    send(&h, ALICE, &format!("move {game} E5"));
    h.tick_at("2026-11-29T00:00:00Z");
    let warned = letters(&h, BOB, "warning");
    assert_eq!(warned.len(), 1);
    linked(&warned[0], &game);
}
