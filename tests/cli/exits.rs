//! Exit statuses as documented, through the real binary: `poll` whose
//! IMAP mailbox cannot be reached still handles the Maildir and sends,
//! then says why on one line and exits 1 (the systemd unit's
//! `SuccessExitStatus=1`), not 2.

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
