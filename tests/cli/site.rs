//! `pbmgo site build` (issue 31): the lists of the web archive, a build
//! that writes only what changed, a private player's games absent from
//! every page, and the site rebuilt by `poll` when `[web] dir` is set.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::PbmgoHome;

fn build(h: &PbmgoHome, dir: &Path) -> Value {
    h.json(&["site", "build", "--dir", dir.to_str().unwrap()])
}

fn files(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect()
}

/// Every file under `dir`, relative, with its text.
fn site(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for sub in ["", "games", "players", "tournaments"] {
        let Ok(entries) = fs::read_dir(dir.join(sub)) else {
            continue;
        };
        for e in entries.flatten().filter(|e| e.path().is_file()) {
            let rel = Path::new(sub)
                .join(e.file_name())
                .to_string_lossy()
                .into_owned();
            out.push((rel, fs::read_to_string(e.path()).unwrap_or_default()));
        }
    }
    out.sort();
    out
}

#[test]
fn a_second_build_writes_only_what_one_move_changed() {
    let h = home();
    let game = h.game_new("alice", "bob", 9);
    play(&h, &game, ALICE, &["E5", "C3"]);
    let dir = h.path().join("site");
    let first = build(&h, &dir);
    assert!(files(&first, "written_files").contains(&format!("games/{game}.html")));
    for page in [
        "index.html",
        "standings.html",
        "feed.atom",
        "site.js",
        "site.css",
        "players/alice.html",
    ] {
        assert!(dir.join(page).is_file(), "{page}");
    }
    let again = build(&h, &dir);
    assert_eq!(again["written"], 0, "nothing changed: {again}");
    play(&h, &game, ALICE, &["G7"]);
    let after = build(&h, &dir);
    assert_eq!(
        files(&after, "written_files"),
        [
            format!("games/{game}.html"),
            format!("games/{game}.sgf"),
            "index.html".into(),
            "players/alice.html".into(),
            "players/bob.html".into(),
        ],
        "the game's page and the lists that show it"
    );
    assert!(!dir.join(".index.html.tmp").exists());
}

#[test]
fn a_private_players_games_appear_nowhere() {
    let h = home();
    let shown = h.game_new("alice", "bob", 9);
    let hidden = h.game_new("carol", "bob", 9);
    play(&h, &hidden, CAROL, &["E5"]);
    let dir = h.path().join("site");
    build(&h, &dir);
    assert!(dir.join(format!("games/{hidden}.html")).is_file());
    set_private(&h, "carol");
    let after = build(&h, &dir);
    let removed = files(&after, "removed_files");
    assert!(removed.contains(&format!("games/{hidden}.html")), "{after}");
    assert!(
        removed.contains(&"players/carol.html".to_string()),
        "{after}"
    );
    for (rel, text) in site(&dir) {
        assert!(!text.contains(&hidden), "{rel} names the private game");
        assert!(!text.contains("carol"), "{rel} names the private player");
        assert!(!text.contains("@example"), "{rel} shows an address");
    }
    assert!(dir.join(format!("games/{shown}.html")).is_file());
}

/// Makes `name` private, as `public off` by mail does.
fn set_private(h: &PbmgoHome, name: &str) {
    let db = rusqlite::Connection::open(h.path().join("pbmgo.sqlite3")).unwrap();
    db.execute("UPDATE players SET public = 0 WHERE name = ?1", [name])
        .unwrap();
}

#[test]
fn poll_rebuilds_the_site_when_web_dir_is_set() {
    let h = home_with("[web]\ndir = \"site\"\n");
    let game = h.game_new("alice", "bob", 9);
    send(&h, ALICE, &format!("move {game} E5"));
    let page = h.path().join("site").join(format!("games/{game}.html"));
    assert!(page.is_file(), "poll built the site");
    let tournament_free = fs::read_to_string(h.path().join("site/index.html")).unwrap();
    assert!(tournament_free.contains(&format!("games/{game}.html")));
}

#[test]
fn every_page_is_valid_html_without_remote_resources() {
    let h = home();
    let game = h.game_new("alice", "bob", 9);
    play(&h, &game, ALICE, &["E5", "C3"]);
    send(&h, BOB, &format!("resign {game}"));
    h.ok(&[
        "tournament",
        "new",
        "cup",
        "--system",
        "round-robin",
        "--size",
        "9",
    ]);
    for p in ["alice", "bob", "carol"] {
        h.ok(&["tournament", "join", "cup", p]);
    }
    h.ok(&["tournament", "start", "cup"]);
    let dir = h.path().join("site");
    build(&h, &dir);
    let pages = site(&dir);
    assert!(pages.iter().any(|(rel, _)| rel == "tournaments/cup.html"));
    for (rel, text) in pages.iter().filter(|(rel, _)| rel.ends_with(".html")) {
        let bad = crate::common::html_check::site_problems(text);
        assert!(bad.is_empty(), "{rel}: {bad:?}");
        assert!(text.contains("Content-Security-Policy"), "{rel}");
    }
    let feed = &pages.iter().find(|(rel, _)| rel == "feed.atom").unwrap().1;
    assert!(feed.contains(&format!("games/{game}.html")), "{feed}");
}

#[test]
fn a_tournament_page_marks_who_withdrew_and_writes_points_as_the_mail_does() {
    let h = home();
    let new = [
        "tournament",
        "new",
        "cup",
        "--system",
        "swiss",
        "--size",
        "9",
    ];
    h.ok(&[&new[..], &["--rounds", "2"]].concat());
    for p in ["alice", "bob", "carol"] {
        h.ok(&["tournament", "join", "cup", p]);
    }
    h.ok(&["tournament", "start", "cup"]);
    let show = h.json(&["tournament", "show", "cup"]);
    let game = show["rounds"][0][0]["game"].as_str().unwrap().to_string();
    let black = show["rounds"][0][0]["black"].as_str().unwrap().to_string();
    send(
        &h,
        &format!("{black}@example.org"),
        &format!("resign {game}"),
    );
    h.ok(&["tournament", "withdraw", "cup", "carol"]);
    let dir = h.path().join("site");
    build(&h, &dir);
    let page = fs::read_to_string(dir.join("tournaments/cup.html")).unwrap();
    assert!(page.contains("carol (withdrew)"), "{page}");
    assert!(page.contains(r#"<td class="num">1</td>"#), "{page}");
    assert!(!page.contains(".0<"), "points as whole numbers: {page}");
}
