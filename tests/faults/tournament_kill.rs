//! `pbmgo tick` killed with SIGKILL while it pairs a tournament's rounds
//! (issue 30): a Swiss of sixteen whose rounds are due by their deadline,
//! each paired by a `tick` that is first killed at moments spread over its
//! run. Whatever the moment, `tournament show` afterwards has every round
//! paired once: rounds numbered 1 to N, each player once a round, no pair
//! twice. (The kill moments are only spread; the checks hold for any.)

use std::collections::HashSet;
use std::process::Stdio;
use std::thread::sleep;
use std::time::Duration;

use serde_json::Value;

use crate::common::home::Home;
use crate::common::pbmgo_home::{NOW, PbmgoHome};

/// `days` days after [`NOW`], as RFC 3339.
fn later(days: i64) -> String {
    let now = chrono::DateTime::parse_from_rfc3339(NOW).unwrap();
    (now + chrono::Duration::days(days))
        .to_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Every round once, each player at most once a round, no pair twice;
/// returns the rounds paired.
fn check(j: &Value) -> usize {
    let rounds = j["rounds"].as_array().unwrap();
    assert_eq!(j["round"].as_u64(), Some(rounds.len() as u64), "{j}");
    let mut met = HashSet::new();
    for (i, round) in rounds.iter().enumerate() {
        let mut seen = HashSet::new();
        for g in round.as_array().unwrap() {
            if let Some(b) = g["bye"].as_str() {
                assert!(seen.insert(b.to_string()), "{b} twice in round {}", i + 1);
                continue;
            }
            let (b, w) = (g["black"].as_str().unwrap(), g["white"].as_str().unwrap());
            assert!(
                seen.insert(b.to_string()) && seen.insert(w.to_string()),
                "round {}: {round}",
                i + 1
            );
            let pair = if b < w { (b, w) } else { (w, b) };
            assert!(
                met.insert((pair.0.to_string(), pair.1.to_string())),
                "{b}-{w} twice"
            );
        }
        assert_eq!(seen.len(), 16, "round {} pairs everyone once", i + 1);
    }
    rounds.len()
}

#[test]
fn tick_killed_while_pairing_pairs_each_round_once() {
    let h = PbmgoHome::new();
    let names: Vec<String> = (1..=16).map(|i| format!("p{i:02}")).collect();
    for n in &names {
        h.player(n, &format!("{n}@club.example"));
    }
    h.ok(&[
        "tournament",
        "new",
        "cup",
        "--system",
        "swiss",
        "--rounds",
        "4",
        "--round-days",
        "1",
        "--size",
        "9",
    ]);
    for n in &names {
        h.ok(&["tournament", "join", "cup", n]);
    }
    h.ok(&["tournament", "start", "cup"]);
    let show = || h.json(&["tournament", "show", "cup"]);
    for (day, round) in [(2, 2), (4, 3), (6, 4)] {
        let now = later(day);
        for ms in [1, 3, 6, 10, 15, 25, 40, 60] {
            let mut child = h
                .spawn_cmd(&["tick", "--no-send"])
                .env("PBMGO_NOW", &now)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            sleep(Duration::from_millis(ms));
            let _ = child.kill();
            let _ = child.wait();
            let paired = check(&show());
            assert!(
                paired == round - 1 || paired == round,
                "{paired} rounds after a kill"
            );
        }
        h.ok_at(&["tick", "--no-send"], &now);
        assert_eq!(check(&show()), round);
    }
}
