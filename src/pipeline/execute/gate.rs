//! The reply-token gate (`[server] auth = "token"`): which commands act in
//! a game and so need the player's token for it, reading the tokens a mail
//! was sent to (`Delivered-To`, `X-Original-To`, then `To` and `Cc`), and
//! the `bad-token` refusal with what to do instead. A game command is taken
//! with the player's token for that game or the token of a digest that
//! listed it.

use rusqlite::Connection;

use super::load::load_own;
use crate::command::{AddressAction, Command, GameRef};
use crate::home::AuthMode;
use crate::mail::inbound::InboundMail;
use crate::mail::tags::address_tag;
use crate::pipeline::base::error::{PipelineError, Rejection, reject, reject_in, settle};
use crate::pipeline::base::tokens::{DIGEST_GAME, Scope, TokenKey, digest_scope};
use crate::pipeline::base::wording::play as words;
use crate::store::GameId;
use crate::store::players::Player;
use crate::store::{accounts, notices};

/// What one mail may do in games: the tokens it was sent to.
pub(crate) struct Gate<'a> {
    key: &'a TokenKey,
    server: &'a str,
    presented: Vec<String>,
}

impl<'a> Gate<'a> {
    /// Reads the tokens `mail` was sent to (none are needed in address mode).
    pub(crate) fn new(key: &'a TokenKey, server: &'a str, mail: &InboundMail) -> Gate<'a> {
        let all = mail.delivered_to.iter().chain(&mail.to).chain(&mail.cc);
        let presented = all.filter_map(|a| address_tag(a, server)).collect();
        Gate {
            key,
            server,
            presented,
        }
    }

    /// Returns the `bad-token` refusal when `cmd` acts in a game and the
    /// mail was not sent to `player`'s token address for that game.
    pub(crate) fn check(
        &self,
        conn: &Connection,
        player: &Player,
        cmd: &Command,
    ) -> Result<Option<Rejection>, PipelineError> {
        if self.key.mode == AuthMode::Token && changes_account(cmd) {
            return self.check_account(conn, player);
        }
        let Some(game) = guarded_game(cmd).filter(|_| self.key.mode == AuthMode::Token) else {
            return Ok(None);
        };
        let mut scopes = vec![Scope::named(game.0)];
        let id = GameId::from_number(game.0);
        if id.is_some() {
            scopes.extend(digest_scopes(conn, id, player)?);
        }
        if self.shows_any(player, &scopes) {
            return Ok(None);
        }
        let local = self.server.split('@').next().unwrap_or(self.server);
        let reason = words::bad_token(game.0, local);
        Ok(Some(match settle(load_own(conn, player, game))? {
            Ok((g, _)) => reject_in(g.id, "bad-token", reason),
            Err(_) => reject("bad-token", reason),
        }))
    }
}

impl Gate<'_> {
    /// True when the mail was sent to `player`'s token of one of `scopes`.
    fn shows_any(&self, player: &Player, scopes: &[Scope]) -> bool {
        let shows = |scope| (self.presented.iter()).any(|t| self.key.verifies(t, player.id, scope));
        scopes.iter().copied().any(shows)
    }

    /// Returns the `bad-token` refusal of an account change unless the mail
    /// was sent to one of `player`'s token addresses: the account token (in
    /// the Reply-To of their mail about no game), the token of any of their
    /// games or challenges, or of any digest they had. Each shows the mail
    /// comes from someone who reads the player's mail, not only writes
    /// their From.
    fn check_account(
        &self,
        conn: &Connection,
        player: &Player,
    ) -> Result<Option<Rejection>, PipelineError> {
        let mut scopes = vec![Scope::ACCOUNT];
        scopes.extend(
            accounts::token_scopes(conn, player.id)?
                .into_iter()
                .map(Scope::game),
        );
        scopes.extend(digest_scopes(conn, None, player)?);
        if self.shows_any(player, &scopes) {
            return Ok(None);
        }
        let local = self.server.split('@').next().unwrap_or(self.server);
        Ok(Some(reject(
            "bad-token",
            words::account_token_needed(local),
        )))
    }
}

/// The token scopes of the digests of `player` that listed game `game`
/// (with `None`: every digest they had, `notices` of kind `digest`).
fn digest_scopes(
    conn: &Connection,
    game: Option<GameId>,
    player: &Player,
) -> Result<Vec<Scope>, PipelineError> {
    let kind = if game.is_none() {
        "digest"
    } else {
        DIGEST_GAME
    };
    let days = notices::keys(conn, game, Some(player.id), kind)?;
    Ok(days.iter().map(|d| digest_scope(d)).collect())
}

/// True for the commands that need a token in token mode: those that act
/// in a game or change the account.
pub(crate) fn needs_token(cmd: &Command) -> bool {
    guarded_game(cmd).is_some() || changes_account(cmd)
}

/// True for the commands that change a player's account: in token mode
/// they need one of the player's tokens.
fn changes_account(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Password { .. }
            | Command::Notify { .. }
            | Command::Vacation { .. }
            | Command::Images { .. }
            | Command::Public { .. }
            | Command::Timezone { zone: Some(_) }
            | Command::Confirm { on: Some(_) }
            | Command::Address {
                action: AddressAction::Add(_) | AddressAction::Remove(_)
            }
    )
}

/// Returns the game a command acts in, for the commands that need a token:
/// every command naming a game except reading its board or record, and
/// `accept` / `decline`, whose challenge mail is about no game yet (so it
/// carries no token to answer with).
fn guarded_game(cmd: &Command) -> Option<GameRef> {
    match cmd {
        Command::Move { game, .. }
        | Command::Pass { game, .. }
        | Command::Resign { game }
        | Command::Place { game, .. }
        | Command::Dead { game, .. }
        | Command::Alive { game, .. }
        | Command::Done { game, .. }
        | Command::Resume { game }
        | Command::Undo { game }
        | Command::If { game, .. }
        | Command::Say { game, .. } => Some(*game),
        _ => None,
    }
}
