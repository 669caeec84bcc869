//! Faults: an oversized mail is quarantined unanswered; garbage never
//! panics and every file ends processed or quarantined; `pbmgo deliver`
//! exits 0 for mail and garbage, and 75 (try again later) when the
//! database is locked, losing nothing; `pbmgo demo` runs on an empty home.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use pbmgo_home::{Counts, PbmgoHome, counts, mail};

fn home(extra: &str) -> PbmgoHome {
    let h = PbmgoHome::with_config(extra);
    h.player("alice", "alice@example.org");
    h.player("bob", "bob@example.org");
    h.game_at(1, 9, &[], "alice", "bob");
    h
}

/// Deterministic pseudo-random bytes.
fn noise(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed;
    (0..len)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 56) as u8
        })
        .collect()
}

#[test]
fn an_oversized_mail_is_quarantined_unanswered() {
    let h = home("[limits]\nmax_message_bytes = 2000\n");
    let big = mail(
        "alice@example.org",
        "my move",
        &format!("move game1 e5\n\n{}", "blah ".repeat(600)),
    );
    let small = mail("alice@example.org", "my move", "move game1 e5");
    assert!(big.bytes().len() > 2000 && small.bytes().len() < 2000);
    let name = h.drop_mail(&big.bytes());
    assert_eq!(
        counts(&h.poll()),
        Counts {
            processed: 1,
            quarantined: 1,
            ..Counts::default()
        }
    );
    assert!(h.moves("game1").is_empty());
    assert_eq!(h.count("outbox"), 0);
    assert!(h.files("inbox/new").is_empty() && h.files("inbox/cur").is_empty());
    let held = h.files("quarantine/new");
    assert_eq!(held.len(), 1);
    assert!(held[0].starts_with(&name), "{held:?}");
    let listed = h.quarantined();
    assert_eq!(listed.len(), 1, "{listed:?}");
    let error = listed[0]["error"].as_str().unwrap();
    let size = big.bytes().len();
    assert!(
        error.contains(&format!(
            "message of {size} bytes is over the limit of 2000"
        )),
        "{error}"
    );
    assert_eq!(listed[0]["file"].as_str(), Some(name.as_str()));
    // Kept as its headers and a note: never the body, never more than the limit.
    let kept = std::fs::read(h.path().join("quarantine/new").join(&held[0])).unwrap();
    let kept = String::from_utf8(kept).unwrap();
    assert!(
        kept.starts_with(&format!("X-Pbmgo-Oversize: {size}\r\n")),
        "{kept}"
    );
    assert!(kept.contains("Subject: my move\r\n"), "{kept}");
    assert!(
        !kept.contains("move game1 e5") && kept.len() < 2000,
        "{kept}"
    );
    assert!(kept.contains("only its headers were kept"), "{kept}");
    // Retried, the stub stays held: its body is gone, not empty.
    let id = listed[0]["id"].to_string();
    let retried = h.cmd(&["quarantine", "retry", &id]).output().unwrap();
    let said = String::from_utf8_lossy(&retried.stdout).to_string()
        + &String::from_utf8_lossy(&retried.stderr);
    assert!(said.contains("only its headers were kept"), "{said}");
    assert!(h.moves("game1").is_empty());
    assert_eq!(h.files("quarantine/new").len(), 1);

    h.drop_mail(&small.bytes());
    assert_eq!(counts(&h.poll()).applied, 1);
}

/// Files nobody would call mail.
fn garbage() -> Vec<Vec<u8>> {
    let nested = format!(
        "From: alice@example.org\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n{}",
        "--b\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n".repeat(300)
    );
    vec![
        noise(1, 4096),
        noise(2, 100),
        Vec::new(),
        vec![0; 2048],
        b"\r\n\r\n\r\n".to_vec(),
        b"no colon in this header line\r\nmove game1 e5\r\n".to_vec(),
        b"From: alice@example.org".to_vec(),
        [
            b"From: alice@example.org\r\nSubject: \xff\xfe\xc3\r\n\r\n".as_slice(),
            &noise(3, 500),
        ]
        .concat(),
        format!(
            "From: alice@example.org\r\nSubject: {}\r\n\r\nmove game1 e5\r\n",
            "x".repeat(60_000)
        )
        .into_bytes(),
        nested.into_bytes(),
        [
            b"From: =?utf-8?B?".as_slice(),
            &noise(4, 64),
            b"?= <alice@example.org>\r\n\r\nhelp\r\n",
        ]
        .concat(),
        mail("alice@example.org", "b64", "not base64 at all \u{0} \u{1}")
            .header("Content-Transfer-Encoding", "base64")
            .bytes(),
    ]
}

#[test]
fn garbage_never_panics_and_every_file_is_settled() {
    let h = home("");
    let files = garbage();
    for raw in &files {
        h.drop_mail(raw);
    }
    let got = counts(&h.poll());
    let n = files.len() as u32;
    assert_eq!(got.processed, n, "{got:?}");
    assert_eq!(
        got.applied + got.rejected + got.answered + got.ignored + got.quarantined,
        n,
        "{got:?}"
    );
    assert!(
        h.files("inbox/new").is_empty(),
        "{:?}",
        h.files("inbox/new")
    );
    let settled = h.files("inbox/cur").len() + h.files("quarantine/new").len();
    assert_eq!(settled, files.len());
    assert_eq!(h.quarantined().len(), got.quarantined as usize);
    assert!(h.messages().len() <= files.len());
    // The game can still be played.
    h.drop_mail(&mail("alice@example.org", "my move", "move game1 c3").bytes());
    assert_eq!(counts(&h.poll()).processed, 1);
}

#[test]
fn deliver_exits_0_for_mail_and_for_garbage() {
    let h = home("");
    let out = h.deliver(&mail("alice@example.org", "my move", "move game1 e5").bytes());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(h.moves("game1").len(), 1);
    for raw in garbage() {
        let out = h.deliver(&raw);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    assert!(h.files("inbox/new").is_empty());
}

#[test]
fn deliver_exits_75_while_the_database_is_locked_and_loses_nothing() {
    let h = home("[database]\nbusy_timeout_ms = 200\n");
    let m = mail("alice@example.org", "my move", "move game1 e5").bytes();
    let lock = h.db();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();

    let out = h.deliver(&m);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(75), "{stderr}");
    assert!(stderr.contains("try again later"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        h.files("inbox/new").is_empty(),
        "the MTA keeps the only copy"
    );
    assert!(h.files("inbox/cur").is_empty() && h.files("quarantine/new").is_empty());

    // poll stops too, and leaves its mail in the inbox.
    h.drop_mail(&mail("bob@example.org", "hi", "games").bytes());
    let poll = h.cmd(&["poll"]).output().unwrap();
    assert_ne!(poll.status.code(), Some(0));
    assert_eq!(h.files("inbox/new").len(), 1);

    lock.execute_batch("COMMIT").unwrap();
    drop(lock);
    assert!(h.moves("game1").is_empty());
    assert!(h.messages().is_empty());
    assert_eq!(h.count("outbox"), 0);

    let out = h.deliver(&m);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "applied, 2 replies queued\n"
    );
    assert_eq!(h.moves("game1").len(), 1);
    let again = h.deliver(&m);
    assert!(String::from_utf8_lossy(&again.stdout).contains("seen before"));
    assert_eq!(h.moves("game1").len(), 1);
    assert_eq!(counts(&h.poll()).answered, 1, "bob's mail is handled now");
}

#[test]
fn demo_runs_on_an_empty_home() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("demo");
    std::fs::create_dir(&home).unwrap();
    let out = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(&home)
        .arg("demo")
        .env("PBMGO_NOW", pbmgo_home::NOW)
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("[X-Pbmgo-Rejected: ko]"), "{stdout}");
    assert!(
        stdout.contains("The ko rejection, as alice reads it:"),
        "{stdout}"
    );
    assert!(stdout.contains("E5 would retake the ko"), "{stdout}");
    // The sample mails as people write them: a reply below the quote, an
    // HTML-only phone reply with chat beside the move, chat beside a move
    // in plain text, and a typo.
    assert!(
        stdout.contains("bob played F5 in game1: your move"),
        "{stdout}"
    );
    assert!(stdout.contains("    > You too!"), "{stdout}");
    assert!(stdout.contains("    > Play well!"), "{stdout}");
    assert!(
        stdout.contains("[X-Pbmgo-Rejected: did-you-mean, bad-point]"),
        "{stdout}"
    );
    assert!(stdout.contains("rejected: did you mean move?"), "{stdout}");
    assert!(
        stdout.contains("Mail pbmgo refused to answer (1):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("(Auto-Submitted: auto-replied) (auto-submitted)"),
        "{stdout}"
    );
    assert!(home.join("outbox").read_dir().unwrap().count() > 10);
    // The second sample game runs from the challenge to the accepted count.
    assert!(
        stdout.contains("[game2] alice vs bob, 5x5: alice challenges you to a game of Go (game2)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(": You lost game2 by 24.5 points (B+24.5)"),
        "{stdout}"
    );
    // It ends with the boards as they stand.
    assert!(
        stdout.contains("game1 (alice as Black, bob as White) now: move 9, Black to play"),
        "{stdout}"
    );
    assert!(
        stdout.contains("game2 (alice as Black, bob as White) now: over, B+24.5"),
        "{stdout}"
    );
    assert!(
        stdout.contains("\n     9  . . . . . . . . .  9\n"),
        "{stdout}"
    );

    // A home that is not empty is refused.
    let again = assert_cmd::Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(&home)
        .arg("demo")
        .output()
        .unwrap();
    assert_ne!(again.status.code(), Some(0));
}
