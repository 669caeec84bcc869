//! A game's page of the web archive (issue 31), through the real binary:
//! it is valid HTML (html5ever, as the mail HTML) with no remote resource
//! and no inline style or script; its board carries `data-position` and
//! `data-move` as `game show --json` gives them; a counted game's final
//! board shows its dead stones and territory; the players' words are on
//! neither the page nor its SGF; the page does not depend on the build's
//! time; a long 19x19 game's page stays small.
//!
//! The browser tests need `/usr/bin/chromium` (`.ci/run` installs it):
//! headless Chromium opens the page from `file://` under its
//! Content-Security-Policy at `#move=N`, and its replay must show the
//! same rows as `game show --at N --json`; the buttons and the arrow keys
//! step through the moves and keep the address; screenshots at phone
//! (400 px) and desktop (1200 px) width are kept in the temporary folder
//! as `pbmgo-game-<width>px.png`.

use std::path::{Path, PathBuf};

use crate::common::home::Home;
use crate::common::html_check::{elements, site_problems};
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{PbmgoHome, history};

/// Words alice sends bob during the counted game: never published.
const SECRET: &str = "my secret plan is the left side";

/// A home with game1 (alice Black, bob White) over by a count, with
/// words between the players, and game2 (bob Black, alice White) in play
/// after a capture; the site built into `site`.
fn two_games() -> (PbmgoHome, PathBuf) {
    let h = home();
    let counted = h.game_new("alice", "bob", 9);
    play(&h, &counted, ALICE, &["E5", "C3", "D4"]);
    send(
        &h,
        BOB,
        &format!("move {counted} G7\nsay {counted} nice shape"),
    );
    send(&h, ALICE, &format!("say {counted} {SECRET}"));
    play(&h, &counted, ALICE, &["C7", "G3", "pass", "pass"]);
    send(&h, ALICE, &format!("done {counted}"));
    send(&h, BOB, &format!("done {counted}"));
    let running = h.game_new("bob", "alice", 9);
    let moves = ["E5", "E4", "D4", "A9", "F4", "A8", "E3", "A7"];
    play(&h, &running, BOB, &moves);
    let dir = h.path().join("site");
    h.ok(&["site", "build", "--dir", dir.to_str().unwrap()]);
    (h, dir)
}

fn page(dir: &Path, game: &str) -> String {
    std::fs::read_to_string(dir.join(format!("games/{game}.html"))).unwrap()
}

/// The attributes of the board `<svg>` of `html`.
fn board(html: &str) -> Vec<(String, String)> {
    elements(html, "svg")
        .into_iter()
        .map(|(attrs, _)| attrs)
        .find(|a| a.iter().any(|(k, v)| k == "id" && v == "board"))
        .expect("the board's svg")
}

fn attr(attrs: &[(String, String)], name: &str) -> String {
    attrs
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.clone())
        .unwrap_or_else(|| panic!("no {name} on the board"))
}

/// `game show GAME [--at N] --json`'s board joined with `/`, and its move number.
fn shown(h: &PbmgoHome, game: &str, at: Option<u32>) -> (String, u64) {
    let n = at.map(|n| n.to_string());
    let mut args = vec!["game", "show", game];
    if let Some(n) = &n {
        args.extend(["--at", n.as_str()]);
    }
    let v = h.json(&args);
    let rows: Vec<&str> = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    (rows.join("/"), v["move_number"].as_u64().unwrap())
}

#[test]
fn a_game_page_is_valid_html_and_shows_the_game_as_it_stands() {
    let (h, dir) = two_games();
    for game in ["game1", "game2"] {
        let html = page(&dir, game);
        let found = site_problems(&html);
        assert!(found.is_empty(), "{game}: {found:#?}");
        assert!(!html.contains(" style="), "no inline style: {game}");
        let scripts: Vec<_> = elements(&html, "script").into_iter().map(|s| s.0).collect();
        assert_eq!(scripts.len(), 2, "site.js and the data");
        assert_eq!(attr(&scripts[0], "src"), "../site.js");
        assert_eq!(attr(&scripts[1], "type"), "application/json");
        assert!(!html.contains("@example"), "no address");
        let b = board(&html);
        let (rows, moves) = shown(&h, game, None);
        assert_eq!(attr(&b, "data-position"), rows, "{game}");
        assert_eq!(attr(&b, "data-move"), moves.to_string(), "{game}");
        assert_eq!(attr(&b, "role"), "img");
    }
    let counted = page(&dir, "game1");
    assert!(counted.contains("won by"), "the result in words");
    assert!(counted.contains("Counting:"), "the count");
    assert!(counted.contains("opacity=\"0.4\"") || counted.contains("<rect"));
    let running = page(&dir, "game2");
    assert!(running.contains("to play since"), "the clock");
    assert!(running.contains("Runs out at"), "when it runs out");
    assert!(
        attr(&board(&running), "aria-label")
            .contains("Move 8 of 8: White (alice) played A7. Black (bob) to move.")
    );
    assert!(running.contains("href=\"#move=7\">Black E3</a>, takes 1"));
}

#[test]
fn the_players_words_are_neither_on_the_page_nor_in_its_record() {
    let (h, dir) = two_games();
    let sgf = std::fs::read_to_string(dir.join("games/game1.sgf")).unwrap();
    assert!(sgf.starts_with("(;"), "{sgf}");
    assert!(sgf.contains("RE[") && sgf.contains("PB[alice]"), "{sgf}");
    assert!(sgf.contains("Dead stones"), "the count stays: {sgf}");
    let mailed = h.ok(&["game", "sgf", "game1"]);
    assert!(mailed.contains(SECRET), "the players' own record has them");
    for text in [sgf, page(&dir, "game1")] {
        assert!(!text.contains(SECRET) && !text.contains("nice shape"));
    }
}

#[test]
fn a_game_page_does_not_depend_on_the_builds_time() {
    let (h, dir) = two_games();
    let before = [page(&dir, "game1"), page(&dir, "game2")];
    let d = dir.to_str().unwrap();
    let later = "2026-11-29T09:30:00Z";
    h.ok_at(&["site", "build", "--dir", d, "--all"], later);
    assert_eq!([page(&dir, "game1"), page(&dir, "game2")], before);
}

#[test]
fn a_long_19x19_games_page_stays_small() {
    let h = home();
    let moves = history(19, 180, &[], &[]);
    let game = h.import(19, &moves, ["alice", "bob"], &[]);
    let dir = h.path().join("site");
    h.ok(&["site", "build", "--dir", dir.to_str().unwrap()]);
    let html = page(&dir, &game);
    assert_eq!(attr(&board(&html), "data-move"), "180");
    // About 250 bytes a move (its line in the list and its changes) over
    // the board's drawing: a 300-move game stays well under 200 KB.
    assert!(html.len() < 100_000, "{} bytes", html.len());
}

/// Runs headless Chromium on `url` with `extra` arguments; returns stdout.
fn chromium(url: &str, extra: &[String]) -> String {
    crate::common::chromium::run(url, extra)
}

/// The board's (data-position, data-move) once Chromium has opened `url`.
fn opened(url: &str) -> (String, String) {
    let dom = chromium(url, &["--dump-dom".to_string()]);
    let b = board(&dom);
    (attr(&b, "data-position"), attr(&b, "data-move"))
}

#[test]
#[ignore = "needs chromium (.ci/run installs it)"]
fn chromium_replays_each_move_asked_for_in_the_address() {
    let (h, dir) = two_games();
    for (game, total) in [("game1", 7u32), ("game2", 8)] {
        let file = format!(
            "file://{}",
            dir.join(format!("games/{game}.html")).display()
        );
        for n in [0, 1, 3, total - 1, total] {
            let (rows, _) = shown(&h, game, Some(n));
            let (position, number) = opened(&format!("{file}#move={n}"));
            assert_eq!(position, rows, "{game} #move={n}");
            assert_eq!(number, n.to_string(), "{game} #move={n}");
        }
        let (rows, moves) = shown(&h, game, None);
        assert_eq!(opened(&file), (rows.clone(), moves.to_string()), "{game}");
        let beyond = opened(&format!("{file}#move=999"));
        assert_eq!(beyond, (rows, moves.to_string()), "{game} past its end");
    }
}

#[test]
#[ignore = "needs chromium (.ci/run installs it)"]
fn chromium_steps_with_the_buttons_and_the_keys() {
    let (h, dir) = two_games();
    let games = dir.join("games");
    let html = page(&dir, "game2");
    // A probe beside the page (allowed by its policy, 'self'): it steps and
    // writes what the board showed after each step on the body.
    let probe = "(function () {\
        var seen = [], svg = document.getElementById('board');\
        function note() { seen.push(svg.getAttribute('data-move') + '@' + location.hash); }\
        function key(k) { document.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true})); note(); }\
        function press(s) { document.querySelector('[data-step=' + s + ']').click(); note(); }\
        note(); key('ArrowLeft'); key('ArrowLeft'); key('ArrowRight');\
        press('first'); key('ArrowLeft'); press('next'); press('last'); key('ArrowRight'); press('prev');\
        document.body.setAttribute('data-seen', seen.join(' '));\
        document.body.setAttribute('data-buttons-hidden', document.getElementById('replay-buttons').hidden);\
        document.body.setAttribute('data-current', document.querySelector('#moves li.current').id);\
        })();";
    std::fs::write(games.join("probe.js"), probe).unwrap();
    let with_probe = html.replace("</body>", "<script src=\"probe.js\" defer></script></body>");
    std::fs::write(games.join("probe.html"), with_probe).unwrap();
    let url = format!("file://{}#move=5", games.join("probe.html").display());
    let dom = chromium(&url, &["--dump-dom".to_string()]);
    let body = elements(&dom, "body").remove(0).0;
    assert_eq!(
        attr(&body, "data-seen"),
        "5@#move=5 4@#move=4 3@#move=3 4@#move=4 0@#move=0 0@#move=0 \
         1@#move=1 8@#move=8 8@#move=8 7@#move=7"
    );
    assert_eq!(attr(&body, "data-buttons-hidden"), "false");
    assert_eq!(attr(&body, "data-current"), "m7");
    let (rows, _) = shown(&h, "game2", Some(7));
    assert_eq!(attr(&board(&dom), "data-position"), rows);
}

#[test]
#[ignore = "needs chromium (.ci/run installs it)"]
fn chromium_screenshots_at_phone_and_desktop_width() {
    let (_h, dir) = two_games();
    let games = dir.join("games");
    let keep = std::env::temp_dir();
    for width in [400u32, 1200] {
        // Headless Chromium's window is never narrower than 500 px: the
        // page is shown in a frame as wide as the phone's screen.
        let frame = games.join(format!("frame-{width}.html"));
        std::fs::write(
            &frame,
            format!(
                "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"game1.html#move=5\" \
                 width=\"{width}\" height=\"1500\" style=\"border:0;display:block\"></iframe></body></html>"
            ),
        )
        .unwrap();
        let shot = keep.join(format!("pbmgo-game-{width}px.png"));
        chromium(
            &format!("file://{}", frame.display()),
            &[
                "--allow-file-access-from-files".to_string(),
                format!("--window-size={},1500", width.max(500)),
                format!("--screenshot={}", shot.display()),
            ],
        );
        let png = std::fs::read(&shot).expect("chromium wrote the screenshot");
        assert!(png.len() > 10_000, "{width}px: a page was painted");
    }
}
