//! `pbmgo site build [--dir DIR] [--all] [--json]`: the static web
//! archive written into `[web] dir` (or DIR): only the files whose bytes
//! changed since the last build, and the ones no longer allowed removed.

use std::path::PathBuf;

use anyhow::bail;
use clap::{Args, Subcommand};

use chrono::{DateTime, Utc};

use super::context::{Context, GlobalArgs};
use crate::site::{self, Options};
use crate::store::Store;

/// Site commands
#[derive(Debug, Subcommand)]
pub(crate) enum SiteCommand {
    /// Write the web archive: a page for every public game, player and tournament
    Build(BuildArgs),
}

/// Write the web archive
#[derive(Debug, Args)]
pub(crate) struct BuildArgs {
    /// The folder to write [default: `[web] dir`]
    #[arg(long, value_name = "DIR")]
    dir: Option<PathBuf>,
    /// Rewrite every file, changed or not
    #[arg(long)]
    all: bool,
    /// Print JSON: {"dir", "written", "removed", "kept", "written_files", "removed_files"}
    #[arg(long)]
    json: bool,
}

/// The site's folder from `[web] dir`, if set.
fn configured_dir(ctx: &Context) -> Option<PathBuf> {
    match ctx.home.config().web.dir.trim() {
        "" => None,
        d => Some(ctx.home.resolve(std::path::Path::new(d))),
    }
}

/// Builds the site into `dir` at `now`; returns what it did.
fn build_into(
    ctx: &Context,
    store: &mut Store,
    dir: &std::path::Path,
    all: bool,
    now: DateTime<Utc>,
) -> anyhow::Result<site::Built> {
    let config = ctx.home.config();
    let url = match config.web.url.trim() {
        "" => String::new(),
        u => format!("{}/", u.trim_end_matches('/')),
    };
    let options = Options {
        dir,
        overrides: Some(ctx.home.templates_dir().join("site")),
        site: &config.server.name,
        default_public: config.web.default_public,
        url: &url,
        all,
        now,
    };
    Ok(store.write(|tx| site::build(tx, &options))?)
}

/// At the end of `poll` and `tick`: the site rebuilt when `[web] dir` is
/// set; a failure is logged (the mail job itself went well).
pub(crate) fn after_run(ctx: &Context, store: &mut Store, now: DateTime<Utc>) {
    let Some(dir) = configured_dir(ctx) else {
        return;
    };
    match build_into(ctx, store, &dir, false, now) {
        Ok(b) => {
            let c = b.counts;
            tracing::info!(
                written = c.written,
                removed = c.removed,
                kept = c.kept,
                "site built"
            )
        }
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), dir = %dir.display(), "site build failed")
        }
    }
}

impl SiteCommand {
    /// Runs the site command; returns 0.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        let SiteCommand::Build(a) = self;
        let ctx = global.context()?;
        let Some(dir) = a.dir.clone().or_else(|| configured_dir(&ctx)) else {
            bail!("no site folder: set [web] dir in the config, or give --dir");
        };
        let mut store = ctx.open_store()?;
        let built = build_into(&ctx, &mut store, &dir, a.all, ctx.now)?;
        let c = built.counts;
        match a.json {
            true => outln!(
                "{}",
                serde_json::json!({"dir": dir, "written": c.written, "removed": c.removed,
                    "kept": c.kept, "written_files": built.written,
                    "removed_files": built.removed})
            )?,
            false => outln!(
                "{}: {} written, {} removed, {} unchanged",
                dir.display(),
                c.written,
                c.removed,
                c.kept
            )?,
        }
        Ok(0)
    }
}
