//! The admin's service files, through the real binary: `pbmgo backup` taken
//! while `poll` works through thousands of mails (each copy restored into a
//! home of its own and verified), the man pages in `docs/man/` against the
//! ones the binary generates, the completion scripts, and the systemd units
//! in `data/systemd/` checked by `systemd-analyze verify`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};

const GAMES: usize = 100;
const MOVES_PER_GAME: usize = 20;
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

fn pbmgo() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
    cmd.env_remove("PBMGO_HOME").env_remove("PBMGO_NOW");
    cmd
}

fn run(args: &[&str]) -> Output {
    pbmgo().args(args).output().expect("pbmgo runs")
}

fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "pbmgo {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A home with `GAMES` 19x19 games and `MOVES_PER_GAME` move mails each in its
/// inbox, one mail per move, on points that never capture.
fn loaded_home(dir: &Path) -> PathBuf {
    let home = dir.join("home");
    let h = home.to_str().unwrap();
    ok(&["--home", h, "init"]);
    let db = rusqlite::Connection::open(home.join("pbmgo.sqlite3")).unwrap();
    for i in 0..2 * GAMES {
        db.execute(
            "INSERT INTO players (id, name, created_at) VALUES (?1, ?2, '2026-11-22T10:00:00Z')",
            rusqlite::params![(i + 1) as i64, format!("p{i:04}")],
        )
        .unwrap();
        db.execute(
            "INSERT INTO addresses (address, player_id) VALUES (?1, ?2)",
            rusqlite::params![format!("p{i:04}@example.org"), (i + 1) as i64],
        )
        .unwrap();
    }
    drop(db);
    for g in 0..GAMES {
        let (black, white) = (format!("p{:04}", 2 * g), format!("p{:04}", 2 * g + 1));
        ok(&[
            "--home", h, "game", "new", "--black", &black, "--white", &white,
        ]);
    }
    write_mails(&home);
    home
}

fn write_mails(home: &Path) {
    let mut k = 0;
    for m in 0..MOVES_PER_GAME {
        for g in 0..GAMES {
            let color = m % 2;
            let player = format!("p{:04}", 2 * g + color);
            let point = format!("{}{}", COLUMNS[m / 2] as char, 1 + color * 10);
            let raw = format!(
                "From: {player}@example.org\r\nTo: pbmgo@localhost\r\n\
                 Subject: move game{} {point}\r\nMessage-ID: <load-{k}@example.org>\r\n\
                 Date: Sun, 22 Nov 2026 10:00:00 +0000\r\n\r\nmy move\r\n",
                g + 1
            );
            let name = format!("{}.load{k}.host", 1_000_000 + k);
            std::fs::write(home.join("inbox/new").join(name), raw).unwrap();
            k += 1;
        }
    }
}

fn messages_in(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT count(*) FROM messages", [], |r| r.get(0))
        .unwrap()
}

/// Takes backups until `poll` ends; returns them and how many finished while it ran.
fn backups_during(poll: &mut Child, home: &Path, dir: &Path) -> (Vec<PathBuf>, usize) {
    let (mut copies, mut during) = (Vec::new(), 0);
    loop {
        let running = poll.try_wait().unwrap().is_none();
        let copy = dir.join(format!("backup-{}.sqlite3", copies.len()));
        let out = ok(&[
            "--home",
            home.to_str().unwrap(),
            "backup",
            copy.to_str().unwrap(),
        ]);
        assert!(out.contains("integrity ok"), "{out}");
        copies.push(copy);
        if !running {
            return (copies, during);
        }
        during += usize::from(poll.try_wait().unwrap().is_none());
    }
}

/// Restores `copy` as the database of a new home and runs `game verify` there.
fn restore_and_verify(copy: &Path, dir: &Path) {
    let home = dir.join(format!(
        "restored-{}",
        copy.file_stem().unwrap().to_str().unwrap()
    ));
    std::fs::create_dir_all(&home).unwrap();
    std::fs::copy(copy, home.join("pbmgo.sqlite3")).unwrap();
    std::fs::write(home.join("pbmgo.toml"), "").unwrap();
    let out = ok(&["--home", home.to_str().unwrap(), "game", "verify"]);
    assert!(!out.contains("differs"), "{}: {out}", copy.display());
}

#[test]
fn backups_taken_during_a_poll_restore_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let home = loaded_home(dir.path());
    let mut poll = pbmgo()
        .args(["--home", home.to_str().unwrap(), "poll", "--no-send"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let (copies, during) = backups_during(&mut poll, &home, dir.path());
    assert!(poll.wait().unwrap().success());
    println!("{} backups, {during} finished while poll ran", copies.len());
    assert!(during > 0, "no backup finished while poll ran");
    let counts: Vec<i64> = copies.iter().map(|c| messages_in(c)).collect();
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert_eq!(*counts.last().unwrap(), (GAMES * MOVES_PER_GAME) as i64);
    for copy in &copies {
        restore_and_verify(copy, dir.path());
    }
}

#[test]
fn backup_refuses_to_overwrite_and_a_missing_database() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let h = home.to_str().unwrap();
    ok(&["--home", h, "init"]);
    let copy = dir.path().join("copy.sqlite3");
    ok(&["--home", h, "backup", copy.to_str().unwrap()]);
    let again = run(&["--home", h, "backup", copy.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    ok(&["--home", h, "backup", "--force", copy.to_str().unwrap()]);
    let nowhere = dir.path().join("no-such-folder/copy.sqlite3");
    let lost = run(&["--home", h, "backup", nowhere.to_str().unwrap()]);
    assert_eq!(lost.status.code(), Some(2));
    let said = String::from_utf8_lossy(&lost.stderr);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.contains("no-such-folder does not exist"), "{said}");
    let empty = dir.path().join("never-used");
    let missing = run(&["--home", empty.to_str().unwrap(), "backup", "x.sqlite3"]);
    assert_eq!(missing.status.code(), Some(78));
    assert!(!empty.exists(), "backup created a home");
}

#[test]
fn the_man_pages_in_docs_are_the_ones_the_binary_writes() {
    let dir = tempfile::tempdir().unwrap();
    ok(&["man", "--dir", dir.path().to_str().unwrap()]);
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/man");
    let names = |d: &Path| {
        let mut v: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        v.sort();
        v
    };
    assert_eq!(
        names(dir.path()),
        names(&shipped),
        "regenerate: pbmgo man --dir docs/man"
    );
    for name in names(&shipped) {
        let made = std::fs::read(dir.path().join(&name)).unwrap();
        let kept = std::fs::read(shipped.join(&name)).unwrap();
        assert!(
            made == kept,
            "docs/man/{name} is stale: pbmgo man --dir docs/man"
        );
    }
    assert!(names(&shipped).contains(&"pbmgo.toml.5".to_string()));
    let top = ok(&["man"]);
    assert!(top.contains(".TH pbmgo 1"));
    for section in [".SH \"EXIT STATUS\"", ".SH FILES", "pbmgo.toml(5)"] {
        assert!(top.contains(section), "pbmgo(1) has no {section}");
    }
}

#[test]
fn completion_scripts_name_the_subcommands() {
    for (shell, marker) in [
        ("bash", "_pbmgo()"),
        ("zsh", "#compdef pbmgo"),
        ("fish", "complete -c pbmgo"),
    ] {
        let script = ok(&["completions", shell]);
        assert!(script.contains(marker), "{shell}: no {marker}");
        assert!(
            script.contains("backup") && script.contains("quarantine"),
            "{shell}"
        );
    }
    assert_eq!(run(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn the_version_names_the_commit_and_the_man_page_the_version_alone() {
    let version = ok(&["--version"]);
    let words: Vec<&str> = version.split_whitespace().collect();
    let [name, number, commit, hash] = words.as_slice() else {
        panic!("{version}");
    };
    assert_eq!((*name, *number), ("pbmgo", env!("CARGO_PKG_VERSION")));
    assert_eq!(*commit, "(commit");
    let hash = hash.trim_end_matches(')');
    assert!(
        hash == "unknown" || (hash.len() >= 7 && hash.chars().all(|c| c.is_ascii_hexdigit())),
        "{version}"
    );
    let page = ok(&["man"]);
    assert!(
        !page.contains("(commit"),
        "the man page changes with every commit"
    );
}

#[test]
#[ignore = "needs systemd-analyze (Debian's systemd package); .ci/run runs it with --include-ignored"]
fn the_systemd_units_verify() {
    let dir = tempfile::tempdir().unwrap();
    let man1 = dir.path().join("man/man1");
    ok(&["man", "--dir", man1.to_str().unwrap()]);
    let units = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/systemd");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&units).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let text = text.replace("/usr/local/bin/pbmgo", env!("CARGO_BIN_EXE_pbmgo"));
        let copy = dir.path().join(path.file_name().unwrap());
        std::fs::write(&copy, text).unwrap();
        files.push(copy);
    }
    assert_eq!(files.len(), 4, "poll and tick, each a service and a timer");
    let out = Command::new("systemd-analyze")
        .arg("verify")
        .args(&files)
        .env("MANPATH", dir.path().join("man"))
        .output()
        .expect("systemd-analyze runs (apt-get install systemd)");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && said.trim().is_empty(), "{said}");
}
