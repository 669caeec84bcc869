//! `pbmgo site build [--dir DIR] [--all] [--json]`: the static web
//! archive written into `[web] dir` (or DIR): only the files whose bytes
//! changed since the last build, and the ones no longer allowed removed.

use std::path::PathBuf;

use anyhow::bail;
use clap::{Args, Subcommand};

use super::context::GlobalArgs;
use crate::site::{self, Options};

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
    /// Print JSON: {"dir", "written", "removed", "kept"}
    #[arg(long)]
    json: bool,
}

impl SiteCommand {
    /// Runs the site command; returns 0.
    pub(crate) fn run(self, global: &GlobalArgs) -> anyhow::Result<u8> {
        let SiteCommand::Build(a) = self;
        let ctx = global.context()?;
        let config = ctx.home.config();
        let dir = match (&a.dir, config.web.dir.trim()) {
            (Some(d), _) => d.clone(),
            (None, "") => bail!("no site folder: set [web] dir in the config, or give --dir"),
            (None, d) => ctx.home.resolve(std::path::Path::new(d)),
        };
        let options = Options {
            dir: &dir,
            overrides: Some(ctx.home.templates_dir().join("site")),
            site: &config.server.name,
            default_public: config.web.default_public,
            all: a.all,
            now: ctx.now,
        };
        let mut store = ctx.open_store()?;
        let built = store.write(|tx| site::build(tx, &options))?;
        match a.json {
            true => outln!(
                "{}",
                serde_json::json!({"dir": dir, "written": built.written,
                    "removed": built.removed, "kept": built.kept})
            )?,
            false => outln!(
                "{}: {} written, {} removed, {} unchanged",
                dir.display(),
                built.written,
                built.removed,
                built.kept
            )?,
        }
        Ok(0)
    }
}
