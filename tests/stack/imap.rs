//! IMAP polling against the real Dovecot of the mail stack: the client of
//! `pbmgo::mailbox::imap` (all three security modes, a refused login, an
//! untrusted certificate, fetching without marking), and `pbmgo poll` with
//! `[inbox.imap]` playing a game from go@'s mailbox, moving handled mail
//! to a processed folder or marking it seen, and staying exactly-once when
//! the connection drops between the commit and the flag.
//!
//! Ignored without the stack; `.ci/run` starts it and runs them (see
//! `tests/common/mailstack.rs`).

use crate::common::imap_cut;
use crate::common::mailstack;
use crate::common::stack_home;

use std::time::Duration;

use mailstack::{ALICE, BOB, GO, Stack, mail, stack};
use pbmgo::home::ImapTls;
use pbmgo::mailbox::imap::{ImapError, ImapSettings, Mailbox};
use stack_home::StackHome;

fn settings(s: &Stack, tls: ImapTls, port: &str) -> ImapSettings {
    ImapSettings {
        host: s.var("HOST"),
        port: s.port(port),
        tls,
        user: GO.into(),
        password: std::fs::read_to_string(s.path("PASSWORD_FILE"))
            .unwrap()
            .trim()
            .into(),
        ca_file: Some(s.path("CA_FILE")),
        folder: "INBOX".into(),
        processed_folder: None,
        timeout: Duration::from_secs(10),
    }
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn client_reads_unseen_mail_in_every_security_mode_without_marking_it() {
    let s = stack();
    let _taken = s.take();
    s.send(ALICE, GO, &mail(ALICE, GO, "one", "help"));
    s.send(BOB, GO, &mail(BOB, GO, "two", "help"));
    s.wait_maildir("go", 2);
    for (tls, port) in [
        (ImapTls::None, "IMAP_PORT"),
        (ImapTls::Starttls, "IMAP_PORT"),
        (ImapTls::Tls, "IMAPS_PORT"),
    ] {
        let mut m = Mailbox::open(&settings(&s, tls, port)).unwrap();
        let uids = m.unseen().unwrap();
        assert_eq!(uids.len(), 2, "{tls:?}");
        assert!(uids[0] < uids[1]);
        let raw = m.fetch(uids[0]).unwrap().unwrap();
        assert!(String::from_utf8_lossy(&raw).contains("Subject: one"));
        assert_eq!(
            m.fetch(uids[1] + 100).unwrap(),
            None,
            "a UID that is not there"
        );
        m.close();
    }
    // Fetching marked nothing; settling marks one.
    let mut m = Mailbox::open(&settings(&s, ImapTls::Starttls, "IMAP_PORT")).unwrap();
    let uids = m.unseen().unwrap();
    m.settle(uids[0]).unwrap();
    assert_eq!(m.unseen().unwrap(), [uids[1]]);
    m.close();
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn client_refuses_a_bad_password_and_an_untrusted_certificate() {
    let s = stack();
    let mut bad = settings(&s, ImapTls::Starttls, "IMAP_PORT");
    bad.password = "wrong".into();
    let err = Mailbox::open(&bad).err().expect("a refused login");
    assert!(matches!(err, ImapError::Login { .. }), "{err}");
    // Without the stack's certificate the self-signed one is not trusted.
    let mut untrusted = settings(&s, ImapTls::Tls, "IMAPS_PORT");
    untrusted.ca_file = None;
    let err = Mailbox::open(&untrusted)
        .err()
        .expect("an untrusted certificate");
    let chain = format!("{err}: {:?}", std::error::Error::source(&err));
    assert!(chain.to_lowercase().contains("certificate"), "{chain}");
    let mut nothing = settings(&s, ImapTls::None, "IMAP_PORT");
    nothing.port = 1;
    let err = Mailbox::open(&nothing).err().expect("no server on port 1");
    assert!(matches!(err, ImapError::Connect { .. }), "{err}");
}

/// A home reading go@'s mailbox over IMAP (its own inbox Maildir stays local).
fn imap_home(s: &Stack, port: u16, tls: &str, processed: &str) -> StackHome {
    StackHome::new(s, &s.imap_toml(port, tls, processed))
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn poll_plays_a_game_from_the_imap_mailbox_and_moves_handled_mail() {
    let s = stack();
    let _taken = s.take();
    let h = imap_home(&s, s.port("IMAP_PORT"), "starttls", "processed");
    let game = h.alice_bob_game();
    let moves = [(ALICE, "C3"), (BOB, "G7"), (ALICE, "D4")];
    for (k, (from, point)) in moves.iter().enumerate() {
        s.send(
            from,
            GO,
            &mail(from, GO, "move", &format!("move {game} {point}")),
        );
        s.wait_maildir("go", 1);
        let out = h.ok(&["poll"]);
        assert!(out.starts_with("processed 1, applied 1,"), "{out}");
        assert!(out.ends_with("sent 2\n"), "{out}");
        assert_eq!(s.imap_search("go", "INBOX", "ALL"), Vec::<u32>::new());
        assert_eq!(
            s.imap_search("go", "processed", "UNSEEN"),
            Vec::<u32>::new()
        );
        assert_eq!(s.imap_search("go", "processed", "ALL").len(), k + 1);
    }
    assert_eq!(h.moves(&game), ["C3", "G7", "D4"]);
    let bob = s.wait_messages("bob", "INBOX", 3);
    let last = bob[2].text();
    assert!(last.contains(" 4  . . .(X)"), "{last}");
    assert!(last.contains(" 3  . . X . . . + . .  3"), "{last}");
    s.wait_messages("alice", "INBOX", 3);
    assert!(h.ok(&["poll"]).starts_with("processed 0,"));
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn poll_marks_handled_mail_seen_when_no_processed_folder_is_set() {
    let s = stack();
    let _taken = s.take();
    let h = imap_home(&s, s.port("IMAPS_PORT"), "tls", "");
    let game = h.alice_bob_game();
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "move", &format!("move {game} E5")),
    );
    s.wait_maildir("go", 1);
    assert!(h.ok(&["poll"]).starts_with("processed 1, applied 1,"));
    let all = s.imap_search("go", "INBOX", "ALL");
    assert_eq!(all.len(), 1, "the mail stays in INBOX");
    assert_eq!(s.imap_search("go", "INBOX", "SEEN"), all);
    assert!(h.ok(&["poll"]).starts_with("processed 0,"));
    assert_eq!(h.moves(&game), ["E5"]);
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn a_connection_dropped_between_commit_and_flag_still_handles_mail_once() {
    let s = stack();
    let _taken = s.take();
    let upstream = format!("{}:{}", s.var("HOST"), s.var("IMAP_PORT"));
    let proxy = imap_cut::CutProxy::start(upstream, "UID STORE");
    let cut = imap_home(&s, proxy.port, "none", "processed");
    let game = cut.alice_bob_game();
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "move", &format!("move {game} C3")),
    );
    s.wait_maildir("go", 1);

    // The first poll commits the move, sends the replies, then loses the
    // connection as it marks the mail.
    let out = cut.run(&["poll"]);
    assert!(!out.status.success());
    let stderr = mailstack::lossy(&out.stderr);
    assert!(stderr.contains("handled but not marked"), "{stderr}");
    assert!(mailstack::lossy(&out.stdout).contains("applied 1"));
    assert_eq!(proxy.cuts(), 1);
    assert_eq!(s.imap_search("go", "INBOX", "UNSEEN").len(), 1);
    s.wait_messages("bob", "INBOX", 1);

    // The next poll (connection fine) fetches it again: a duplicate,
    // nothing done twice, and now it is moved.
    let config = cut.path().join("pbmgo.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    let direct = text.replace(
        &format!("port = {}", proxy.port),
        &format!("port = {}", s.var("IMAP_PORT")),
    );
    std::fs::write(&config, direct).unwrap();
    let out = cut.ok(&["poll"]);
    assert_eq!(
        out.trim(),
        "processed 1, applied 0, rejected 0, answered 0, ignored 1, quarantined 0, sent 0"
    );
    assert_eq!(s.imap_search("go", "INBOX", "ALL"), Vec::<u32>::new());
    assert_eq!(s.imap_search("go", "processed", "ALL").len(), 1);
    assert_eq!(cut.moves(&game), ["C3"]);
    assert_eq!(cut.messages().len(), 1);
    assert_eq!(cut.outbox_statuses().get("sent"), Some(&2));
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        s.imap_messages("bob", "INBOX").len(),
        1,
        "one your-move mail"
    );
    assert_eq!(
        s.imap_messages("alice", "INBOX").len(),
        1,
        "one confirmation"
    );
}
