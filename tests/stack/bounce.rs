//! Bounces and reply tokens through the real mail stack (Postfix and
//! Dovecot on loopback, `tests/mailstack/mailstack.sh`):
//!
//! - a game with a player at `nobody@pbem.test`, which the stack accepts
//!   and then bounces: pbmgo's "your move" mail leaves through the
//!   submission port with its VERP envelope sender, Postfix's real DSN comes
//!   back to `go+bounce-<id>@pbem.test` in go@'s Maildir, `pbmgo poll`
//!   records it without answering, and at `bounce_limit` the player is
//!   bouncing, gets no more mail, and the opponent is told once; a mail
//!   from the player clears it and pbmgo writes to them again;
//! - in `auth = "token"` mode, a real reply to the game mail's token
//!   Reply-To plays (the token read from Postfix's `Delivered-To`), while a
//!   mail with the right From sent to plain `go@pbem.test` (or to the
//!   opponent's token address) is refused with `bad-token` and changes
//!   nothing.
//!
//! Ignored without the stack; `.ci/run` starts it and runs them (see
//! `tests/common/mailstack.rs`).

use crate::common::mailstack;
use crate::common::stack_home;

use std::path::PathBuf;

use mailstack::{ALICE, BOB, GO, Got, Stack, mail, mail_with, stack};
use stack_home::StackHome;

/// The stack's address that is accepted and then bounced (5.1.1).
const NOBODY: &str = "nobody@pbem.test";

/// A home reading go@'s Maildir; `server_keys` are extra `[server]` keys
/// (the home's config puts `extra` right after its `[server]` table).
fn home(s: &Stack, server_keys: &str) -> StackHome {
    let inbox = s.maildir("go");
    StackHome::new(
        s,
        &format!(
            "{server_keys}\n[inbox]\nmaildir = \"{}\"\n",
            inbox.display()
        ),
    )
}

/// The poll summary's counts by name (`processed 1, applied 1, ...`).
fn counts(summary: &str) -> std::collections::BTreeMap<String, u64> {
    summary
        .trim()
        .split(", ")
        .filter_map(|part| part.rsplit_once(' '))
        .map(|(name, n)| (name.to_string(), n.parse().unwrap()))
        .collect()
}

/// Polls once; returns (processed, applied, rejected, ignored, sent).
fn poll(h: &StackHome) -> (u64, u64, u64, u64, u64) {
    let c = counts(&h.ok(&["poll"]));
    (
        c["processed"],
        c["applied"],
        c["rejected"],
        c["ignored"],
        c["sent"],
    )
}

/// The message files of `user`'s Maildir (new/ and cur/), oldest first.
fn maildir_files(s: &Stack, user: &str) -> Vec<PathBuf> {
    let dir = s.maildir(user);
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = ["new", "cur"]
        .iter()
        .filter_map(|sub| std::fs::read_dir(dir.join(sub)).ok())
        .flat_map(|d| d.flatten())
        .map(|e| (e.metadata().unwrap().modified().unwrap(), e.path()))
        .collect();
    files.sort();
    files.into_iter().map(|(_, p)| p).collect()
}

/// The newest mail in `user`'s Maildir.
fn newest(s: &Stack, user: &str) -> Got {
    let path = maildir_files(s, user).pop().expect("a mail");
    Got {
        raw: std::fs::read(path).unwrap(),
    }
}

/// The outbox rows as JSON.
fn outbox(h: &StackHome) -> Vec<serde_json::Value> {
    let v: serde_json::Value = serde_json::from_str(&h.ok(&["outbox", "list", "--json"])).unwrap();
    v.as_array().unwrap().clone()
}

/// The rows of the messages table with `reason` among their reasons.
fn with_reason(h: &StackHome, reason: &str) -> Vec<serde_json::Value> {
    h.messages()
        .into_iter()
        .filter(|m| m["reasons"].as_array().unwrap().iter().any(|r| r == reason))
        .collect()
}

/// The envelope senders of the outbox rows to `to`, oldest first.
fn envelopes_to(h: &StackHome, to: &str) -> Vec<String> {
    let db = rusqlite::Connection::open(h.path().join("pbmgo.sqlite3")).unwrap();
    let mut stmt = db
        .prepare("SELECT envelope_from FROM outbox WHERE recipient = ?1 ORDER BY id")
        .unwrap();
    stmt.query_map([to], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The bounces table: address, whether it names an outbox row, status.
fn bounces(h: &StackHome) -> Vec<(String, bool, String)> {
    let db = rusqlite::Connection::open(h.path().join("pbmgo.sqlite3")).unwrap();
    let mut stmt = db
        .prepare("SELECT address, outbox_id IS NOT NULL, status FROM bounces ORDER BY id")
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn bouncing(h: &StackHome, name: &str) -> bool {
    let v: serde_json::Value =
        serde_json::from_str(&h.ok(&["player", "show", name, "--json"])).unwrap();
    v["bouncing"]
        .as_bool()
        .unwrap_or_else(|| panic!("no bouncing in {v}"))
}

/// Checks the mail in go@'s Maildir is Postfix's report of a failure to
/// deliver to nobody@, sent to a VERP bounce address; returns that address.
fn check_dsn(dsn: &Got) -> String {
    let delivered = dsn.header("Delivered-To").unwrap_or_default();
    assert!(
        delivered.starts_with("go+bounce-") && delivered.ends_with("@pbem.test"),
        "the DSN comes back to a VERP address: {delivered:?}"
    );
    assert_eq!(
        dsn.header("Return-Path").as_deref(),
        Some("<>"),
        "a DSN has a null sender"
    );
    let ctype = dsn.header("Content-Type").unwrap_or_default();
    assert!(
        ctype.contains("multipart/report") && ctype.contains("delivery-status"),
        "{ctype}"
    );
    let raw = mailstack::lossy(&dsn.raw);
    assert!(
        raw.contains("Final-Recipient: rfc822; nobody@pbem.test"),
        "{raw}"
    );
    assert!(raw.contains("Action: failed"), "{raw}");
    assert!(raw.contains("Status: 5.1.1"), "{raw}");
    delivered
}

/// Alice plays `point`, pbmgo mails the move to nobody@ through Postfix,
/// Postfix bounces it and the report lands in go@'s Maildir; returns the
/// report. `in_go` is the number of mails go@ has before.
fn alice_moves_and_it_bounces(
    s: &Stack,
    h: &StackHome,
    game: &str,
    point: &str,
    in_go: usize,
) -> Got {
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "my move", &format!("move {game} {point}")),
    );
    s.wait_maildir("go", in_go + 1);
    let (processed, applied, _, _, sent) = poll(h);
    assert_eq!(
        (processed, applied, sent),
        (1, 1, 2),
        "transcript and your-move"
    );
    s.wait_maildir("go", in_go + 2);
    let dsn = newest(s, "go");
    check_dsn(&dsn);
    dsn
}

/// The mails in alice's INBOX whose Subject says someone's mail is bouncing.
fn told_of_bouncing(s: &Stack, n: usize) -> Vec<Got> {
    s.wait_messages("alice", "INBOX", n)
        .into_iter()
        .filter(|m| {
            m.header("Subject")
                .is_some_and(|subj| subj.contains("bouncing"))
        })
        .collect()
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn a_real_bounce_is_recorded_and_stops_mail_after_the_limit() {
    let s = stack();
    let _t = s.take();
    let h = home(&s, "bounce_limit = 2\n");
    h.ok(&["player", "add", "alice", ALICE]);
    h.ok(&["player", "add", "ghost", NOBODY]);
    // Three games with alice to move in each: the ghost never answers.
    let games: Vec<String> = (0..3)
        .map(|_| {
            h.ok(&[
                "game",
                "new",
                "--black",
                "alice",
                "--white",
                "ghost",
                "--size",
                "9",
                "--no-mail",
            ])
            .trim()
            .to_string()
        })
        .collect();
    let bounced_before = s.log_lines("status=bounced").len();

    // First bounce: recorded against the mail's outbox row, never
    // answered, not yet bouncing.
    let dsn = alice_moves_and_it_bounces(&s, &h, &games[0], "C3", 0);
    let verp = dsn.header("Delivered-To").unwrap();
    assert_eq!(
        envelopes_to(&h, NOBODY),
        [verp],
        "the DSN comes back to the outbox row's own VERP sender"
    );
    let rows_before = outbox(&h).len();
    assert_eq!(poll(&h), (1, 0, 0, 1, 0), "a report is ignored");
    assert_eq!(
        outbox(&h).len(),
        rows_before,
        "nothing queued for the report"
    );
    let reports = with_reason(&h, "delivery-report");
    assert_eq!(reports.len(), 1, "{reports:?}");
    assert_eq!(reports[0]["outcome"], "ignored", "{}", reports[0]);
    assert_eq!(
        bounces(&h),
        [(NOBODY.to_string(), true, "5.1.1".to_string())],
        "recorded against the outbox row of the mail that bounced"
    );
    assert!(!bouncing(&h, "ghost"), "one bounce of two");
    let bounced = s.log_lines("status=bounced");
    assert!(
        bounced[bounced_before..]
            .iter()
            .any(|l| l.contains("to=<nobody@pbem.test>")),
        "{bounced:?}"
    );

    // The second bounce reaches the limit: ghost is bouncing, and alice,
    // the opponent, is told in one letter naming the unfinished games.
    alice_moves_and_it_bounces(&s, &h, &games[1], "C3", 2);
    assert_eq!(
        poll(&h),
        (1, 0, 0, 1, 1),
        "only the opponent's letter is sent"
    );
    assert_eq!(bounces(&h).len(), 2);
    assert!(bouncing(&h, "ghost"));
    let shown = h.ok(&["player", "show", "ghost"]);
    assert!(shown.contains("bouncing"), "{shown}");
    let told = told_of_bouncing(&s, 3);
    assert_eq!(told.len(), 1, "alice is told once");
    let text = told[0].text();
    assert!(text.contains("ghost"), "{text}");
    for g in &games {
        assert!(text.contains(g.as_str()), "{g} missing from\n{text}");
    }

    // Alice plays on: her transcript only, nothing more to nobody@, and no
    // second letter.
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "my move", &format!("move {} C3", games[2])),
    );
    s.wait_maildir("go", 5);
    assert_eq!(poll(&h), (1, 1, 0, 0, 1));
    assert_eq!(envelopes_to(&h, NOBODY).len(), 2, "no more mail to nobody@");
    assert_eq!(h.moves(&games[2]), ["C3"]);
    assert_eq!(told_of_bouncing(&s, 4).len(), 1, "still told only once");

    // No answer went to a mailer daemon or a bounce address.
    for row in outbox(&h) {
        let to = row["recipient"].as_str().unwrap().to_lowercase();
        assert!(to == ALICE || to == NOBODY, "unexpected recipient in {row}");
    }
    assert_eq!(h.outbox_statuses().len(), 1, "{:?}", h.outbox_statuses());

    // A mail from the ghost clears the mark: its move plays, alice hears of
    // it, and pbmgo writes to nobody@ again (which bounces, and counts as
    // the first bounce of a new run).
    s.send(
        NOBODY,
        GO,
        &mail(NOBODY, GO, "back", &format!("move {} G7", games[0])),
    );
    s.wait_maildir("go", 6);
    assert_eq!(poll(&h), (1, 1, 0, 0, 2));
    assert!(!bouncing(&h, "ghost"));
    s.wait_messages("alice", "INBOX", 5);
    assert_eq!(envelopes_to(&h, NOBODY).len(), 3, "mailed again");
    s.wait_maildir("go", 7);
    check_dsn(&newest(&s, "go"));
    assert_eq!(poll(&h), (1, 0, 0, 1, 0));
    assert!(!bouncing(&h, "ghost"), "one bounce of a new run");
    assert_eq!(bounces(&h).len(), 3);
    s.wait_queue_empty();
}

/// The address in a mail's Reply-To header.
fn reply_to(m: &Got) -> String {
    let value = m.header("Reply-To").expect("a Reply-To header");
    let open = value.find('<').map_or(0, |i| i + 1);
    value[open..].trim_end_matches('>').to_string()
}

/// The `X-Pbmgo-Rejected` codes of a mail.
fn rejected(m: &Got) -> Vec<String> {
    m.header("X-Pbmgo-Rejected")
        .map(|v| v.split(',').map(|c| c.trim().to_string()).collect())
        .unwrap_or_default()
}

#[test]
#[ignore = "needs the mail stack (Postfix + Dovecot): tests/mailstack/mailstack.sh start, then run with --include-ignored"]
fn token_mode_plays_a_real_reply_and_refuses_a_forged_one() {
    let s = stack();
    let _t = s.take();
    let h = home(&s, "auth = \"token\"\n");
    let game = h.alice_bob_game();

    // Alice asks for the board (no token needed); its transcript carries
    // her token address for the game.
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "board", &format!("board {game}")),
    );
    s.wait_maildir("go", 1);
    assert_eq!(poll(&h).4, 1);
    let board = s.wait_messages("alice", "INBOX", 1).remove(0);
    let token_address = reply_to(&board);
    let token = token_address
        .strip_prefix("go+")
        .and_then(|a| a.strip_suffix("@pbem.test"))
        .unwrap_or_else(|| panic!("not a token address: {token_address}"));
    assert_eq!(token.len(), 16, "{token_address}");

    // A forged mail: alice's From, alice's turn, but sent to plain go@.
    s.send(
        ALICE,
        GO,
        &mail(ALICE, GO, "my move", &format!("move {game} D4")),
    );
    s.wait_maildir("go", 2);
    assert_eq!(newest(&s, "go").header("Delivered-To").as_deref(), Some(GO));
    let (_, applied, refused, _, sent) = poll(&h);
    assert_eq!((applied, refused, sent), (0, 1, 1));
    let answer = s.wait_messages("alice", "INBOX", 2).remove(1);
    assert_eq!(rejected(&answer), ["bad-token"], "{}", answer.text());
    assert_eq!(
        reply_to(&answer),
        token_address,
        "the refusal says where to answer"
    );
    assert!(h.moves(&game).is_empty(), "the game is unchanged");
    let refused = with_reason(&h, "bad-token");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0]["outcome"], "rejected", "{}", refused[0]);

    // The real reply, to the Reply-To: Postfix delivers it to go@ with
    // the token in Delivered-To, and it plays.
    let id = board.header("Message-ID").unwrap();
    let subject = format!("Re: {}", board.header("Subject").unwrap());
    s.send(
        ALICE,
        &token_address,
        &mail_with(
            ALICE,
            &token_address,
            &subject,
            &format!("move {game} D4"),
            &[("In-Reply-To", &id), ("References", &id)],
        ),
    );
    s.wait_maildir("go", 3);
    assert_eq!(
        newest(&s, "go").header("Delivered-To").as_deref(),
        Some(token_address.as_str())
    );
    let (_, applied, refused, _, _) = poll(&h);
    assert_eq!((applied, refused), (1, 0));
    assert_eq!(h.moves(&game), ["D4"]);

    // Bob's "your move" mail carries his own token; he answers it with
    // his client showing plain go@ in To (say, a Bcc): Delivered-To alone
    // carries the token, and it plays.
    let to_bob = s.wait_messages("bob", "INBOX", 1).remove(0);
    let bobs = reply_to(&to_bob);
    assert!(bobs.starts_with("go+") && bobs != token_address, "{bobs}");
    s.send(
        BOB,
        &bobs,
        &mail(BOB, GO, "Re: your move", &format!("move {game} F6")),
    );
    s.wait_maildir("go", 4);
    assert_eq!(poll(&h).1, 1, "bob's move plays");

    // Bob's token is not alice's: a mail from alice to bob's address is
    // refused too.
    s.send(
        ALICE,
        &bobs,
        &mail(ALICE, &bobs, "my move", &format!("move {game} C3")),
    );
    s.wait_maildir("go", 5);
    let (_, applied, refused, _, _) = poll(&h);
    assert_eq!((applied, refused), (0, 1));
    let answers = s.wait_messages("alice", "INBOX", 5);
    assert_eq!(rejected(&answers[4]), ["bad-token"]);
    assert_eq!(h.moves(&game), ["D4", "F6"]);
}
