//! Issue #7, faults: `pbmgo poll` and `pbmgo send` killed with SIGKILL at
//! random moments of the work on an inbox of 2,000 move mails (100 games of
//! 20 moves between 50 players), then a final poll and send to completion.
//!
//! The kill moments are spread over the whole job: 14 kills while mail is
//! left to handle (then a `poll --no-send` finishes that part), the others
//! while the replies are sent, by `poll` or `send`. Before each kill the
//! time the rest of the phase takes is estimated (from what is left and how
//! fast the earlier runs went) and the process is killed at a random moment
//! of its share of it; some polls are instead killed within 4 ms of a
//! batch's commit, while its files are renamed. After every kill
//! `game verify` passes, each game holds a prefix of its mailed moves, every
//! mail file is in exactly one of `inbox/new`, `inbox/cur` and
//! `quarantine/new`, every reply recorded as sent is on disk, and a reply
//! written twice is one that a killed run had written without recording
//! it, with the same bytes (so the same Message-ID). At the end each mail
//! was applied exactly once, each game holds exactly its mailed moves, and
//! every reply is sent and on disk as queued. (How many replies one kill
//! may leave written but unrecorded is `faults/send.rs`'s business.)
//!
//! The home is on `/dev/shm` when it can be: a killed process leaves the
//! same files on any filesystem, and the replies' fsyncs cost nothing there.
//! `PBMGO_FAULTS_SEED=N` replays a run; the seed is printed.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::collections::{BTreeMap, BTreeSet};
use std::os::unix::fs::MetadataExt;
use std::time::{Duration, Instant};

use pbmgo_home::{PbmgoHome, counts, eml_name, fast_tmp};

const PLAYERS: usize = 50;
const GAMES: usize = 100;
const MOVES: usize = 20;
const MAILS: usize = GAMES * MOVES;
/// Processes to kill while they still have work (at least 20 must be).
const KILLS: usize = 24;
/// Of which kills while mail is left to handle (a poll then finishes that).
const MAIL_KILLS: usize = 14;
const TAG: &str = "kill";
/// Rough costs (seconds) in a debug build on a tmpfs, the priors of [`Pace`].
const START: f64 = 0.03;
const PER_MAIL: f64 = 0.003;
const PER_REPLY: f64 = 0.0006;

/// A xorshift generator; the seed is printed so a run can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn seed() -> u64 {
    match std::env::var("PBMGO_FAULTS_SEED") {
        Ok(s) => s.parse().expect("PBMGO_FAULTS_SEED is a number"),
        Err(_) => {
            let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            t.unwrap().as_nanos() as u64 | 1
        }
    }
}

/// What the database says is done.
#[derive(Debug, Clone, Copy)]
struct Progress {
    /// Messages recorded.
    handled: usize,
    /// Replies queued.
    queued: usize,
    /// Replies recorded as sent.
    sent: usize,
}

impl Progress {
    fn read(h: &PbmgoHome) -> Progress {
        let n = |sql: &str| h.db().query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap() as usize;
        Progress {
            handled: n("SELECT count(*) FROM messages"),
            queued: n("SELECT count(*) FROM outbox"),
            sent: n("SELECT count(*) FROM outbox WHERE status = 'sent'"),
        }
    }

    /// Replies still to send, counting those of the mail not yet handled.
    fn to_send(self) -> usize {
        self.queued - self.sent + 2 * (MAILS - self.handled)
    }

    fn done(self) -> bool {
        self.handled == MAILS && self.to_send() == 0
    }
}

/// How long the work takes, learnt from the runs so far: (seconds, units)
/// for handling mail and for sending replies, starting from the priors.
struct Pace {
    mail: (f64, f64),
    reply: (f64, f64),
}

impl Pace {
    fn new() -> Pace {
        Pace {
            mail: (PER_MAIL * 200.0, 200.0),
            reply: (PER_REPLY * 500.0, 500.0),
        }
    }

    fn per_mail(&self) -> f64 {
        self.mail.0 / self.mail.1
    }

    fn per_reply(&self) -> f64 {
        self.reply.0 / self.reply.1
    }

    /// The estimated time `poll` takes to handle the mail left (`send`: to
    /// send the replies queued; `poll` once all mail is handled: to send the rest).
    fn rest(&self, p: Progress, poll: bool) -> f64 {
        START
            + match (poll, p.handled < MAILS) {
                (true, true) => self.per_mail() * (MAILS - p.handled) as f64,
                (true, false) => self.per_reply() * p.to_send() as f64,
                (false, _) => self.per_reply() * (p.queued - p.sent) as f64,
            }
    }

    /// Learns from a run of `secs` that went from `before` to `after`.
    fn learn(&mut self, before: Progress, after: Progress, poll: bool, secs: f64) {
        let sent = (after.sent - before.sent) as f64;
        if poll && before.handled < MAILS {
            let handled = (after.handled - before.handled) as f64;
            self.mail.0 += (secs - START - self.per_reply() * sent).max(0.0);
            self.mail.1 += handled;
        } else {
            self.reply.0 += (secs - START).max(0.0);
            self.reply.1 += sent;
        }
    }
}

/// The replies on disk, and those written but not (yet) recorded as sent.
struct Replies {
    /// `.eml` name -> inode, to see a file written again.
    inodes: BTreeMap<String, u64>,
    /// `.eml` name -> bytes of a reply on disk whose row is not `sent`.
    unrecorded: BTreeMap<String, Vec<u8>>,
    /// Replies written twice.
    rewritten: usize,
}

impl Replies {
    /// Checks the outbox folder after a run: no reply recorded as sent is
    /// missing, and a reply written again was one that a killed run had
    /// written without recording it, with the same bytes. Returns how many
    /// replies this run wrote without recording them.
    fn check(&mut self, h: &PbmgoHome, what: &str) -> usize {
        let dir = h.path().join("outbox");
        let db = h.db();
        let mut stmt = db.prepare("SELECT message_id, status FROM outbox").unwrap();
        let status: BTreeMap<String, String> = stmt
            .query_map([], |r| Ok((eml_name(&r.get::<_, String>(0)?), r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut inodes = BTreeMap::new();
        let mut unrecorded = BTreeMap::new();
        let mut fresh = 0;
        for name in h
            .files("outbox")
            .into_iter()
            .filter(|n| n.ends_with(".eml"))
        {
            let state = status.get(&name).map(String::as_str);
            assert!(state.is_some(), "{what}: {name} is no outbox row");
            let ino = std::fs::metadata(dir.join(&name)).unwrap().ino();
            if self.inodes.get(&name).is_some_and(|&old| old != ino) {
                let before = self.unrecorded.get(&name);
                let before = before.unwrap_or_else(|| panic!("{what}: {name} was sent twice"));
                assert!(
                    *before == std::fs::read(dir.join(&name)).unwrap(),
                    "{what}: {name} changed"
                );
                self.rewritten += 1;
            }
            if state != Some("sent") {
                fresh += usize::from(!self.unrecorded.contains_key(&name));
                unrecorded.insert(name.clone(), std::fs::read(dir.join(&name)).unwrap());
            }
            inodes.insert(name, ino);
        }
        for (name, state) in &status {
            assert!(
                state != "sent" || inodes.contains_key(name),
                "{what}: {name} is sent but missing"
            );
        }
        self.inodes = inodes;
        self.unrecorded = unrecorded;
        fresh
    }
}

/// Asserts that every mail file is in exactly one of `inbox/new`,
/// `inbox/cur` and `quarantine/new`; returns the ones still in `new/`.
fn check_files(h: &PbmgoHome, names: &BTreeSet<String>, what: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut new = BTreeSet::new();
    for sub in ["inbox/new", "inbox/cur", "quarantine/new"] {
        for f in h.files(sub) {
            let base = f.split(':').next().unwrap().to_string();
            assert!(
                seen.insert(base.clone()),
                "{what}: {base} is twice in the Maildirs"
            );
            if sub == "inbox/new" {
                new.insert(base);
            }
        }
    }
    assert_eq!(&seen, names, "{what}: the mail files");
    assert!(h.files("inbox/tmp").is_empty(), "{what}: inbox/tmp");
    new
}

/// Waits until `child` commits mail beyond `handled` messages (or exits);
/// returns 0.0, to be used as a delay.
fn wait_for_commit(h: &PbmgoHome, child: &mut std::process::Child, handled: usize) -> f64 {
    let db = h.db();
    let mut stmt = db.prepare("SELECT count(*) FROM messages").unwrap();
    while child.try_wait().unwrap().is_none() {
        let n: i64 = stmt.query_row([], |r| r.get(0)).unwrap_or(0);
        if n as usize > handled {
            break;
        }
        std::thread::sleep(Duration::from_micros(500));
    }
    0.0
}

/// The pinned time of run `n`: each run a little later than the claim on
/// a mail lasts (`outbox::CLAIM_LEASE`, 10 minutes), so that mail a killed
/// run had claimed is due again for the next one, as it is in real time
/// once the lease is over.
fn run_time(n: usize) -> String {
    let start = chrono::DateTime::parse_from_rfc3339(pbmgo_home::NOW).unwrap();
    let t = start + chrono::Duration::minutes(11 * n as i64);
    t.to_utc()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[test]
fn poll_and_send_survive_kill_9_at_random_moments() {
    let started = Instant::now();
    let seed = seed();
    println!("faults_kill seed {seed} (PBMGO_FAULTS_SEED={seed} replays it)");
    let mut rng = Rng(seed);
    // Batches of 50 give every run many commits to be killed between; with
    // the default 500, 2,000 mails are 4 commits and the work can run out
    // before 20 kills.
    let h = PbmgoHome::with_config_in(
        &fast_tmp(),
        "[limits]\nmax_replies_per_hour = 1000000\n\n[inbox]\nbatch = 50\n",
    );
    let games = h.scripted_games(PLAYERS, GAMES, MOVES);
    let mut names = BTreeSet::new();
    for k in 0..MOVES {
        for g in &games {
            names.insert(h.drop_mail(&g.mail(k, TAG)));
        }
    }
    println!("home of {MAILS} mails built in {:.1?}", started.elapsed());

    let mut replies = Replies {
        inodes: BTreeMap::new(),
        unrecorded: BTreeMap::new(),
        rewritten: 0,
    };
    let mut pace = Pace::new();
    let mut kills: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut killed, mut finished, mut between, mut in_flight) = (0, 0, 0, 0);
    while killed < KILLS {
        let before = Progress::read(&h);
        if before.done() {
            break;
        }
        let mailing = before.handled < MAILS;
        // Once the mail phase had its kills, a poll finishes it, so that the
        // other kills land while replies are sent.
        let finish = mailing && killed >= MAIL_KILLS;
        let share = match (mailing, before.queued > before.sent) {
            (_, false) => 1.0,
            (true, true) => 0.75,
            (false, true) => 0.5,
        };
        let poll = finish || rng.unit() < share;
        let after_commit = poll && mailing && !finish && rng.unit() < 0.3;
        let args: &[&str] = match (finish, poll) {
            (true, _) => &["poll", "--no-send"],
            (false, true) => &["poll"],
            (false, false) => &["send"],
        };
        // The kills still to come in this phase share the rest of its time.
        let left = match poll && mailing {
            true => MAIL_KILLS.saturating_sub(killed).max(1),
            false => KILLS - killed,
        };
        let delay = rng.unit() * 0.6 * pace.rest(before, poll) / left as f64;
        let run = Instant::now();
        let mut child = h
            .spawn_cmd(args)
            .env("PBMGO_NOW", run_time(killed + finished))
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let delay = match after_commit {
            true => wait_for_commit(&h, &mut child, before.handled) + rng.unit() * 0.004,
            false => delay,
        };
        if !finish {
            std::thread::sleep(Duration::from_secs_f64(delay));
        }
        let what = if !finish && child.try_wait().unwrap().is_none() {
            child.kill().unwrap();
            child.wait().unwrap();
            killed += 1;
            match (poll, mailing) {
                _ if after_commit => "poll right after a commit",
                (true, true) => "poll while handling mail",
                (true, false) => "poll while sending",
                (false, _) => "send",
            }
        } else {
            let status = child.wait().unwrap();
            assert!(status.success(), "seed {seed}: {args:?} exited {status}");
            finished += 1;
            "finished"
        };
        *kills.entry(what).or_default() += 1;
        let after = Progress::read(&h);
        pace.learn(before, after, poll, run.elapsed().as_secs_f64());
        let what = format!(
            "seed {seed}, run {} ({what}, {args:?} after {delay:.3}s)",
            killed + finished
        );
        let db = h.db();
        let mut stmt = db
            .prepare("SELECT game_id, count(*) FROM moves GROUP BY game_id")
            .unwrap();
        let played: BTreeMap<i64, i64> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        h.assert_played(&games, TAG, |g| {
            played.get(&g.number).copied().unwrap_or(0) as usize
        });
        let new = check_files(&h, &names, &what);
        let mut stmt = db.prepare("SELECT source FROM messages").unwrap();
        let sources: BTreeSet<String> = stmt
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        between += new.intersection(&sources).count().min(1);
        in_flight = in_flight.max(replies.check(&h, &what));
    }
    let killing = started.elapsed();
    assert!(
        killed >= 20,
        "seed {seed}: the work ran out after {killed} kills"
    );

    let end = run_time(killed + finished + 1);
    let last = counts(&h.ok_at(&["poll"], &end));
    let handled = Progress::read(&h).handled;
    assert_eq!(handled, MAILS, "seed {seed}: messages recorded");
    assert_eq!(
        last.quarantined + last.rejected + last.answered,
        0,
        "{last:?}"
    );
    assert_eq!(
        h.ok_at(&["send"], &end).trim(),
        "Sent 0, to retry 0, failed 0."
    );
    assert_eq!(replies.check(&h, "after the final poll"), 0);
    assert!(replies.unrecorded.is_empty());

    // Every mail applied exactly once, with the moves it carried.
    let db = h.db();
    let mut stmt = db
        .prepare("SELECT key, outcome, source FROM messages")
        .unwrap();
    let rows: Vec<(String, String, String)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let keys: BTreeSet<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    let want: BTreeSet<String> = games
        .iter()
        .flat_map(|g| (0..MOVES).map(|k| g.message_id(k, TAG)))
        .collect();
    assert_eq!(keys, want.iter().map(String::as_str).collect());
    assert!(
        rows.iter()
            .all(|r| r.1 == "applied" && names.contains(&r.2)),
        "outcomes"
    );
    h.assert_played(&games, TAG, |_| MOVES);
    assert!(h.quarantined().is_empty());

    // Every file is in cur/, seen; every reply is sent and on disk as queued.
    assert!(check_files(&h, &names, "at the end").is_empty());
    assert!(h.files("inbox/cur").iter().all(|f| f.ends_with(":2,S")));
    assert!(h.files("quarantine/new").is_empty());
    assert_eq!(h.assert_all_replies_sent(2), 2 * MAILS);
    let temp = std::fs::read_dir(h.path().join("outbox")).unwrap().count() - 2 * MAILS;
    println!(
        "seed {seed}: {killed} kills {kills:?}; {between} left committed mail in new/; \
         {} replies written twice, at most {in_flight} written by a killed run \
         but not recorded as sent; {temp} temporary files left in outbox/; \
         killing took {killing:.1?}, all {:.1?}",
        replies.rewritten,
        started.elapsed()
    );
}
