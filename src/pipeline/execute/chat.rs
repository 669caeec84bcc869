//! A mail's words when it has no command: the game the mail answers (the
//! `[gameN]` tag of its Subject, else the game of a mail its
//! `In-Reply-To` or `References` name: one of ours in the outbox, or a
//! game's thread root), and the words sent to the opponent there as `say`
//! would send them, or why they went nowhere.

use rusqlite::Connection;
use serde::Serialize;

use super::cmd::Cmd;
use super::gate::Gate;
use crate::mail::command::{Command, GameRef, strip_subject};
use crate::mail::inbound::InboundMail;
use crate::pipeline::error::PipelineError;
use crate::pipeline::letters::Letter;
use crate::pipeline::report::Chat;
use crate::pipeline::wording::personal as words;
use crate::store::StoreError;
use crate::store::games::{self, GameId, thread};

/// Context of `words-letter.txt`: a player's words sent on alone.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WordsLetterCtx {
    /// The game's name.
    pub(crate) game: String,
    /// Who wrote.
    pub(crate) from: String,
    /// Their lines, as written.
    pub(crate) lines: Vec<String>,
}

/// Returns the game whose mail `mail` answers, if it names one that exists.
pub(super) fn answered_game(
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
        if let Some(game) = thread::game_of(conn, id)? {
            return Ok(Some(game));
        }
    }
    Ok(None)
}

/// The game id of a `[gameN]` reference.
fn game_id(game: GameRef) -> Option<GameId> {
    i64::try_from(game.0).ok().and_then(GameId::new)
}

/// True when game `id` exists.
fn exists(conn: &Connection, id: GameId) -> Result<bool, PipelineError> {
    match games::load(conn, id) {
        Ok(_) => Ok(true),
        Err(StoreError::NotFound { .. }) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Sends `lines`, the words of a mail without commands, to the sender's
/// opponent in `game` (the game the mail answers); `None` without words.
pub(super) fn words_only(
    c: &Cmd<'_>,
    gate: &Gate<'_>,
    game: Option<GameId>,
    lines: &[String],
) -> Result<Option<Chat>, PipelineError> {
    if lines.is_empty() {
        return Ok(None);
    }
    let Some(id) = game else {
        return Ok(Some(Chat::Nowhere(words::answers_no_game().into())));
    };
    let g = games::load(c.conn, id)?;
    let Some(color) = g.color_of(c.player.id) else {
        return Ok(Some(Chat::Nowhere(words::not_your_game(id))));
    };
    let say = Command::Say {
        game: GameRef(u64::try_from(id.get()).unwrap_or(0)),
        text: lines.join(" "),
    };
    if let Some(refused) = gate.check(c.conn, c.player, &say)? {
        return Ok(Some(Chat::Nowhere(refused.reason)));
    }
    let to = g.player(color.opponent()).clone();
    let ctx = WordsLetterCtx {
        game: id.to_string(),
        from: c.player.name.clone(),
        lines: lines.to_vec(),
    };
    let letter = Letter {
        to: to.clone(),
        kind: "say",
        subject: words::say_subject(id, &c.player.name),
        text: c.env.templates.render("words-letter.txt", &ctx)?,
        html: None,
        game: Some(id),
        attachments: Vec::new(),
        essential: true,
    };
    Ok(Some(Chat::Sent {
        to: to.name,
        game: id,
        letter,
    }))
}
