//! A mail with only words that answers a challenge, before there is a
//! game: the challenge it answers and the words sent to the other player.
//!
//! The challenge is found by the mail's `[gameN]` tag, else by a mail of
//! ours its In-Reply-To or References name: a mail tagged with the
//! challenge (its letter, a words letter about it), or the challenger's
//! transcript, beside which the challenge letter was queued. The sender
//! must be one of its two players. Words alone never accept or decline a
//! challenge: they only travel.

use rusqlite::Connection;

use super::letter::words_letter;
use crate::command::strip_subject;
use crate::mail::inbound::{self, InboundMail};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::record::report::{Chat, Topic};
use crate::store::challenges::{self, Challenge, Status};
use crate::store::games::GameId;
use crate::store::outbox::{self, Recalled};
use crate::store::players::Player;

/// Returns the challenge of `player`'s that `mail` answers, if any.
pub(in crate::pipeline::execute) fn answered_challenge(
    conn: &Connection,
    mail: &InboundMail,
    player: &Player,
) -> Result<Option<Challenge>, PipelineError> {
    if let Some(c) = tagged(conn, &mail.subject, player)? {
        return Ok(Some(c));
    }
    let named = mail.in_reply_to.iter().chain(mail.references.iter().rev());
    for id in named {
        if let Some(c) = of_named(conn, id, player)? {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// The challenge of the outbox mail `id`: its own tag, else the one
/// challenge letter queued beside it (none when there were several).
fn of_named(
    conn: &Connection,
    id: &str,
    player: &Player,
) -> Result<Option<Challenge>, PipelineError> {
    let sent = outbox::with_challenge_letters(conn, id)?;
    let Some((own, beside)) = sent.split_first() else {
        return Ok(None);
    };
    if let Some(c) = of_sent(conn, own, player)? {
        return Ok(Some(c));
    }
    let mut found: Vec<Challenge> = Vec::new();
    for letter in beside {
        if let Some(c) = of_sent(conn, letter, player)?
            && found.iter().all(|f| f.id != c.id)
        {
            found.push(c);
        }
    }
    Ok(found.pop().filter(|_| found.is_empty()))
}

/// The challenge a mail of ours about no game names in its Subject tag.
fn of_sent(
    conn: &Connection,
    sent: &Recalled,
    player: &Player,
) -> Result<Option<Challenge>, PipelineError> {
    if sent.game_id.is_some() {
        return Ok(None);
    }
    match inbound::parse(&sent.raw) {
        Ok(mail) => tagged(conn, &mail.subject, player),
        Err(_) => Ok(None),
    }
}

/// The challenge of `player`'s that the `[gameN]` tag of `subject` names.
fn tagged(
    conn: &Connection,
    subject: &str,
    player: &Player,
) -> Result<Option<Challenge>, PipelineError> {
    let tag = strip_subject(subject).1;
    let Some(id) = tag.and_then(|g| GameId::from_number(g.0)) else {
        return Ok(None);
    };
    let mine = |c: &Challenge| [c.challenger.id, c.challenged.id].contains(&player.id);
    Ok(challenges::find(conn, id)?.filter(mine))
}

/// Sends `lines` to the other player of challenge `ch`.
pub(in crate::pipeline::execute) fn to_challenge(
    c: &Cmd<'_>,
    ch: &Challenge,
    lines: &[String],
    note: Option<&str>,
) -> Result<Chat, PipelineError> {
    let to = match ch.challenger.id == c.player.id {
        true => &ch.challenged,
        false => &ch.challenger,
    };
    Ok(Chat::Sent {
        to: to.name.clone(),
        game: ch.id,
        letter: Box::new(words_letter(c, to, (ch.id, true), lines, note)?),
        topic: Topic::Challenge {
            open: ch.status == Status::Open,
        },
    })
}
