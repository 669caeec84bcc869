//! What one message is handled with: the server's [`Settings`] (read from
//! the config once per run), the per-message [`Env`] (settings, templates,
//! the time), and the message itself ([`Msg`]: the parsed mail, its
//! exactly-once key and where it came from).

use chrono::{DateTime, Utc};

use super::sink::MailSink;
use super::tokens::TokenKey;
use crate::home::GamesConfig;
use crate::mail::inbound::InboundMail;
use crate::mail::outbound::Identity;
use crate::mail::templates::Templates;

/// What the pipeline needs to know about this server.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Who replies come from.
    pub identity: Identity,
    /// Mail larger than this is quarantined unanswered.
    pub max_message_bytes: usize,
    /// Replies to one address per hour, at most.
    pub max_replies_per_hour: u32,
    /// "Who are you" replies to one unknown address per day, at most.
    pub unknown_sender_replies_per_day: u32,
    /// When set, `Authentication-Results` from this authserv-id are trusted.
    pub trust_authserv_id: Option<String>,
    /// Games one player may have going at once (challenges included); 0: no limit.
    pub max_games_per_player: u32,
    /// Challenges, clocks, the scoring phase and vacations.
    pub games: GamesConfig,
    /// Permanent bounces after which an address gets no more mail; 0: never.
    pub bounce_limit: u32,
    /// `[server] auth` and the secret reply tokens are made with.
    pub tokens: TokenKey,
    /// Random bytes drawn once per process at the CLI edge and mixed into
    /// password salts; tests leave them at zero.
    pub entropy: [u8; 16],
}

impl Settings {
    /// Returns the domain of the server's address (for Message-IDs).
    pub fn domain(&self) -> &str {
        self.identity
            .address
            .rsplit_once('@')
            .map_or("localhost", |(_, d)| d)
    }
}

/// Everything one run of the pipeline works with.
pub struct Env<'a> {
    /// Server settings.
    pub settings: &'a Settings,
    /// Reply templates.
    pub templates: &'a Templates,
    /// The time this message is handled at.
    pub now: DateTime<Utc>,
    /// Where the mail it queues goes.
    pub sink: &'a MailSink<'a>,
}

/// The message being handled, with its key and where it came from.
pub struct Msg<'a> {
    /// The parsed mail.
    pub mail: &'a InboundMail,
    /// Its exactly-once key (see `process::message_key`).
    pub key: &'a str,
    /// Where it came from: its file name, as the runner names it.
    pub source: &'a str,
}
