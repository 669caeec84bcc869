//! The configuration: every section and key of `pbmgo.toml` with its
//! default (unknown keys are refused), reading it from TOML with the line of
//! any error, and the commented default config `pbmgo init` writes
//! (`default.toml`, embedded).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The whole configuration; every section and key is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct Config {
    /// Who the server is.
    pub(crate) server: ServerConfig,
    /// Where mail comes in.
    pub(crate) inbox: InboxConfig,
    /// How mail goes out.
    pub(crate) outbound: OutboundConfig,
    /// Caps on message size and on the replies sent.
    pub(crate) limits: LimitsConfig,
    /// The game database.
    pub(crate) database: DatabaseConfig,
    /// Challenges, clocks, the scoring phase and vacations.
    pub(crate) games: GamesConfig,
    /// How long mail the relay does not take is retried.
    pub(crate) send: super::send::SendConfig,
    /// What `pbmgo status` counts as a problem.
    pub(crate) status: super::monitoring::StatusConfig,
    /// The metrics file.
    pub(crate) metrics: super::monitoring::MetricsConfig,
    /// Ranks and rated games.
    pub(crate) ratings: super::ratings::RatingsConfig,
    /// The static web archive.
    pub(crate) web: super::web::WebConfig,
}

/// `[server]`: the server's identity in mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct ServerConfig {
    /// The address players write to: a bare `local@domain` in ASCII, with
    /// no `+` in the local part (pbmgo adds `+token` itself); checked when
    /// the config is read.
    #[serde(deserialize_with = "server_address")]
    pub(crate) address: String,
    /// The display name on outgoing mail.
    pub(crate) name: String,
    /// The authserv-id whose `Authentication-Results` headers are trusted
    /// (mail whose dkim or dmarc result is `fail` is then refused); empty
    /// to trust none.
    pub(crate) trust_authserv_id: String,
    /// How a mail that plays in a game proves it comes from the player.
    pub(crate) auth: AuthMode,
    /// Permanent bounces after which pbmgo stops mailing an address (until
    /// its player writes again); 0 never stops.
    pub(crate) bounce_limit: u32,
    /// How a stranger joins with `signup NAME`.
    pub(crate) signup: SignupMode,
    /// The time zone of players who chose none (`Europe/Berlin`); empty
    /// means UTC. Checked when the config is read.
    #[serde(deserialize_with = "time_zone")]
    pub(crate) timezone: String,
}

impl ServerConfig {
    /// The server's time zone: `timezone`, else UTC.
    pub(crate) fn zone(&self) -> crate::clock::Tz {
        crate::clock::zone(&self.timezone).unwrap_or(crate::clock::Tz::UTC)
    }
}

/// Reads `[server] timezone`: empty, or a zone of the time zone database.
fn time_zone<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let name = String::deserialize(d)?;
    match name.trim().is_empty() || crate::clock::zone(name.trim()).is_some() {
        true => Ok(name.trim().to_string()),
        false => Err(serde::de::Error::custom(format!(
            "server.timezone {name:?} is not a time zone such as \"Europe/Berlin\" or \"UTC\""
        ))),
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            address: "pbmgo@localhost".into(),
            name: "pbmgo".into(),
            trust_authserv_id: String::new(),
            auth: AuthMode::Address,
            bounce_limit: 3,
            signup: SignupMode::Confirm,
            timezone: String::new(),
        }
    }
}

/// Reads `[server] address`, refusing what cannot be the From of mail and
/// the base of `+token` addresses.
fn server_address<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let address = String::deserialize(d)?;
    match address_problem(&address) {
        None => Ok(address),
        Some(why) => Err(serde::de::Error::custom(format!(
            "server.address {address:?} is not usable: {why}"
        ))),
    }
}

/// What is wrong with `address` as the server's address, if anything.
fn address_problem(address: &str) -> Option<&'static str> {
    let Some((local, domain)) = address.split_once('@') else {
        return Some("it needs one '@'");
    };
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-".contains(c);
    if local.is_empty() || domain.is_empty() || domain.contains('@') {
        Some("it must be local-part@domain")
    } else if local.contains('+') {
        Some("the local part must have no '+': pbmgo adds +token itself")
    } else if !local.chars().all(plain) {
        Some("the local part may hold only ASCII letters, digits, '.', '_' and '-'")
    } else if !domain.chars().all(plain)
        || domain.starts_with(['.', '-'])
        || domain.ends_with(['.', '-'])
        || domain.contains("..")
    {
        Some("the domain must be a host name such as example.org")
    } else {
        None
    }
}

/// `[server] auth`: what a game command must carry besides a player's From.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum AuthMode {
    /// The From address alone.
    #[default]
    Address,
    /// The From address and the reply token of the player and game, in the
    /// address the mail was sent to (`go+<token>@domain`, the `Reply-To`
    /// of every game mail).
    Token,
}

/// `[server] signup`: how a stranger becomes a player.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SignupMode {
    /// The address must answer a confirmation mail first.
    #[default]
    Confirm,
    /// The signup mail alone makes the player.
    Open,
    /// Only the admin adds players.
    Closed,
}

/// `[inbox]`: the Maildir incoming mail is delivered to, and optionally
/// an IMAP mailbox `poll` reads as well.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct InboxConfig {
    /// The Maildir, relative to the home unless absolute.
    pub(crate) maildir: PathBuf,
    /// Messages `poll` handles per transaction (at least 1).
    pub(crate) batch: usize,
    /// The IMAP mailbox (a table, so it comes after the plain keys).
    pub(crate) imap: ImapConfig,
}

impl Default for InboxConfig {
    fn default() -> Self {
        InboxConfig {
            maildir: "inbox".into(),
            batch: 500,
            imap: ImapConfig::default(),
        }
    }
}

/// How the IMAP connection is protected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImapTls {
    /// Plain text (loopback only, please).
    None,
    /// Upgrade with STARTTLS (port 143).
    Starttls,
    /// TLS from the start (port 993).
    #[default]
    Tls,
}

/// `[inbox.imap]`: a mailbox at a provider that `poll` fetches unseen mail
/// from; off while `host` is empty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct ImapConfig {
    /// Host name or address; empty for no IMAP.
    pub(crate) host: String,
    /// Port.
    pub(crate) port: u16,
    /// `none`, `starttls` or `tls`.
    pub(crate) tls: ImapTls,
    /// User name.
    pub(crate) user: String,
    /// File holding the password, relative to the home unless absolute;
    /// empty for none (then `PBMGO_IMAP_PASSWORD` is used).
    pub(crate) password_file: PathBuf,
    /// An extra trusted root certificate (PEM), relative to the home unless
    /// absolute; empty for none.
    pub(crate) ca_file: PathBuf,
    /// The folder read.
    pub(crate) folder: String,
    /// Where handled mail is moved; empty to leave it, marked seen.
    pub(crate) processed_folder: String,
}

impl Default for ImapConfig {
    fn default() -> Self {
        ImapConfig {
            host: String::new(),
            port: 993,
            tls: ImapTls::Tls,
            user: String::new(),
            password_file: PathBuf::new(),
            ca_file: PathBuf::new(),
            folder: "INBOX".into(),
            processed_folder: String::new(),
        }
    }
}

/// How outgoing mail is handed on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Transport {
    /// Write each message as a file into `outbound.dir`.
    #[default]
    File,
    /// Pipe each message to the `outbound.sendmail` program.
    Sendmail,
    /// Send through the SMTP server in `[outbound.smtp]`.
    Smtp,
}

/// `[outbound]`: the transport for outgoing mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct OutboundConfig {
    /// `file`, `sendmail` or `smtp`.
    pub(crate) transport: Transport,
    /// Where the file transport writes, relative to the home unless absolute.
    pub(crate) dir: PathBuf,
    /// The sendmail program.
    pub(crate) sendmail: PathBuf,
    /// Obsolete: read so that old configs load, and ignored; `[send]
    /// give_up_after` says when a mail is given up on.
    pub(crate) max_attempts: u32,
    /// The wait before the first retry; each later wait doubles (at most
    /// four hours).
    pub(crate) retry_seconds: u64,
    /// The SMTP server (a table, so it comes after the plain keys).
    pub(crate) smtp: SmtpConfig,
}

impl Default for OutboundConfig {
    fn default() -> Self {
        OutboundConfig {
            transport: Transport::File,
            dir: "outbox".into(),
            sendmail: "/usr/sbin/sendmail".into(),
            max_attempts: 5,
            retry_seconds: 60,
            smtp: SmtpConfig::default(),
        }
    }
}

/// How the SMTP connection is protected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum SmtpTls {
    /// Plain text.
    #[default]
    None,
    /// Upgrade with STARTTLS.
    Starttls,
    /// TLS from the start.
    Tls,
}

/// `[outbound.smtp]`: the SMTP server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct SmtpConfig {
    /// Host name or address.
    pub(crate) host: String,
    /// Port.
    pub(crate) port: u16,
    /// `none`, `starttls` or `tls`.
    pub(crate) tls: SmtpTls,
    /// User name; empty for no authentication.
    pub(crate) user: String,
    /// File holding the password, relative to the home unless absolute;
    /// empty for none (then `PBMGO_SMTP_PASSWORD` is used, if set).
    pub(crate) password_file: PathBuf,
    /// An extra trusted root certificate (PEM), relative to the home unless
    /// absolute; empty for none. For a relay with a self-signed certificate.
    pub(crate) ca_file: PathBuf,
}

impl Default for SmtpConfig {
    fn default() -> Self {
        SmtpConfig {
            host: "127.0.0.1".into(),
            port: 25,
            tls: SmtpTls::None,
            user: String::new(),
            password_file: PathBuf::new(),
            ca_file: PathBuf::new(),
        }
    }
}

/// `[limits]`: caps that keep the server and its correspondents safe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct LimitsConfig {
    /// Larger inbound messages are not read.
    pub(crate) max_message_bytes: u64,
    /// Mail others make pbmgo send to one address in an hour, at most
    /// (words, challenges, confirmations); more waits, never dropped.
    pub(crate) max_replies_per_hour: u32,
    /// Answers to one address's own mail in an hour, at most: the backstop
    /// that stops a mail loop (automatic mail is never answered at all).
    pub(crate) max_answers_per_hour: u32,
    /// Replies sent in a day to an address that belongs to no player.
    pub(crate) unknown_sender_replies_per_day: u32,
    /// Games one player may have going at once; 0 for no limit.
    pub(crate) max_games_per_player: u32,
    /// Signup confirmations mailed in a day, to all addresses together.
    pub(crate) signups_per_day: u32,
    /// `say` messages one player may send in one game in an hour.
    pub(crate) says_per_game_per_hour: u32,
    /// Challenges one player may make in a day.
    pub(crate) challenges_per_day: u32,
    /// Hours a signup confirmation stays valid.
    pub(crate) signup_expiry_hours: u32,
    /// Mail sent in a day to addresses that belong to no player, to all of
    /// them together (help, "who are you", welcomes, confirmations).
    pub(crate) stranger_replies_per_day: u32,
    /// Characters of one command line, at most (`say` lines excepted).
    pub(crate) max_line_chars: u32,
    /// Characters of the words of one `say`, at most.
    pub(crate) max_say_chars: u32,
    /// Moves of one `if` line (the opponent's and the answers), at most.
    pub(crate) max_if_moves: u32,
    /// Conditional sequences one player may hold in one game, at most.
    pub(crate) max_conditionals_per_game: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        LimitsConfig {
            max_message_bytes: 1_048_576,
            max_replies_per_hour: 20,
            max_answers_per_hour: 120,
            unknown_sender_replies_per_day: 3,
            max_games_per_player: 0,
            signups_per_day: 50,
            says_per_game_per_hour: 10,
            challenges_per_day: 10,
            signup_expiry_hours: 48,
            stranger_replies_per_day: 200,
            max_line_chars: 1000,
            max_say_chars: 2000,
            max_if_moves: 40,
            max_conditionals_per_game: 20,
        }
    }
}

/// `[database]`: the SQLite file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct DatabaseConfig {
    /// The database file, relative to the home unless absolute.
    pub(crate) path: PathBuf,
    /// How long a command waits for another one's write to finish.
    pub(crate) busy_timeout_ms: u64,
}

impl Default for DatabaseConfig {
    fn default() -> Self {
        DatabaseConfig {
            path: "pbmgo.sqlite3".into(),
            busy_timeout_ms: 5000,
        }
    }
}

/// `[games]`: how long challenges, moves and the scoring phase may take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct GamesConfig {
    /// Days per move when a challenge does not say (`days D`).
    pub(crate) days_per_move: u32,
    /// Days before an unanswered challenge expires.
    pub(crate) challenge_expiry_days: u32,
    /// Days the second player has to accept the dead-stone marking once
    /// the first has; then it stands as accepted.
    pub(crate) scoring_deadline_days: u32,
    /// Vacation days each player may take per calendar year.
    pub(crate) vacation_days_per_year: u32,
    /// The time system of a challenge that names none, in a challenge's
    /// words (`fischer 3d+1d max 7d`); empty means per move with
    /// `days_per_move`. Checked when the config is read.
    #[serde(deserialize_with = "time_system")]
    pub(crate) time: String,
    /// Hours left on a player's clock that get them a warning by mail
    /// (once per turn).
    pub(crate) warn_hours: u32,
    /// The handicap of a challenge that names none: empty for none,
    /// `auto` for the fair handicap of the players' ranks.
    #[serde(deserialize_with = "handicap")]
    pub(crate) handicap: String,
}

impl GamesConfig {
    /// The time system of a challenge that names none.
    pub(crate) fn default_time(&self) -> crate::clock::System {
        crate::clock::System::parse(&self.time).unwrap_or(crate::clock::System::PerMove {
            per_move: crate::clock::Span::days(i64::from(self.days_per_move.max(1))),
        })
    }

    /// The time system a new game asks for with `time` (a challenge's
    /// `time ...`, `game new --time`) or `days` (per move), else the default.
    pub(crate) fn system_for(
        &self,
        time: Option<crate::clock::System>,
        days: Option<u32>,
    ) -> crate::clock::System {
        match (time, days) {
            (Some(system), _) => system,
            (None, Some(days)) => crate::clock::System::PerMove {
                per_move: crate::clock::Span::days(i64::from(days.max(1))),
            },
            (None, None) => self.default_time(),
        }
    }
}

/// Reads `[games] time`: empty, or a time system as a challenge writes it.
fn time_system<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let text = String::deserialize(d)?;
    if text.trim().is_empty() {
        return Ok(String::new());
    }
    crate::clock::System::parse(text.trim())
        .map(|s| s.to_string())
        .map_err(|e| serde::de::Error::custom(format!("games.time {text:?}: {e}")))
}

/// Reads `[games] handicap`: empty or `auto`.
fn handicap<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let text = String::deserialize(d)?.trim().to_ascii_lowercase();
    match text.as_str() {
        "" | "none" | "0" => Ok(String::new()),
        "auto" => Ok(text),
        _ => Err(serde::de::Error::custom(format!(
            "games.handicap {text:?}: write \"auto\" (the fair handicap of the ranks) or leave it empty"
        ))),
    }
}

impl Default for GamesConfig {
    fn default() -> Self {
        GamesConfig {
            days_per_move: 7,
            challenge_expiry_days: 14,
            scoring_deadline_days: 7,
            vacation_days_per_year: 30,
            time: String::new(),
            warn_hours: 24,
            handicap: String::new(),
        }
    }
}

/// The config `pbmgo init` writes: every key, commented out, at its default.
pub(crate) const DEFAULT_CONFIG: &str = include_str!("default.toml");

/// Why the config cannot be used.
#[derive(Debug, Error)]
pub(crate) enum ConfigError {
    /// The file exists (or was named) but cannot be read.
    #[error("cannot read config {}", path.display())]
    Read {
        /// The config file.
        path: PathBuf,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// The file is not valid TOML or holds an unknown key or a bad value.
    #[error("config {}, line {line}: {message}", path.display())]
    Parse {
        /// The config file.
        path: PathBuf,
        /// The line (from 1) where the problem is.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl Config {
    /// Reads a config from TOML text; `path` names the file in errors.
    pub(crate) fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: path.to_path_buf(),
            line: e.span().map_or(1, |s| {
                let before = text.get(..s.start).unwrap_or(text);
                before.matches('\n').count() + 1
            }),
            message: e.message().trim().replace('\n', " "),
        })
    }
}
