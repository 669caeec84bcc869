//! A player's own commands: `undo` (`undo`), `say` (`talk`), `standings`
//! and `players` (`tables`), `rank` (`rank`), `vacation`, `notify`, `images`, `public`, `confirm` and `password`
//! (`settings`), `address` (`address`), and `join`, `leave`, `tournament`
//! and `tournaments` (`tournament`), with the password gate every
//! mail of a player with a password passes first.

mod address;
mod rank;
mod settings;
mod tables;
mod talk;
mod tournament;
mod undo;

pub(crate) use settings::password_gate;

use crate::pipeline::base::error::{CmdResult, reject};
use crate::pipeline::base::wording::personal as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::record::report::Effect;

use crate::command::Command;

/// Runs one personal command for `player`; `source` is the message's key.
pub(super) fn run(c: &Cmd<'_>, cmd: &Command) -> CmdResult<Effect> {
    let Cmd {
        conn, env, player, ..
    } = *c;
    match cmd {
        Command::Undo { game } => undo::run(c, *game),
        Command::Say { game, text } => talk::say(c, *game, text),
        Command::Standings => tables::standings(conn, env),
        Command::Players { near } => tables::players(c, *near),
        Command::Rank { rank } => rank::declare(c, *rank),
        Command::Vacation { days } => settings::vacation(c, *days),
        Command::Notify { mode } => settings::notify(conn, player, *mode),
        Command::Images { on } => settings::images(conn, player, *on),
        Command::Public { on } => settings::public(conn, player, *on),
        Command::Timezone { zone } => settings::timezone(conn, player, *zone),
        Command::Confirm { on } => settings::confirm(conn, player, *on),
        Command::Password { secret, new } => settings::password(c, secret, new.as_deref()),
        Command::Address { action } => address::run(c, action),
        Command::Join { tournament } => tournament::join(c, tournament),
        Command::Leave { tournament } => tournament::leave(c, tournament),
        Command::Tournament { tournament } => tournament::show(c, tournament),
        Command::Tournaments => tournament::list(c),
        other => Err(reject("unknown-command", words::not_personal(&other.to_string())).into()),
    }
}
