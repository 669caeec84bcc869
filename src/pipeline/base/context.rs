//! What one message is handled with: the server's [`Settings`] (read from
//! the config once per run), the per-message [`Env`] (settings, templates,
//! the time), and the message itself ([`Msg`]: the parsed mail, its
//! exactly-once key and where it came from).

use chrono::{DateTime, Utc};

use super::passwords::Prechecked;
use super::sink::MailSink;
use super::tokens::TokenKey;
use crate::command::Limits;
use crate::home::{GamesConfig, RatingsConfig, SignupMode, WebConfig};
use crate::mail::inbound::InboundMail;
use crate::mail::outbound::Identity;
use crate::mail::templates::Templates;

/// What the pipeline needs to know about this server.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// Who replies come from.
    pub(crate) identity: Identity,
    /// Mail larger than this is quarantined unanswered.
    pub(crate) max_message_bytes: usize,
    /// Mail others make pbmgo send to one address per hour, at most (see `pace`).
    pub(crate) max_replies_per_hour: u32,
    /// Answers to one address's own mail per hour, at most: a loop's backstop.
    pub(crate) max_answers_per_hour: u32,
    /// "Who are you" replies to one unknown address per day, at most.
    pub(crate) unknown_sender_replies_per_day: u32,
    /// When set, `Authentication-Results` from this authserv-id are trusted.
    pub(crate) trust_authserv_id: Option<String>,
    /// Games one player may have going at once (challenges included); 0: no limit.
    pub(crate) max_games_per_player: u32,
    /// Challenges, clocks, the scoring phase and vacations.
    pub(crate) games: GamesConfig,
    /// Ranks and rated games.
    pub(crate) ratings: RatingsConfig,
    /// The static web archive: its address for the links in mail.
    #[allow(dead_code, reason = "the links in mail come next (issue 31)")]
    pub(crate) web: WebConfig,
    /// The server's time zone (`[server] timezone`): a player's who chose none.
    pub(crate) zone: crate::clock::Tz,
    /// Permanent bounces after which an address gets no more mail; 0: never.
    pub(crate) bounce_limit: u32,
    /// `[server] auth` and the secret reply tokens are made with.
    pub(crate) tokens: TokenKey,
    /// Random bytes drawn once per process at the CLI edge and mixed into
    /// password salts; tests leave them at zero.
    pub(crate) entropy: [u8; 16],
    /// How strangers join (`[server] signup` and the signup limits).
    pub(crate) signup: SignupRules,
    /// `say` messages one player may send in one game in an hour.
    pub(crate) says_per_game_per_hour: u32,
    /// Challenges one player may make in a day.
    pub(crate) challenges_per_day: u32,
    /// Mail to addresses of no player in a day, all together (see `backscatter`).
    pub(crate) stranger_replies_per_day: u32,
    /// How much one command line may ask (`[limits] max_line_chars`,
    /// `max_say_chars`, `max_if_moves`).
    pub(crate) line_limits: Limits,
    /// Conditional sequences one player may hold in one game.
    pub(crate) max_conditionals_per_game: u32,
}

/// How strangers join: the mode and, for `confirm`, its limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SignupRules {
    /// `confirm`, `open` or `closed`.
    pub(crate) mode: SignupMode,
    /// Confirmation mails a day, to all addresses together.
    pub(crate) per_day: u32,
    /// Hours a confirmation stays valid.
    pub(crate) expiry_hours: u32,
}

impl Settings {
    /// Returns the domain of the server's address (for Message-IDs).
    pub(crate) fn domain(&self) -> &str {
        self.identity
            .address
            .rsplit_once('@')
            .map_or("localhost", |(_, d)| d)
    }
}

/// Everything one run of the pipeline works with.
pub(crate) struct Env<'a> {
    /// Server settings.
    pub(crate) settings: &'a Settings,
    /// Reply templates.
    pub(crate) templates: &'a Templates,
    /// The time this message is handled at.
    pub(crate) now: DateTime<Utc>,
    /// Where the mail it queues goes.
    pub(crate) sink: &'a MailSink<'a>,
    /// The password checks made before its transaction, if any were.
    pub(crate) passwords: Option<&'a Prechecked>,
}

/// The message being handled, with its key and where it came from.
pub(crate) struct Msg<'a> {
    /// The parsed mail.
    pub(crate) mail: &'a InboundMail,
    /// Its exactly-once key (see `process::unseen_key`).
    pub(crate) key: &'a str,
    /// Where it came from: its file name, as the runner names it.
    pub(crate) source: &'a str,
}
