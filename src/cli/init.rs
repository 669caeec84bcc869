//! `pbmgo init`: creates the home, its mail folders, the database and a
//! commented default config, all private to the user (0700 folders, 0600
//! files). Run again on an existing home, it takes away any group or other
//! access it finds and says so, and otherwise changes nothing.

use std::path::Path;

use anyhow::Context as _;
use clap::Args;
use serde::Serialize;

use super::context::GlobalArgs;
use crate::home::{DEFAULT_CONFIG, private};

/// Create the home, the database and a commented default config
#[derive(Debug, Args)]
pub(crate) struct InitArgs {
    /// Print what was done as one JSON object: {"home": DIR, "config": FILE,
    /// "database": FILE, "schema_version": N, "created": {"home": bool,
    /// "config": bool, "folders": [DIR], "database": bool}, "migrated":
    /// bool, "schema_from": N, "migrations": N, "made_private": N,
    /// "warning": TEXT|null}
    #[arg(long)]
    json: bool,
}

/// What `init` did.
#[derive(Default, Serialize)]
struct Created {
    home: bool,
    config: bool,
    folders: Vec<String>,
    database: bool,
}

/// What `init` did, as `--json` prints it.
#[derive(Serialize)]
struct Done {
    home: String,
    config: String,
    database: String,
    schema_version: u32,
    created: Created,
    migrated: bool,
    /// The schema found before `init` migrated it (0 for a new database).
    schema_from: u32,
    /// Migrations applied.
    migrations: u32,
    made_private: usize,
    /// A warning for the admin (the default server address), if any.
    warning: Option<String>,
}

/// Runs `pbmgo init`; returns 0.
pub(crate) fn run(args: InitArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let done = set_up(global)?;
    if args.json {
        outln!("{}", serde_json::to_string(&done)?)?;
        return Ok(0);
    }
    let lines = lines(&done);
    if lines.is_empty() {
        outln!("Nothing to do: the home {} is already set up.", done.home)?;
    }
    for line in lines {
        outln!("{line}.")?;
    }
    if let Some(warning) = &done.warning {
        outln!("Warning: {warning}.")?;
    }
    Ok(0)
}

/// Creates what is missing of the home; returns what it did.
fn set_up(global: &GlobalArgs) -> anyhow::Result<Done> {
    let mut created = Created::default();
    let mut made_private = 0;
    let root = global.home_dir();
    if !root.is_dir() {
        std::fs::create_dir_all(root)
            .with_context(|| format!("cannot create the home {}", root.display()))?;
        created.home = true;
    } else {
        made_private = tightened(root)?;
    }
    let config = global.config_path();
    created.config = write_config(&config)?;
    let ctx = global.setup_context()?;
    let home = &ctx.home;
    for dir in home
        .create_layout()
        .context("cannot create the home's folders")?
    {
        created.folders.push(dir.display().to_string());
    }
    let db = home.database();
    created.database = !db.exists();
    let store = ctx.create_store()?;
    let schema_version = store.schema_version()?;
    let migrations = store.migrations_applied();
    let migrated = !created.database && migrations > 0;
    let schema_from = store.schema_found();
    drop(store);
    Ok(Done {
        home: home.root().display().to_string(),
        config: config.display().to_string(),
        database: db.display().to_string(),
        schema_version,
        created,
        migrated,
        schema_from,
        migrations,
        made_private,
        warning: super::context::default_address(home),
    })
}

/// The sentences saying what `init` did (none when it did nothing).
fn lines(d: &Done) -> Vec<String> {
    let mut out = Vec::new();
    if d.created.home {
        out.push(format!("Created the home {}", d.home));
    }
    if d.made_private > 0 {
        out.push(format!(
            "Made {} files and folders of {} private to their owner (mode 0600 or 0700): others could read them",
            d.made_private, d.home
        ));
    }
    if d.created.config {
        out.push(format!("Wrote the default config {}", d.config));
    }
    for dir in &d.created.folders {
        out.push(format!("Created {dir}"));
    }
    if d.created.database {
        out.push(format!(
            "Created the database {} (schema version {})",
            d.database, d.schema_version
        ));
    } else if d.migrated {
        out.push(format!(
            "Migrated the database {} to schema version {} (schema {} -> {}: {} migrations)",
            d.database, d.schema_version, d.schema_from, d.schema_version, d.migrations
        ));
    }
    out
}

/// Takes group and other access from an existing home's files (a home
/// made before pbmgo kept it private, or copied under umask 022); returns
/// how many it changed.
fn tightened(root: &Path) -> anyhow::Result<usize> {
    let changed = private::tighten(root)
        .with_context(|| format!("cannot make the home {} private", root.display()))?;
    Ok(changed.len())
}

/// Writes the default config at `path` unless a file is there; returns
/// true when it wrote one.
fn write_config(path: &Path) -> anyhow::Result<bool> {
    if path.exists() {
        return Ok(false);
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create directory {}", dir.display()))?;
    }
    std::fs::write(path, DEFAULT_CONFIG)
        .with_context(|| format!("cannot write config {}", path.display()))?;
    Ok(true)
}
