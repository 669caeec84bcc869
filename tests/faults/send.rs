//! Issue #7, faults: `pbmgo send` killed (SIGKILL) in the middle of a run.
//!
//! The outbox's promise, as `src/store/outbox.rs` and the issue put it: the
//! bytes of a reply are final when it is queued, and a reply is sent twice
//! only when the process died while sending it. SMTP and sendmail mail is
//! recorded one by one, so a kill leaves at most the mail in flight. The
//! file transport is batched (one filesystem sync per batch of 100): a kill
//! may leave up to one batch written but not recorded as sent, and the next
//! run writes those same files again with the same bytes, which changes
//! nothing a reader can see.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::process::Stdio;
use std::time::Duration;

use pbmgo_home::{PbmgoHome, counts, eml_name, fast_tmp};

/// Replies on disk whose outbox row is not marked sent.
fn unrecorded(h: &PbmgoHome) -> Vec<String> {
    let db = h.db();
    let mut stmt = db
        .prepare("SELECT message_id FROM outbox WHERE status != 'sent'")
        .unwrap();
    let ids: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let dir = h.path().join("outbox");
    ids.iter()
        .map(|id| eml_name(id))
        .filter(|name| dir.join(name).exists())
        .collect()
}

/// `pbmgo send` is killed each time it has written 40 more replies (of 600).
#[test]
fn a_killed_send_leaves_at_most_one_batch_unrecorded() {
    let h = PbmgoHome::with_config_in(&fast_tmp(), "[limits]\nmax_replies_per_hour = 1000000\n");
    let games = h.scripted_games(10, 15, 20);
    for k in 0..20 {
        for g in &games {
            h.drop_mail(&g.mail(k, "send"));
        }
    }
    assert_eq!(counts(&h.ok(&["poll", "--no-send"])).applied, 300);
    let written = || {
        h.files("outbox")
            .iter()
            .filter(|n| n.ends_with(".eml"))
            .count()
    };
    for kill in 1..=6 {
        let goal = written() + 40;
        // Each run later than a claim lasts (10 minutes), as in real time:
        // the mail a killed run had claimed is due again.
        let mut child = h
            .spawn_cmd(&["send"])
            .env("PBMGO_NOW", format!("2026-11-22T{}:00:00Z", 12 + kill))
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        while child.try_wait().unwrap().is_none() && written() < goal {
            std::thread::sleep(Duration::from_micros(300));
        }
        let _ = child.kill();
        child.wait().unwrap();
        let left = unrecorded(&h);
        assert!(
            left.len() <= 100,
            "kill {kill}: {} replies written but not recorded as sent, such as {:?}",
            left.len(),
            left.first()
        );
    }
    assert!(
        h.ok_at(&["send"], "2026-11-22T19:00:00Z")
            .starts_with("Sent ")
    );
    assert!(unrecorded(&h).is_empty());
    assert_eq!(h.assert_all_replies_sent(2), 600);
}
