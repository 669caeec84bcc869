//! A pbmgo home wired to the test mail stack (see `mailstack.rs`): the
//! server is go@pbem.test, replies leave through the submission port with
//! STARTTLS and AUTH, and the commands the stack tests need are run through
//! the real binary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::mailstack::{ALICE, BOB, GO, Stack, lossy};

/// A pbmgo home wired to the stack: server go@pbem.test, replies through
/// the submission port, plus `extra` config.
pub struct StackHome {
    dir: PathBuf,
    _tmp: Option<tempfile::TempDir>,
}

impl StackHome {
    /// A fresh home in a temporary folder.
    pub fn new(stack: &Stack, extra: &str) -> StackHome {
        let tmp = tempfile::tempdir().unwrap();
        let h = StackHome {
            dir: tmp.path().join("home"),
            _tmp: Some(tmp),
        };
        h.init(stack, extra);
        h
    }

    /// A fresh home at `dir` (emptied first), for the pipe's fixed place.
    pub fn at(dir: &Path, stack: &Stack, extra: &str) -> StackHome {
        let _ = std::fs::remove_dir_all(dir);
        let h = StackHome {
            dir: dir.to_path_buf(),
            _tmp: None,
        };
        h.init(stack, extra);
        h
    }

    fn init(&self, stack: &Stack, extra: &str) {
        self.ok(&["init"]);
        let config = format!(
            "[server]\naddress = \"{GO}\"\nname = \"pbmgo\"\n\n{extra}\n{}\n\
             [limits]\nmax_replies_per_hour = 1000\n",
            stack.outbound_toml()
        );
        std::fs::write(self.dir.join("pbmgo.toml"), config).unwrap();
    }

    pub fn path(&self) -> &Path {
        &self.dir
    }

    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_pbmgo"));
        c.arg("--home").arg(&self.dir).args(args);
        c.env_remove("PBMGO_HOME")
            .env_remove("PBMGO_NOW")
            .env_remove("RUST_LOG")
            .env_remove("PBMGO_SMTP_PASSWORD")
            .env_remove("PBMGO_IMAP_PASSWORD");
        c
    }

    pub fn run(&self, args: &[&str]) -> Output {
        self.cmd(args).output().unwrap()
    }

    /// Runs a command that must exit 0; returns its stdout.
    pub fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "pbmgo {args:?}: {}\n{}",
            lossy(&out.stdout),
            lossy(&out.stderr)
        );
        lossy(&out.stdout)
    }

    /// Adds alice (Black) and bob (White) and a new 9x9 game; returns its id.
    pub fn alice_bob_game(&self) -> String {
        self.ok(&["player", "add", "alice", ALICE]);
        self.ok(&["player", "add", "bob", BOB]);
        let id = self.ok(&[
            "game",
            "new",
            "--black",
            "alice",
            "--white",
            "bob",
            "--size",
            "9",
            "--no-mail",
        ]);
        id.trim().to_string()
    }

    /// The points of the game's moves, in order.
    pub fn moves(&self, game: &str) -> Vec<String> {
        let v: serde_json::Value =
            serde_json::from_str(&self.ok(&["game", "moves", game, "--json"])).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|m| m["point"].as_str().unwrap_or("").to_string())
            .collect()
    }

    /// Counts of the outbox rows by status.
    pub fn outbox_statuses(&self) -> BTreeMap<String, usize> {
        let v: serde_json::Value =
            serde_json::from_str(&self.ok(&["outbox", "list", "--json"])).unwrap();
        let mut out = BTreeMap::new();
        for row in v.as_array().unwrap() {
            *out.entry(row["status"].as_str().unwrap().to_string())
                .or_default() += 1;
        }
        out
    }

    /// The messages table as JSON rows.
    pub fn messages(&self) -> Vec<serde_json::Value> {
        let v: serde_json::Value =
            serde_json::from_str(&self.ok(&["message", "list", "--json", "--limit", "1000"]))
                .unwrap();
        v.as_array().unwrap().clone()
    }
}
