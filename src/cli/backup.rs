//! `pbmgo backup FILE [--force]`: a consistent copy of the database, taken
//! with SQLite's online backup API while `poll` and `deliver` may run, and
//! checked with `PRAGMA integrity_check` before it is put in place.

use std::path::PathBuf;

use clap::Args;

use super::context::GlobalArgs;
use crate::store::backup;

/// Copy the database to FILE while the mail job may run, and check the copy
#[derive(Debug, Args)]
pub(crate) struct BackupArgs {
    /// Where to write the copy (a new file unless --force)
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Replace FILE when it exists
    #[arg(long)]
    force: bool,
}

/// Runs `pbmgo backup`; prints one line with the pages copied.
pub(crate) fn run(args: BackupArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let home = &ctx.home;
    let report = backup::backup(
        &home.database(),
        &args.file,
        args.force,
        home.busy_timeout(),
    )?;
    outln!(
        "backup: {} ({} pages, schema version {}, integrity ok)",
        report.path.display(),
        report.pages,
        report.schema_version
    )?;
    Ok(0)
}
