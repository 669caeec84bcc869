//! The home directory and the configuration file.
//!
//! Everything pbmgo keeps lives in one *home*: `pbmgo.toml` (the config,
//! optional), `pbmgo.sqlite3` (the database), `inbox/` (a Maildir with
//! `tmp/`, `new/`, `cur/`), `outbox/` (where the file transport writes mail),
//! `quarantine/` (a Maildir for mail that could not be handled) and,
//! optionally, `templates/` (reply templates that override the built-in
//! ones). The
//! command line picks the home (`--home`, else `PBMGO_HOME`, else `./data`)
//! and may point at another config file (`--config`).
//!
//! Owns `Config` (every key with its default; unknown keys are refused),
//! the commented default config that `pbmgo init` writes, and `Home`, which
//! resolves the paths the config gives relative to the home. It creates
//! directories only when asked (`Home::create_layout`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The config file's name inside the home.
pub const CONFIG_FILE: &str = "pbmgo.toml";
/// The quarantine Maildir's name inside the home.
pub const QUARANTINE_DIR: &str = "quarantine";
/// The folder of reply templates that override the built-in ones.
pub const TEMPLATES_DIR: &str = "templates";

/// The whole configuration; every section and key is optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Who the server is.
    pub server: ServerConfig,
    /// Where mail comes in.
    pub inbox: InboxConfig,
    /// How mail goes out.
    pub outbound: OutboundConfig,
    /// Caps on message size and on the replies sent.
    pub limits: LimitsConfig,
    /// The game database.
    pub database: DatabaseConfig,
    /// Challenges, clocks, the scoring phase and vacations.
    pub games: GamesConfig,
}

/// `[server]`: the server's identity in mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerConfig {
    /// The address players write to.
    pub address: String,
    /// The display name on outgoing mail.
    pub name: String,
    /// The authserv-id whose `Authentication-Results` headers are trusted
    /// (mail whose dkim or dmarc result is `fail` is then refused); empty
    /// to trust none.
    pub trust_authserv_id: String,
    /// How a mail that plays in a game proves it comes from the player.
    pub auth: AuthMode,
    /// Permanent bounces after which pbmgo stops mailing an address (until
    /// its player writes again); 0 never stops.
    pub bounce_limit: u32,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            address: "pbmgo@localhost".into(),
            name: "pbmgo".into(),
            trust_authserv_id: String::new(),
            auth: AuthMode::Address,
            bounce_limit: 3,
        }
    }
}

/// `[server] auth`: what a game command must carry besides a player's From.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthMode {
    /// The From address alone.
    #[default]
    Address,
    /// The From address and the reply token of the player and game, in the
    /// address the mail was sent to (`go+<token>@domain`, the `Reply-To`
    /// of every game mail).
    Token,
}

/// `[inbox]`: the Maildir incoming mail is delivered to, and optionally
/// an IMAP mailbox `poll` reads as well.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InboxConfig {
    /// The Maildir, relative to the home unless absolute.
    pub maildir: PathBuf,
    /// The IMAP mailbox (a table, so it comes after the plain keys).
    pub imap: ImapConfig,
}

impl Default for InboxConfig {
    fn default() -> Self {
        InboxConfig {
            maildir: "inbox".into(),
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
pub struct ImapConfig {
    /// Host name or address; empty for no IMAP.
    pub host: String,
    /// Port.
    pub port: u16,
    /// `none`, `starttls` or `tls`.
    pub tls: ImapTls,
    /// User name.
    pub user: String,
    /// File holding the password, relative to the home unless absolute;
    /// empty for none (then `PBMGO_IMAP_PASSWORD` is used).
    pub password_file: PathBuf,
    /// An extra trusted root certificate (PEM), relative to the home unless
    /// absolute; empty for none.
    pub ca_file: PathBuf,
    /// The folder read.
    pub folder: String,
    /// Where handled mail is moved; empty to leave it, marked seen.
    pub processed_folder: String,
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
pub enum Transport {
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
pub struct OutboundConfig {
    /// `file`, `sendmail` or `smtp`.
    pub transport: Transport,
    /// Where the file transport writes, relative to the home unless absolute.
    pub dir: PathBuf,
    /// The sendmail program.
    pub sendmail: PathBuf,
    /// Attempts at sending one mail before it is marked failed.
    pub max_attempts: u32,
    /// The wait before the first retry; each later wait doubles (at most a day).
    pub retry_seconds: u64,
    /// The SMTP server (a table, so it comes after the plain keys).
    pub smtp: SmtpConfig,
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
pub enum SmtpTls {
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
pub struct SmtpConfig {
    /// Host name or address.
    pub host: String,
    /// Port.
    pub port: u16,
    /// `none`, `starttls` or `tls`.
    pub tls: SmtpTls,
    /// User name; empty for no authentication.
    pub user: String,
    /// File holding the password, relative to the home unless absolute;
    /// empty for none (then `PBMGO_SMTP_PASSWORD` is used, if set).
    pub password_file: PathBuf,
    /// An extra trusted root certificate (PEM), relative to the home unless
    /// absolute; empty for none. For a relay with a self-signed certificate.
    pub ca_file: PathBuf,
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
pub struct LimitsConfig {
    /// Larger inbound messages are not read.
    pub max_message_bytes: u64,
    /// Replies sent to one address in an hour, at most.
    pub max_replies_per_hour: u32,
    /// Replies sent in a day to an address that belongs to no player.
    pub unknown_sender_replies_per_day: u32,
    /// Games one player may have going at once; 0 for no limit.
    pub max_games_per_player: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        LimitsConfig {
            max_message_bytes: 1_048_576,
            max_replies_per_hour: 20,
            unknown_sender_replies_per_day: 3,
            max_games_per_player: 0,
        }
    }
}

/// `[database]`: the SQLite file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseConfig {
    /// The database file, relative to the home unless absolute.
    pub path: PathBuf,
    /// How long a command waits for another one's write to finish.
    pub busy_timeout_ms: u64,
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
pub struct GamesConfig {
    /// Days per move when a challenge does not say (`days D`).
    pub days_per_move: u32,
    /// Days before an unanswered challenge expires.
    pub challenge_expiry_days: u32,
    /// Days the second player has to accept the dead-stone marking once
    /// the first has; then it stands as accepted.
    pub scoring_deadline_days: u32,
    /// Vacation days each player may take per calendar year.
    pub vacation_days_per_year: u32,
}

impl Default for GamesConfig {
    fn default() -> Self {
        GamesConfig {
            days_per_move: 7,
            challenge_expiry_days: 14,
            scoring_deadline_days: 7,
            vacation_days_per_year: 30,
        }
    }
}

/// The config `pbmgo init` writes: every key, commented out, at its default.
pub const DEFAULT_CONFIG: &str = r#"# pbmgo configuration. Every key is shown with its default value;
# uncomment a line to change it. Relative paths are relative to the home
# directory (--home, else $PBMGO_HOME, else ./data).

[server]
# The address players send their moves to.
# address = "pbmgo@localhost"
# The display name on outgoing mail.
# name = "pbmgo"
# The authserv-id of your own mail server. When set, the
# Authentication-Results headers it adds are trusted: mail whose dkim or
# dmarc result is "fail" is refused. Empty: no such header is trusted.
# trust_authserv_id = ""
# How a mail that plays in a game (move, pass, resign, say, ...) proves it
# comes from the player. "address": its From is one of the player's
# addresses. "token": also, it was sent to the address in the Reply-To of
# pbmgo's mail about that game (go+<token>@domain), which only the
# player's mailbox receives. The token key is kept in <home>/secret.
# auth = "address"
# Permanent bounces (delivery reports with Action: failed) after which
# pbmgo stops mailing an address and shows its player as bouncing, until
# the player sends a mail again; 0 never stops.
# bounce_limit = 3

[inbox]
# The Maildir incoming mail is delivered to (tmp/, new/, cur/).
# maildir = "inbox"

[inbox.imap]
# An IMAP mailbox that `pbmgo poll` fetches unseen mail from (besides the
# Maildir); empty host means none. Handled mail is marked seen, or moved
# to processed_folder when that is set.
# host = ""
# port = 993
# Connection security: "none", "starttls" or "tls".
# tls = "tls"
# user = ""
# A file holding the password; empty means the PBMGO_IMAP_PASSWORD
# environment variable.
# password_file = ""
# An extra trusted root certificate (PEM); empty means the system's roots.
# ca_file = ""
# folder = "INBOX"
# processed_folder = ""

[outbound]
# How outgoing mail leaves: "file", "sendmail" or "smtp".
# transport = "file"
# Where the file transport writes one file per message.
# dir = "outbox"
# The sendmail program for the sendmail transport.
# sendmail = "/usr/sbin/sendmail"
# Attempts at sending one mail; after the last one it is marked failed
# (see `pbmgo outbox list --status failed`). A permanent refusal (5xx)
# marks it failed at once.
# max_attempts = 5
# The wait (seconds) before the first retry; each later wait is twice as
# long, at most a day.
# retry_seconds = 60

[outbound.smtp]
# The SMTP server for the smtp transport.
# host = "127.0.0.1"
# port = 25
# Connection security: "none", "starttls" or "tls".
# tls = "none"
# User name; empty means no authentication.
# user = ""
# A file holding the password; empty means the PBMGO_SMTP_PASSWORD
# environment variable, if set.
# password_file = ""
# An extra trusted root certificate (PEM), for a server with a
# self-signed certificate; empty means the system's roots only.
# ca_file = ""

[limits]
# Larger inbound messages (bytes) are not read.
# max_message_bytes = 1048576
# Replies sent to one address in an hour, at most.
# max_replies_per_hour = 20
# Replies sent in a day to an address that belongs to no player.
# unknown_sender_replies_per_day = 3
# Games one player may have going at once; 0 means no limit.
# max_games_per_player = 0

[database]
# The SQLite database file.
# path = "pbmgo.sqlite3"
# How long (milliseconds) a command waits for another one's write.
# busy_timeout_ms = 5000

[games]
# Days per move when a challenge does not say ("days D").
# days_per_move = 7
# Days before an unanswered challenge expires.
# challenge_expiry_days = 14
# Days the second player has to accept the dead-stone marking once the
# first has; after that the marking stands as accepted.
# scoring_deadline_days = 7
# Vacation days each player may take per calendar year.
# vacation_days_per_year = 30
"#;

/// Why the config cannot be used.
#[derive(Debug, Error)]
pub enum ConfigError {
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
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
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

/// A home directory with its config loaded; see the module header.
#[derive(Debug, Clone)]
pub struct Home {
    root: PathBuf,
    config_path: PathBuf,
    config: Config,
}

impl Home {
    /// Returns the home at `root` with the config at `config` (default:
    /// `root/pbmgo.toml`).
    ///
    /// A missing default config means the defaults; a config named with
    /// `config` must exist.
    pub fn load(root: &Path, config: Option<&Path>) -> Result<Home, ConfigError> {
        let config_path = config.map_or_else(|| root.join(CONFIG_FILE), Path::to_path_buf);
        let text = match std::fs::read_to_string(&config_path) {
            Ok(t) => Some(t),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && config.is_none() => None,
            Err(source) => {
                return Err(ConfigError::Read {
                    path: config_path,
                    source,
                });
            }
        };
        let config = match text {
            Some(t) => Config::parse(&t, &config_path)?,
            None => Config::default(),
        };
        Ok(Home {
            root: root.to_path_buf(),
            config_path,
            config,
        })
    }

    /// Returns the home directory.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Returns the config file's path (it may not exist).
    pub fn config_path(&self) -> &Path {
        &self.config_path
    }

    /// Returns the config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Returns `path` resolved against the home.
    pub fn resolve(&self, path: &Path) -> PathBuf {
        self.root.join(path)
    }

    /// Returns the database file.
    pub fn database(&self) -> PathBuf {
        self.resolve(&self.config.database.path)
    }

    /// Returns the busy timeout for the database.
    pub fn busy_timeout(&self) -> Duration {
        Duration::from_millis(self.config.database.busy_timeout_ms)
    }

    /// Returns the inbox Maildir.
    pub fn inbox(&self) -> PathBuf {
        self.resolve(&self.config.inbox.maildir)
    }

    /// Returns the `[inbox.imap]` config when IMAP is on (a host is set).
    pub fn imap(&self) -> Option<&ImapConfig> {
        let imap = &self.config.inbox.imap;
        (!imap.host.trim().is_empty()).then_some(imap)
    }

    /// Returns the directory the file transport writes to.
    pub fn outbox(&self) -> PathBuf {
        self.resolve(&self.config.outbound.dir)
    }

    /// Returns the quarantine Maildir.
    pub fn quarantine(&self) -> PathBuf {
        self.root.join(QUARANTINE_DIR)
    }

    /// Returns the folder whose reply templates override the built-in
    /// ones (it need not exist).
    pub fn templates_dir(&self) -> PathBuf {
        self.root.join(TEMPLATES_DIR)
    }

    /// Returns every directory the home needs, the home first.
    pub fn layout(&self) -> Vec<PathBuf> {
        let maildir = |d: PathBuf| ["tmp", "new", "cur"].map(|s| d.join(s));
        let mut dirs = vec![self.root.clone()];
        dirs.extend(maildir(self.inbox()));
        dirs.push(self.outbox());
        dirs.extend(maildir(self.quarantine()));
        dirs
    }

    /// Creates the directories of [`Home::layout`] that are missing; returns those it created.
    pub fn create_layout(&self) -> std::io::Result<Vec<PathBuf>> {
        let mut created = Vec::new();
        for dir in self.layout() {
            if !dir.is_dir() {
                std::fs::create_dir_all(&dir)?;
                created.push(dir);
            }
        }
        Ok(created)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uncommented(text: &str) -> String {
        text.lines()
            .map(|l| match l.strip_prefix("# ") {
                Some(rest) if rest.contains(" = ") => rest,
                _ => l,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn default_config_shows_every_key_at_its_default() {
        let path = Path::new("pbmgo.toml");
        assert_eq!(
            Config::parse(DEFAULT_CONFIG, path).unwrap(),
            Config::default()
        );
        let all = uncommented(DEFAULT_CONFIG);
        assert_eq!(Config::parse(&all, path).unwrap(), Config::default());
        let keys = toml::to_string(&Config::default()).unwrap();
        let shown = all.lines().filter(|l| l.contains(" = ")).count();
        assert_eq!(shown, keys.lines().filter(|l| l.contains(" = ")).count());
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused_with_a_line() {
        let path = Path::new("x.toml");
        let err = Config::parse("[server]\nname = \"a\"\nadress = \"b\"\n", path).unwrap_err();
        assert!(matches!(err, ConfigError::Parse { line: 3, .. }), "{err}");
        let err = Config::parse("[outbound]\ntransport = \"pigeon\"\n", path).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        let c = Config::parse("[outbound.smtp]\nport = 587\ntls = \"starttls\"\n", path).unwrap();
        assert_eq!(
            (c.outbound.smtp.port, c.outbound.smtp.tls),
            (587, SmtpTls::Starttls)
        );
        assert_eq!(c.database, DatabaseConfig::default());
    }

    #[test]
    fn paths_are_relative_to_the_home() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(CONFIG_FILE),
            "[database]\npath = \"/abs/db.sqlite3\"\n[inbox]\nmaildir = \"mail/in\"\n",
        )
        .unwrap();
        let home = Home::load(dir.path(), None).unwrap();
        assert_eq!(home.database(), PathBuf::from("/abs/db.sqlite3"));
        assert_eq!(home.inbox(), dir.path().join("mail/in"));
        assert_eq!(home.outbox(), dir.path().join("outbox"));
        assert!(Home::load(dir.path(), Some(&dir.path().join("none.toml"))).is_err());
        let missing = dir.path().join("fresh");
        assert_eq!(
            Home::load(&missing, None).unwrap().config(),
            &Config::default()
        );
        assert_eq!(home.templates_dir(), dir.path().join("templates"));
    }

    #[test]
    fn imap_keys_are_read_and_off_without_a_host() {
        let path = Path::new("x.toml");
        let text = "[inbox.imap]\nhost = \"127.0.0.1\"\nport = 1143\ntls = \"starttls\"\n\
                    user = \"go@pbem.test\"\npassword_file = \"imap.pass\"\n\
                    processed_folder = \"done\"\n";
        let c = Config::parse(text, path).unwrap();
        let imap = &c.inbox.imap;
        assert_eq!((imap.port, imap.tls), (1143, ImapTls::Starttls));
        assert_eq!(
            (imap.folder.as_str(), imap.processed_folder.as_str()),
            ("INBOX", "done")
        );
        assert_eq!(c.inbox.maildir, PathBuf::from("inbox"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(CONFIG_FILE), text).unwrap();
        let home = Home::load(dir.path(), None).unwrap();
        assert_eq!(home.imap().map(|i| i.user.as_str()), Some("go@pbem.test"));
        assert!(
            Home::load(&dir.path().join("none"), None)
                .unwrap()
                .imap()
                .is_none()
        );
        let err = Config::parse("[inbox.imap]\nserver = \"x\"\n", path).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
        let err = Config::parse("[inbox.imap]\ntls = \"ssl\"\n", path).unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
    }

    #[test]
    fn sending_and_limit_keys_are_read() {
        let path = Path::new("x.toml");
        let text = "[server]\ntrust_authserv_id = \"mx.example.org\"\n\
                    [outbound]\nmax_attempts = 3\nretry_seconds = 10\n\
                    [outbound.smtp]\nca_file = \"ca.pem\"\n\
                    [limits]\nmax_games_per_player = 4\n";
        let c = Config::parse(text, path).unwrap();
        assert_eq!(c.server.trust_authserv_id, "mx.example.org");
        assert_eq!(
            (c.server.auth, c.server.bounce_limit),
            (AuthMode::Address, 3)
        );
        let t = Config::parse("[server]\nauth = \"token\"\nbounce_limit = 5\n", path).unwrap();
        assert_eq!((t.server.auth, t.server.bounce_limit), (AuthMode::Token, 5));
        assert!(Config::parse("[server]\nauth = \"dkim\"\n", path).is_err());
        assert_eq!((c.outbound.max_attempts, c.outbound.retry_seconds), (3, 10));
        assert_eq!(c.outbound.smtp.ca_file, PathBuf::from("ca.pem"));
        assert_eq!(c.limits.max_games_per_player, 4);
        assert_eq!(c.limits.max_replies_per_hour, 20);
        let err = Config::parse("[limits]\nmax_replies = 1\n", path).unwrap_err();
        assert!(err.to_string().contains("max_replies"), "{err}");
    }
}
