//! Maildir semantics (`pbmgo::mailbox::maildir`): which files are pending and
//! in what order, claiming by marking seen (once only, flags kept sorted),
//! atomic delivery through `tmp/`, and moving mail to another Maildir.

use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use pbmgo::mailbox::maildir::{MailFile, Maildir};
use tempfile::TempDir;

/// A fresh Maildir in a temporary folder.
fn maildir() -> (TempDir, Maildir) {
    let dir = tempfile::tempdir().unwrap();
    let md = Maildir::new(dir.path().join("inbox"));
    md.create().unwrap();
    (dir, md)
}

fn put(md: &Maildir, sub: &str, name: &str) {
    fs::write(md.root().join(sub).join(name), format!("mail {name}")).unwrap();
}

fn names(files: &[MailFile]) -> Vec<&str> {
    files.iter().map(|f| f.name.as_str()).collect()
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn create_makes_the_three_folders_and_can_run_twice() {
    let (_dir, md) = maildir();
    md.create().unwrap();
    assert_eq!(entries(md.root()), ["cur", "new", "tmp"]);
    assert!(md.pending().unwrap().is_empty());
}

#[test]
fn pending_lists_new_and_unseen_cur_files_oldest_first() {
    let (_dir, md) = maildir();
    put(&md, "new", "1700000300.c.host");
    put(&md, "new", "1700000100.a.host");
    put(&md, "new", ".hidden");
    put(&md, "cur", "1700000200.b.host:2,F");
    put(&md, "cur", "1700000050.z.host:2,S");
    put(&md, "cur", "1700000060.y.host:2,RS");
    put(&md, "cur", "1700000400.d.host");
    fs::create_dir(md.root().join("new/1700000000.dir")).unwrap();
    let pending = md.pending().unwrap();
    assert_eq!(
        names(&pending),
        [
            "1700000100.a.host",
            "1700000200.b.host:2,F",
            "1700000300.c.host",
            "1700000400.d.host",
        ]
    );
    let in_new: Vec<bool> = pending.iter().map(|f| f.in_new).collect();
    assert_eq!(in_new, [true, false, true, false]);
    assert_eq!(pending[1].flags(), "F");
    assert_eq!(pending[1].path, md.root().join("cur/1700000200.b.host:2,F"));
}

#[test]
fn a_fifo_is_left_alone_and_a_name_that_is_not_utf8_is_renamed_and_read() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let (_dir, md) = maildir();
    put(&md, "new", "1700000100.a.host");
    let fifo = md.root().join("new/1700000050.fifo.host");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.unwrap().success(), "mkfifo");
    std::os::unix::fs::symlink("/etc/hostname", md.root().join("new/1700000060.link.host"))
        .unwrap();
    let odd = OsStr::from_bytes(b"1700000200.b\xff\xfe.host:2,F");
    fs::write(md.root().join("cur").join(odd), "mail odd").unwrap();
    // Listing never opens the FIFO (which would hang) nor follows the link.
    let pending = md.pending().unwrap();
    let got = names(&pending);
    assert_eq!(got.len(), 2, "{got:?}");
    assert_eq!(got[0], "1700000100.a.host");
    let renamed = got[1];
    assert!(
        renamed.starts_with("1700000200.b__.host.utf8-") && renamed.ends_with(":2,F"),
        "{renamed}"
    );
    assert_eq!(fs::read_to_string(&pending[1].path).unwrap(), "mail odd");
    assert!(fifo.exists(), "the FIFO stays where it is");
    // The renamed file keeps its name on the next pass.
    assert_eq!(names(&md.pending().unwrap()), got);
}

#[test]
fn mark_seen_moves_new_mail_into_cur_with_the_s_flag() {
    let (_dir, md) = maildir();
    put(&md, "new", "1.a.host");
    let f = md.pending().unwrap().remove(0);
    let seen = md.mark_seen(&f).unwrap();
    assert_eq!(seen, md.root().join("cur/1.a.host:2,S"));
    assert_eq!(fs::read_to_string(&seen).unwrap(), "mail 1.a.host");
    assert!(entries(&md.root().join("new")).is_empty());
    assert!(md.pending().unwrap().is_empty());
}

#[test]
fn mark_seen_in_cur_keeps_the_other_flags_sorted() {
    let (_dir, md) = maildir();
    put(&md, "cur", "2.b.host:2,RF");
    put(&md, "cur", "3.c.host:2,Ta");
    let pending = md.pending().unwrap();
    let first = md.mark_seen(&pending[0]).unwrap();
    let second = md.mark_seen(&pending[1]).unwrap();
    assert_eq!(first, md.root().join("cur/2.b.host:2,FRS"));
    assert_eq!(second, md.root().join("cur/3.c.host:2,STa"));
    assert_eq!(entries(&md.root().join("cur")).len(), 2);
}

#[test]
fn only_one_poller_can_claim_a_file() {
    let (_dir, md) = maildir();
    put(&md, "new", "1.a.host");
    put(&md, "cur", "2.b.host:2,R");
    // Two pollers list the folder before either claims anything.
    let first = md.pending().unwrap();
    let second = md.pending().unwrap();
    for (a, b) in first.iter().zip(&second) {
        md.mark_seen(a).unwrap();
        let err = md.mark_seen(b).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::NotFound, "{}", b.name);
    }
    assert_eq!(
        entries(&md.root().join("cur")),
        ["1.a.host:2,S", "2.b.host:2,RS"]
    );
}

#[test]
fn deliver_writes_through_tmp_into_new() {
    let (_dir, md) = maildir();
    let raw = b"From: a@example.org\r\n\r\nhello\r\n";
    let path = md.deliver(raw, "P42Q1").unwrap();
    assert_eq!(path.parent().unwrap(), md.root().join("new"));
    let name = path.file_name().unwrap().to_str().unwrap().to_owned();
    let parts: Vec<&str> = name.splitn(3, '.').collect();
    assert!(parts[0].parse::<u64>().is_ok(), "{name}");
    assert_eq!(parts[1], "P42Q1");
    assert!(!name.contains(':') && !name.contains('/'), "{name}");
    assert_eq!(fs::read(&path).unwrap(), raw);
    assert!(entries(&md.root().join("tmp")).is_empty());
    let pending = md.pending().unwrap();
    assert_eq!(names(&pending), [name.as_str()]);
}

#[test]
fn deliver_never_shows_or_replaces_an_incomplete_file() {
    let (_dir, md) = maildir();
    let first = md.deliver(b"one", "same").unwrap();
    // The same unique part in the same second names the same file: refused,
    // and the mail already there is kept whole.
    match md.deliver(b"two", "same") {
        Ok(second) => assert_ne!(second, first, "a new second began"),
        Err(err) => assert_eq!(err.kind(), ErrorKind::AlreadyExists),
    }
    assert_eq!(fs::read(&first).unwrap(), b"one");
    assert!(entries(&md.root().join("tmp")).is_empty());
    // Without tmp/ nothing can be written, and nothing appears in new/.
    fs::remove_dir(md.root().join("tmp")).unwrap();
    assert!(md.deliver(b"three", "other").is_err());
    assert!(
        entries(&md.root().join("new"))
            .iter()
            .all(|n| !n.contains("other"))
    );
}

#[test]
fn deliver_escapes_slashes_and_colons_in_the_unique_part() {
    let (_dir, md) = maildir();
    let path = md.deliver(b"x", "a/b:c").unwrap();
    let name = path.file_name().unwrap().to_str().unwrap();
    assert!(name.contains(".a\\057b\\072c."), "{name}");
}

#[test]
fn take_into_moves_mail_to_another_maildir_under_its_base_name() {
    let (dir, md) = maildir();
    let quarantine = Maildir::new(dir.path().join("quarantine"));
    quarantine.create().unwrap();
    put(&md, "new", "1.a.host");
    let f = md.pending().unwrap().remove(0);
    let seen = md.mark_seen(&f).unwrap();
    let claimed = MailFile {
        path: seen,
        name: "1.a.host:2,S".into(),
        in_new: false,
    };
    let moved = md.take_into(&claimed, &quarantine).unwrap();
    assert_eq!(moved, quarantine.root().join("new/1.a.host"));
    assert_eq!(fs::read_to_string(&moved).unwrap(), "mail 1.a.host");
    assert!(entries(&md.root().join("cur")).is_empty());
    assert_eq!(names(&quarantine.pending().unwrap()), ["1.a.host"]);
    // Gone already: NotFound.
    let err = md.take_into(&claimed, &quarantine).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
}

#[test]
fn take_into_never_overwrites_mail() {
    let (dir, md) = maildir();
    let other = Maildir::new(dir.path().join("other"));
    other.create().unwrap();
    put(&other, "new", "1.a.host");
    put(&md, "new", "1.a.host");
    let f = md.pending().unwrap().remove(0);
    let err = md.take_into(&f, &other).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AlreadyExists);
    assert!(f.path.exists());
}

#[test]
fn base_name_drops_the_info() {
    assert_eq!(Maildir::base_name("1.a.host:2,FRS"), "1.a.host");
    assert_eq!(Maildir::base_name("1.a.host"), "1.a.host");
}
