//! A mail's words when it has no command: the game the mail answers (the
//! `[gameN]` tag of its Subject, else the game of a mail its
//! `In-Reply-To` or `References` name: one of ours in the outbox, or a
//! game's thread root), and the words sent to the opponent there as `say`
//! would send them, or why they went nowhere. Before there is a game,
//! words answering a challenge go to its other player (`words::challenge`).

use rusqlite::Connection;

use super::cmd::Cmd;
use super::gate::Gate;
use super::words::challenge::{answered_challenge, to_challenge};
use super::words::letter::words_letter;
use crate::command::{Command, GameRef, strip_subject};
use crate::mail::inbound::InboundMail;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::personal as words;
use crate::pipeline::record::report::{Chat, Topic};
use crate::store::challenges::Status;
use crate::store::games::{self, GameId, thread};
use crate::store::{StoreError, comments};

/// Returns the game whose mail `mail` answers, if it names one that exists.
pub(crate) fn answered_game(
    conn: &Connection,
    mail: &InboundMail,
) -> Result<Option<GameId>, PipelineError> {
    if let Some(id) = strip_subject(&mail.subject).1.and_then(game_id)
        && exists(conn, id)?
    {
        return Ok(Some(id));
    }
    let named = mail.in_reply_to.iter().chain(mail.references.iter().rev());
    for id in named {
        // A challenge's letter names its challenge, which is no game yet.
        if let Some(game) = thread::game_of(conn, id)?
            && exists(conn, game)?
        {
            return Ok(Some(game));
        }
    }
    Ok(None)
}

/// The game id of a `[gameN]` reference.
fn game_id(game: GameRef) -> Option<GameId> {
    GameId::from_number(game.0)
}

/// True when game `id` exists.
fn exists(conn: &Connection, id: GameId) -> Result<bool, PipelineError> {
    match games::load(conn, id) {
        Ok(_) => Ok(true),
        Err(StoreError::NotFound { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Sends `lines`, the words of a mail without commands, to the other
/// player of what `mail` answers: `game` (the game it answers), else a
/// challenge (see `words::challenge`); `None` without words. `note` goes
/// beside the words (words that look like a command are not one).
pub(super) fn words_only(
    c: &Cmd<'_>,
    gate: &Gate<'_>,
    (mail, game): (&InboundMail, Option<GameId>),
    lines: &[String],
    note: Option<&str>,
) -> Result<Option<Chat>, PipelineError> {
    if lines.is_empty() {
        return Ok(None);
    }
    let game = match game {
        Some(id) => Some(id),
        None => match answered_challenge(c.conn, mail, c.player)? {
            Some(ch) if ch.status != Status::Accepted => {
                return Ok(Some(to_challenge(c, &ch, lines, note)?));
            }
            accepted => accepted.map(|ch| ch.id),
        },
    };
    match game {
        Some(id) => to_game(c, gate, id, (lines, note)).map(Some),
        None => Ok(Some(Chat::Nowhere(words::answers_no_game().into()))),
    }
}

/// Sends `lines` (with `note` beside them) to the sender's opponent in
/// game `id`, as `say` would.
fn to_game(
    c: &Cmd<'_>,
    gate: &Gate<'_>,
    id: GameId,
    (lines, note): (&[String], Option<&str>),
) -> Result<Chat, PipelineError> {
    let g = games::load(c.conn, id)?;
    let Some(color) = g.color_of(c.player.id) else {
        return Ok(Chat::Nowhere(words::not_your_game(id)));
    };
    let say = Command::Say {
        game: GameRef(u64::try_from(id.get()).unwrap_or(0)),
        text: lines.join(" "),
    };
    if let Some(refused) = gate.check(c.conn, c.player, &say)? {
        return Ok(Chat::Nowhere(refused.reason));
    }
    let at = g.game.move_number();
    comments::record(c.conn, id, at, color, lines, c.key, c.env.now)?;
    let to = g.player(color.opponent());
    Ok(Chat::Sent {
        to: to.name.clone(),
        game: id,
        letter: Box::new(words_letter(c, to, (id, false), lines, note)?),
        topic: Topic::Game,
    })
}
