//! What a move mail tells: the deadline and time left, the stones a move
//! captured and a ko that now stands, the last moves, the scoring-phase
//! header without "to play", the admin's adjudication, and a game made
//! with `pbmgo game new`: a start letter with the board to both players,
//! on the clock, reminded and timed out by `tick` like any other.

use chrono::Duration;

use crate::common::clock_mail::{self, ALICE, BOB, Row};
use crate::common::home::Home;

use clock_mail::{at, days, harness, home, of_kinds, send, start, tick};

/// `t` hours after the start, as mails write a date.
fn minute(hours: f64) -> String {
    let t = start() + Duration::minutes((hours * 60.0).round() as i64);
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// The last mail of `kind` to `to`.
fn last_to(h: &impl Home, to: &str, kind: &str) -> Row {
    of_kinds(h, &[kind])
        .into_iter()
        .rfind(|r| r.recipient == to)
        .unwrap_or_else(|| panic!("no {kind} mail to {to}"))
}

#[test]
fn the_move_mail_names_the_capture_the_ko_the_deadline_and_the_last_moves() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    // Black D6, C5, D4 and (away) A1 around White's D5; White E6, F5, E4.
    let moves = ["d6", "e6", "c5", "f5", "d4", "e4", "a1", "d5"];
    for (i, point) in moves.iter().enumerate() {
        let from = if i % 2 == 0 { ALICE } else { BOB };
        send(&h, from, &format!("move game1 {point}"), i as f64);
    }
    send(&h, ALICE, "move game1 e5", 10.0);
    let note = last_to(&h, BOB, "your-move");
    let text = &note.mail.text;
    assert!(
        text.contains("alice played E5 in game1 and captured 1 stone (D5): your move"),
        "{text}"
    );
    let ko = "Ko: White (bob) may not retake D5 with this move; play elsewhere first.";
    assert!(text.contains(ko), "{text}");
    let due = format!(": your move, due {}.\n", minute(10.0 + days(7.0)));
    assert!(text.contains(&due), "{text}");
    assert!(text.contains("It is your turn to play move 10."), "{text}");
    // The time left is said once, in the clock line.
    assert_eq!(text.matches("left for this move").count(), 1, "{text}");
    let clock = format!(
        "Clock: per-move 7d.\nBlack (alice): 7d a move.\nWhite (bob), to play: 7d left for \
         this move (7d a move).\nRuns out if no move comes: {}.",
        minute(10.0 + days(7.0))
    );
    assert!(text.contains(&clock), "{text}");
    assert!(
        text.contains("Moves 5-9: Black D4, White E4, Black A1, White D5, Black E5."),
        "{text}"
    );
    assert!(text.contains("Prisoners taken: by Black 1, by White 0."));
    let html = note.mail.html.as_deref().unwrap_or_default();
    assert!(
        html.contains(ko) && html.contains("captured 1 stone (D5)"),
        "{html}"
    );
    // The mover's transcript shows the opponent's clock.
    let reply = last_to(&h, ALICE, "reply");
    assert!(reply.mail.text.contains(&clock), "{}", reply.mail.text);
    // `games` says when each move is due, with the time left.
    send(&h, BOB, "games", 10.0 + days(1.0));
    let games = last_to(&h, BOB, "reply").mail.text;
    let line = format!(
        "game1    9x9 against alice, you play white: your turn, move 10, due {}, 6 days left",
        minute(10.0 + days(7.0))
    );
    assert!(games.contains(&line), "{games}");
    // So does `board`, with the time left at the time of asking.
    send(&h, ALICE, "board game1", 10.0 + days(2.0));
    let board = last_to(&h, ALICE, "reply").mail.text;
    let clock = format!(
        "White (bob), to play: 5d left for this move (7d a move).\nRuns out if no move comes: {}.",
        minute(10.0 + days(7.0))
    );
    assert!(board.contains(&clock), "{board}");
}

#[test]
fn a_pass_is_worded_passed_and_the_scoring_header_names_no_one_to_play() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 1.0);
    send(&h, BOB, "pass game1", 2.0);
    let note = last_to(&h, ALICE, "your-move");
    assert_eq!(note.mail.subject, "[game1] alice vs bob, 9x9");
    assert!(
        note.mail.text.starts_with("bob passed in game1: your move"),
        "{}",
        note.mail.text
    );
    send(&h, ALICE, "pass game1", 3.0);
    let scoring = last_to(&h, BOB, "your-move").mail.text;
    assert!(
        scoring.contains("Status: scoring (both players passed), after move 3.\n"),
        "{scoring}"
    );
    assert!(!scoring.contains("to play"), "{scoring}");
    assert!(!scoring.contains("Clock:"), "{scoring}");
}

#[test]
fn an_adjudication_says_the_admin_decided() {
    let h = home();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 1.0);
    h.ok_at(&["game", "adjudicate", "game1", "W+R"], &at(2.0));
    let over = of_kinds(&h, &["game-over"]);
    assert_eq!(over.len(), 2);
    for r in &over {
        assert_eq!(r.mail.subject, "[game1] alice vs bob, 9x9");
        let text = &r.mail.text;
        let news = ["You lost game1 (W+R)", "You won game1 (W+R)"];
        assert!(news.iter().any(|n| text.starts_with(n)), "{text}");
        assert!(
            r.mail
                .flat()
                .contains("The server's admin decided the result: W+R, a win for White (bob)."),
            "{text}"
        );
        assert!(!text.contains("resigned"), "{text}");
    }
}

#[test]
fn game_new_mails_both_players_and_runs_on_the_clock() {
    let h = home();
    let new = [
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ];
    let id = h.ok_at(&[&new[..], &["--days", "4"]].concat(), &at(0.0));
    assert_eq!(id.trim(), "game1");
    let letters = of_kinds(&h, &["game-start"]);
    let to: Vec<&str> = letters.iter().map(|r| r.recipient.as_str()).collect();
    assert_eq!(to, [ALICE, BOB]);
    let clock = format!(
        "Clock: per-move 4d.\nBlack (alice), to play: 4d left for this move (4d a move).\n\
         Runs out if no move comes: {}.\nWhite (bob): 4d a move.",
        minute(days(4.0))
    );
    for r in &letters {
        let text = &r.mail.text;
        assert!(text.contains("    A B C D E F G H J\n"), "{text}");
        assert!(text.contains(&clock), "{text}");
        assert!(text.contains("Time: 4 days per move."), "{text}");
    }
    assert!(letters[0].mail.text.contains("It is your move."));
    assert!(letters[1].mail.text.contains("alice (Black) moves first"));
    // Both start letters, and every mail after them, are in one thread
    // whose root neither letter is: each player has the whole thread.
    let root = letters[0].mail.header("References").expect("threaded");
    let own = letters[0].mail.header("Message-ID").unwrap();
    assert_ne!(root, own);
    assert_eq!(letters[1].mail.header("References"), Some(root));
    assert_eq!(letters[1].mail.header("In-Reply-To"), Some(root));
    assert!(tick(&h, days(1.9)).starts_with("reminders 0, warnings 0, timeouts 0"));
    assert!(tick(&h, days(2.0)).starts_with("reminders 1, warnings 0, timeouts 0"));
    assert!(tick(&h, days(3.0)).starts_with("reminders 0, warnings 1, timeouts 0"));
    assert!(tick(&h, days(4.0)).starts_with("reminders 0, warnings 0, timeouts 1"));
    let reminder = of_kinds(&h, &["reminder"]);
    assert_eq!(reminder.len(), 1);
    assert_eq!(reminder[0].recipient, ALICE);
    let refs = reminder[0].mail.header("References").unwrap();
    assert!(refs.starts_with(root), "{refs}");
    assert_eq!(h.show("game1")["result"], "W+T");
}

#[test]
fn game_new_takes_the_configured_days_and_no_mail_sends_none() {
    let h = home();
    let args = [
        "game", "new", "--black", "alice", "--white", "bob", "--size", "9",
    ];
    h.ok_at(&[&args[..], &["--no-mail"]].concat(), &at(0.0));
    assert!(of_kinds(&h, &["game-start"]).is_empty());
    // The default from [games] days_per_move (7): reminded after 3.5 days.
    assert!(tick(&h, days(3.4)).starts_with("reminders 0, warnings 0, timeouts 0"));
    assert!(tick(&h, days(3.5)).starts_with("reminders 1, warnings 0, timeouts 0"));
}
