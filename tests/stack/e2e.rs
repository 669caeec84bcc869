//! End to end through the real mail stack (Postfix and Dovecot on
//! loopback, `tests/mailstack/mailstack.sh`): a game played by mail the
//! cron way (Postfix delivers to go@'s Maildir, `pbmgo poll` reads it and
//! replies through the submission port with STARTTLS and AUTH) and the MTA
//! pipe way (Postfix pipes pipe@ to `pbmgo deliver`; a locked database
//! makes it exit 75, Postfix defers and redelivers, and nothing is lost or
//! bounced). Players' mailboxes are read back over IMAP.
//!
//! Ignored without the stack; `.ci/run` starts it and runs them (see
//! `tests/common/mailstack.rs`).

use crate::common::mailstack;
use crate::common::stack_home;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use mailstack::{ALICE, BOB, GO, Got, Stack, mail, reply, stack};
use stack_home::StackHome;

/// Checks a game mail from pbmgo: headers, `news_has` in its first line
/// (the Subject is the game's, the same for the whole game), and `rows` in
/// its board.
fn check_game_mail(m: &Got, game: &str, news_has: &str, rows: &[&str]) {
    assert_eq!(m.header("From").as_deref(), Some("pbmgo <go@pbem.test>"));
    assert_eq!(m.header("X-Pbmgo-Game").as_deref(), Some(game));
    // A letter to the opponent answers none of their mail (RFC 3834).
    assert_eq!(
        m.header("Auto-Submitted").as_deref(),
        Some("auto-generated")
    );
    let subject = m.header("Subject").unwrap_or_default();
    assert!(subject.starts_with(&format!("[{game}]")), "{subject}");
    let text = m.text();
    let news = text.lines().next().unwrap_or_default();
    assert!(news.contains(news_has), "{news:?} lacks {news_has:?}");
    // Received through the submission port, authenticated.
    let received = m.header("Received").unwrap_or_default();
    assert!(received.contains("ESMTPSA"), "{received}");
    for row in rows {
        assert!(text.contains(row), "board row {row:?} missing from\n{text}");
    }
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn cron_and_maildir_game_through_postfix() {
    let s = stack();
    let _taken = s.take();
    let inbox = s.maildir("go");
    let h = StackHome::new(&s, &format!("[inbox]\nmaildir = \"{}\"\n", inbox.display()));
    let game = h.alice_bob_game();

    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "my move", &format!("move {game} C3")),
    );
    s.wait_maildir("go", 1);
    let out = h.ok(&["poll"]);
    assert_eq!(
        out.trim(),
        "processed 1, applied 1, rejected 0, answered 0, ignored 0, quarantined 0, sent 2"
    );
    let bob = s.wait_messages("bob", "INBOX", 1);
    let news = format!("alice played C3 in {game}: your move");
    check_game_mail(&bob[0], &game, &news, &[" 3  . .(X). . . + . .  3"]);
    s.wait_messages("alice", "INBOX", 1);

    // Bob answers the "your move" mail with just a point, as a reply.
    s.send(BOB, GO, &reply(BOB, &bob[0], "G7\r\n\r\n> earlier text"));
    s.wait_maildir("go", 2);
    assert!(h.ok(&["poll"]).contains("applied 1"));
    let alice = s.wait_messages("alice", "INBOX", 2);
    let news = format!("bob played G7 in {game}: your move");
    check_game_mail(&alice[1], &game, &news, &[" 7  . . + . . .(O). .  7"]);
    assert_eq!(
        alice[1].header("To").as_deref(),
        Some(ALICE),
        "the opponent is told"
    );

    // Alice's illegal move is refused by mail, with the board.
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "oops", &format!("move {game} G7")),
    );
    s.wait_maildir("go", 3);
    assert!(h.ok(&["poll"]).contains("rejected 1"));
    let alice = s.wait_messages("alice", "INBOX", 3);
    assert!(alice[2].text().contains("G7"), "{}", alice[2].text());

    assert_eq!(h.moves(&game), ["C3", "G7"]);
    assert_eq!(h.outbox_statuses().get("sent"), Some(&5));
    assert_eq!(h.outbox_statuses().len(), 1, "{:?}", h.outbox_statuses());
    // A second poll finds nothing new.
    assert!(h.ok(&["poll"]).starts_with("processed 0,"));
}

/// `chown -R` to the mail user, as Postfix's pipe runs `deliver` as it.
fn give_to_mail_user(s: &Stack, dir: &Path) {
    let user = s.var("MAIL_USER");
    let st = Command::new("chown")
        .arg("-R")
        .arg(format!("{user}:{user}"))
        .arg(dir)
        .status()
        .unwrap();
    assert!(st.success());
}

/// Points the pipe's symlinks at this test's binary and `home`.
fn point_pipe_at(s: &Stack, home: &Path) {
    for (link, target) in [
        (
            s.path("PIPE_BIN_LINK"),
            Path::new(env!("CARGO_BIN_EXE_pbmgo")),
        ),
        (s.path("PIPE_HOME_LINK"), home),
    ] {
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(target, &link).unwrap();
    }
}

/// Sends with swaks (a player's mail client) to port 2525.
fn swaks(s: &Stack, from: &str, to: &str, raw: &[u8]) {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), raw).unwrap();
    let out = Command::new("swaks")
        .args([
            "--server",
            &format!("{}:{}", s.var("HOST"), s.var("SMTP_PORT")),
        ])
        .args(["--from", from, "--to", to, "--data"])
        .arg(file.path())
        .output()
        .expect("swaks");
    assert!(
        out.status.success(),
        "swaks: {}",
        mailstack::lossy(&out.stdout)
    );
}

/// Waits until Postfix's log has `n` lines with all of `words`.
fn wait_log(s: &Stack, words: &[&str], n: usize) {
    let start = Instant::now();
    let count = || {
        s.log_lines(words[0])
            .iter()
            .filter(|l| words.iter().all(|w| l.contains(w)))
            .count()
    };
    while count() < n && start.elapsed() < mailstack::WAIT {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(count() >= n, "no log line with {words:?}");
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn mta_pipe_defers_while_the_database_is_locked_and_loses_nothing() {
    let s = stack();
    let _taken = s.take();
    let dir = s.path("DIR").join("pipe-home");
    let h = StackHome::at(&dir, &s, "[database]\nbusy_timeout_ms = 200\n");
    let game = h.alice_bob_game();
    give_to_mail_user(&s, &dir);
    point_pipe_at(&s, &dir);
    let pipe = s.var("PIPE_ADDRESS");
    let deferred_before = s.log_lines("status=deferred").len();

    swaks(
        &s,
        ALICE,
        &pipe,
        &mail(ALICE, &pipe, "move", &format!("move {game} C3")),
    );
    let bob = s.wait_messages("bob", "INBOX", 1);
    let news = format!("alice played C3 in {game}: your move");
    check_game_mail(&bob[0], &game, &news, &[" 3  . .(X)"]);
    s.wait_messages("alice", "INBOX", 1);

    // Another process holds the database's write lock: deliver exits 75.
    let lock = rusqlite::Connection::open(dir.join("pbmgo.sqlite3")).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    swaks(&s, BOB, &pipe, &reply(BOB, &bob[0], "G7"));
    wait_log(&s, &["status=deferred", "pbmgopipe"], deferred_before + 1);
    assert_eq!(s.queued().len(), 1, "the mail waits in Postfix's queue");
    let deferred = s.log_lines("status=deferred");
    assert!(
        deferred.iter().any(|l| l.contains("try again later")),
        "{deferred:?}"
    );
    drop(lock);
    give_to_mail_user(&s, &dir);

    s.postqueue(&["-f"]);
    s.wait_queue_empty();
    let alice = s.wait_messages("alice", "INBOX", 2);
    let news = format!("bob played G7 in {game}: your move");
    check_game_mail(&alice[1], &game, &news, &[" 7  . . + . . .(O)"]);
    assert_eq!(h.moves(&game), ["C3", "G7"]);
    assert_eq!(h.messages().len(), 2, "each mail handled once");
    // Nothing bounced: bob has his move's confirmation and no DSN, and the
    // log shows no bounce.
    for m in s.wait_messages("bob", "INBOX", 2) {
        assert_eq!(m.header("X-Pbmgo-Game").as_deref(), Some(game.as_str()));
    }
    assert!(
        s.log_lines("status=bounced")
            .iter()
            .all(|l| !l.contains(&pipe))
    );
    assert_eq!(h.outbox_statuses().get("sent"), Some(&4));
    give_to_mail_user(&s, &dir);
}
