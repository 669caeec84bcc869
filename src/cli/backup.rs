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
    /// Print one JSON object: {"file": FILE, "bytes": N, "pages": N,
    /// "schema_version": N, "integrity": "ok"}
    #[arg(long)]
    json: bool,
}

/// Runs `pbmgo backup`; prints one line with the pages copied (a copy
/// that fails its check is an error, so `integrity` is always `ok`).
pub(crate) fn run(args: BackupArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let home = &ctx.home;
    let report = backup::backup(
        &home.database(),
        &args.file,
        args.force,
        home.busy_timeout(),
    )?;
    if args.json {
        let bytes = std::fs::metadata(&report.path).map_or(0, |m| m.len());
        let v = serde_json::json!({
            "file": report.path.display().to_string(),
            "bytes": bytes,
            "pages": report.pages,
            "schema_version": report.schema_version,
            "integrity": "ok",
        });
        outln!("{v}")?;
        return Ok(0);
    }
    outln!(
        "backup: {} ({} pages, schema version {}, integrity ok)",
        report.path.display(),
        report.pages,
        report.schema_version
    )?;
    Ok(0)
}
