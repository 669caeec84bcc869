//! Letters: mail to a player beyond the transcript of their own commands —
//! a challenge, the scored board, the end of a game with its SGF, a say
//! message, an undo request, and everything `tick` sends (reminders,
//! warnings, losses on time, digests).
//!
//! Owns who gets a [`Letter`] (the value the commands and `tick` build,
//! `base::letter`)
//! (the player's first address, unless their `notify` setting declines
//! mail that needs no answer, the admin disabled them or bounces stopped
//! it: one question to the store, `store::reach`), its threading under
//! the game's first mail, and queueing it in the outbox with a
//! deterministic Message-ID. Must not decide what a letter says: the
//! command or `tick` renders its text.

use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::outgoing;
use super::pace::{self, Hold};
use super::pictures::Known;
use super::shape;
use crate::mail::outbound::{AUTO_GENERATED, OutboundMail};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::store::MessageId;
use crate::store::games::{GameId, thread};
use crate::store::{outbox, reach};

/// Where a letter's Message-ID and outbox row come from.
pub(crate) struct Origin<'a> {
    /// A string unique to this letter (the inbound key and a sequence
    /// number, or a tick notice's key): the Message-ID is derived from it,
    /// so queueing the same letter twice makes the same mail.
    pub(crate) unique: &'a str,
    /// The inbound message that caused it, if any.
    pub(crate) inbound_id: Option<MessageId>,
    /// The games (and their boards) its caller has read already.
    pub(crate) known: Option<Known<'a>>,
}

/// What became of the letters [`queue_each`] queued.
#[derive(Debug, Default)]
pub(crate) struct Queued {
    /// How many were queued.
    pub(crate) count: u32,
    /// Those the hourly cap holds back, each with its letter's index.
    pub(crate) held: Vec<(usize, Hold)>,
}

/// What became of one letter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Not queued: its player declines it, is disabled or stopped by bounces.
    Declined,
    /// Queued to leave at once.
    Queued,
    /// Queued, held back by the hourly cap.
    Held(Hold),
}

/// Queues each of `letters` with [`queue_noting`], the `i`th (from 0)
/// under the unique string `unique(i)`, with the games (and boards) the
/// caller has read already, if any (see `pictures::Known`).
pub(crate) fn queue_each<'l>(
    conn: &Connection,
    env: &Env<'_>,
    letters: impl IntoIterator<Item = &'l Letter>,
    unique: impl Fn(usize) -> String,
    inbound_id: Option<MessageId>,
    known: Option<Known<'_>>,
) -> Result<Queued, PipelineError> {
    let mut out = Queued::default();
    for (i, letter) in letters.into_iter().enumerate() {
        let origin = Origin {
            unique: &unique(i),
            inbound_id,
            known,
        };
        match queue_noting(conn, env, letter, &origin)? {
            Fate::Declined => continue,
            Fate::Queued => {}
            Fate::Held(hold) => out.held.push((i, hold)),
        }
        out.count += 1;
    }
    Ok(out)
}

/// Queues `letter` as [`queue_noting`] does; returns whether it was queued.
pub(crate) fn queue(
    conn: &Connection,
    env: &Env<'_>,
    letter: &Letter,
    origin: &Origin<'_>,
) -> Result<bool, PipelineError> {
    Ok(queue_noting(conn, env, letter, origin)? != Fate::Declined)
}

/// Queues `letter` unless its player declines it, is disabled (then not
/// even an essential letter goes) or their address is stopped by bounces.
/// A letter of a capped kind (see `pace`) to an address that had
/// `max_replies_per_hour` such mails in the last hour is queued held back
/// until that hour has passed, with the reason: none is dropped.
pub(crate) fn queue_noting(
    conn: &Connection,
    env: &Env<'_>,
    letter: &Letter,
    origin: &Origin<'_>,
) -> Result<Fate, PipelineError> {
    let Some(reach) = reach::player(conn, letter.to.id)? else {
        return Ok(Fate::Declined);
    };
    let declined = reach.disabled || (!letter.essential && !reach.wants_every_mail());
    if declined || reach.stopped(env.settings.bounce_limit) {
        return Ok(Fate::Declined);
    }
    let hold = pace::hold(conn, env, &reach.address, letter.kind)?;
    let id = letter_id(origin.unique, env.settings.domain());
    let mut m = letter_mail(conn, letter, reach.address.clone(), id)?;
    if let Some(game) = letter.game {
        let root = (letter.kind != "challenge").then(|| thread_root_id(origin.unique, env));
        thread(conn, game, &mut m, root)?;
    }
    let queued = outgoing::Queued {
        kind: letter.kind,
        game: played(conn, letter.game)?,
        inbound_id: origin.inbound_id,
        known: origin.known,
    };
    let message_id = m.message_id.clone();
    outgoing::enqueue(conn, env, m, &queued)?;
    let Some(hold) = hold else {
        return Ok(Fate::Queued);
    };
    outbox::defer_message(conn, &message_id, hold.until, &hold.reason)?;
    Ok(Fate::Held(hold))
}

/// The mail of `letter` to `to` in its game's shape, not threaded yet.
fn letter_mail(
    conn: &Connection,
    letter: &Letter,
    to: String,
    message_id: String,
) -> Result<OutboundMail, PipelineError> {
    let words = shape::shaped(conn, letter.game, &letter.subject, &letter.text)?;
    Ok(OutboundMail {
        game: letter.game.map(|g| g.to_string()),
        attachments: letter.attachments.clone(),
        ..OutboundMail::plain(&to, words.0, words.1, message_id, AUTO_GENERATED)
    })
}

/// `game` when it is a game (a challenge not accepted yet has no game row
/// for the outbox to name).
pub(super) fn played(
    conn: &Connection,
    game: Option<GameId>,
) -> Result<Option<GameId>, PipelineError> {
    let Some(id) = game else { return Ok(None) };
    let between = thread::between(conn, id)?;
    Ok(between.is_some_and(|b| b.is_game).then_some(id))
}

/// Returns the Message-ID of the letter made from `unique`.
pub(crate) fn letter_id(unique: &str, domain: &str) -> String {
    let digest = Sha256::digest(unique.as_bytes());
    let hex = data_encoding::HEXLOWER.encode(&digest[..10]);
    format!("{hex}.letter.pbmgo@{domain}")
}

/// The root of the thread of a game that starts without a challenge (an
/// admin's `game new`): an id no mail carries, which the start letters to
/// both players and every later mail refer to, so both players' mail
/// about the game forms one thread from the first letter on.
fn thread_root_id(unique: &str, env: &Env<'_>) -> String {
    letter_id(&format!("{unique}#thread"), env.settings.domain()).replace(".letter.", ".thread.")
}

/// Threads `m` under the game's root: `In-Reply-To` the root,
/// `References` the root. A game without one gets `new_root`, or with
/// `None` (a challenge letter) `m` itself becomes the root.
pub(super) fn thread(
    conn: &Connection,
    id: GameId,
    m: &mut OutboundMail,
    new_root: Option<String>,
) -> Result<(), PipelineError> {
    let root = match (thread::root(conn, id)?, new_root) {
        (Some(root), _) => root,
        (None, Some(root)) => {
            thread::set_root(conn, id, &root)?;
            root
        }
        (None, None) => return Ok(thread::set_root(conn, id, &m.message_id)?),
    };
    m.in_reply_to = Some(root.clone());
    m.references = vec![root];
    Ok(())
}
