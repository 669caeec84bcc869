//! The pipeline: one inbound message becomes a sequence of small named
//! steps, the only place where the engine, the store and mail meet.
//!
//! Owns the policy for a message (the ordered `STEPS` in [`process`]),
//! running commands against games (`execute`), the replies they cause
//! (`replies`), and where the mail they queue goes (`sink`, chosen by the
//! caller and carried in [`Env`]). How messages are run in batches, on
//! threads, and sent is `crate::runner`'s. Every step of one message runs
//! inside the caller's transaction: the game changes, the outbox rows and
//! the message's exactly-once key commit together, and replies are sent
//! after commit.
//!
//! Must not touch sockets or the terminal. Time and ids are arguments.

pub mod admin;
mod auth;
mod boards;
pub mod bounces;
pub mod deadlines;
mod execute;
pub mod letters;
pub mod outgoing;
pub mod records;
mod replies;
pub mod sink;
pub mod tick;
pub mod tokens;

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use thiserror::Error;

use crate::mail::classify::{IgnoreReason, Verdict, classify};
use crate::mail::command::parse_mail;
use crate::mail::inbound::{self, InboundMail};
use crate::mail::outbound::{Identity, OutboundError};
use crate::mail::templates::{TemplateError, Templates};
use crate::store::StoreError;
use crate::store::messages::{self, NewMessage, Outcome};
use crate::store::players::{self, Player};

pub use sink::MailSink;

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
    pub games: crate::home::GamesConfig,
    /// Permanent bounces after which an address gets no more mail; 0: never.
    pub bounce_limit: u32,
    /// `[server] auth` and the secret reply tokens are made with.
    pub tokens: tokens::TokenKey,
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

/// Where a message ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disposition {
    /// Handled: its key is recorded with this outcome and its replies are queued.
    Handled {
        /// What it came to.
        outcome: Outcome,
        /// Replies queued.
        replies: u32,
    },
    /// Seen before: nothing was done again.
    Duplicate,
    /// Not handled: to be held in quarantine with this reason.
    Quarantine {
        /// Why, in plain words.
        reason: String,
        /// The sender, when one could be read.
        sender: Option<String>,
    },
}

/// An internal failure while handling a message; the message goes to quarantine.
#[derive(Debug, Error)]
pub enum PipelineError {
    /// The database failed.
    #[error("database error")]
    Store(#[from] StoreError),
    /// A reply template failed.
    #[error("reply template failed")]
    Template(#[from] TemplateError),
    /// A reply could not be built.
    #[error("reply could not be built")]
    Outbound(#[from] OutboundError),
}

impl From<rusqlite::Error> for PipelineError {
    fn from(e: rusqlite::Error) -> Self {
        PipelineError::Store(StoreError::from(e))
    }
}

/// Returns the exactly-once key of a message: its Message-ID, else a hash of its bytes.
pub fn message_key(mail: &InboundMail) -> String {
    match &mail.message_id {
        Some(id) if !id.is_empty() => id.clone(),
        _ => format!("sha256:{}", mail.raw_hash),
    }
}

/// Handles one raw message inside the caller's transaction (`conn`).
///
/// The steps, in order: size limit, parse, seen before, loop safety
/// (a delivery report's bounces are recorded), forged sender, identify the
/// sender (a player's bounces are cleared), read the commands, run them
/// (game commands check the reply token in token mode), reply.
pub fn process(
    conn: &Connection,
    env: &Env<'_>,
    raw: &[u8],
    source: &str,
) -> Result<Disposition, PipelineError> {
    if raw.len() > env.settings.max_message_bytes {
        let reason = format!(
            "message of {} bytes is over the limit of {}",
            raw.len(),
            env.settings.max_message_bytes
        );
        return Ok(Disposition::Quarantine {
            reason,
            sender: None,
        });
    }
    let mail = match inbound::parse(raw) {
        Ok(m) => m,
        Err(e) => {
            return Ok(Disposition::Quarantine {
                reason: format!("unreadable mail: {e}"),
                sender: None,
            });
        }
    };
    let key = message_key(&mail);
    if messages::seen(conn, &key)? {
        return Ok(Disposition::Duplicate);
    }
    let msg = Msg {
        mail: &mail,
        key: &key,
        source,
    };
    if let Some(reason) = ignore_reason(env, &mail) {
        let id = record(
            conn,
            env,
            &msg,
            None,
            Outcome::Ignored,
            &reason.0,
            &reason.1,
        )?;
        let letters = match reason.0 == IgnoreReason::DeliveryReport.code() {
            true => bounces::on_report(conn, env, &msg, id)?,
            false => 0,
        };
        return Ok(handled(Outcome::Ignored, letters));
    }
    let sender = mail.from.clone().unwrap_or_default();
    match players::find_by_address(conn, &sender)? {
        Some(player) => from_player(conn, env, &msg, &player),
        None => execute::from_stranger(conn, env, &msg),
    }
}

/// The message being handled, with its key and where it came from.
pub(crate) struct Msg<'a> {
    pub mail: &'a InboundMail,
    pub key: &'a str,
    pub source: &'a str,
}

fn handled(outcome: Outcome, replies: u32) -> Disposition {
    Disposition::Handled { outcome, replies }
}

/// Returns (code, plain words) when the message must not be answered.
fn ignore_reason(env: &Env<'_>, mail: &InboundMail) -> Option<(String, String)> {
    if let Verdict::Ignore(reason) = classify(mail, &env.settings.identity.address) {
        return Some((reason.code().to_string(), reason.to_string()));
    }
    if let Some(from) = mail.from.as_deref().filter(|a| !answerable(a)) {
        return Some((
            "bad-sender".to_string(),
            format!("the sender's address {from:?} cannot be answered"),
        ));
    }
    auth::forged(mail, env.settings.trust_authserv_id.as_deref())
        .map(|why| ("forged-sender".to_string(), why))
}

/// Returns true when `address` can be stored and written to.
fn answerable(address: &str) -> bool {
    players::normalize_address(address).is_ok() && address.parse::<lettre::Address>().is_ok()
}

/// Runs a known player's commands and queues the replies.
fn from_player(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
) -> Result<Disposition, PipelineError> {
    bounces::clear(conn, env, player)?;
    let parsed = parse_mail(&msg.mail.subject, &msg.mail.text);
    let report = execute::run_all(conn, env, player, &parsed, msg)?;
    execute::answer_player(conn, env, msg, player, &report)
}

/// Records the message's key and outcome; returns its row id.
pub(crate) fn record(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player_id: Option<i64>,
    outcome: Outcome,
    reasons: &str,
    detail: &str,
) -> Result<i64, PipelineError> {
    let m = NewMessage {
        key: msg.key,
        sender: msg.mail.from.as_deref(),
        player_id,
        subject: &msg.mail.subject,
        outcome,
        reasons,
        detail,
        source: msg.source,
    };
    Ok(messages::record(conn, &m, env.now)?)
}
