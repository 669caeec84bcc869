//! Clocks end to end, through the pipeline and `tick` at pinned
//! times: a game lost on time (reminder, warning and loss, each once), and
//! a simulated month of ticks every three hours (twice in each hour) with
//! a vacation, in which every reminder and warning goes out exactly once
//! and none reaches the player on vacation. In-process, on the pipeline
//! harness, but for `pbmgo tick --json --no-send`.

use crate::common::clock_mail;
use crate::common::home::Home;
use crate::common::pbmgo_home::OutMail;

use clock_mail::{ALICE, BOB, CAROL, at, body, days, harness, home, html, of_kinds, send, tick};

const TICK_KINDS: &[&str] = &["reminder", "warning", "game-over", "digest"];

#[test]
fn a_game_lost_on_time_warns_once_then_ends_w_plus_t() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 E5", 1.0);
    send(&h, BOB, "move game1 C3", 2.0);
    // Alice (Black) is to move from hour 2: 7 days, so the deadline is day 7 + 2h.
    assert_eq!(h.show("game1")["status"], "active");
    let quiet = tick(&h, days(3.0));
    assert!(
        quiet.starts_with("reminders 0, warnings 0, timeouts 0"),
        "{quiet}"
    );
    assert_eq!(
        tick(&h, days(3.5) + 2.0),
        "reminders 1, warnings 0, timeouts 0, deadlines 0, digests 0, sent 1\n"
    );
    assert!(tick(&h, days(3.5) + 2.5).starts_with("reminders 0, warnings 0, timeouts 0"));
    assert!(tick(&h, days(6.0) + 2.0).starts_with("reminders 0, warnings 1, timeouts 0"));
    assert!(tick(&h, days(6.0) + 2.9).starts_with("reminders 0, warnings 0, timeouts 0"));
    assert!(tick(&h, days(7.0) + 1.9).starts_with("reminders 0, warnings 0, timeouts 0"));
    assert!(tick(&h, days(7.0) + 2.0).starts_with("reminders 0, warnings 0, timeouts 1"));
    assert!(tick(&h, days(7.0) + 2.5).starts_with("reminders 0, warnings 0, timeouts 0"));
    let show = h.show("game1");
    assert_eq!(show["status"], "finished");
    assert_eq!(show["result"], "W+T");
    let mails = of_kinds(&h, TICK_KINDS);
    let seen: Vec<(&str, &str)> = mails
        .iter()
        .map(|r| (r.recipient.as_str(), r.kind.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            (ALICE, "reminder"),
            (ALICE, "warning"),
            (ALICE, "game-over"),
            (BOB, "game-over")
        ]
    );
    assert!(
        mails[0].mail.subject.starts_with("[game1] "),
        "{}",
        mails[0].mail.subject
    );
    assert_eq!(
        mails[0].mail.text.lines().next(),
        Some("Reminder: it is your move.")
    );
    assert!(
        mails[1].mail.subject.starts_with("[game1] "),
        "{}",
        mails[1].mail.subject
    );
    assert_eq!(
        mails[1].mail.text.lines().next(),
        Some("Your time runs out on 2026-03-08 02:00 UTC.")
    );
    assert!(
        mails[2].mail.subject.starts_with("[game1] "),
        "{}",
        mails[2].mail.subject
    );
    assert_eq!(
        mails[2].mail.text.lines().next(),
        // Lost on time before move 10: an escape, so no rating moved.
        Some("You lost game1 on time (W+T).")
    );
    assert!(
        mails[3].mail.subject.starts_with("[game1] "),
        "{}",
        mails[3].mail.subject
    );
    assert_eq!(
        mails[3].mail.text.lines().next(),
        Some("You won game1 on time: alice did not move in time (W+T).")
    );
    insta::assert_snapshot!("clock-reminder.txt", body(&mails[0]));
    insta::assert_snapshot!("clock-reminder.html", html(&mails[0]));
    insta::assert_snapshot!("clock-warning.txt", body(&mails[1]));
    insta::assert_snapshot!("clock-warning.html", html(&mails[1]));
    insta::assert_snapshot!("timeout-game-over.txt", body(&mails[2]));
    insta::assert_snapshot!("timeout-game-over.html", html(&mails[2]));
    assert!(
        mails[2]
            .mail
            .flat()
            .contains("alice did not play move 3 by 2026-03-08 02:00 UTC and loses on time."),
        "{}",
        mails[2].mail.text
    );
    h.verify(None);
    // A move after the loss on time is refused: the game is over.
    send(&h, ALICE, "move game1 D4", days(8.0));
    assert_eq!(h.moves("game1").len(), 2);
}

#[test]
fn a_warning_only_when_the_reminder_time_was_missed() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 E5", 0.0);
    // No tick for six and a half days: only the warning goes out, not a stale reminder.
    assert!(tick(&h, days(6.5)).starts_with("reminders 0, warnings 1, timeouts 0"));
    assert!(tick(&h, days(6.6)).starts_with("reminders 0, warnings 0, timeouts 0"));
    let kinds: Vec<String> = of_kinds(&h, TICK_KINDS)
        .into_iter()
        .map(|r| r.kind)
        .collect();
    assert_eq!(kinds, ["warning"]);
}

/// A month: game1 alice (B) against bob, game2 carol (B) against alice.
/// Bob takes a 10-day vacation on day 2 and never moves; alice and carol
/// play a little and then carol runs out of time.
#[test]
fn a_month_of_ticks_sends_each_notice_once_and_none_on_vacation() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    h.game_new("carol", "alice", 9);
    let mut events: Vec<(f64, &str, &str)> = vec![
        (1.0, ALICE, "move game1 E5"),
        (1.0, CAROL, "move game2 E5"),
        (days(2.0), BOB, "vacation 10"),
        (days(3.0), BOB, "vacation 25"),
        (days(5.0), ALICE, "move game2 C3"),
        (days(6.0), CAROL, "move game2 G7"),
        (days(12.5), ALICE, "move game2 C7"),
    ];
    events.reverse();
    let mut hour = 0.0;
    while hour <= days(31.0) {
        while events.last().is_some_and(|e| e.0 <= hour) {
            let (when, from, body) = events.pop().unwrap();
            send(&h, from, body, when);
        }
        tick(&h, hour);
        tick(&h, hour + 0.5);
        hour += 3.0;
    }
    let mails = of_kinds(&h, TICK_KINDS);
    let on_vacation = |r: &clock_mail::Row| {
        r.recipient == BOB
            && r.created_at.as_str() >= at(days(2.0)).as_str()
            && r.created_at.as_str() < at(days(12.0)).as_str()
    };
    assert!(
        !mails.iter().any(on_vacation),
        "a mail reached bob on vacation"
    );
    let got: Vec<(String, &str, &str, &str)> = mails
        .iter()
        .map(|r| {
            let game = if r.mail.subject.starts_with("[game1]") {
                "game1"
            } else {
                "game2"
            };
            (
                r.created_at.clone(),
                game,
                r.recipient.as_str(),
                r.kind.as_str(),
            )
        })
        .collect();
    // Alice's first turn in game2 (from hour 1): reminder at 3.5 days; she moves on day 5.
    // Her second turn (from day 6): reminder at 9.5, warning at 12; she moves at 12.5.
    // Bob's turn in game1 (from hour 1) is paused by his vacation (days 2 to 12):
    //   deadline day 17 + 1h, reminder at 13.5 days + 1h, warning at day 16 + 1h.
    // Carol's turn in game2 (from 12.5 days): reminder 16, warning 18.5, loss at 19.5.
    let expected = [
        (at(days(3.5) + 3.0), "game2", ALICE, "reminder"),
        (at(days(9.5)), "game2", ALICE, "reminder"),
        (at(days(12.0)), "game2", ALICE, "warning"),
        (at(days(13.5) + 3.0), "game1", BOB, "reminder"),
        (at(days(16.0)), "game2", CAROL, "reminder"),
        (at(days(16.0) + 3.0), "game1", BOB, "warning"),
        (at(days(18.5)), "game2", CAROL, "warning"),
        (at(days(17.0) + 3.0), "game1", BOB, "game-over"),
        (at(days(17.0) + 3.0), "game1", ALICE, "game-over"),
        (at(days(19.5)), "game2", CAROL, "game-over"),
        (at(days(19.5)), "game2", ALICE, "game-over"),
    ];
    let mut got_sorted = got.clone();
    got_sorted.sort();
    let mut want: Vec<(String, &str, &str, &str)> = expected
        .iter()
        .map(|(t, g, p, k)| (t.clone(), *g, *p, *k))
        .collect();
    want.sort();
    assert_eq!(got_sorted, want);
    assert_eq!(h.show("game1")["result"], "B+T");
    assert_eq!(h.show("game2")["result"], "W+T");
    let refused = h
        .sent_to(BOB)
        .into_iter()
        .find(|m| !m.rejected().is_empty())
        .expect("the second vacation is refused");
    assert_eq!(refused.rejected(), ["already-on-vacation"]);
    h.verify(None);
}

fn deadline(h: &impl Home, game: i64) -> String {
    h.db()
        .query_row(
            "SELECT clock_deadline FROM games WHERE id = ?1",
            [game],
            |r| r.get(0),
        )
        .unwrap()
}

fn last_reply(h: &impl Home, to: &str) -> OutMail {
    let mut replies: Vec<_> = h
        .sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == "reply")
        .collect();
    replies.pop().expect("a transcript")
}

/// A vacation pushes the deadline, `vacation off` pulls it back by the
/// unused days and gives them back; the yearly allowance is 30 days.
#[test]
fn vacation_off_gives_back_unused_days_and_the_allowance_holds() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 E5", 0.0);
    assert_eq!(deadline(&h, 1), at(days(7.0)));
    send(&h, BOB, "vacation 10", days(1.0));
    assert_eq!(deadline(&h, 1), at(days(17.0)));
    send(&h, BOB, "vacation off", days(4.0));
    let back = last_reply(&h, BOB);
    assert!(
        back.flat().contains("7 unused days were given back"),
        "{}",
        back.text
    );
    assert_eq!(deadline(&h, 1), at(days(10.0)));
    send(&h, BOB, "vacation off", days(4.5));
    assert_eq!(last_reply(&h, BOB).rejected(), ["not-on-vacation"]);
    send(&h, BOB, "vacation 28", days(5.0));
    let refused = last_reply(&h, BOB);
    assert_eq!(refused.rejected(), ["vacation-allowance"]);
    assert!(
        refused.flat().contains("have 27 left this year"),
        "{}",
        refused.text
    );
    send(&h, BOB, "vacation 27", days(5.0));
    assert!(last_reply(&h, BOB).rejected().is_empty());
    assert_eq!(deadline(&h, 1), at(days(37.0)));
    send(&h, BOB, "vacation off", days(6.0));
    // 3 + 1 days used: 26 left.
    send(&h, BOB, "vacation 27", days(6.5));
    let refused = last_reply(&h, BOB);
    assert_eq!(refused.rejected(), ["vacation-allowance"]);
    assert!(
        refused.flat().contains("have 26 left this year"),
        "{}",
        refused.text
    );
}

#[test]
fn tick_json_counts_and_no_send_leaves_the_outbox_pending() {
    let h = home();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 E5", 0.0);
    let out = h.ok_at(&["tick", "--json", "--no-send"], &at(days(3.6)));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"reminders": 1, "warnings": 0, "timeouts": 0,
                           "deadlines": 0, "digests": 0, "rounds": 0, "sent": 0})
    );
    let pending: i64 = h
        .db()
        .query_row(
            "SELECT count(*) FROM outbox WHERE kind = 'reminder' AND status = 'pending'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(pending, 1);
}
