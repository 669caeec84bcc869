//! What every command that touches the home shares: the global flags
//! (`--home`, `--config`), the loaded home and config, the clock read once,
//! and opening the database (which applies pending migrations).

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use clap::Args;

use crate::home::{CONFIG_FILE, Home};
use crate::store::Store;
use crate::store::codec::parse_time;

/// A sign that `home` has handled mail (processed or quarantined messages,
/// or mail written by the file transport), in words, if there is one.
fn handled_mail(home: &Home) -> Option<String> {
    let places = [
        (home.inbox().join("cur"), "inbox/cur"),
        (home.quarantine().join("new"), "quarantine/new"),
        (home.quarantine().join("cur"), "quarantine/cur"),
        (home.outbox(), "the outbox folder"),
    ];
    places.into_iter().find_map(|(dir, name)| {
        let n = std::fs::read_dir(&dir).ok()?.flatten().count();
        let files = if n == 1 { "file" } else { "files" };
        (n > 0).then(|| format!("{name} holds {n} {files}"))
    })
}

/// The home used when none is named.
pub(crate) const DEFAULT_HOME: &str = "data";

/// Flags accepted by every command.
#[derive(Debug, Args)]
pub(crate) struct GlobalArgs {
    /// The home directory holding the config, the database and the mail folders [default: data]
    #[arg(
        long,
        global = true,
        value_name = "DIR",
        env = "PBMGO_HOME",
        display_order = 900
    )]
    home: Option<PathBuf>,
    /// The config file [default: HOME/pbmgo.toml]
    #[arg(long, global = true, value_name = "FILE", display_order = 901)]
    config: Option<PathBuf>,
    /// Use this time (RFC 3339) instead of the clock, for reproducible tests
    /// (`--clock`: `send --now` is a flag of its own)
    #[arg(
        long = "clock",
        global = true,
        value_name = "TIME",
        env = "PBMGO_NOW",
        hide = true
    )]
    now: Option<String>,
}

/// The home, its config and the time of this command.
pub(crate) struct Context {
    /// The home with its config loaded.
    pub(crate) home: Home,
    /// The time this command runs at (the clock is read once).
    pub(crate) now: DateTime<Utc>,
}

impl GlobalArgs {
    /// Returns the home directory: `--home`, else `PBMGO_HOME`, else `./data`.
    pub(crate) fn home_dir(&self) -> &Path {
        self.home.as_deref().unwrap_or(Path::new(DEFAULT_HOME))
    }

    /// Returns true when a home was named (`--home` or `PBMGO_HOME`).
    pub(crate) fn home_given(&self) -> bool {
        self.home.is_some()
    }

    /// Returns true when the time is pinned with `--clock` or `PBMGO_NOW` (tests).
    pub(crate) fn pinned_time(&self) -> bool {
        self.now.is_some()
    }

    /// Returns the config file: `--config`, else `HOME/pbmgo.toml`.
    pub(crate) fn config_path(&self) -> PathBuf {
        self.config
            .clone()
            .unwrap_or_else(|| self.home_dir().join(CONFIG_FILE))
    }

    /// Loads the config of the home at `root` (not the one named) and reads the clock.
    pub(crate) fn context_at(&self, root: &Path) -> anyhow::Result<Context> {
        let home = Home::load(root, self.config.as_deref())?;
        Ok(Context {
            home,
            now: self.time()?,
        })
    }

    fn time(&self) -> anyhow::Result<DateTime<Utc>> {
        match &self.now {
            Some(text) => parse_time(text).map_err(anyhow::Error::msg),
            None => Ok(Utc::now()),
        }
    }

    /// Loads the home's config and reads the clock.
    pub(crate) fn context(&self) -> anyhow::Result<Context> {
        let home = Home::load(self.home_dir(), self.config.as_deref())?;
        let now = match &self.now {
            Some(text) => parse_time(text).map_err(anyhow::Error::msg)?,
            None => Utc::now(),
        };
        Ok(Context { home, now })
    }
}

impl Context {
    /// Opens the database and applies pending migrations. A missing (or
    /// empty) database is created only in a home that has handled no mail:
    /// in one that has, it was lost or moved, and a fresh one would make
    /// every player a stranger whose name anyone could take.
    pub(crate) fn open_store(&self) -> anyhow::Result<Store> {
        let path = self.home.database();
        let fresh = std::fs::metadata(&path).map_or(true, |m| m.len() == 0);
        if let Some(sign) = fresh.then(|| handled_mail(&self.home)).flatten() {
            anyhow::bail!(
                "the database {} is missing or empty, but this home has handled mail ({sign}); \
                 restore it from a backup (see the README, Backups) or set [database] path to \
                 where it is; run pbmgo init to start a new one on purpose",
                path.display()
            );
        }
        self.create_store()
    }

    /// Opens the database, creating it and its directory if needed, and
    /// applies pending migrations (what `init` does on purpose).
    pub(crate) fn create_store(&self) -> anyhow::Result<Store> {
        let path = self.home.database();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create directory {}", dir.display()))?;
        }
        Ok(Store::open(&path, self.home.busy_timeout())?)
    }
}
