//! Upgrades that speak, through the real binary (issue 26): a home whose
//! database is at schema 1, the oldest this tree still builds, is refused by
//! a command that only reads (which changes nothing), upgraded by `pbmgo
//! migrate` or by a mail job, which say `schema 1 -> N`, and play goes on
//! with its players and game intact. A command that only reads opens the
//! database read-only.

use std::path::Path;

use rusqlite::Connection;

use crate::common::clock_mail::{self, ALICE, BOB, send};
use crate::common::home::Home;
use crate::common::pbmgo_home::{PbmgoHome, mail};

/// The first migration, as shipped.
const SCHEMA_1: &str = include_str!("../../src/store/migrations/0001_initial.sql");
/// The tables schema 1 has, parents first.
const TABLES: [&str; 6] = [
    "players",
    "addresses",
    "games",
    "moves",
    "ko_positions",
    "position_hashes",
];

/// The schema version this pbmgo brings a database to.
fn latest() -> u32 {
    version(&PbmgoHome::new().path())
}

/// Replaces the home's database by one at schema 1 holding what the
/// current one has in the tables and columns schema 1 knows.
fn make_schema_1(home: &Path) {
    let db = home.join("pbmgo.sqlite3");
    let old = home.join("old.sqlite3");
    let conn = Connection::open(&old).unwrap();
    conn.execute_batch(SCHEMA_1).unwrap();
    conn.pragma_update(None, "user_version", 1).unwrap();
    conn.execute("ATTACH DATABASE ?1 AS cur", [db.to_str().unwrap()])
        .unwrap();
    for table in TABLES {
        let columns: Vec<String> = conn
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let list = columns.join(", ");
        let copied = conn
            .execute(
                &format!("INSERT INTO main.{table} ({list}) SELECT {list} FROM cur.{table}"),
                [],
            )
            .unwrap();
        if table == "players" {
            assert!(copied >= 2, "the players were copied");
        }
    }
    conn.execute("DETACH DATABASE cur", []).unwrap();
    let mode: String = conn
        .pragma_update_and_check(None, "journal_mode", "wal", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    drop(conn);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(home.join(format!("pbmgo.sqlite3{suffix}")));
    }
    std::fs::rename(&old, &db).unwrap();
}

/// The schema version of the home's database, read without pbmgo.
fn version(home: &Path) -> u32 {
    let conn = Connection::open(home.join("pbmgo.sqlite3")).unwrap();
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
        .unwrap()
}

/// A home with alice, bob and game1 where alice has played E5, its
/// database brought back to schema 1.
fn old_home() -> PbmgoHome {
    let h = clock_mail::home();
    h.game_new("alice", "bob", 9);
    send(&h, ALICE, "move game1 e5", 1.0);
    make_schema_1(&h.path());
    assert_eq!(version(&h.path()), 1);
    h
}

#[test]
fn a_read_only_command_refuses_an_old_schema_and_writes_nothing() {
    let h = old_home();
    let db = h.path().join("pbmgo.sqlite3");
    let before = std::fs::read(&db).unwrap();
    let modified = std::fs::metadata(&db).unwrap().modified().unwrap();
    let needs = latest();
    for args in [
        &["player", "list"][..],
        &["game", "show", "game1"],
        &["game", "verify"],
        &["game", "list"],
        &["outbox", "list"],
        &["message", "list"],
        &["standings"],
        &["challenges"],
        &["quarantine", "list"],
    ] {
        let out = h.cmd(args).output().unwrap();
        assert_eq!(out.status.code(), Some(78), "{args:?}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!(
                "pbmgo: the database is at schema 1, this pbmgo needs {needs}: \
                 run `pbmgo migrate` or any mail job\n"
            ),
            "{args:?}"
        );
    }
    assert_eq!(std::fs::read(&db).unwrap(), before, "not one byte written");
    assert_eq!(
        std::fs::metadata(&db).unwrap().modified().unwrap(),
        modified
    );
    assert_eq!(version(&h.path()), 1);
}

#[test]
fn migrate_upgrades_schema_1_says_so_and_play_goes_on() {
    let h = old_home();
    let needs = latest();
    let out = h.cmd(&["migrate"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!(
            "schema 1 -> {needs}: {} migrations; ratings are now on the EGF scale, replayed \
             from the finished games (pbmgo ratings recompute --dry-run shows them)\n",
            needs - 1
        )
    );
    assert_eq!(version(&h.path()), needs);
    let again = h.json(&["migrate"]);
    assert_eq!(
        again,
        serde_json::json!({"from": needs, "to": needs, "migrations": 0})
    );
    assert_eq!(h.ok(&["migrate"]), format!("schema {needs}: up to date\n"));
    let players = h.json(&["player", "list"]);
    let names: Vec<&str> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["alice", "bob", "carol"]);
    h.assert_moves("game1", 1, &[("black", "E5")]);
    let out = h.deliver(&mail(BOB, "my move", "move game1 c3").bytes());
    assert!(out.status.success(), "{out:?}");
    h.assert_moves("game1", 2, &[("black", "E5"), ("white", "C3")]);
    h.verify(None);
}

#[test]
fn a_mail_job_migrates_an_old_schema_and_logs_it() {
    let h = old_home();
    let needs = latest();
    let out = h.deliver(&mail(BOB, "my move", "move game1 c3").bytes());
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    let line = format!("schema 1 -> {needs}: {} migrations", needs - 1);
    assert_eq!(err.matches(&line).count(), 1, "{err}");
    assert!(err.contains("INFO"), "logged at info: {err}");
    assert_eq!(version(&h.path()), needs);
    h.assert_moves("game1", 2, &[("black", "E5"), ("white", "C3")]);
    let out = h.cmd(&["poll"]).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("schema"), "nothing more to migrate: {err}");
}

#[test]
fn a_database_newer_than_pbmgo_is_refused_by_readers_and_writers() {
    let h = PbmgoHome::new();
    let newer = latest() + 1;
    h.db().pragma_update(None, "user_version", newer).unwrap();
    for args in [&["player", "list"][..], &["migrate"], &["poll"]] {
        let out = h.cmd(args).output().unwrap();
        assert_eq!(out.status.code(), Some(78), "{args:?}: {out:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!(
                "the database is at schema {newer}, newer than this pbmgo"
            )),
            "{args:?}: {err}"
        );
    }
    assert_eq!(version(&h.path()), newer);
}

#[test]
fn a_read_only_command_leaves_the_database_file_as_it_was() {
    let h = clock_mail::home();
    h.game_new("alice", "bob", 9);
    let db = h.path().join("pbmgo.sqlite3");
    let before = std::fs::read(&db).unwrap();
    let modified = std::fs::metadata(&db).unwrap().modified().unwrap();
    for args in [
        &["player", "list"][..],
        &["game", "show", "game1"],
        &["game", "verify"],
    ] {
        h.ok(args);
    }
    assert_eq!(std::fs::read(&db).unwrap(), before);
    assert_eq!(
        std::fs::metadata(&db).unwrap().modified().unwrap(),
        modified
    );
}

/// Makes `path` readable (and its folders searchable) by every user.
fn open_to_all(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let mode = if path.is_dir() { 0o755 } else { 0o644 };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_user_who_may_only_read_the_database_can_list_but_not_write() {
    let h = clock_mail::home();
    h.game_new("alice", "bob", 9);
    let home = h.path();
    for p in [home.parent().unwrap(), &home] {
        open_to_all(p);
    }
    for f in ["pbmgo.toml", "pbmgo.sqlite3"] {
        open_to_all(&home.join(f));
    }
    let as_nobody = |args: &[&str]| {
        std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_pbmgo"))
            .arg("--home")
            .arg(&home)
            .args(args)
            .env_remove("PBMGO_HOME")
            .env_remove("RUST_LOG")
            .output()
    };
    let probe = as_nobody(&["--version"]);
    if !probe.is_ok_and(|o| o.status.success()) {
        println!("skipped: running as another user (setpriv, as root) is not possible here");
        return;
    }
    let before = std::fs::read(home.join("pbmgo.sqlite3")).unwrap();
    let out = as_nobody(&["player", "list"]).unwrap();
    assert!(out.status.success(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("alice"),
        "{out:?}"
    );
    let out = as_nobody(&["game", "show", "game1"]).unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = as_nobody(&["player", "add", "dave", "dave@example.org"]).unwrap();
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert_eq!(std::fs::read(home.join("pbmgo.sqlite3")).unwrap(), before);
    for end in ["-wal", "-shm"] {
        assert!(!home.join(format!("pbmgo.sqlite3{end}")).exists(), "{end}");
    }
}

#[test]
fn init_on_an_old_home_migrates_it_and_says_from_what() {
    let h = old_home();
    let needs = latest();
    let out = h.ok(&["init"]);
    assert!(
        out.contains(&format!("(schema 1 -> {needs}: {} migrations)", needs - 1)),
        "{out}"
    );
    assert_eq!(version(&h.path()), needs);
}
