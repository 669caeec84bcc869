//! The one way a rendered mail goes into the outbox, for replies and
//! letters alike: with its reply token (`Reply-To`, in token mode) and its
//! VERP envelope sender (`go+bounce-<id>@domain`), which brings a bounce
//! back naming the outbox row.
//!
//! Owns only that step; whether an address may be mailed at all is asked
//! of `store::reach` before a mail is built.

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::{PipelineError, Settings, render_pool, tokens};
use crate::mail::outbound::{self, OutboundMail};
use crate::mail::tags;
use crate::store::games::GameId;
use crate::store::outbox::{self, NewMail};

/// Where a queued mail comes from and what it is about.
pub struct Queued<'a> {
    /// The outbox kind: `reply`, `your-move`, `challenge`, ...
    pub kind: &'a str,
    /// The game it is about, which gives it a reply token.
    pub game: Option<GameId>,
    /// The inbound message that caused it, if any.
    pub inbound_id: Option<i64>,
}

/// Returns the envelope sender of the mail `message_id`: its VERP bounce address.
pub fn envelope(settings: &Settings, message_id: &str) -> String {
    tags::bounce_address(&settings.identity.address, message_id)
}

/// Sets the mail's Reply-To (token mode, a game, a player), renders it
/// and queues it with its VERP envelope sender.
pub fn enqueue(
    conn: &Connection,
    settings: &Settings,
    now: DateTime<Utc>,
    mut mail: OutboundMail,
    q: &Queued<'_>,
) -> Result<(), PipelineError> {
    let game = q.game.map(GameId::get);
    let server = &settings.identity.address;
    mail.reply_to = tokens::reply_to_for(conn, &settings.tokens, server, &mail.to, game)?;
    let envelope_from = envelope(settings, &mail.message_id);
    let mut new = NewMail {
        message_id: &mail.message_id,
        envelope_from: &envelope_from,
        recipient: &mail.to,
        kind: q.kind,
        game_id: game,
        inbound_id: q.inbound_id,
        raw: &[],
    };
    if render_pool::active() {
        let later = outbox::enqueue_later(conn, &new, now)?;
        let Some(mail) = render_pool::push(later, mail, now) else {
            return Ok(());
        };
        // Nobody took it: its bytes are stored now, as without a deferral.
        let raw = outbound::render(&mail, &settings.identity, now)?;
        let encoded = outbox::encode_body(&raw);
        outbox::store_later(conn, later, raw, &encoded)?;
        return Ok(());
    }
    let raw = outbound::render(&mail, &settings.identity, now)?;
    new.raw = &raw;
    outbox::enqueue(conn, &new, now)?;
    Ok(())
}
