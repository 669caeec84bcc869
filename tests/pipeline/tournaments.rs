//! Tournaments and ladders by mail and the admin's commands (issue 30),
//! through the binary: a round robin of six played to the end, a Swiss of
//! eight over three rounds with a withdrawal, a McMahon with a bar, and a
//! ladder with challenges inside and outside its reach. Each checks the
//! pinned `tournament show --json` against a reference computed here from
//! its own rounds: every pair once (never twice), colours, points, SOS,
//! SOSOS and SODOS.

use std::collections::{BTreeMap, HashSet};

use serde_json::Value;

use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::PbmgoHome;

pub(super) const NAMES: [&str; 8] = ["ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal"];

pub(super) fn address(name: &str) -> String {
    format!("{name}@club.example")
}

/// A home with `n` players (`ann`, `ben`, ...) entered in tournament
/// `cup` by mail, made with `args`.
pub(super) fn tournament(n: usize, args: &[&str]) -> PbmgoHome {
    let h = home();
    for name in &NAMES[..n] {
        h.player(name, &address(name));
    }
    let mut new = vec!["tournament", "new", "cup", "--size", "9"];
    new.extend_from_slice(args);
    assert_eq!(h.ok(&new).trim(), "cup");
    for name in &NAMES[..n] {
        send(&h, &address(name), "join cup");
        let r = results(&h, &address(name));
        assert_eq!(r, ["join cup => ok"], "{name}");
    }
    h
}

/// Whether any mail to the first `n` players holds `words`.
fn any_mail(h: &PbmgoHome, n: usize, words: &str) -> bool {
    NAMES[..n]
        .iter()
        .flat_map(|p| h.sent_to(&address(p)))
        .any(|m| m.flat().contains(words))
}

/// A home where each (name, rank) is a player of that rank, entered by
/// the admin in the McMahon `cup` on 9x9, made with `args`, and started.
pub(super) fn mcmahon(ranks: &[(&str, &str)], args: &[&str]) -> PbmgoHome {
    let h = home();
    for &(name, rank) in ranks {
        h.player(name, &address(name));
        h.ok(&["player", "rank", name, rank, "--reason", "club grade"]);
    }
    let new = [
        "tournament",
        "new",
        "cup",
        "--size",
        "9",
        "--system",
        "mcmahon",
    ];
    h.ok(&[&new[..], args].concat());
    for &(name, _) in ranks {
        h.ok(&["tournament", "join", "cup", name]);
    }
    h.ok(&["tournament", "start", "cup"]);
    h
}

pub(super) fn show(h: &PbmgoHome) -> Value {
    h.json(&["tournament", "show", "cup"])
}

/// The games going on, round by round.
pub(super) fn going(j: &Value) -> Vec<(String, String, String)> {
    games(j)
        .filter(|g| g["result"].is_null())
        .map(|g| {
            let s = |k: &str| g[k].as_str().unwrap().to_string();
            (s("game"), s("black"), s("white"))
        })
        .collect()
}

pub(super) fn games(j: &Value) -> impl Iterator<Item = &Value> {
    j["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .filter(|g| g.get("game").is_some())
}

/// Plays every game by mail until none is left: `loser` picks who resigns.
pub(super) fn play_out(h: &PbmgoHome, loser: impl Fn(&str, &str) -> String) -> usize {
    let mut played = 0;
    loop {
        let now = going(&show(h));
        if now.is_empty() {
            return played;
        }
        for (game, black, white) in now {
            let who = loser(&black, &white);
            send(h, &address(&who), &format!("resign {game}"));
            played += 1;
        }
    }
}

/// No pair twice; each player's Blacks minus Whites.
pub(super) fn pairs_and_colours(j: &Value) -> BTreeMap<String, i32> {
    let mut met = HashSet::new();
    let mut colours = BTreeMap::new();
    for g in games(j) {
        let (b, w) = (g["black"].as_str().unwrap(), g["white"].as_str().unwrap());
        let pair = if b < w { (b, w) } else { (w, b) };
        assert!(met.insert(pair), "{b} and {w} met twice: {j}");
        *colours.entry(b.to_string()).or_insert(0) += 1;
        *colours.entry(w.to_string()).or_insert(0) -= 1;
    }
    colours
}

/// Points, SOS, SOSOS and SODOS of each player, computed from the rounds
/// (a bye: its points, and an opponent scoring nothing).
fn reference(j: &Value, bye: f64) -> BTreeMap<String, [f64; 4]> {
    let mut pts: BTreeMap<String, f64> = BTreeMap::new();
    let mut opp: BTreeMap<String, Vec<Option<String>>> = BTreeMap::new();
    let mut beaten: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in j["players"].as_array().unwrap() {
        let n = p["name"].as_str().unwrap().to_string();
        pts.insert(n.clone(), 0.0);
        opp.insert(n.clone(), Vec::new());
        beaten.insert(n, Vec::new());
    }
    for g in j["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r.as_array().unwrap())
    {
        if let Some(b) = g["bye"].as_str() {
            *pts.get_mut(b).unwrap() += bye;
            opp.get_mut(b).unwrap().push(None);
            continue;
        }
        let (b, w) = (g["black"].as_str().unwrap(), g["white"].as_str().unwrap());
        opp.get_mut(b).unwrap().push(Some(w.to_string()));
        opp.get_mut(w).unwrap().push(Some(b.to_string()));
        let result = g["result"].as_str().unwrap_or("");
        let (win, lose) = match result.chars().next() {
            Some('B') => (b, w),
            Some('W') => (w, b),
            _ => continue,
        };
        *pts.get_mut(win).unwrap() += 1.0;
        beaten.get_mut(win).unwrap().push(lose.to_string());
    }
    let sum = |of: &BTreeMap<String, f64>, list: &[Option<String>]| -> f64 {
        list.iter().flatten().map(|o| of[o]).sum()
    };
    let sos: BTreeMap<String, f64> = opp.iter().map(|(p, l)| (p.clone(), sum(&pts, l))).collect();
    opp.iter()
        .map(|(p, l)| {
            let sodos = beaten[p].iter().map(|o| pts[o]).sum();
            (p.clone(), [pts[p], sos[p], sum(&sos, l), sodos])
        })
        .collect()
}

/// Checks the standings against [`reference`] and their order against
/// `keys` (the criteria the system places by, in order).
pub(super) fn check_standings(j: &Value, bye: f64, keys: &[usize]) {
    let r = reference(j, bye);
    let lines = j["standings"].as_array().unwrap();
    let mut last: Option<Vec<f64>> = None;
    for s in lines {
        let n = s["name"].as_str().unwrap();
        let got = ["points", "sos", "sosos", "sodos"].map(|k| s[k].as_f64().unwrap());
        assert_eq!(got, r[n], "{n}: {s}");
        let crit: Vec<f64> = keys.iter().map(|&k| got[k]).collect();
        if let Some(prev) = &last {
            assert!(prev >= &crit, "placed out of order at {s}");
        }
        last = Some(crit);
    }
    assert_eq!(lines.len(), r.len());
}

#[test]
fn a_round_robin_of_six_plays_every_pair_once_to_the_end() {
    let h = tournament(
        6,
        &["--system", "round-robin", "--time", "fischer 3d+1d max 7d"],
    );
    let started = h.ok(&["tournament", "start", "cup"]);
    assert!(started.contains("15 games started"), "{started}");
    let start = letters(&h, &address("ann"), "game-start");
    assert_eq!(start.len(), 5, "all of ann's games start at once");
    assert!(
        start[0].text.contains("Tournament cup, round 1 of 5"),
        "{}",
        start[0].text
    );
    // The later name loses every game: ann wins all, fay none.
    assert_eq!(play_out(&h, |b, w| b.max(w).to_string()), 15);
    let j = show(&h);
    assert_eq!(
        (j["system"].as_str(), j["status"].as_str()),
        (Some("round-robin"), Some("finished"))
    );
    assert_eq!(j["rounds"].as_array().unwrap().len(), 5);
    let colours = pairs_and_colours(&j);
    assert_eq!(games(&j).count(), 15, "every pair of six");
    assert!(colours.values().all(|d| d.abs() <= 1), "{colours:?}");
    check_standings(&j, 1.0, &[0, 3]);
    let order: Vec<&str> = j["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["ann", "ben", "cat", "dan", "eve", "fay"]);
    assert!(
        any_mail(
            &h,
            6,
            "Tournament cup, final standings: 1. ann 5, 2. ben 4, 3. cat 3"
        ),
        "the last game's final mail has the final standings"
    );
    send(&h, &address("cat"), "tournament cup");
    let t = transcript(&h, &address("cat"));
    assert!(t.text.contains("Crosstable:"), "{}", t.text);
    assert!(
        t.text.contains("You have finished 5 of its games"),
        "{}",
        t.text
    );
    let html = t.html.unwrap();
    assert!(html.contains("<table class=\"grid\">"), "{html}");
}

#[test]
fn a_swiss_of_eight_pairs_rounds_by_itself_and_a_withdrawal_stops_pairing() {
    let h = tournament(
        8,
        &["--system", "swiss", "--rounds", "3", "--bye-points", "1"],
    );
    h.ok(&["tournament", "start", "cup"]);
    let mut round = 1;
    let mut seed = 7u32;
    loop {
        let j = show(&h);
        let now = going(&j);
        if now.is_empty() {
            break;
        }
        assert_eq!(j["round"], round, "each round starts once the last ends");
        if round == 2 {
            // dan leaves mid-round: his game counts as lost, the rest go on.
            send(&h, &address("dan"), "leave cup");
            let r = results(&h, &address("dan"));
            assert_eq!(r, ["leave cup => ok"]);
        }
        for (game, black, white) in going(&show(&h)) {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let loser = if seed >> 16 & 1 == 0 { black } else { white };
            send(&h, &address(&loser), &format!("resign {game}"));
        }
        round += 1;
    }
    let j = show(&h);
    assert_eq!(
        (j["round"].as_u64(), j["status"].as_str()),
        (Some(3), Some("finished"))
    );
    let colours = pairs_and_colours(&j);
    assert!(colours.values().all(|d| d.abs() <= 1), "{colours:?}");
    let rounds = j["rounds"].as_array().unwrap();
    let in_round = |r: &Value, n: &str| {
        r.as_array()
            .unwrap()
            .iter()
            .any(|g| g["black"] == n || g["white"] == n || g["bye"] == n)
    };
    assert!(
        in_round(&rounds[1], "dan") && !in_round(&rounds[2], "dan"),
        "{j}"
    );
    assert_eq!(
        rounds[2]
            .as_array()
            .unwrap()
            .iter()
            .filter(|g| g.get("bye").is_some())
            .count(),
        1
    );
    check_standings(&j, 1.0, &[0, 1, 2]);
}

#[test]
fn a_mcmahon_starts_players_by_rank_above_and_below_the_bar() {
    let h = mcmahon(
        &[
            ("ann", "2d"),
            ("ben", "1k"),
            ("cat", "3k"),
            ("dan", "5k"),
            ("eve", "8k"),
            ("fay", "12k"),
        ],
        &["--bar", "3k", "--rounds", "2"],
    );
    let j = show(&h);
    let starts: BTreeMap<&str, f64> = j["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].as_str().unwrap(), s["points"].as_f64().unwrap()))
        .collect();
    // The bar at 3k: ann, ben, cat start together at 9 (3k is 9 ranks
    // above the floor, fay's 12k); dan 7, eve 4, fay 0.
    assert_eq!(
        starts,
        BTreeMap::from([
            ("ann", 9.0),
            ("ben", 9.0),
            ("cat", 9.0),
            ("dan", 7.0),
            ("eve", 4.0),
            ("fay", 0.0)
        ])
    );
    let first: Vec<(String, String, String)> = going(&j);
    assert!(
        first.iter().any(|(_, b, w)| [b.as_str(), w.as_str()]
            .iter()
            .all(|n| ["ann", "ben", "cat"].contains(n))),
        "the top group pairs within itself first: {first:?}"
    );
    play_out(&h, |b, w| b.max(w).to_string());
    let j = show(&h);
    assert_eq!(j["status"], "finished");
    let colours = pairs_and_colours(&j);
    assert!(colours.values().all(|d| d.abs() <= 1), "{colours:?}");
}

#[test]
fn a_ladder_takes_challenges_within_its_reach_and_the_winner_climbs() {
    let h = tournament(7, &["--system", "ladder", "--reach", "5"]);
    h.ok(&["tournament", "start", "cup"]);
    let ladder = |h: &PbmgoHome| -> Vec<String> {
        show(h)["ladder"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        ladder(&h),
        ["ann", "ben", "cat", "dan", "eve", "fay", "gus"]
    );
    send(&h, &address("gus"), "challenge ann size 9 ladder cup");
    let refused = transcript(&h, &address("gus")).flat();
    assert!(
        refused.contains("up to 5 places above you: you are 7th, they are 1st"),
        "{refused}"
    );
    send(&h, &address("gus"), "challenge fay size 9 ladder cup");
    send(&h, &address("gus"), "challenge ben size 9 ladder cup");
    let busy = transcript(&h, &address("gus")).flat();
    assert!(
        busy.contains("You have a ladder challenge in cup already (game1)"),
        "{busy}"
    );
    send(&h, &address("fay"), "decline game1");
    send(&h, &address("gus"), "challenge ben size 9 ladder cup");
    send(&h, &address("ben"), "accept game2");
    send(&h, &address("ben"), "resign game2");
    assert_eq!(
        ladder(&h),
        ["ann", "gus", "ben", "cat", "dan", "eve", "fay"]
    );
    assert!(any_mail(&h, 7, "Ladder cup now: 1. ann, 2. gus, 3. ben"));
    // A defender who wins keeps the place.
    send(&h, &address("fay"), "challenge cat size 9 ladder cup");
    send(&h, &address("cat"), "accept game3");
    send(&h, &address("fay"), "resign game3");
    assert_eq!(
        ladder(&h),
        ["ann", "gus", "ben", "cat", "dan", "eve", "fay"]
    );
}

#[test]
fn tick_twice_pairs_no_round_twice_and_joining_after_the_start_is_refused() {
    let h = tournament(4, &["--system", "swiss", "--rounds", "2"]);
    h.ok(&["tournament", "start", "cup"]);
    for (game, black, white) in going(&show(&h)) {
        let loser = black.max(white);
        send(&h, &address(&loser), &format!("resign {game}"));
    }
    h.ok(&["tick"]);
    h.ok(&["tick"]);
    let j = show(&h);
    assert_eq!(j["rounds"].as_array().unwrap().len(), 2, "{j}");
    assert_eq!(games(&j).count(), 4);
    h.player("ivy", &address("ivy"));
    send(&h, &address("ivy"), "join cup");
    let r = transcript(&h, &address("ivy")).flat();
    assert!(
        r.contains("The tournament cup has started: it takes no new players"),
        "{r}"
    );
    let listed = h.json(&["tournament", "list"]);
    assert_eq!(listed[0]["round"], 2);
    assert_eq!(listed[0]["players"], 4);
}

/// `days` days after [`NOW`](crate::common::pbmgo_home::NOW), as RFC 3339.
fn later(days: i64) -> String {
    let now = chrono::DateTime::parse_from_rfc3339(crate::common::pbmgo_home::NOW).unwrap();
    (now + chrono::Duration::days(days))
        .to_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[test]
fn time_losses_count_a_player_on_vacation_is_paired_and_paused_and_all_get_the_final_table() {
    let h = tournament(
        4,
        &[
            "--system",
            "swiss",
            "--rounds",
            "2",
            "--time",
            "per-move 3d",
        ],
    );
    send(&h, &address("dan"), "vacation 10");
    h.ok(&["tournament", "start", "cup"]);
    let first = going(&show(&h));
    let dans = first
        .iter()
        .find(|(_, b, w)| b == "dan" || w == "dan")
        .expect("dan is paired")
        .clone();
    let rival = if dans.1 == "dan" {
        dans.2.clone()
    } else {
        dans.1.clone()
    };
    if dans.1 != "dan" {
        send(&h, &address(&rival), &format!("move {} E5", dans.0));
    }
    let clock = h.json(&["game", "show", &dans.0])["clock"].clone();
    assert_eq!(clock["to_move"], "dan");
    assert!(
        clock["deadline"]
            .as_str()
            .is_some_and(|d| d > later(10).as_str()),
        "paused for the vacation: {clock}"
    );
    // The other game: nobody moves, and tick ends it on time after 3 days.
    let other = first.iter().find(|g| g.0 != dans.0).unwrap().clone();
    send(
        &h,
        &address(if dans.1 == "dan" { &dans.2 } else { &dans.1 }),
        &format!("resign {}", dans.0),
    );
    h.ok_at(&["tick"], &later(4));
    let j = show(&h);
    let timed = games(&j).find(|g| g["game"] == other.0.as_str()).unwrap();
    assert!(
        timed["result"].as_str().unwrap().ends_with("+T"),
        "lost on time: {timed}"
    );
    assert_eq!(
        j["round"], 2,
        "the round after a time loss starts by itself"
    );
    check_standings(&j, 1.0, &[0, 1, 2]);
    play_out(&h, |b, w| b.max(w).to_string());
    let j = show(&h);
    assert_eq!(j["status"], "finished");
    for name in &NAMES[..4] {
        let last = letters(&h, &address(name), "tournament")
            .pop()
            .expect("the final table");
        assert_eq!(last.subject, "Tournament cup: final standings");
        assert!(
            last.text.contains("You finished") && last.text.contains("Crosstable:"),
            "{}",
            last.text
        );
    }
}

#[test]
fn a_tournament_survives_backup_and_restore() {
    let h = tournament(4, &["--system", "round-robin"]);
    h.ok(&["tournament", "start", "cup"]);
    let (game, black, white) = going(&show(&h))[0].clone();
    send(&h, &address(&black.max(white)), &format!("resign {game}"));
    let before = show(&h);
    let copy = h.path().join("copy.sqlite3");
    h.ok(&["backup", copy.to_str().unwrap()]);
    send(&h, &address("ann"), "leave cup");
    assert_ne!(show(&h), before);
    for f in ["pbmgo.sqlite3", "pbmgo.sqlite3-wal", "pbmgo.sqlite3-shm"] {
        let _ = std::fs::remove_file(h.path().join(f));
    }
    std::fs::copy(&copy, h.path().join("pbmgo.sqlite3")).unwrap();
    assert_eq!(show(&h), before);
    assert!(h.ok(&["game", "verify"]).contains("0 differ"));
}
