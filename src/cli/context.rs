//! What every command that touches the home shares: the global flags
//! (`--home`, `--config`), the loaded home and config, the clock read once,
//! and opening the database.
//!
//! A home is never made silently: every command but `init` (and `demo`,
//! which makes its own) refuses a home without a database, or without a
//! config file when no `--config` is given, with exit status 78. A command
//! that writes opens the database read-write and applies pending
//! migrations, logging them (`schema 5 -> 17: 12 migrations`); one that
//! only reads opens it read-only and refuses an older schema.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use chrono::{DateTime, Utc};
use clap::Args;

use super::exit::NotSetUp;
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

/// The home used when none is named: the system install's (the Debian
/// package and the systemd units use it).
pub(crate) const DEFAULT_HOME: &str = "/var/lib/pbmgo";

/// The tracing target of the line that says a migration was applied
/// (logged at info, which the default filter shows).
pub(crate) const SCHEMA_LOG: &str = "pbmgo::schema";

/// The server address a config has until it is set.
const DEFAULT_ADDRESS: &str = "pbmgo@localhost";

/// Flags accepted by every command.
#[derive(Debug, Clone, Args)]
pub(crate) struct GlobalArgs {
    /// The home directory holding the config, the database and the mail folders, made by `pbmgo init` [default: /var/lib/pbmgo]
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
    /// Returns the home directory: `--home`, else `PBMGO_HOME`, else `/var/lib/pbmgo`.
    pub(crate) fn home_dir(&self) -> &Path {
        self.home.as_deref().unwrap_or(Path::new(DEFAULT_HOME))
    }

    /// Returns true when a home was named (`--home` or `PBMGO_HOME`).
    pub(crate) fn home_given(&self) -> bool {
        self.home.is_some()
    }

    /// These flags with the time pinned at `now` when it is given (`poll
    /// --now`, `tick --now`), else as they are.
    pub(crate) fn at(&self, now: Option<&str>) -> GlobalArgs {
        GlobalArgs {
            now: now.map(str::to_string).or_else(|| self.now.clone()),
            ..self.clone()
        }
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

    /// Loads the home's config and reads the clock, refusing a home that
    /// `pbmgo init` has not made ([`NotSetUp`], exit status 78).
    pub(crate) fn context(&self) -> anyhow::Result<Context> {
        let ctx = self.setup_context()?;
        self.check_home(&ctx.home)?;
        Ok(ctx)
    }

    /// Loads the home's config (the defaults when it has none) and reads
    /// the clock, whether or not the home exists (what `init` needs).
    pub(crate) fn setup_context(&self) -> anyhow::Result<Context> {
        self.context_at(self.home_dir())
    }

    /// Refuses a home with no database, or no config file and no `--config`.
    fn check_home(&self, home: &Home) -> Result<(), NotSetUp> {
        let db = home.database();
        let has_db = std::fs::metadata(&db).is_ok_and(|m| m.len() > 0);
        let has_config = self.config.is_some() || self.config_path().is_file();
        if has_db && has_config {
            return Ok(());
        }
        let message = match has_config.then(|| handled_mail(home)).flatten() {
            Some(sign) => format!(
                "the database {} is missing or empty, but this home has handled mail ({sign}); \
                 restore it from a backup (see docs/admin.md, Backups) or set [database] path to \
                 where it is; run pbmgo init to start a new one on purpose",
                db.display()
            ),
            None => {
                let root = std::path::absolute(home.root()).unwrap_or(home.root().to_path_buf());
                format!("no pbmgo home at {}: run pbmgo init there", root.display())
            }
        };
        Err(NotSetUp { message })
    }
}

/// What opening a database for writing did to its schema.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub(crate) struct Migrated {
    /// The schema version found.
    pub(crate) from: u32,
    /// The schema version now.
    pub(crate) to: u32,
    /// How many migrations were applied.
    pub(crate) migrations: u32,
}

impl std::fmt::Display for Migrated {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.migrations {
            0 => write!(f, "schema {}: up to date", self.to),
            1 => write!(f, "schema {} -> {}: 1 migration", self.from, self.to),
            n => write!(f, "schema {} -> {}: {n} migrations", self.from, self.to),
        }?;
        let ratings = crate::store::migrate::RATINGS;
        if self.from > 0 && self.from < ratings && self.to >= ratings {
            f.write_str(
                "; ratings are now on the EGF scale, replayed from the finished games \
                 (pbmgo ratings recompute --dry-run shows them)",
            )?;
        }
        Ok(())
    }
}

impl Context {
    /// Opens the database for a command that writes and applies pending
    /// migrations, logging them at info.
    pub(crate) fn open_store(&self) -> anyhow::Result<Store> {
        let (store, migrated) = self.migrate_store()?;
        if migrated.migrations > 0 && migrated.from > 0 {
            tracing::info!(target: SCHEMA_LOG, "{migrated}");
        }
        Ok(store)
    }

    /// Opens the database for a mail command (`poll`, `deliver`, `tick`,
    /// `send`): as [`Context::open_store`], with a warning while the
    /// server's address is still the default one.
    pub(crate) fn mail_store(&self) -> anyhow::Result<Store> {
        if let Some(warning) = default_address(&self.home) {
            tracing::warn!("{warning}");
        }
        self.open_store()
    }

    /// Opens the database for a command that writes and applies pending
    /// migrations; returns what they did (what `pbmgo migrate` prints).
    pub(crate) fn migrate_store(&self) -> anyhow::Result<(Store, Migrated)> {
        let store = Store::open(&self.home.database(), self.home.busy_timeout())?;
        let migrated = Migrated {
            from: store.schema_found(),
            to: store.schema_version()?,
            migrations: store.migrations_applied(),
        };
        Ok((store, migrated))
    }

    /// Opens the database read-only for a command that only reads: it is
    /// not migrated, and an older schema is refused (exit status 78).
    pub(crate) fn read_store(&self) -> anyhow::Result<Store> {
        Ok(Store::open_read_only(
            &self.home.database(),
            self.home.busy_timeout(),
        )?)
    }

    /// Opens the database, creating it and its directory if needed, and
    /// applies pending migrations (what `init` and `demo` do on purpose).
    pub(crate) fn create_store(&self) -> anyhow::Result<Store> {
        let path = self.home.database();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create directory {}", dir.display()))?;
        }
        Ok(Store::open(&path, self.home.busy_timeout())?)
    }
}

/// The warning for a server address still at its default, which no mail
/// from outside reaches, if it is.
pub(crate) fn default_address(home: &Home) -> Option<String> {
    (home.config().server.address == DEFAULT_ADDRESS).then(|| {
        format!(
            "server.address is the default {DEFAULT_ADDRESS}: players cannot reply to it; \
             set [server] address in the config"
        )
    })
}
