//! What one mail has shown already: each game's board, record (`sgf`),
//! proposed count (`estimate`) and conditional moves (`if GAME`), and the
//! lists of games, players and standings and the help, at most once a
//! mail. A later command asking for the same is answered "already above"
//! without doing the work again, so repeating a listing command cannot
//! make a reply many times larger than one. A command that succeeds and
//! changes something (a move, `say`, `if` with moves…) forgets everything
//! shown, since any listing may read differently after it.

use std::cell::RefCell;
use std::collections::HashSet;

use crate::command::{Command, GameRef, IfAction};
use crate::pipeline::base::error::CmdResult;
use crate::pipeline::base::wording::limits::{Above, shown_above};
use crate::pipeline::record::report::{Done, Effect};
use crate::store::games::GameId;

/// What the commands of one mail showed so far.
#[derive(Default)]
pub(crate) struct Shown(RefCell<HashSet<Above>>);

impl Shown {
    /// The answer to `cmd` when this mail already showed what it asks for.
    pub(super) fn above(&self, cmd: &Command) -> Option<Done> {
        let what = listing(cmd)?;
        self.0
            .borrow()
            .contains(&what)
            .then(|| Effect::Text(shown_above(what)).into())
    }

    /// Notes what `cmd` did: a listing it showed, or a change that makes
    /// every listing worth showing again. A refused command notes nothing.
    pub(super) fn note(&self, cmd: &Command, result: &CmdResult<Done>) {
        if result.is_err() {
            return;
        }
        let mut shown = self.0.borrow_mut();
        match (listing(cmd), cmd) {
            (Some(what), _) => {
                shown.insert(what);
            }
            // These only ask about the sender's settings and addresses.
            (None, Command::Confirm { on: None } | Command::Address { .. }) => {}
            (None, _) => shown.clear(),
        }
    }
}

/// What `cmd` shows, when it only shows something.
fn listing(cmd: &Command) -> Option<Above> {
    let id = |game: &GameRef| GameId::from_number(game.0);
    match cmd {
        Command::Board { game } => id(game).map(Above::Board),
        Command::Sgf { game } => id(game).map(Above::Record),
        Command::Estimate { game } => id(game).map(Above::Estimate),
        Command::If {
            game,
            action: IfAction::List,
        } => id(game).map(Above::Conditionals),
        Command::Games => Some(Above::Games),
        Command::Players { .. } => Some(Above::Players),
        Command::Standings => Some(Above::Standings),
        Command::Help => Some(Above::Help),
        _ => None,
    }
}
