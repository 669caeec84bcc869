//! `pbmgo migrate [--json]`: applies the schema migrations this pbmgo
//! brings to the home's database, and says what it did
//! (`schema 5 -> 17: 12 migrations`, or `schema 17: up to date`). The mail
//! jobs and every command that writes migrate too; the commands that only
//! read do not, and ask for this one.

use clap::Args;

use super::context::GlobalArgs;

/// Apply the database's pending schema migrations
#[derive(Debug, Args)]
pub(crate) struct MigrateArgs {
    /// Print JSON instead of text: {"from": 5, "to": 17, "migrations": 12}
    #[arg(long)]
    json: bool,
}

/// Runs `pbmgo migrate`; returns 0.
pub(crate) fn run(args: MigrateArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let (store, migrated) = ctx.migrate_store()?;
    drop(store);
    if args.json {
        outln!("{}", serde_json::to_string(&migrated)?)?;
    } else {
        outln!("{migrated}")?;
    }
    Ok(0)
}
