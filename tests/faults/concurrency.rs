//! Issue #7, faults: two `pbmgo poll` processes and a stream of `pbmgo
//! deliver` processes on the same home at once.
//!
//! The inbox holds 600 or 800 move mails (games of 20 moves) when both polls
//! start together; meanwhile two threads pipe 72 more mails (6 other games
//! of 12 moves, each game's moves in order) into `deliver`, one process per
//! mail, and retry a mail whose `deliver` answers 75 (try again later), as
//! an MTA does. A `deliver` must answer 0 or 75, and when it answers 0 the
//! mail was applied (by it, or by a poll that found its file first). A poll
//! must finish, or give up with "cannot take mail now" after waiting longer
//! than the busy timeout (its mail stays for the next poll); one of the two
//! must finish. This runs once on the default busy timeout (5 s), and once
//! with 50 ms for `deliver` while the test takes the write lock now and
//! then, so that `deliver` does answer 75. At the end (after one more poll
//! and send) every mail was applied exactly once, each game holds exactly
//! its mailed moves, every mail has its file in `inbox/cur`, and every
//! reply is sent.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pbmgo_home::{PbmgoHome, Scripted, command_on, counts};

const POLL_MOVES: usize = 20;
const DELIVER_GAMES: usize = 6;
const DELIVER_MOVES: usize = 12;
/// Attempts at one mail before the test gives up on `deliver`.
const ATTEMPTS: usize = 100;

/// What the `deliver` processes answered.
#[derive(Debug, Default)]
struct Answers {
    applied: usize,
    seen_before: usize,
    tempfail: usize,
    /// The lines printed on stderr with exit 75, and how often.
    reasons: BTreeMap<String, usize>,
}

/// Pipes each of `games`' first DELIVER_MOVES mails into its own `deliver`,
/// game after game for each move number, retrying on 75.
fn deliver_all(home: &Path, games: &[Scripted]) -> Answers {
    let mut answers = Answers::default();
    for k in 0..DELIVER_MOVES {
        for g in games {
            let raw = g.mail(k, "deliver");
            let mut attempt = 0;
            loop {
                attempt += 1;
                assert!(
                    attempt <= ATTEMPTS,
                    "{}: {ATTEMPTS} attempts",
                    g.message_id(k, "deliver")
                );
                let out = deliver(home, &raw);
                let stdout = String::from_utf8_lossy(&out.stdout);
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert!(!stderr.contains("panicked"), "{stderr}");
                match out.status.code() {
                    Some(0) if stdout == "applied, 2 replies queued\n" => answers.applied += 1,
                    Some(0) if stdout == "seen before: nothing done\n" => answers.seen_before += 1,
                    Some(75) => {
                        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
                        assert!(stderr.contains("try again later"), "{stderr}");
                        let reason = stderr.split(": ").nth(1).unwrap_or("").to_string();
                        *answers.reasons.entry(reason).or_default() += 1;
                        answers.tempfail += 1;
                        std::thread::sleep(Duration::from_millis(20));
                        continue;
                    }
                    other => panic!("deliver answered {other:?}: {stdout}{stderr}"),
                }
                break;
            }
        }
    }
    answers
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

/// `poll` with the config file `config`.
fn spawn_poll(h: &PbmgoHome, config: &str) -> Child {
    h.spawn_cmd(&["--config", config, "poll"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The Message-ID of a mail file.
fn message_id(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    let line = text
        .lines()
        .find(|l| l.starts_with("Message-ID: <"))
        .unwrap();
    line["Message-ID: <".len()..]
        .trim_end_matches('>')
        .to_string()
}

/// Two polls and the delivers on the default busy timeout (5 s). A
/// `deliver` may still answer 75 (and a poll give up) when it waits behind
/// the other processes' transactions for longer than that.
#[test]
fn two_polls_and_a_stream_of_delivers_apply_each_mail_exactly_once() {
    let answers = run(40, 5000, false);
    println!("75 answered {} times", answers.tempfail);
}

/// With a busy timeout of 50 ms for `deliver` and the test itself taking
/// the write lock for 200 ms out of every 400, `deliver` answers 75 and the
/// retry goes through (the polls still wait up to 5 s).
#[test]
fn deliver_answers_75_on_a_locked_database_and_a_retry_succeeds() {
    let answers = run(30, 50, true);
    assert!(answers.tempfail > 0, "{answers:?}");
    assert_eq!(
        answers.reasons.keys().collect::<Vec<_>>(),
        ["the database cannot take mail now"]
    );
}

/// Takes the write lock for 200 ms out of every 400 until `stop` is set.
/// On a loaded machine a poll's batch can hold the lock for longer than
/// any busy timeout, so a lock not had is simply asked for again.
fn lock_now_and_then(db: &Path, stop: &AtomicBool) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.busy_timeout(Duration::from_secs(1)).unwrap();
    while !stop.load(Ordering::Relaxed) {
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            assert_eq!(
                e.sqlite_error_code(),
                Some(rusqlite::ErrorCode::DatabaseBusy),
                "{e}"
            );
            continue;
        }
        std::thread::sleep(Duration::from_millis(200));
        conn.execute_batch("COMMIT").unwrap();
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Runs two polls on an inbox of the mails of `poll_games` games and the
/// two deliver streams at once (with the lock taker when `locker`), then a
/// last poll and send, and checks the end state; returns what the
/// delivers answered, summed.
fn run(poll_games: usize, busy_ms: u32, locker: bool) -> Answers {
    let started = Instant::now();
    let config = |ms| {
        format!("[limits]\nmax_replies_per_hour = 1000000\n\n[database]\nbusy_timeout_ms = {ms}\n")
    };
    let h = PbmgoHome::with_config(&config(busy_ms));
    // The polls wait for the lock as long as they need (5 s) in any case.
    let patient = h.path().join("poll.toml");
    let text = std::fs::read_to_string(h.path().join("pbmgo.toml")).unwrap();
    std::fs::write(&patient, text.replace(&config(busy_ms), &config(5000))).unwrap();
    let patient = patient.to_str().unwrap();
    let games = h.scripted_games(20, poll_games + DELIVER_GAMES, POLL_MOVES);
    let (polled, delivered) = games.split_at(poll_games);
    let mut names = BTreeSet::new();
    for k in 0..POLL_MOVES {
        for g in polled {
            names.insert(h.drop_mail(&g.mail(k, "poll")));
        }
    }
    println!("home built in {:.1?}", started.elapsed());

    let run = Instant::now();
    let home = h.path();
    let stop = AtomicBool::new(false);
    let (polls, answers) = std::thread::scope(|s| {
        if locker {
            s.spawn(|| lock_now_and_then(&home.join("pbmgo.sqlite3"), &stop));
        }
        let halves = delivered.split_at(DELIVER_GAMES / 2);
        let a = s.spawn(|| deliver_all(&home, halves.0));
        let b = s.spawn(|| deliver_all(&home, halves.1));
        let polls = [0, 1].map(|_| spawn_poll(&h, patient));
        let polls = polls.map(|p| p.wait_with_output());
        let answers = [a.join(), b.join()];
        // Stop the lock taker before any panic, or the scope waits for it.
        stop.store(true, Ordering::Relaxed);
        let polls = polls.map(Result::unwrap);
        (polls, answers.map(|a| a.expect("a deliver thread failed")))
    });
    let took = run.elapsed();
    let (mut handled, mut gave_up) = (0, 0);
    for (i, out) in polls.iter().enumerate() {
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        println!(
            "poll {i}: {:?} {}{}",
            out.status.code(),
            stdout.trim(),
            stderr.trim()
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        // A poll that waited longer than the busy timeout gives up (SQLite's
        // lock is not fair: the other poll takes it again right after each
        // commit); the mail it has not handled stays in the inbox.
        match out.status.success() {
            true => handled += counts(&stdout).processed,
            false => {
                assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
                assert!(stderr.contains("cannot take mail now"), "{stderr}");
                gave_up += 1;
            }
        }
    }
    for a in &answers {
        println!("deliver: {a:?}");
    }
    assert!(gave_up < 2, "both polls gave up");
    let applied: usize = answers.iter().map(|a| a.applied + a.seen_before).sum();
    assert_eq!(applied, DELIVER_GAMES * DELIVER_MOVES);
    println!("{handled} files handled by the polls; all ran in {took:.1?}");

    // What is left: mail of a poll that gave up, replies not yet sent.
    // Later than a claim on a mail lasts (10 minutes): a mail a poll had
    // claimed and sent but could not record before it gave up is due again.
    let later = "2026-11-22T12:11:00Z";
    let last = counts(&h.ok_at(&["poll"], later));
    assert_eq!(
        last.quarantined + last.rejected + last.answered,
        0,
        "{last:?}"
    );
    h.ok_at(&["send"], later);

    // Every mail applied exactly once, with its move.
    let db = h.db();
    let mut stmt = db.prepare("SELECT key, outcome FROM messages").unwrap();
    let rows: Vec<(String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let want: BTreeSet<String> = polled
        .iter()
        .flat_map(|g| (0..POLL_MOVES).map(|k| g.message_id(k, "poll")))
        .chain(
            delivered
                .iter()
                .flat_map(|g| (0..DELIVER_MOVES).map(|k| g.message_id(k, "deliver"))),
        )
        .collect();
    assert_eq!(rows.len(), want.len());
    assert_eq!(
        rows.iter().map(|r| r.0.clone()).collect::<BTreeSet<_>>(),
        want
    );
    assert!(rows.iter().all(|r| r.1 == "applied"), "outcomes");
    h.assert_played(polled, "poll", |_| POLL_MOVES);
    h.assert_played(delivered, "deliver", |_| DELIVER_MOVES);

    // No mail file lost: every one is in cur/, seen, and every mail has one.
    assert!(h.files("inbox/new").is_empty() && h.files("inbox/tmp").is_empty());
    assert!(h.files("quarantine/new").is_empty() && h.quarantined().is_empty());
    let cur = h.files("inbox/cur");
    assert!(cur.iter().all(|f| f.ends_with(":2,S")), "{cur:?}");
    let bases: BTreeSet<String> = cur
        .iter()
        .map(|f| f.split(':').next().unwrap().into())
        .collect();
    assert!(
        bases.is_superset(&names),
        "the inbox's files are all in cur/"
    );
    let ids: BTreeSet<String> = cur
        .iter()
        .map(|f| message_id(&std::fs::read(h.path().join("inbox/cur").join(f)).unwrap()))
        .collect();
    assert_eq!(ids, want, "every mail has its file in cur/");
    assert_eq!(h.assert_all_replies_sent(2), 2 * want.len());
    println!("all done in {:.1?}", started.elapsed());
    let mut sum = Answers::default();
    for a in answers {
        sum.applied += a.applied;
        sum.seen_before += a.seen_before;
        sum.tempfail += a.tempfail;
        for (reason, n) in a.reasons {
            *sum.reasons.entry(reason).or_default() += n;
        }
    }
    sum
}
