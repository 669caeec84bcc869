//! Each exit status as documented (src/cli/exit.rs, the README), through
//! the real binary: 0 done, 1 refused (an illegal move) and a failed
//! `status` check, 2 a bad argument, 78 a config that cannot be used (from
//! `deliver` too, which the mail server takes as "try again later"); and
//! `deliver` of a mail that is quarantined exits 0 (taken) with a warning.
//! The missing home, the IMAP failure and the schema cases are in `exits`
//! and `upgrade`.

use std::process::Command;

const NOW: &str = "2026-11-22T12:00:00Z";

const HELP_MAIL: &str = "From: Carol <carol@example.org>\r\nTo: pbmgo@localhost\r\n\
Subject: help\r\nMessage-ID: <exits-1@example.org>\r\n\r\nhelp\r\n";

fn pbmgo(home: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(home)
        .args(args)
        .env("PBMGO_NOW", NOW)
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap()
}

/// Runs pbmgo on `home` at NOW with `stdin`; returns the output.
fn with_input(home: &std::path::Path, args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(home)
        .args(args)
        .env("PBMGO_NOW", NOW)
        .env_remove("PBMGO_HOME")
        .env_remove("RUST_LOG")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// A home after `init`.
fn home() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    assert!(pbmgo(dir.path(), &["init"]).status.success());
    dir
}

#[test]
fn done_is_0_and_a_refused_move_is_1() {
    let dir = home();
    let h = dir.path();
    for args in [
        &["player", "add", "alice", "alice@example.org"][..],
        &["player", "add", "bob", "bob@example.org"],
        &[
            "game",
            "new",
            "--black",
            "alice",
            "--white",
            "bob",
            "--no-mail",
        ],
        &["game", "play", "1", "E5", "--as", "alice"],
    ] {
        let out = pbmgo(h, args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
    }
    let out = pbmgo(h, &["game", "play", "1", "E5", "--as", "bob"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

#[test]
fn a_bad_argument_is_2() {
    let dir = home();
    let out = pbmgo(dir.path(), &["poll", "--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let out = pbmgo(dir.path(), &["game", "show", "game99"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}

#[test]
fn a_config_that_cannot_be_used_is_78_from_deliver_too() {
    let dir = home();
    let h = dir.path();
    std::fs::write(h.join("pbmgo.toml"), "[server]\nnope = 1\n").unwrap();
    for args in [&["poll"][..], &["tick"], &["player", "list"]] {
        let out = pbmgo(h, args);
        assert_eq!(out.status.code(), Some(78), "{args:?}: {out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with("pbmgo: config ") && stderr.contains("line 2"),
            "{stderr}"
        );
    }
    let out = with_input(h, &["deliver"], HELP_MAIL.as_bytes());
    assert_eq!(out.status.code(), Some(78), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("try again later"));
}

#[test]
fn status_is_0_when_healthy_and_1_when_a_check_fails() {
    let dir = home();
    let h = dir.path();
    assert_eq!(pbmgo(h, &["status"]).status.code(), Some(0));
    assert!(pbmgo(h, &["poll"]).status.success());
    let late = Command::new(env!("CARGO_BIN_EXE_pbmgo"))
        .arg("--home")
        .arg(h)
        .arg("status")
        .env("PBMGO_NOW", "2026-11-23T12:00:00Z")
        .env_remove("PBMGO_HOME")
        .output()
        .unwrap();
    assert_eq!(late.status.code(), Some(1), "{late:?}");
}

#[test]
fn deliver_of_a_mail_that_is_quarantined_is_0_with_a_warning() {
    let dir = home();
    let h = dir.path();
    std::fs::write(h.join("pbmgo.toml"), "[limits]\nmax_message_bytes = 200\n").unwrap();
    let big = format!("{HELP_MAIL}{}", "help\r\n".repeat(100));
    let out = with_input(h, &["deliver"], big.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("quarantined: "), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("WARN") && stderr.contains("message quarantined"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(h.join("quarantine/new")).unwrap().count(),
        1
    );
}
