//! Each mail leaves once (issue 16): eight `pbmgo deliver` processes and
//! two `pbmgo poll`s at once on one home, sending through a sendmail
//! program that records every delivery it is handed (not files that a
//! second copy would overwrite). Every outbox row is delivered exactly
//! once: a process claims a mail before it hands it to the transport.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::process::{Output, Stdio};

use pbmgo_home::{PbmgoHome, command_on};

/// A sendmail that appends the Message-ID of each mail it is handed to `log`.
fn recording_sendmail(dir: &Path, log: &Path) -> std::path::PathBuf {
    let script = dir.join("record-sendmail");
    let body = format!(
        "#!/bin/sh\nt=$(mktemp)\ncat > \"$t\"\ngrep -i -m1 '^message-id:' \"$t\" | tr -d '\\r' >> '{}'\nrm -f \"$t\"\n",
        log.display()
    );
    std::fs::write(&script, body).unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(&script, mode).unwrap();
    script
}

fn deliver(home: &Path, raw: &[u8]) -> Output {
    let mut child = command_on(home, &["deliver"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(raw).unwrap();
    child.wait_with_output().unwrap()
}

/// Delivers `raw` until `deliver` answers 0 (75 means: try again later).
fn deliver_until_taken(home: &Path, raw: &[u8]) {
    for _ in 0..100 {
        let out = deliver(home, raw);
        match out.status.code() {
            Some(0) => return,
            Some(75) => std::thread::sleep(std::time::Duration::from_millis(20)),
            other => panic!("deliver answered {other:?}: {out:?}"),
        }
    }
    panic!("deliver never took the mail");
}

#[test]
fn eight_delivers_and_two_polls_at_once_send_every_reply_exactly_once() {
    let tmp = tempfile::tempdir().unwrap();
    let log = tmp.path().join("deliveries.log");
    let sendmail = recording_sendmail(tmp.path(), &log);
    let h = PbmgoHome::with_config(&format!(
        "[outbound]\ntransport = \"sendmail\"\nsendmail = \"{}\"\n\
         [limits]\nmax_replies_per_hour = 100000\n",
        sendmail.display()
    ));
    let games = h.scripted_games(16, 16, 2);
    // Eight first moves wait in the inbox for the polls; eight more come
    // through `deliver` at the same moment.
    for g in &games[..8] {
        h.drop_mail(&g.mail(0, "poll"));
    }
    let home = h.path();
    let polls: Vec<_> = (0..2)
        .map(|_| {
            h.spawn_cmd(&["poll"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    std::thread::scope(|s| {
        for g in &games[8..] {
            let raw = g.mail(0, "deliver");
            let home = &home;
            s.spawn(move || deliver_until_taken(home, &raw));
        }
    });
    for p in polls {
        let out = p.wait_with_output().unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "poll: {out:?}");
    }
    // Whatever a poll left for later, one more poll takes and sends.
    h.ok(&["poll"]);
    let db = h.db();
    let rows: Vec<(String, String)> = db
        .prepare("SELECT message_id, status FROM outbox ORDER BY id")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(
        rows.len(),
        32,
        "16 mails, each a transcript and a your-move"
    );
    assert!(rows.iter().all(|(_, s)| s == "sent"), "{rows:?}");
    let mut delivered: BTreeMap<String, usize> = BTreeMap::new();
    for line in std::fs::read_to_string(&log).unwrap().lines() {
        let id = line.split_once(':').map_or(line, |(_, v)| v).trim();
        *delivered
            .entry(id.trim_matches(['<', '>']).to_string())
            .or_default() += 1;
    }
    let twice: Vec<_> = delivered.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "delivered more than once: {twice:?}");
    for (id, _) in &rows {
        let id = id.trim_matches(['<', '>']);
        assert_eq!(delivered.get(id), Some(&1), "{id} delivered once");
    }
    assert_eq!(delivered.len(), rows.len());
}
