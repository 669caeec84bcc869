//! The one way a rendered mail goes into the outbox, for replies and
//! letters alike: with its reply token (`Reply-To`, in token mode) and its
//! VERP envelope sender (`go+bounce-<id>@domain`), which brings a bounce
//! back naming the outbox row, and with the pictures of the boards it
//! shows (see [`super::pictures`]), and with the note, once, about mail
//! to its reader that could not be delivered.
//!
//! Owns only that step; whether an address may be mailed at all is asked
//! of `store::reach` before a mail is built, and whether it is rendered now
//! or on a render thread is the message's sink's ([`crate::pipeline::base::sink`]).

use rusqlite::Connection;

use super::pictures;
use crate::mail::alternative::{WIDTH, wrap};
use crate::mail::outbound::{self, OutboundMail};
use crate::mail::tags;
use crate::pipeline::base::context::{Env, Settings};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::painting::Unpainted;
use crate::pipeline::base::sink::Row;
use crate::pipeline::base::tokens;
use crate::pipeline::base::wording::lost as lost_words;
use crate::store::MessageId;
use crate::store::games::GameId;
use crate::store::{outbox, scoring};

/// Where a queued mail comes from and what it is about.
pub(crate) struct Queued<'a> {
    /// The outbox kind: `reply`, `your-move`, `challenge`, ...
    pub(crate) kind: &'a str,
    /// The game it is about, which gives it a reply token.
    pub(crate) game: Option<GameId>,
    /// The inbound message that caused it, if any.
    pub(crate) inbound_id: Option<MessageId>,
    /// The games (and their boards) its caller has read already.
    pub(crate) known: Option<pictures::Known<'a>>,
}

/// Returns the envelope sender of the mail `message_id`: its VERP bounce address.
pub(crate) fn envelope(settings: &Settings, message_id: &str) -> String {
    tags::bounce_address(
        &settings.identity.address,
        message_id,
        settings.tokens.keyed(),
    )
}

/// The game a mail's `X-Pbmgo-Game` names (a challenge not accepted yet
/// has no game row for the outbox, but its mail has a token all the same).
fn header_game(mail: &OutboundMail) -> Option<GameId> {
    mail.game.as_deref()?.parse().ok()
}

/// Adds the note about pbmgo's mail to this reader that could not be
/// delivered (see `store::outbox::tell_lost`), if any, after the mail's
/// first paragraph (its news), or first when that ends inside a span laid
/// out by hand.
fn tell_lost(conn: &Connection, mail: &mut OutboundMail) -> Result<(), PipelineError> {
    let lost = outbox::tell_lost(conn, &mail.to, &mail.message_id)?;
    if lost.is_empty() {
        return Ok(());
    }
    let items: Vec<_> = lost
        .iter()
        .map(|l| (l.written_at, l.what.as_str()))
        .collect();
    let note = wrap(&lost_words::lost_mail(&items), WIDTH);
    let text = std::mem::take(&mut mail.text);
    mail.text = match first_break(&text, &mail.laid_out) {
        Some(at) => format!("{}\n\n{note}\n\n{}", &text[..at], &text[at + 2..]),
        None => format!("{}\n\n{}", note.trim_end(), text),
    };
    Ok(())
}

/// Where the first paragraph of `text` ends, unless inside a span of `laid_out`.
fn first_break(text: &str, laid_out: &[String]) -> Option<usize> {
    let at = text.find("\n\n")?;
    let inside = |span: &String| {
        text.match_indices(span.as_str())
            .any(|(start, _)| start <= at && at < start + span.len())
    };
    (!laid_out.iter().any(inside)).then_some(at)
}

/// Sets the mail's Reply-To (token mode, a game, a player; a Reply-To the
/// caller set, such as a signup confirmation's, is kept), finds the boards
/// it shows, renders it with their pictures (or has `env.sink` render it
/// later, away from the transaction) and queues it with its VERP envelope
/// sender.
pub(crate) fn enqueue(
    conn: &Connection,
    env: &Env<'_>,
    mut mail: OutboundMail,
    q: &Queued<'_>,
) -> Result<(), PipelineError> {
    let settings = env.settings;
    let game = q.game;
    let server = &settings.identity.address;
    let about = game.or_else(|| header_game(&mail));
    if mail.reply_to.is_none() {
        let scope = tokens::scope_of(q.kind, about, env.now);
        mail.reply_to = tokens::reply_to_for(conn, &settings.tokens, server, &mail.to, scope)?;
    }
    if let Some(game) = about
        && let Some(count) = scoring::current_count(conn, game)?
    {
        scoring::note_mail(conn, &mail.message_id, game, count)?;
    }
    let shown = pictures::shown(conn, settings, &mail, about, q.known)?;
    mail.laid_out.extend(shown.laid_out);
    tell_lost(conn, &mut mail)?;
    let boards = shown.boards;
    let envelope_from = envelope(settings, &mail.message_id);
    let row = Row {
        envelope_from: &envelope_from,
        kind: q.kind,
        game_id: game,
        inbound_id: q.inbound_id,
    };
    let Some(unpainted) = env
        .sink
        .defer(conn, Unpainted { mail, boards }, &row, env.now)?
    else {
        return Ok(());
    };
    let mail = env.sink.paint(unpainted);
    let raw = outbound::render(&mail, &settings.identity, env.now)?;
    env.sink.store(conn, &mail, &row, raw, env.now)?;
    Ok(())
}
