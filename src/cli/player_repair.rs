//! `pbmgo player password clear|address add|address remove|rename|disable|enable`:
//! the admin's repairs of a player's account. Each prints one line saying
//! what it did (or that the account already was so, exit 0); a refusal is
//! one line on stderr (exit 2). The rules live in `store::accounts` and
//! `store::settings`; this file wires them to the terminal.

use clap::{Args, Subcommand};

use super::context::Context;
use crate::store::accounts::{self, AccountError, ServerNames};
use crate::store::{Store, players, settings};

/// The repairs, flattened into `pbmgo player`.
#[derive(Debug, Subcommand)]
pub(crate) enum RepairCommand {
    /// Remove a player's password, so their mail is taken without one
    #[command(subcommand)]
    Password(PasswordCommand),
    /// Add or remove a player's mail address
    #[command(subcommand)]
    Address(AddressCommand),
    /// Give a player another name (checked as a new player's name)
    Rename(RenameArgs),
    /// Disable a player: their mail gets one reply saying so, and nothing else is mailed to them
    Disable(NameArgs),
    /// Enable a disabled player again
    Enable(NameArgs),
}

/// `player password ...`
#[derive(Debug, Subcommand)]
pub(crate) enum PasswordCommand {
    /// Remove the player's password (their mail no longer needs the `password` line)
    Clear(NameArgs),
}

/// `player address ...`
#[derive(Debug, Subcommand)]
pub(crate) enum AddressCommand {
    /// Give the player one more address (refused if another player has it)
    Add(AddressArgs),
    /// Take an address from the player (refused for their last one)
    Remove(AddressArgs),
}

/// A player's name.
#[derive(Debug, Args)]
pub(crate) struct NameArgs {
    /// The player's name
    name: String,
}

/// A player and one mail address.
#[derive(Debug, Args)]
pub(crate) struct AddressArgs {
    /// The player's name
    name: String,
    /// The mail address ("Name <addr>" is accepted; stored lower-case)
    #[arg(value_name = "EMAIL")]
    address: String,
}

/// The old name and the new one.
#[derive(Debug, Args)]
pub(crate) struct RenameArgs {
    /// The player's name now
    old: String,
    /// The new name: 2 to 20 letters, digits, '_' or '-' (case-insensitive)
    new: String,
}

impl RepairCommand {
    /// Runs the repair in one transaction and prints what it did.
    pub(crate) fn run(self, ctx: &Context, store: &mut Store) -> anyhow::Result<u8> {
        let line = match self {
            RepairCommand::Password(PasswordCommand::Clear(args)) => clear(store, &args.name)?,
            RepairCommand::Address(AddressCommand::Add(args)) => add(store, &args)?,
            RepairCommand::Address(AddressCommand::Remove(args)) => remove(store, &args)?,
            RepairCommand::Rename(args) => rename(ctx, store, &args)?,
            RepairCommand::Disable(args) => disable(store, &args.name, true)?,
            RepairCommand::Enable(args) => disable(store, &args.name, false)?,
        };
        outln!("{line}")?;
        Ok(0)
    }
}

fn clear(store: &mut Store, name: &str) -> Result<String, AccountError> {
    store.write(|tx| {
        let p = players::find(tx, name)?;
        Ok(match settings::clear_password(tx, p.id)? {
            true => format!("Cleared the password of {}.", p.name),
            false => format!("{} has no password; nothing to clear.", p.name),
        })
    })
}

fn add(store: &mut Store, args: &AddressArgs) -> Result<String, AccountError> {
    let (done, address) = store.write(|tx| accounts::add_address(tx, &args.name, &args.address))?;
    let name = &done.player.name;
    Ok(match done.changed {
        true => format!(
            "Added {address} to {name} ({}).",
            done.player.addresses.join(", ")
        ),
        false => format!("{name} already has {address}; nothing to add."),
    })
}

fn remove(store: &mut Store, args: &AddressArgs) -> Result<String, AccountError> {
    let (done, address) =
        store.write(|tx| accounts::remove_address(tx, &args.name, &args.address))?;
    let left = done.player.addresses.join(", ");
    Ok(format!(
        "Removed {address} from {} ({left} left).",
        done.player.name
    ))
}

fn rename(ctx: &Context, store: &mut Store, args: &RenameArgs) -> Result<String, AccountError> {
    let server = &ctx.home.config().server;
    let names = ServerNames {
        address: &server.address,
        name: &server.name,
    };
    let done = store.write(|tx| accounts::rename(tx, &args.old, &args.new, names))?;
    let name = &done.player.name;
    Ok(match done.changed {
        true => format!("Renamed {} to {name}.", args.old.to_ascii_lowercase()),
        false => format!("{name} is already called {name}; nothing to rename."),
    })
}

fn disable(store: &mut Store, name: &str, disabled: bool) -> Result<String, AccountError> {
    let done = store.write(|tx| accounts::set_disabled(tx, name, disabled))?;
    let (name, state) = (
        &done.player.name,
        if disabled { "disabled" } else { "enabled" },
    );
    Ok(match done.changed {
        true if disabled => format!(
            "Disabled {name}: their mail gets one reply saying so, and nothing else is mailed to them."
        ),
        true => format!("Enabled {name}: their mail is acted on again."),
        false => format!("{name} is already {state}; nothing to change."),
    })
}
