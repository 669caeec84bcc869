//! Issue #7, faults: a full disk or a read-only database. `pbmgo deliver`
//! must answer 75 (try again later) with one clear line on stderr and keep
//! no copy of the mail (the MTA keeps it); `pbmgo poll` must stop with a
//! non-zero status and one clear line, and leave its mail in `inbox/new`.
//! Once the fault is gone, the same mails are applied, once.
//!
//! How the faults are made (the tests run as root here; each test prints
//! "skipped" and passes when its tool is missing or refused):
//! - a full disk: a small tmpfs mounted on the home's `db/` folder (the
//!   database lives there through `database.path`), filled up with a file;
//!   once with no process holding the database (opening it fails), once
//!   with the test holding it open (the write fails, SQLITE_FULL);
//! - a file size limit: `ulimit -f 0` in a shell that ignores SIGXFSZ, which
//!   needs no privilege, so every write that grows a file fails (EFBIG);
//! - a read-only database: `chattr +i` on the database file (root ignores
//!   file modes), and a read-only bind mount of the `db/` folder.

use crate::common::home::Home;
use crate::common::pbmgo_home;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use pbmgo_home::{PbmgoHome, command_on, counts, mail};

/// Runs a system tool; true when it exited 0.
fn tool(program: &str, args: &[&str]) -> bool {
    let out = Command::new(program).args(args).output();
    out.is_ok_and(|o| o.status.success())
}

/// Undoes a fault (unmount, `chattr -i`, ...) when dropped, or at [`Undo::now`].
struct Undo {
    program: &'static str,
    args: Vec<String>,
    done: bool,
}

impl Undo {
    fn new(program: &'static str, args: &[&str]) -> Undo {
        let args = args.iter().map(|a| a.to_string()).collect();
        Undo {
            program,
            args,
            done: false,
        }
    }

    /// Undoes the fault now; it must work.
    fn now(mut self) {
        self.done = true;
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        assert!(tool(self.program, &args), "{} {args:?}", self.program);
    }
}

impl Drop for Undo {
    fn drop(&mut self) {
        if !self.done {
            let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
            tool(self.program, &args);
        }
    }
}

/// Mounts a tmpfs of `kib` KiB on `dir`.
fn tmpfs(dir: &Path, kib: u32) -> Option<Undo> {
    let size = format!("size={kib}k");
    let target = dir.to_str().unwrap();
    tool("mount", &["-t", "tmpfs", "-o", &size, "tmpfs", target])
        .then(|| Undo::new("umount", &[target]))
}

/// Fills the filesystem of `dir` with `dir/fill` until no byte is left.
fn fill(dir: &Path) {
    let mut f = std::fs::File::create(dir.join("fill")).unwrap();
    let block = vec![0u8; 4096];
    while f.write_all(&block).is_ok() {}
    let _ = f.sync_all();
}

/// A home whose database is `db/pbmgo.sqlite3`, made by [`Setup::populate`]
/// (after a test may have mounted something on `db/`), with alice (Black)
/// and bob in game1, and alice's and bob's first moves in `inbox/new`.
struct Setup {
    h: PbmgoHome,
    db_dir: PathBuf,
    waiting: Vec<String>,
}

fn setup() -> Setup {
    let h = PbmgoHome::with_config("[database]\npath = \"db/pbmgo.sqlite3\"\n");
    let db_dir = h.path().join("db");
    std::fs::create_dir(&db_dir).unwrap();
    Setup {
        h,
        db_dir,
        waiting: Vec::new(),
    }
}

impl Setup {
    /// Creates the database (`init`), the players and the game, and drops
    /// the two waiting mails.
    fn populate(&mut self) {
        let h = &self.h;
        h.ok(&["init"]);
        h.player("alice", "alice@example.org");
        h.player("bob", "bob@example.org");
        h.game_at(1, 9, &[], "alice", "bob");
        self.waiting = vec![
            h.drop_mail(&mail("alice@example.org", "move", "move game1 e5").bytes()),
            h.drop_mail(&mail("bob@example.org", "move", "move game1 c3").bytes()),
        ];
    }

    fn database(&self) -> PathBuf {
        self.db_dir.join("pbmgo.sqlite3")
    }

    /// Runs `args` (with `stdin`), through `ulimit -f 0` when `limited`.
    fn run(&self, args: &[&str], stdin: &[u8], limited: bool) -> Output {
        let mut cmd = command_on(&self.h.path(), args);
        if limited {
            let script = "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"";
            let mut sh = Command::new("sh");
            sh.arg("-c")
                .arg(script)
                .arg(cmd.get_program())
                .args(cmd.get_args());
            sh.envs(cmd.get_envs().filter_map(|(k, v)| Some((k, v?))));
            sh.env_remove("RUST_LOG").env_remove("PBMGO_HOME");
            cmd = sh;
        }
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        child.wait_with_output().unwrap()
    }

    /// Asserts that the mail files are where they were before the fault.
    fn files_untouched(&self, what: &str) {
        let h = &self.h;
        assert_eq!(h.files("inbox/new"), self.waiting, "{what}: inbox/new");
        assert!(h.files("inbox/cur").is_empty(), "{what}: inbox/cur");
        assert!(h.files("inbox/tmp").is_empty(), "{what}: inbox/tmp");
        assert!(h.files("quarantine/new").is_empty(), "{what}: quarantine");
    }

    /// With the fault on: `deliver` answers 75 and `poll` fails, each with
    /// one line on stderr holding one of `words`, and no mail moves.
    /// Returns alice's next mail, refused by `deliver`.
    fn refused(&self, limited: bool, words: &[&str]) -> Vec<u8> {
        let next = mail("alice@example.org", "move", "move game1 g7").bytes();
        let out = self.run(&["deliver"], &next, limited);
        let stderr = String::from_utf8_lossy(&out.stderr);
        println!("deliver: {:?} {stderr}", out.status.code());
        assert_eq!(out.status.code(), Some(75), "deliver: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains("try again later"), "{stderr}");
        assert!(
            words.iter().any(|w| stderr.contains(w)),
            "{words:?}: {stderr}"
        );
        self.files_untouched("after deliver");

        let out = self.run(&["poll"], b"", limited);
        let stderr = String::from_utf8_lossy(&out.stderr);
        println!("poll: {:?} {stderr}", out.status.code());
        assert!(!out.status.success(), "poll: {stderr}");
        assert_ne!(out.status.code(), Some(101), "poll panicked: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(
            words.iter().any(|w| stderr.contains(w)),
            "{words:?}: {stderr}"
        );
        self.files_untouched("after poll");
        next
    }

    /// After the fault: the waiting mails and `next` are applied, once.
    fn recovers(&self, next: &[u8]) {
        let h = &self.h;
        let c = counts(&h.ok(&["poll", "--no-send"]));
        assert_eq!((c.processed, c.applied), (2, 2), "{c:?}");
        let out = self.run(&["deliver", "--no-send"], next, false);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout, "applied, 2 replies queued\n");
        assert_eq!(h.moves("game1").len(), 3);
        assert!(h.files("inbox/new").is_empty() && h.files("quarantine/new").is_empty());
        assert_eq!(h.files("inbox/cur").len(), 3);
        h.ok(&["game", "verify"]);
    }
}

fn skipped(what: &str) {
    println!("skipped: {what} is not possible here");
}

#[test]
fn a_full_disk_that_leaves_no_room_to_open_the_database() {
    full_disk_at_open(&["disk"]);
}

/// SQLite says "disk I/O error" (SQLITE_IOERR_SHMSIZE); the line must also say the disk is full.
#[test]
fn a_full_disk_is_named_when_the_database_cannot_be_opened() {
    full_disk_at_open(&["full", "space"]);
}

fn full_disk_at_open(words: &[&str]) {
    let mut s = setup();
    let Some(mounted) = tmpfs(&s.db_dir, 2048) else {
        return skipped("mounting a tmpfs");
    };
    s.populate();
    fill(&s.db_dir);
    let next = s.refused(false, words);
    std::fs::remove_file(s.db_dir.join("fill")).unwrap();
    s.recovers(&next);
    drop(mounted);
}

#[test]
fn a_full_disk_under_a_database_held_open_refuses_the_write() {
    let mut s = setup();
    let Some(mounted) = tmpfs(&s.db_dir, 2048) else {
        return skipped("mounting a tmpfs");
    };
    s.populate();
    // Another process has the database open: its -wal and -shm files stay.
    let holder = rusqlite::Connection::open(s.database()).unwrap();
    let games: i64 = holder
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, 1);
    fill(&s.db_dir);
    let next = s.refused(false, &["disk is full"]);
    std::fs::remove_file(s.db_dir.join("fill")).unwrap();
    s.recovers(&next);
    drop(holder);
    drop(mounted);
}

#[test]
fn a_file_size_limit_of_zero_fails_every_write() {
    let mut s = setup();
    s.populate();
    let next = s.refused(true, &["disk", "File too large"]);
    s.recovers(&next);
}

/// `chattr +i` (root ignores file modes), else `chmod 0444`.
#[test]
fn a_read_only_database_file() {
    let mut s = setup();
    s.populate();
    let db = s.database();
    let db = db.to_str().unwrap();
    let fault = if tool("chattr", &["+i", db]) {
        Undo::new("chattr", &["-i", db])
    } else {
        assert!(tool("chmod", &["0444", db]));
        let fault = Undo::new("chmod", &["0644", db]);
        if std::fs::OpenOptions::new().write(true).open(db).is_ok() {
            return skipped("a read-only file");
        }
        fault
    };
    let next = s.refused(false, &["readonly", "read-only"]);
    fault.now();
    // SQLite made the -wal and -shm files with the database file's mode.
    for end in ["-wal", "-shm"] {
        let file = format!("{db}{end}");
        if Path::new(&file).exists() {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::Permissions::from_mode(0o644);
            std::fs::set_permissions(&file, mode).unwrap();
        }
    }
    s.recovers(&next);
}

#[test]
fn a_read_only_mount_of_the_database_folder() {
    read_only_mount(&["cannot open database"]);
}

/// SQLite says "unable to open database file" (SQLITE_CANTOPEN); the line must also say why.
#[test]
fn a_read_only_database_folder_is_named_in_the_error() {
    read_only_mount(&["read-only", "readonly"]);
}

fn read_only_mount(words: &[&str]) {
    let mut s = setup();
    s.populate();
    let dir = s.db_dir.to_str().unwrap();
    if !tool("mount", &["--bind", dir, dir]) {
        return skipped("a bind mount");
    }
    let mounted = Undo::new("umount", &[dir]);
    if !tool("mount", &["-o", "remount,ro,bind", dir]) {
        return skipped("a read-only remount");
    }
    assert!(
        std::fs::File::create(s.db_dir.join("probe")).is_err(),
        "the folder is read-only"
    );
    // SQLite cannot make the -shm file next to a WAL database: opening fails.
    let next = s.refused(false, words);
    mounted.now();
    s.recovers(&next);
}

/// `deliver` with stdout (and stderr, when `both`) appended to `log`, as
/// in a `.forward` line `"|pbmgo deliver >>log 2>&1"`; returns its status.
fn deliver_logged(s: &Setup, raw: &[u8], log: &Path, both: bool) -> Option<i32> {
    let log = std::fs::OpenOptions::new().append(true).open(log).unwrap();
    let stderr = match both {
        true => Stdio::from(log.try_clone().unwrap()),
        false => Stdio::null(),
    };
    let mut child = command_on(&s.h.path(), &["deliver", "--no-send"])
        .stdin(Stdio::piped())
        .stdout(log)
        .stderr(stderr)
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(raw).unwrap();
    child.wait().unwrap().code()
}

/// The database and deliver's log share the full disk: the error line
/// cannot be written, and `eprintln!` panics (exit 101, which an MTA
/// takes for a failure, not for "try again later").
#[test]
fn deliver_answers_75_when_its_log_is_on_the_full_disk() {
    let mut s = setup();
    let Some(mounted) = tmpfs(&s.db_dir, 2048) else {
        return skipped("mounting a tmpfs");
    };
    s.populate();
    let log = s.db_dir.join("deliver.log");
    std::fs::write(&log, "").unwrap();
    fill(&s.db_dir);
    let next = mail("alice@example.org", "move", "move game1 g7").bytes();
    assert_eq!(deliver_logged(&s, &next, &log, true), Some(75));
    s.files_untouched("after deliver");
    std::fs::remove_file(s.db_dir.join("fill")).unwrap();
    s.recovers(&next);
    drop(mounted);
}

/// Only deliver's stdout goes to a full disk: the mail is applied and
/// committed, but printing the summary line fails and `deliver` exits 2
/// (101 when stderr goes there too), so the MTA reports a failure for a
/// move that was played.
#[test]
fn deliver_answers_0_for_an_applied_mail_whose_summary_cannot_be_written() {
    let mut s = setup();
    s.populate();
    let log_dir = s.h.path().join("log");
    std::fs::create_dir(&log_dir).unwrap();
    let Some(mounted) = tmpfs(&log_dir, 64) else {
        return skipped("mounting a tmpfs");
    };
    let log = log_dir.join("deliver.log");
    std::fs::write(&log, "").unwrap();
    fill(&log_dir);
    let raw = mail("alice@example.org", "move", "move game1 g7").bytes();
    let status = deliver_logged(&s, &raw, &log, false);
    assert_eq!(s.h.moves("game1").len(), 1, "the move was applied");
    assert_eq!(status, Some(0), "the mail was taken");
    drop(mounted);
}
