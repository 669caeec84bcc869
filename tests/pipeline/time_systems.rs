//! Every time system played by mail at pinned times (`poll --now`,
//! `tick --now`, in-process but for one game through the binary), against
//! timelines worked out by hand: each move's cost by the system's rules,
//! the clock each mail shows, the moment the time runs out, and the loss
//! on time recorded as of that moment, at the first tick from it. Also a
//! move after the time ran out (refused as too late before any tick), a
//! weekend off in the player's own time zone, a byo-yomi period kept over
//! a vacation, and a game without a clock.
//!
//! Times are hours from Sunday 2026-03-01 00:00 UTC (`clock_mail::at`).

use crate::common::clock_mail::{
    ALICE, BOB, at, body, harness, home, html, last_id, outbox_after, send, tick,
};
use crate::common::home::Home;

/// Alice challenges bob with `terms` at hour 0, as Black; bob accepts at
/// hour 1, which starts alice's clock.
fn started(h: &impl Home, terms: &str) {
    send(
        h,
        ALICE,
        &format!("challenge bob size 9 color black {terms}"),
        0.0,
    );
    send(h, BOB, "accept game1", 1.0);
    assert_eq!(h.show("game1")["status"], "active", "{terms}");
}

/// The text of the last mail to `to`.
fn last_text(h: &impl Home, to: &str) -> String {
    h.sent_to(to).pop().expect("a mail").text
}

/// The game's clock deadline, as `game show --json` gives it.
fn deadline(h: &impl Home) -> String {
    h.show("game1")["clock"]["deadline"]
        .as_str()
        .unwrap_or("none")
        .to_string()
}

/// The game's result and when it was recorded as finished.
fn ended(h: &impl Home) -> (String, String) {
    h.db()
        .query_row(
            "SELECT coalesce(result, ''), coalesce(finished_at, '') FROM games WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap()
}

/// Ticks just before `hour` (nothing ends) and at it (the loss on time),
/// and checks the result and that it is recorded as of `hour`.
fn times_out_at(h: &impl Home, hour: f64, result: &str) {
    let before = tick(h, hour - 0.05);
    assert!(before.contains("timeouts 0"), "{before}");
    let at_it = tick(h, hour);
    assert!(at_it.contains("timeouts 1"), "{at_it}");
    assert_eq!(ended(h), (result.to_string(), at(hour)));
}

#[test]
fn fischer_adds_the_bonus_caps_the_bank_and_times_out_on_the_minute() {
    let h = harness();
    started(&h, "time fischer 1d+12h max 2d");
    // Alice: 24h - 10h + 12h = 26h. Bob: 24h - 2h + 12h = 34h.
    send(&h, ALICE, "move game1 E5", 11.0);
    let to_bob = last_text(&h, BOB);
    assert!(to_bob.contains("Clock: fischer 1d+12h max 2d."), "{to_bob}");
    assert!(
        to_bob.contains("Black (alice): 1d 2h + 12h a move (max 2d)."),
        "{to_bob}"
    );
    assert!(
        to_bob.contains("White (bob), to play: 1d + 12h a move (max 2d)."),
        "{to_bob}"
    );
    assert!(
        to_bob.contains("Runs out if no move comes: 2026-03-02 11:00 UTC."),
        "{to_bob}"
    );
    send(&h, BOB, "move game1 C3", 13.0);
    // Alice: 26h - 1h + 12h = 37h; bob: 34h - 1h + 12h = 45h; alice: 37h - 1h + 12h = 48h, the cap.
    send(&h, ALICE, "move game1 G5", 14.0);
    send(&h, BOB, "move game1 C5", 15.0);
    send(&h, ALICE, "move game1 E3", 16.0);
    let to_bob = last_text(&h, BOB);
    assert!(
        to_bob.contains("Black (alice): 2d + 12h a move (max 2d)."),
        "{to_bob}"
    );
    assert!(
        to_bob.contains("White (bob), to play: 1d 21h + 12h a move"),
        "{to_bob}"
    );
    // Bob's 45h from hour 16 run out at hour 61.
    assert_eq!(deadline(&h), at(61.0));
    times_out_at(&h, 61.0, "B+T");
}

#[test]
fn byoyomi_keeps_a_period_used_in_time_loses_the_others_and_says_so() {
    let h = harness();
    started(&h, "time byoyomi 1d+3x12h");
    // 30h: the main day and 6h of the first period, which the move keeps.
    send(&h, ALICE, "move game1 E5", 31.0);
    let to_bob = last_text(&h, BOB);
    assert!(to_bob.contains("Clock: byoyomi 1d+3x12h."), "{to_bob}");
    assert!(
        to_bob.contains("Black (alice): in byo-yomi, 3 of 3 periods of 12h left."),
        "{to_bob}"
    );
    send(&h, BOB, "move game1 C3", 32.0);
    let to_alice = last_text(&h, ALICE);
    assert!(
        to_alice.contains("White (bob): 23h main time, then 3 periods of 12h."),
        "{to_alice}"
    );
    // Alice's 3 periods of 12h from hour 32: one lost at 44, one at 56, all at 68.
    let before = last_id(&h);
    tick(&h, 44.0);
    tick(&h, 45.0);
    tick(&h, 56.0);
    let notices = outbox_after(&h, before);
    let told = |left: &str, ends: &str, then: &str| {
        format!(
            "You are in byo-yomi, with {left} left, counting the one in progress. A move \
             within a period keeps it. If no move has come by {ends}, {then}."
        )
    };
    let expected = [
        told(
            "2 periods",
            "2026-03-03 08:00 UTC",
            "you are down to your last period",
        ),
        told("1 period", "2026-03-03 20:00 UTC", "your time runs out"),
    ];
    assert_eq!(notices.len(), 2, "one notice a period");
    for (row, said) in notices.iter().zip(expected) {
        assert_eq!(row.kind, "period");
        assert!(row.mail.flat().contains(&said), "{said}\n{}", row.mail.text);
    }
    insta::assert_snapshot!("clock-period.txt", body(&notices[1]));
    insta::assert_snapshot!("clock-period.html", html(&notices[1]));
    let show = h.show("game1");
    assert_eq!(show["clock"]["deadline"], at(68.0));
    times_out_at(&h, 68.0, "W+T");
}

#[test]
fn a_vacation_costs_no_byoyomi_period() {
    let h = harness();
    started(&h, "time byoyomi 1d+3x12h");
    send(&h, ALICE, "move game1 E5", 31.0);
    send(&h, BOB, "move game1 C3", 32.0);
    // Ten hours into her first period alice goes away for a day.
    send(&h, ALICE, "vacation 1", 42.0);
    assert_eq!(deadline(&h), at(68.0 + 24.0));
    // Back at 66 (the vacation's end), she moves at 67: 10h + 1h of her
    // own time, within the period, which she keeps.
    send(&h, ALICE, "move game1 G5", 67.0);
    let to_bob = last_text(&h, BOB);
    assert!(
        to_bob.contains("Black (alice): in byo-yomi, 3 of 3 periods of 12h left."),
        "{to_bob}"
    );
}

#[test]
fn canadian_counts_stones_down_and_starts_a_new_block() {
    let h = harness();
    started(&h, "time canadian 12h+2/1d");
    // 13h: the main 12h and 1h of the block; 1 of 2 stones left, 23h.
    send(&h, ALICE, "move game1 E5", 14.0);
    let to_bob = last_text(&h, BOB);
    assert!(to_bob.contains("Clock: canadian 12h+2/1d."), "{to_bob}");
    assert!(
        to_bob.contains("Black (alice): 23h left for 1 of 2 stones."),
        "{to_bob}"
    );
    send(&h, BOB, "move game1 C3", 15.0);
    // 20h of the 23h for the block's last stone: a new block, full.
    send(&h, ALICE, "move game1 G5", 35.0);
    let to_bob = last_text(&h, BOB);
    assert!(
        to_bob.contains("Black (alice): 1d left for 2 of 2 stones."),
        "{to_bob}"
    );
    assert!(
        to_bob.contains("White (bob), to play: 11h main time, then 2 stones in 1d."),
        "{to_bob}"
    );
    send(&h, BOB, "move game1 C5", 36.0);
    assert_eq!(deadline(&h), at(60.0));
    times_out_at(&h, 60.0, "W+T");
}

#[test]
fn absolute_time_is_one_bank_for_the_game() {
    let h = harness();
    started(&h, "time absolute 2d");
    send(&h, ALICE, "move game1 E5", 11.0);
    send(&h, BOB, "move game1 C3", 12.0);
    let to_alice = last_text(&h, ALICE);
    assert!(to_alice.contains("Clock: absolute 2d."), "{to_alice}");
    assert!(
        to_alice.contains("Black (alice), to play: 1d 14h left for the game."),
        "{to_alice}"
    );
    assert!(
        to_alice.contains("White (bob): 1d 23h left for the game."),
        "{to_alice}"
    );
    times_out_at(&h, 50.0, "W+T");
}

#[test]
fn per_move_is_the_default_and_days_says_the_same() {
    let h = harness();
    started(&h, "days 2");
    assert_eq!(deadline(&h), at(49.0));
    send(&h, ALICE, "move game1 E5", 30.0);
    let to_bob = last_text(&h, BOB);
    assert!(to_bob.contains("Clock: per-move 2d."), "{to_bob}");
    assert!(
        to_bob.contains("White (bob), to play: 2d left for this move (2d a move)."),
        "{to_bob}"
    );
    times_out_at(&h, 78.0, "B+T");
}

#[test]
fn a_game_without_a_clock_never_times_out() {
    let h = harness();
    started(&h, "time none");
    send(&h, ALICE, "move game1 E5", 11.0);
    let to_bob = last_text(&h, BOB);
    assert!(to_bob.contains("Clock: none (no time limit)."), "{to_bob}");
    let later = tick(&h, 24.0 * 400.0);
    assert!(
        later.starts_with("reminders 0, warnings 0, timeouts 0"),
        "{later}"
    );
    send(&h, BOB, "move game1 C3", 24.0 * 400.0 + 1.0);
    assert_eq!(h.show("game1")["move_number"], 2);
}

/// Bob plays in Tokyo (UTC+9): his Saturday and Sunday run from Friday
/// 15:00 to Sunday 15:00 UTC. His turn starts Friday 2026-03-06 04:00 UTC
/// (13:00 his time) with a day a move: 11 hours run to his weekend, the
/// other 13 from Monday 00:00 his time, so it ends Monday 13:00 his time.
#[test]
fn weekends_off_count_in_the_players_own_zone_and_a_late_move_is_refused() {
    let h = home();
    send(&h, BOB, "timezone Asia/Tokyo", 0.5);
    send(
        &h,
        ALICE,
        "challenge bob size 9 color black time per-move 1d weekends off",
        100.0,
    );
    send(&h, BOB, "accept game1", 101.0);
    let friday = 5.0 * 24.0 + 4.0;
    send(&h, ALICE, "move game1 E5", friday);
    let monday = 8.0 * 24.0 + 4.0;
    assert_eq!(deadline(&h), at(monday));
    let to_bob = last_text(&h, BOB);
    assert!(
        to_bob.contains("Clock: per-move 1d, weekends off."),
        "{to_bob}"
    );
    assert!(
        to_bob.contains(
            "Runs out if no move comes: 2026-03-09 13:00 Asia/Tokyo\n(2026-03-09 04:00 UTC)."
        ),
        "{to_bob}"
    );
    // Half an hour late, before any tick: refused, and the game is lost as of Monday 04:00.
    send(&h, BOB, "move game1 C3", monday + 0.5);
    let refused = h.sent_to(BOB).pop().expect("a mail").flat();
    assert!(
        refused.contains("Your time in game1 ran out at 2026-03-09 04:00 UTC, before this move"),
        "{refused}"
    );
    assert_eq!(h.show("game1")["move_number"], 1);
    let late = tick(&h, monday + 1.0);
    assert!(late.contains("timeouts 1"), "{late}");
    assert_eq!(ended(&h), ("B+T".to_string(), at(monday)));
}
