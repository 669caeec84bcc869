//! `pbmgo init`: creates the home, its mail folders, the database and a
//! commented default config, all private to the user (0700 folders, 0600
//! files). Run again on an existing home, it takes away any group or other
//! access it finds and says so, and otherwise changes nothing.

use std::path::Path;

use anyhow::Context as _;
use clap::Args;

use super::context::GlobalArgs;
use crate::home::{DEFAULT_CONFIG, private};

/// Create the home, the database and a commented default config
#[derive(Debug, Args)]
pub(crate) struct InitArgs {}

/// Runs `pbmgo init`; returns 0.
pub(crate) fn run(_args: InitArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let mut done = Vec::new();
    let root = global.home_dir();
    if !root.is_dir() {
        std::fs::create_dir_all(root)
            .with_context(|| format!("cannot create the home {}", root.display()))?;
        done.push(format!("Created the home {}", root.display()));
    } else {
        done.extend(tightened(root)?);
    }
    let config = global.config_path();
    if write_config(&config)? {
        done.push(format!("Wrote the default config {}", config.display()));
    }
    let ctx = global.setup_context()?;
    let home = &ctx.home;
    for dir in home
        .create_layout()
        .context("cannot create the home's folders")?
    {
        done.push(format!("Created {}", dir.display()));
    }
    let db = home.database();
    let existed = db.exists();
    let store = ctx.create_store()?;
    let version = store.schema_version()?;
    let (from, applied) = (store.schema_found(), store.migrations_applied());
    let migrated = applied > 0;
    drop(store);
    if !existed {
        done.push(format!(
            "Created the database {} (schema version {version})",
            db.display()
        ));
    } else if migrated {
        done.push(format!(
            "Migrated the database {} to schema version {version} \
             (schema {from} -> {version}: {applied} migrations)",
            db.display()
        ));
    }
    let warning = super::context::default_address(home);
    if done.is_empty() {
        outln!(
            "Nothing to do: the home {} is already set up.",
            home.root().display()
        )?;
    }
    for line in done {
        outln!("{line}.")?;
    }
    if let Some(warning) = warning {
        outln!("Warning: {warning}.")?;
    }
    Ok(0)
}

/// Takes group and other access from an existing home's files (a home
/// made before pbmgo kept it private, or copied under umask 022); says how
/// many it changed.
fn tightened(root: &Path) -> anyhow::Result<Option<String>> {
    let changed = private::tighten(root)
        .with_context(|| format!("cannot make the home {} private", root.display()))?;
    Ok((!changed.is_empty()).then(|| {
        format!(
            "Made {} files and folders of {} private to their owner (mode 0600 or 0700): others could read them",
            changed.len(),
            root.display()
        )
    }))
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
