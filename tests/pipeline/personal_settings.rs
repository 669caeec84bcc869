//! `notify` and `password` end to end, by mail through the pipeline and
//! `tick` (in-process, on the pipeline harness): `notify off` and `digest`
//! stop the per-move mail, the digest comes once a day with the boards,
//! and a password is required, changed, removed, and never written back in
//! any mail.

use crate::common::clock_mail;
use crate::common::home::Home;

use clock_mail::{ALICE, BOB, body, days, harness, html, of_kinds, outbox_after, send, tick};

fn your_moves_to(h: &impl Home, to: &str) -> usize {
    h.sent_to(to)
        .iter()
        .filter(|m| m.kind() == "your-move")
        .count()
}

fn last_codes(h: &impl Home, to: &str) -> Vec<String> {
    let replies: Vec<_> = h
        .sent_to(to)
        .into_iter()
        .filter(|m| m.kind() == "reply")
        .collect();
    let last = replies.last().expect("a transcript");
    last.rejected().into_iter().map(str::to_string).collect()
}

#[test]
fn notify_off_and_digest_stop_move_mail_and_the_digest_comes_daily() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    h.game_new("carol", "bob", 9);
    send(&h, ALICE, "move game1 E5", 1.0);
    assert_eq!(your_moves_to(&h, BOB), 1);
    send(&h, BOB, "notify off", 2.0);
    send(&h, BOB, "move game1 C3", 3.0);
    send(&h, ALICE, "move game1 D4", 4.0);
    assert_eq!(your_moves_to(&h, BOB), 1, "notify off: no move mail");
    send(&h, BOB, "notify digest", 5.0);
    send(&h, BOB, "move game1 C4", 6.0);
    send(&h, ALICE, "move game1 D5", 7.0);
    send(&h, clock_mail::CAROL, "move game2 E5", 7.5);
    assert_eq!(your_moves_to(&h, BOB), 1, "notify digest: no move mail");
    assert!(tick(&h, 8.0).contains("digests 1"));
    assert!(tick(&h, 20.0).contains("digests 0"));
    assert!(tick(&h, days(1.0) + 1.0).contains("digests 1"));
    let digests = of_kinds(&h, &["digest"]);
    assert_eq!(digests.len(), 2);
    assert!(digests.iter().all(|d| d.recipient == BOB));
    assert_eq!(digests[0].mail.subject, "Your move in 2 games: 2026-03-01");
    insta::assert_snapshot!("digest.txt", body(&digests[0]));
    insta::assert_snapshot!("digest.html", html(&digests[0]));
    // Alice (notify each) gets no digest; bob back to each gets move mail again.
    send(&h, BOB, "notify each", days(1.0) + 2.0);
    send(&h, BOB, "move game1 C5", days(1.0) + 3.0);
    send(&h, ALICE, "move game1 D6", days(1.0) + 4.0);
    assert_eq!(your_moves_to(&h, BOB), 2);
    assert!(tick(&h, days(2.0) + 1.0).contains("digests 0"));
}

#[test]
fn a_password_is_required_changed_removed_and_never_quoted() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "password hunter2", 1.0);
    assert!(last_codes(&h, ALICE).is_empty());
    let hash: String = h
        .db()
        .query_row(
            "SELECT password_hash FROM players WHERE name = 'alice'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
    assert!(!hash.contains("hunter2"));
    send(&h, ALICE, "move game1 E5", 2.0);
    assert_eq!(last_codes(&h, ALICE), ["bad-password"]);
    send(&h, ALICE, "password hunter3\nmove game1 E5", 3.0);
    assert_eq!(last_codes(&h, ALICE), ["bad-password", "bad-password"]);
    assert!(h.moves("game1").is_empty());
    let first = clock_mail::last_id(&h);
    send(&h, ALICE, "move game1 E5\npassword hunter2", 4.0);
    assert!(last_codes(&h, ALICE).is_empty());
    assert_eq!(h.moves("game1").len(), 1);
    let reply = outbox_after(&h, first)
        .into_iter()
        .find(|r| r.recipient == ALICE)
        .unwrap();
    insta::assert_snapshot!("password-transcript.txt", body(&reply));
    insta::assert_snapshot!("password-transcript.html", html(&reply));
    send(&h, ALICE, "password hunter2 swordfish", 5.0);
    assert!(last_codes(&h, ALICE).is_empty());
    send(&h, ALICE, "password hunter2\ngames", 6.0);
    assert_eq!(last_codes(&h, ALICE), ["bad-password", "bad-password"]);
    send(&h, ALICE, "password swordfish off", 7.0);
    assert!(last_codes(&h, ALICE).is_empty());
    send(&h, ALICE, "games", 8.0);
    assert!(last_codes(&h, ALICE).is_empty());
    send(&h, ALICE, "password a b", 9.0);
    assert_eq!(last_codes(&h, ALICE), ["no-password"]);
    for row in outbox_after(&h, 0) {
        let raw = String::from_utf8_lossy(
            &pbmgo::store::outbox::raw(&h.db(), pbmgo::store::outbox::id_of(row.id).unwrap())
                .unwrap(),
        )
        .to_string();
        let html = row.mail.html.clone().unwrap_or_default();
        for secret in ["hunter2", "hunter3", "swordfish"] {
            assert!(!raw.contains(secret), "mail {} quotes {secret}", row.id);
            assert!(
                !row.mail.text.contains(secret),
                "mail {} quotes {secret}",
                row.id
            );
            assert!(!html.contains(secret), "mail {} quotes {secret}", row.id);
        }
    }
}

#[test]
fn one_password_line_a_mail_and_a_pause_after_five_wrong_ones() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "password hunter2", 1.0);
    // Ten guesses in one mail are one refusal, whatever they hold.
    let guesses: Vec<String> = (0..10).map(|i| format!("password guess{i}")).collect();
    send(
        &h,
        ALICE,
        &format!("{}\npassword hunter2\ngames", guesses.join("\n")),
        1.1,
    );
    let codes = last_codes(&h, ALICE);
    assert!(codes.iter().all(|c| c == "one-password"), "{codes:?}");
    // Five mails with a wrong password, then even the right one waits an hour.
    for i in 0..5 {
        send(
            &h,
            ALICE,
            &format!("password wrong{i}\ngames"),
            1.2 + f64::from(i) / 100.0,
        );
        assert_eq!(last_codes(&h, ALICE)[0], "bad-password");
    }
    send(&h, ALICE, "password hunter2\nmove game1 e5", 1.5);
    assert_eq!(
        last_codes(&h, ALICE),
        ["password-paused", "password-paused"]
    );
    assert!(h.moves("game1").is_empty());
    // The pause is told once: more mails in the hour get no answer.
    let told = h.sent_to(ALICE).len();
    send(
        &h,
        ALICE,
        "password hunter2
games",
        1.6,
    );
    send(
        &h,
        ALICE,
        "password guess
games",
        1.7,
    );
    assert_eq!(h.sent_to(ALICE).len(), told, "one mail about the pause");
    // An hour after the guesses, the right password works again.
    send(&h, ALICE, "password hunter2\nmove game1 e5", 2.3);
    assert!(
        last_codes(&h, ALICE).is_empty(),
        "{:?}",
        last_codes(&h, ALICE)
    );
    assert_eq!(h.moves("game1").len(), 1);
}

#[test]
fn notify_off_silences_say_and_the_words_stay_in_the_record() {
    let h = harness();
    h.game_new("alice", "bob", 9);
    send(&h, BOB, "notify off", 1.0);
    let before = h.sent_to(BOB).len();
    for i in 0..5 {
        send(
            &h,
            ALICE,
            &format!("say game1 hello number {i}"),
            1.1 + f64::from(i) / 100.0,
        );
    }
    assert_eq!(h.sent_to(BOB).len(), before, "no say mail reaches bob");
    let transcript = h.sent_to(ALICE).pop().unwrap();
    assert!(
        transcript.text.contains("notify off"),
        "{}",
        transcript.text
    );
    let sgf = h.db().query_row(
        "SELECT group_concat(text, '|') FROM game_comments WHERE game_id = 1",
        [],
        |r| r.get::<_, String>(0),
    );
    assert!(sgf.unwrap().contains("hello number 4"));
}

/// The argon2 work of a `password` line is done before the message's
/// write transaction (so guesses never hold the lock others wait for):
/// setting, proving, refusing, changing and removing a password each make
/// none inside it. A password the quick scan cannot see (hidden by a
/// transfer encoding) is checked inside, with the same answer.
#[test]
fn password_checks_are_made_before_the_write_transaction() {
    use crate::common::pbmgo_home::mail;
    let h = harness();
    h.game_new("alice", "bob", 9);
    let steps = [
        ("password s3cret", 0.0),
        ("move game1 E5", 0.1),
        ("password wrong\nmove game1 E5", 0.2),
        ("password s3cret new-one", 0.3),
        ("password new-one\nmove game1 E5", 0.4),
    ];
    let mut codes = Vec::new();
    for (text, hours) in steps {
        let p = h.process_at(
            &mail(ALICE, "settings", text).bytes(),
            &clock_mail::at(hours),
        );
        assert_eq!(p.argon2_in_transaction, 0, "{text:?}");
        codes.push(last_codes(&h, ALICE));
    }
    let want: [&[&str]; 5] = [
        &[],
        &["bad-password"],
        &["bad-password", "bad-password"],
        &[],
        &[],
    ];
    assert_eq!(
        codes,
        want.map(|c| c.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    );
    assert_eq!(h.moves("game1").len(), 1);
    // Quoted-printable splits the word: checked inside, same answer.
    let hidden = mail(ALICE, "settings", "pass=\nword new-one off\n")
        .header("Content-Transfer-Encoding", "quoted-printable")
        .bytes();
    let p = h.process_at(&hidden, &clock_mail::at(0.5));
    assert_eq!(p.argon2_in_transaction, 1);
    assert!(last_codes(&h, ALICE).is_empty());
    send(&h, ALICE, "board game1", 0.6);
    assert!(last_codes(&h, ALICE).is_empty(), "the password is off");
}
