//! One player's mail never spoils another's or itself (issue 16's small
//! defects), in-process on the pipeline harness: `vacation 3`, `vacation
//! off`, `vacation 2` in one mail with a move; a stale `done`.

use crate::common::clock_mail;
use crate::common::home::Home;

use clock_mail::{ALICE, harness, send};

#[test]
fn vacation_on_off_on_in_one_mail_keeps_the_move_and_the_last_vacation() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(
        &h,
        ALICE,
        "move game1 e5\nvacation 3\nvacation off\nvacation 2",
        1.0,
    );
    let messages = h.messages();
    let last = messages.last().unwrap();
    assert_eq!(last["outcome"], "applied", "{last}");
    assert_eq!(h.count("quarantine"), 0);
    h.assert_moves("game1", 1, &[("black", "E5")]);
    let db = h.db();
    let rows: Vec<(String, String)> = db
        .prepare("SELECT starts_at, ends_at FROM vacations")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(rows[0].0, clock_mail::at(1.0));
    assert_eq!(rows[0].1, clock_mail::at(1.0 + 48.0), "the 2 days stand");
    let transcript = h.transcript_to(ALICE).text;
    assert!(!transcript.contains("internal"), "{transcript}");
}
