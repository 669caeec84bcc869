//! Strangers and newcomers (issue 14): a stranger's `help` is answered with
//! the help and how to join, `signup` with a welcome that says what to do
//! next, `players` lists who there is to play, and every mail a player
//! reads speaks as the configured `server.name`, never "pbmgo". All
//! through `pbmgo poll`.

use super::words::{send_tagged, started};
use crate::common::home::Home;
use crate::common::lifecycle::*;
use crate::common::pbmgo_home::{OutMail, SERVER};

#[test]
fn a_stranger_asking_for_help_gets_it_with_how_to_join() {
    let h = home();
    let stranger = "dave@example.net";
    send(&h, stranger, "help");
    let got = h.sent_to(stranger);
    assert_eq!(got.len(), 1);
    let text = &got[0].text;
    for w in [
        "signup NAME",
        "Starting a game",
        "not a player on pbmgo yet",
    ] {
        assert!(text.contains(w), "{w}: {text}");
    }
    assert!(!text.contains("who are you"), "{text}");
    assert!(got[0].rejected().is_empty());

    // Anything else from a stranger still gets the one "who are you".
    send(&h, stranger, "games");
    assert_eq!(h.sent_to(stranger)[1].kind(), "unknown-sender");
}

#[test]
fn signup_gets_a_welcome_that_says_what_to_do_next() {
    let h = home();
    send(&h, "dave@example.net", "signup dave");
    let t = transcript(&h, "dave@example.net");
    assert_eq!(t.results(), [("signup dave".into(), "ok".into())]);
    for w in [
        "Welcome to pbmgo, dave!",
        "players",
        "challenge NAME size 9",
        "Send \"help\" for every command.",
    ] {
        assert!(t.text.contains(w), "{w}: {}", t.text);
    }
}

#[test]
fn players_lists_names_ratings_active_games_and_last_seen() {
    let h = started();
    play(&h, "game1", ALICE, &["E5"]);
    send(&h, CAROL, "players");
    let t = transcript(&h, CAROL);
    assert_eq!(t.results(), [("players".into(), "ok".into())]);
    assert!(t.text.contains("Player"), "{}", t.text);
    assert!(t.text.contains("Last seen"), "{}", t.text);
    let row = |name: &str| {
        t.text
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no {name}: {}", t.text))
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<String>>()
    };
    assert_eq!(row("alice"), ["alice", "?", "100", "1", "2026-11-22"]);
    assert_eq!(row("bob"), ["bob", "?", "100", "1", "2026-11-22"]);
    assert_eq!(row("carol")[..4], ["carol", "?", "100", "0"]);
    let widest = t
        .text
        .lines()
        .take_while(|l| !l.starts_with("Ranks"))
        .map(str::len)
        .max();
    assert!(widest <= Some(44), "the table fits a phone: {}", t.text);
    assert!(t.text.contains("challenge alice") || t.text.contains("challenge bob"));
}

/// Every piece of a mail a player reads: Subject, text and HTML.
fn visible(m: &OutMail) -> String {
    format!(
        "{}\n{}\n{}",
        m.subject,
        m.text,
        m.html.as_deref().unwrap_or("")
    )
}

#[test]
fn every_mail_of_a_short_game_speaks_as_the_configured_server_name() {
    let h = home();
    let config = "[server]\naddress = \"games@goban.example\"\nname = \"Goban by Post\"\n\n\
         [limits]\nmax_replies_per_hour = 1000\n";
    std::fs::write(h.path().join("pbmgo.toml"), config).unwrap();
    assert_ne!(SERVER, "games@goban.example");
    // The test mails' own Subject says pbmgo: these say Go.
    let send = |from: &str, body: &str| send_tagged(&h, from, "Go", body);
    send("erin@example.net", "hello?");
    send("erin@example.net", "help");
    send("dave@example.net", "signup dave");
    send("dave@example.net", "players");
    send(ALICE, "challenge bob size 9 color black\nA short one?");
    send(BOB, "accept game1");
    for (who, line) in [
        (ALICE, "move game1 E5"),
        (BOB, "move game1 C3"),
        (ALICE, "pass game1"),
        (BOB, "pass game1"),
        (ALICE, "dead game1 C3"),
        (ALICE, "done game1"),
        (BOB, "done game1\nThanks!"),
    ] {
        send(who, line);
        assert_eq!(
            results(&h, who),
            [format!("{} => ok", line.lines().next().unwrap())]
        );
    }
    send(ALICE, "nothing to do here");
    send(ALICE, "standings");
    send(ALICE, "move game1 Z9");
    let all = h.sent();
    assert!(all.len() > 15, "{}", all.len());
    for m in &all {
        let text = visible(m);
        assert!(
            !text.to_lowercase().contains("pbmgo"),
            "{} to {}: {text}",
            m.kind(),
            m.recipient()
        );
    }
    let named = all.iter().filter(|m| visible(m).contains("Goban by Post"));
    assert!(named.count() >= 5);
}

#[test]
fn names_of_the_system_cannot_be_signed_up() {
    let h = harness();
    let names = [
        "admin",
        "Postmaster",
        "root",
        "abuse",
        "mailer-daemon",
        "noreply",
        "pbmgo",
        "game1",
        "GAME42",
    ];
    for (i, name) in names.iter().enumerate() {
        let from = format!("stranger{i}@example.net");
        send(&h, &from, &format!("signup {name}"));
        let t = transcript(&h, &from);
        assert_eq!(t.rejected(), ["bad-name"], "{name}: {}", t.text);
    }
    assert!(!h.players().iter().any(|p| names.contains(&p.as_str())));
    // A name that only starts like one is fine.
    send(&h, "gamer@example.net", "signup gamer");
    assert!(transcript(&h, "gamer@example.net").rejected().is_empty());
}
