//! A change of the limits in `pbmgo.toml` applies to held mail at the next
//! `send` (issue 25): words the hourly cap held back go once the cap is
//! raised, through the real binary.

use crate::common::clock_mail::{ALICE, BOB, at, send};
use crate::common::home::Home;
use crate::common::pbmgo_home::{PbmgoHome, SERVER};

fn config(cap: u32) -> String {
    format!(
        "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nsignup = \"open\"\n\n\
         [limits]\nmax_replies_per_hour = {cap}\nsays_per_game_per_hour = 100\n"
    )
}

#[test]
fn raising_the_cap_lets_held_mail_go_at_the_next_send() {
    let h = PbmgoHome::new();
    std::fs::write(h.path().join("pbmgo.toml"), config(2)).unwrap();
    h.player("alice", ALICE);
    h.player("bob", BOB);
    h.game_new("alice", "bob", 9);
    for i in 0..4 {
        send(
            &h,
            ALICE,
            &format!("say game1 word {i}"),
            f64::from(i) / 60.0,
        );
    }
    let waiting = |h: &PbmgoHome| {
        let rows = h.outbox_rows();
        rows.iter().filter(|r| r["status"] == "pending").count()
    };
    assert_eq!(waiting(&h), 1, "the words over the cap of 2 wait, merged");
    let out = h.ok_at(&["send"], &at(0.1));
    assert!(out.starts_with("Sent 0,"), "{out}");
    std::fs::write(h.path().join("pbmgo.toml"), config(20)).unwrap();
    let out = h.ok_at(&["send"], &at(0.1));
    assert!(out.starts_with("Sent 1,"), "{out}");
    assert_eq!(waiting(&h), 0);
    let texts: Vec<String> = h.sent_to(BOB).iter().map(|m| m.flat()).collect();
    for i in 0..4 {
        let n = texts
            .iter()
            .filter(|t| t.contains(&format!("word {i}")))
            .count();
        assert_eq!(n, 1, "word {i}: {texts:#?}");
    }
}
