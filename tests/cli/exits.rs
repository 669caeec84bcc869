//! Exit statuses as documented, through the real binary: `poll` whose
//! IMAP mailbox cannot be reached still handles the Maildir and sends,
//! then says why on one line and exits 1 (the systemd unit's
//! `SuccessExitStatus=1`), not 2; a home `init` has not made is refused
//! with 78 and one line (from `deliver` too: the
//! mail server defers on it), and never made; a
//! `quarantine retry` that can never succeed exits 1 and says why; the
//! default server address is warned about. (A schema to migrate or too
//! new, 78 too, is in `upgrade`.)

use std::net::TcpListener;
use std::process::Command;

const NOW: &str = "2026-11-22T12:00:00Z";

const HELP_MAIL: &str = "From: Carol <carol@example.org>\r\nTo: pbmgo@localhost\r\n\
Subject: help\r\nMessage-ID: <exits-1@example.org>\r\n\r\nhelp\r\n";

/// A local port nothing listens on (bound, then released).
fn closed_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

fn pbmgo(home: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(home)
        .args(args)
        .env("PBMGO_NOW", NOW)
        .env("PBMGO_IMAP_PASSWORD", "x")
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap()
}

#[test]
fn poll_with_an_unreachable_imap_mailbox_handles_the_maildir_and_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path();
    assert!(pbmgo(home, &["init"]).status.success());
    let config = format!(
        "[inbox.imap]\nhost = \"127.0.0.1\"\nport = {}\ntls = \"none\"\nuser = \"pbmgo\"\n",
        closed_port()
    );
    std::fs::write(home.join("pbmgo.toml"), config).unwrap();
    std::fs::write(home.join("inbox/new/1.help"), HELP_MAIL).unwrap();
    let out = pbmgo(home, &["poll"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("pbmgo: ") && last.contains("IMAP"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_dir(home.join("outbox")).unwrap().count(), 1);
}

/// The binary with no home named at all (neither `--home` nor
/// `PBMGO_HOME`), run in `cwd`.
fn pbmgo_unnamed(cwd: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .current_dir(cwd)
        .args(args)
        .env("PBMGO_NOW", NOW)
        .env_remove("PBMGO_HOME")
        .env_remove("RUST_LOG")
        .output()
        .unwrap()
}

#[test]
fn a_mistyped_home_exits_78_with_one_line_and_makes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("pbmgo-typo");
    let line = format!(
        "pbmgo: no pbmgo home at {}: run pbmgo init there\n",
        typo.display()
    );
    for args in [
        &["poll"][..],
        &["tick"],
        &["send"],
        &["migrate"],
        &["player", "list"],
        &["player", "add", "alice", "a@example.org"],
        &["game", "list"],
        &["game", "verify"],
        &["outbox", "list"],
        &["message", "list"],
        &["quarantine", "list"],
        &["standings"],
        &["challenges"],
        &["backup", "/tmp/pbmgo-never.sqlite3"],
    ] {
        let out = pbmgo(&typo, args);
        assert_eq!(out.status.code(), Some(78), "{args:?}: {out:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), line, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert!(!typo.exists(), "no home was made");
    let out = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(&typo)
        .arg("deliver")
        .env_remove("PBMGO_HOME")
        .env_remove("RUST_LOG")
        .env("PBMGO_NOW", NOW)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(78),
        "deliver says the home is missing, and the mail server keeps the mail: {out:?}"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no pbmgo home at"), "{err}");
    assert!(!typo.exists(), "no home was made");
}

#[test]
fn a_home_needs_its_database_and_its_config_or_a_config_flag() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path();
    assert!(pbmgo(home, &["init"]).status.success());
    let config = home.join("pbmgo.toml");
    let moved = dir.path().join("elsewhere.toml");
    std::fs::rename(&config, &moved).unwrap();
    let out = pbmgo(home, &["player", "list"]);
    assert_eq!(out.status.code(), Some(78), "no config: {out:?}");
    let flag = ["--config", moved.to_str().unwrap(), "player", "list"];
    let out = pbmgo(home, &flag);
    assert!(out.status.success(), "--config names it: {out:?}");
    std::fs::rename(&moved, &config).unwrap();
    for f in ["pbmgo.sqlite3", "pbmgo.sqlite3-wal", "pbmgo.sqlite3-shm"] {
        let _ = std::fs::remove_file(home.join(f));
    }
    let out = pbmgo(home, &["player", "list"]);
    assert_eq!(out.status.code(), Some(78), "no database: {out:?}");
    assert!(!home.join("pbmgo.sqlite3").exists());
    assert!(
        pbmgo(home, &["init"]).status.success(),
        "init makes it again"
    );
    assert!(pbmgo(home, &["player", "list"]).status.success());
}

#[test]
fn without_a_home_named_the_default_is_var_lib_pbmgo_never_data() {
    let dir = tempfile::tempdir().unwrap();
    let out = pbmgo_unnamed(dir.path(), &["player", "list"]);
    if std::path::Path::new("/var/lib/pbmgo/pbmgo.sqlite3").exists() {
        return; // a real install on this machine: its home is not ours to test
    }
    assert_eq!(out.status.code(), Some(78), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "pbmgo: no pbmgo home at /var/lib/pbmgo: run pbmgo init there\n"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no ./data"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .current_dir(dir.path())
        .args(["player", "list"])
        .env("PBMGO_HOME", "relative-home")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(78), "{out:?}");
    let named = dir.path().join("relative-home");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "pbmgo: no pbmgo home at {}: run pbmgo init there\n",
            named.display()
        )
    );
}

#[test]
fn the_default_server_address_is_warned_about_by_init_and_the_mail_commands() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let out = pbmgo(&home, &["init"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Warning: server.address is the default pbmgo@localhost"),
        "{text}"
    );
    for args in [&["poll"][..], &["tick"], &["send"]] {
        let out = pbmgo(&home, args);
        assert!(out.status.success(), "{args:?}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("WARN") && err.contains("server.address is the default pbmgo@localhost"),
            "{args:?}: {err}"
        );
    }
    std::fs::write(
        home.join("pbmgo.toml"),
        "[server]\naddress = \"go@example.org\"\n",
    )
    .unwrap();
    let out = pbmgo(&home, &["poll"]);
    assert!(out.stderr.is_empty(), "{out:?}");
}

#[test]
fn quarantine_retry_of_an_oversized_mail_says_it_can_never_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path();
    assert!(pbmgo(home, &["init"]).status.success());
    std::fs::write(
        home.join("pbmgo.toml"),
        "[server]\naddress = \"go@example.org\"\n[limits]\nmax_message_bytes = 2000\n",
    )
    .unwrap();
    let big = format!("{HELP_MAIL}{}\r\n", "x".repeat(5000));
    std::fs::write(home.join("inbox/new/1.big"), big).unwrap();
    assert!(pbmgo(home, &["poll"]).status.success());
    let listed = pbmgo(home, &["quarantine", "list", "--json"]);
    let held: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    let id = held[0]["id"].as_i64().unwrap().to_string();
    let before = held.to_string();
    let out = pbmgo(home, &["quarantine", "retry", &id]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("can never be handled")
            && text.contains("over the limit of 2000")
            && text.contains("only its headers were kept"),
        "{text}"
    );
    let listed = pbmgo(home, &["quarantine", "list", "--json"]);
    let after: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
    assert_eq!(after.to_string(), before, "still held, untouched");
}
