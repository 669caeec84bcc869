//! A home is private to the pbmgo user whatever umask runs it: the real
//! binary under `umask 022` (cron's and a shell's usual mask) makes the
//! home 0700 and the config, the database, the secret and the outbox mail
//! 0600, and `init` on a home left readable by others tightens it and
//! says so.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const NOW: &str = "2026-11-22T12:00:00Z";

/// Runs `pbmgo --home HOME ARGS` through `sh` with umask 022, `stdin` fed in.
fn pbmgo_under_umask_022(home: &Path, args: &str, stdin: &[u8]) -> Output {
    let script = format!("umask 022; exec \"$0\" --home \"$1\" {args}");
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_pbmgo"))
        .arg(home)
        .env("PBMGO_NOW", NOW)
        .env_remove("PBMGO_HOME")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// Every file and folder under `root` whose mode lets group or others in.
fn readable_by_others(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(p) = stack.pop() {
        if mode(&p) & 0o077 != 0 {
            out.push(format!("{:o} {}", mode(&p), p.display()));
        }
        if p.is_dir() {
            stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
        }
    }
    out
}

const HELP_MAIL: &[u8] = b"From: Carol <carol@example.org>\r\nTo: pbmgo@localhost\r\n\
Subject: help\r\nMessage-ID: <private-1@example.org>\r\n\r\nhelp\r\n";

#[test]
fn under_umask_022_every_file_of_the_home_is_private() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let init = pbmgo_under_umask_022(&home, "init", b"");
    assert!(init.status.success(), "{init:?}");
    let deliver = pbmgo_under_umask_022(&home, "deliver", HELP_MAIL);
    assert!(deliver.status.success(), "{deliver:?}");
    assert_eq!(mode(&home), 0o700);
    assert_eq!(mode(&home.join("pbmgo.toml")), 0o600);
    assert_eq!(mode(&home.join("pbmgo.sqlite3")), 0o600);
    let mails: Vec<_> = std::fs::read_dir(home.join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!mails.is_empty(), "the help reply was written");
    assert_eq!(readable_by_others(&home), Vec::<String>::new());
}

#[test]
fn init_on_a_home_readable_by_others_makes_it_private_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    assert!(pbmgo_under_umask_022(&home, "init", b"").status.success());
    for (p, m) in [(home.clone(), 0o755), (home.join("pbmgo.sqlite3"), 0o644)] {
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(m)).unwrap();
    }
    let again = pbmgo_under_umask_022(&home, "init", b"");
    assert!(again.status.success(), "{again:?}");
    let said = String::from_utf8(again.stdout).unwrap();
    assert!(
        said.contains("Made 2 files and folders") && said.contains("private"),
        "{said}"
    );
    assert_eq!(readable_by_others(&home), Vec::<String>::new());
    let third = pbmgo_under_umask_022(&home, "init", b"");
    let said = String::from_utf8(third.stdout).unwrap();
    assert!(said.starts_with("Nothing to do"), "{said}");
}
