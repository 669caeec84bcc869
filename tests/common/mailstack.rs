//! The test mail stack (`tests/mailstack/mailstack.sh`) seen from a test:
//! finding it, taking it for one test at a time, sending players' mail into
//! Postfix, reading mailboxes over IMAP (with curl, a reader independent of
//! pbmgo's); `stack_home.rs` has pbmgo homes wired to it.
//!
//! The stack tests are `#[ignore]`d, so a plain `cargo test` reports them
//! as ignored with the reason; `.ci/run` starts the stack and runs them with
//! `--include-ignored`. Run by hand:
//! `tests/mailstack/mailstack.sh start && cargo test --test runner stack:: -- --include-ignored`.
//! A run that includes them without a reachable stack fails with the reason.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use lettre::address::Envelope;
use lettre::{Address, SmtpTransport, Transport};

/// The env var naming the stack's env file (set by `.ci/run`).
pub const ENV_VAR: &str = "PBMGO_MAILSTACK";
/// Where `mailstack.sh` writes its env file by default.
pub const DEFAULT_ENV: &str = "/tmp/pbmgo-mailstack/env";
/// The server's address in stack tests.
pub const GO: &str = "go@pbem.test";
pub const ALICE: &str = "alice@pbem.test";
pub const BOB: &str = "bob@pbem.test";
/// How long a test waits for Postfix to deliver.
pub const WAIT: Duration = Duration::from_secs(30);

/// The running stack, as its env file describes it.
pub struct Stack {
    vars: BTreeMap<String, String>,
}

/// Returns the stack, or panics with the reason it cannot be used.
pub fn stack() -> Stack {
    match find() {
        Ok(s) => s,
        Err(why) => panic!(
            "mail stack not running ({why}); start it with tests/mailstack/mailstack.sh start"
        ),
    }
}

fn find() -> Result<Stack, String> {
    let path = std::env::var(ENV_VAR).unwrap_or_else(|_| DEFAULT_ENV.into());
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read env file {path}: {e}"))?;
    let vars = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let s = Stack { vars };
    for port in ["SMTP_PORT", "SUBMISSION_PORT", "IMAP_PORT"] {
        let addr = format!("{}:{}", s.var("HOST"), s.var(port));
        std::net::TcpStream::connect(&addr).map_err(|e| format!("{port} {addr}: {e}"))?;
    }
    Ok(s)
}

impl Stack {
    /// A value of the env file (see `mailstack.sh`'s `write_env`).
    pub fn var(&self, key: &str) -> String {
        self.vars
            .get(key)
            .unwrap_or_else(|| panic!("{key} missing from the stack's env file"))
            .clone()
    }

    pub fn path(&self, key: &str) -> PathBuf {
        PathBuf::from(self.var(key))
    }

    pub fn port(&self, key: &str) -> u16 {
        self.var(key).parse().unwrap()
    }

    /// The Maildir of `user` (`go`, `alice`, `bob`).
    pub fn maildir(&self, user: &str) -> PathBuf {
        self.path("MAIL_ROOT").join(user).join("Maildir")
    }

    /// Takes the stack for this test (other tests, in this process or
    /// another, wait) and empties the mailboxes of go, alice, bob and pipe.
    pub fn take(&self) -> Taken {
        let file = File::create(self.path("LOCK_FILE")).unwrap();
        rustix::fs::flock(&file, rustix::fs::FlockOperation::LockExclusive)
            .unwrap_or_else(|e| panic!("flock {}: {e}", self.var("LOCK_FILE")));
        self.wait_queue_empty();
        for user in ["go", "alice", "bob", "pipe"] {
            empty_maildir(&self.maildir(user));
        }
        Taken { _file: file }
    }

    /// Sends `raw` into Postfix's port 2525 (as a player's mail server would).
    pub fn send(&self, envelope_from: &str, to: &str, raw: &[u8]) {
        let host = self.var("HOST");
        let smtp = SmtpTransport::builder_dangerous(host)
            .port(self.port("SMTP_PORT"))
            .build();
        let from: Address = envelope_from.parse().unwrap();
        let envelope = Envelope::new(Some(from), vec![to.parse().unwrap()]).unwrap();
        smtp.send_raw(&envelope, raw)
            .unwrap_or_else(|e| panic!("SMTP to {to}: {e}"));
    }

    /// The `[outbound]` config that sends through the submission port
    /// (STARTTLS, AUTH as go@, password from the stack's file).
    pub fn outbound_toml(&self) -> String {
        format!(
            "[outbound]\ntransport = \"smtp\"\nmax_attempts = 3\nretry_seconds = 1\n\n\
             [outbound.smtp]\nhost = \"{}\"\nport = {}\ntls = \"starttls\"\nuser = \"{GO}\"\n\
             password_file = \"{}\"\nca_file = \"{}\"\n",
            self.var("HOST"),
            self.var("SUBMISSION_PORT"),
            self.var("PASSWORD_FILE"),
            self.var("CA_FILE"),
        )
    }

    /// The `[inbox.imap]` table for go@'s mailbox over `tls` on `port`.
    pub fn imap_toml(&self, port: u16, tls: &str, processed: &str) -> String {
        format!(
            "[inbox.imap]\nhost = \"{}\"\nport = {port}\ntls = \"{tls}\"\nuser = \"{GO}\"\n\
             password_file = \"{}\"\nca_file = \"{}\"\nprocessed_folder = \"{processed}\"\n",
            self.var("HOST"),
            self.var("PASSWORD_FILE"),
            self.var("CA_FILE"),
        )
    }

    /// The UIDs in `folder` of `user`'s mailbox that match `search` (`ALL`, `UNSEEN`).
    pub fn imap_search(&self, user: &str, folder: &str, search: &str) -> Vec<u32> {
        let out = self.curl(user, folder, &["-X", &format!("UID SEARCH {search}")]);
        let text = String::from_utf8_lossy(&out);
        text.lines()
            .filter_map(|l| l.strip_prefix("* SEARCH"))
            .flat_map(|l| l.split_whitespace().map(|n| n.parse::<u32>().unwrap()))
            .collect()
    }

    /// Every message in `folder` of `user`'s mailbox, by UID order (curl's
    /// FETCH marks them seen: search for UNSEEN before this).
    pub fn imap_messages(&self, user: &str, folder: &str) -> Vec<Got> {
        let mut uids = self.imap_search(user, folder, "ALL");
        uids.sort_unstable();
        uids.into_iter()
            .map(|uid| Got {
                raw: self.curl(&format!("{user};UID={uid}"), folder, &[]),
            })
            .collect()
    }

    /// Waits until `folder` of `user` holds `n` messages; returns them.
    /// Panics after [`WAIT`] with what is there.
    pub fn wait_messages(&self, user: &str, folder: &str, n: usize) -> Vec<Got> {
        let start = Instant::now();
        loop {
            let got = self.imap_messages(user, folder);
            if got.len() >= n || start.elapsed() > WAIT {
                assert_eq!(got.len(), n, "messages of {user} in {folder}");
                return got;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until `user`'s Maildir holds `n` message files (new/ and cur/).
    pub fn wait_maildir(&self, user: &str, n: usize) {
        let start = Instant::now();
        while maildir_count(&self.maildir(user)) < n && start.elapsed() < WAIT {
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(maildir_count(&self.maildir(user)), n, "mail for {user}");
    }

    fn curl(&self, user_uid: &str, folder: &str, extra: &[&str]) -> Vec<u8> {
        let (user, uid) = user_uid.split_once(';').unwrap_or((user_uid, ""));
        let user = match user.contains('@') {
            true => user.to_string(),
            false => format!("{user}@{}", self.var("DOMAIN")),
        };
        let mut url = format!(
            "imap://{}:{}/{folder}",
            self.var("HOST"),
            self.var("IMAP_PORT")
        );
        if !uid.is_empty() {
            url = format!("{url};{uid}");
        }
        let out = Command::new("curl")
            .args(["-s", "-S", "--user", &format!("{user}:secret"), &url])
            .args(extra)
            .output()
            .expect("curl");
        assert!(out.status.success(), "curl {url}: {}", lossy(&out.stderr));
        out.stdout
    }

    /// `postqueue -c DIR ARGS` (`-f` flushes, `-j` lists as JSON lines).
    pub fn postqueue(&self, args: &[&str]) -> String {
        let out = Command::new("postqueue")
            .arg("-c")
            .arg(self.path("POSTFIX_CONFIG"))
            .args(args)
            .output()
            .expect("postqueue");
        assert!(out.status.success(), "postqueue: {}", lossy(&out.stderr));
        lossy(&out.stdout)
    }

    /// The queue ids of mail waiting in Postfix's queue.
    pub fn queued(&self) -> Vec<String> {
        self.postqueue(&["-j"])
            .lines()
            .filter_map(|l| l.split("\"queue_id\": \"").nth(1))
            .filter_map(|rest| rest.split('"').next())
            .map(str::to_string)
            .collect()
    }

    /// Waits (flushing) until Postfix's queue is empty.
    pub fn wait_queue_empty(&self) {
        let start = Instant::now();
        while !self.queued().is_empty() && start.elapsed() < WAIT {
            self.postqueue(&["-f"]);
            std::thread::sleep(Duration::from_millis(200));
        }
        assert_eq!(self.queued(), Vec::<String>::new(), "Postfix's queue");
    }

    /// Lines of Postfix's log that mention `needle`.
    pub fn log_lines(&self, needle: &str) -> Vec<String> {
        let log = std::fs::read_to_string(self.path("POSTFIX_LOG")).unwrap_or_default();
        log.lines()
            .filter(|l| l.contains(needle))
            .map(str::to_string)
            .collect()
    }
}

/// Holds the stack for one test; dropping it lets the next test in.
pub struct Taken {
    _file: File,
}

fn empty_maildir(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        if ["new", "cur", "tmp"].contains(&name.as_str()) {
            for f in std::fs::read_dir(&path).unwrap().flatten() {
                let _ = std::fs::remove_file(f.path());
            }
        } else if name.starts_with('.') && path.is_dir() {
            let _ = std::fs::remove_dir_all(&path); // a Maildir++ folder
        }
    }
}

/// Message files in a Maildir's new/ and cur/.
pub fn maildir_count(dir: &Path) -> usize {
    ["new", "cur"]
        .iter()
        .filter_map(|s| std::fs::read_dir(dir.join(s)).ok())
        .map(|d| d.flatten().count())
        .sum()
}

static SEQ: AtomicU32 = AtomicU32::new(0);

/// A plain-text player mail from `from` to `to` with a fresh Message-ID.
pub fn mail(from: &str, to: &str, subject: &str, body: &str) -> Vec<u8> {
    mail_with(from, to, subject, body, &[])
}

/// [`mail`] with `extra` headers.
pub fn mail_with(
    from: &str,
    to: &str,
    subject: &str,
    body: &str,
    extra: &[(&str, &str)],
) -> Vec<u8> {
    let n = SEQ.fetch_add(1, Ordering::Relaxed);
    let id = format!("<stack-{n}.{}.{}@client.test>", std::process::id(), stamp());
    let mut head = format!(
        "From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\n\
         Date: Sun, 22 Nov 2026 10:00:00 +0000\r\nMessage-ID: {id}\r\n"
    );
    for (name, value) in extra {
        head += &format!("{name}: {value}\r\n");
    }
    format!("{head}MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n")
        .into_bytes()
}

/// A reply from `from` to the mail `to_mail` (threaded by its Message-ID,
/// sent back to its From) with `body`.
pub fn reply(from: &str, to_mail: &Got, body: &str) -> Vec<u8> {
    let id = to_mail.header("Message-ID").expect("a Message-ID");
    let subject = format!("Re: {}", to_mail.header("Subject").unwrap_or_default());
    let to = to_mail.header("From").expect("a From");
    mail_with(
        from,
        &to,
        &subject,
        body,
        &[("In-Reply-To", &id), ("References", &id)],
    )
}

fn stamp() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

pub fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A parsed mail: a header's value (unfolded) and the first text part.
pub struct Got {
    pub raw: Vec<u8>,
}

impl Got {
    pub fn header(&self, name: &str) -> Option<String> {
        let msg = mail_parser::MessageParser::default().parse(&self.raw)?;
        msg.header_raw(name)
            .map(|v| v.replace(['\r', '\n'], "").trim().to_string())
    }

    pub fn text(&self) -> String {
        let msg = mail_parser::MessageParser::default()
            .parse(&self.raw)
            .expect("a mail");
        msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default()
    }
}
