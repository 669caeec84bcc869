//! The home directory and the configuration file.
//!
//! Everything pbmgo keeps lives in one *home*: `pbmgo.toml` (the config,
//! optional), `pbmgo.sqlite3` (the database), `inbox/` (a Maildir with
//! `tmp/`, `new/`, `cur/`), `outbox/` (where the file transport writes mail),
//! `quarantine/` (a Maildir for mail that could not be handled) and,
//! optionally, `templates/` (reply templates that override the built-in
//! ones). The
//! command line picks the home (`--home`, else `PBMGO_HOME`, else
//! `/var/lib/pbmgo`)
//! and may point at another config file (`--config`).
//!
//! Owns `Home`, which resolves the paths the config gives relative to the
//! home. It creates directories only when asked (`Home::create_layout`).
//! The config itself (`Config`, every key with its default, and the
//! commented default that `pbmgo init` writes) is in `config`, its `[send]`
//! section and durations in `send`, the `[status]` and `[metrics]`
//! sections in `monitoring`; keeping the home's files private to the pbmgo
//! user is `private`.

mod config;
mod monitoring;
pub(crate) mod private;
mod ratings;
mod send;
mod web;

pub use config::*;
pub(crate) use ratings::RatingsConfig;
#[cfg(test)]
pub(crate) use send::Span;
pub(crate) use web::WebConfig;

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The config file's name inside the home.
pub(crate) const CONFIG_FILE: &str = "pbmgo.toml";
/// The quarantine Maildir's name inside the home.
pub(crate) const QUARANTINE_DIR: &str = "quarantine";
/// The folder of reply templates that override the built-in ones.
pub(crate) const TEMPLATES_DIR: &str = "templates";

/// A home directory with its config loaded; see the module header.
#[derive(Debug, Clone)]
pub(crate) struct Home {
    root: PathBuf,
    config: Config,
}

impl Home {
    /// Returns the home at `root` with the config at `config` (default:
    /// `root/pbmgo.toml`).
    ///
    /// A missing default config means the defaults; a config named with
    /// `config` must exist.
    pub(crate) fn load(root: &Path, config: Option<&Path>) -> Result<Home, ConfigError> {
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
            config,
        })
    }

    /// Returns the home directory.
    pub(crate) fn root(&self) -> &Path {
        &self.root
    }

    /// Returns the config.
    pub(crate) fn config(&self) -> &Config {
        &self.config
    }

    /// Returns `path` resolved against the home.
    pub(crate) fn resolve(&self, path: &Path) -> PathBuf {
        self.root.join(path)
    }

    /// Returns the database file.
    pub(crate) fn database(&self) -> PathBuf {
        self.resolve(&self.config.database.path)
    }

    /// Returns the busy timeout for the database.
    pub(crate) fn busy_timeout(&self) -> Duration {
        Duration::from_millis(self.config.database.busy_timeout_ms)
    }

    /// Returns the inbox Maildir.
    pub(crate) fn inbox(&self) -> PathBuf {
        self.resolve(&self.config.inbox.maildir)
    }

    /// Returns the `[inbox.imap]` config when IMAP is on (a host is set).
    pub(crate) fn imap(&self) -> Option<&ImapConfig> {
        let imap = &self.config.inbox.imap;
        (!imap.host.trim().is_empty()).then_some(imap)
    }

    /// Returns the directory the file transport writes to.
    pub(crate) fn outbox(&self) -> PathBuf {
        self.resolve(&self.config.outbound.dir)
    }

    /// Returns the metrics file, when `[metrics] textfile` is set.
    pub(crate) fn metrics_file(&self) -> Option<PathBuf> {
        let file = &self.config.metrics.textfile;
        (!file.as_os_str().is_empty()).then(|| self.resolve(file))
    }

    /// Returns the quarantine Maildir.
    pub(crate) fn quarantine(&self) -> PathBuf {
        self.root.join(QUARANTINE_DIR)
    }

    /// Returns the folder whose reply templates override the built-in
    /// ones (it need not exist).
    pub(crate) fn templates_dir(&self) -> PathBuf {
        self.root.join(TEMPLATES_DIR)
    }

    /// Returns every directory the home needs, the home first.
    pub(crate) fn layout(&self) -> Vec<PathBuf> {
        let maildir = |d: PathBuf| ["tmp", "new", "cur"].map(|s| d.join(s));
        let mut dirs = vec![self.root.clone()];
        dirs.extend(maildir(self.inbox()));
        dirs.push(self.outbox());
        dirs.extend(maildir(self.quarantine()));
        dirs
    }

    /// Creates the directories of [`Home::layout`] that are missing; returns those it created.
    pub(crate) fn create_layout(&self) -> std::io::Result<Vec<PathBuf>> {
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
    fn a_server_address_that_cannot_be_mailed_is_refused_with_its_line() {
        let path = Path::new("x.toml");
        for bad in [
            "go",
            "go@",
            "@example.org",
            "Go Server <go@example.org>",
            "go+x@example.org",
            "go@exa mple.org",
            "go@example..org",
            "g\u{f6}@example.org",
            "go@example.org\\r\\nBcc: x@y",
        ] {
            let text = format!("[server]\nname = \"a\"\naddress = \"{bad}\"\n");
            let err = Config::parse(&text, path).unwrap_err();
            assert!(
                matches!(err, ConfigError::Parse { line: 3, .. }),
                "{bad}: {err}"
            );
            assert!(err.to_string().contains("server.address"), "{err}");
        }
        for good in [
            "go@example.org",
            "pbm.go-1@mail.example.org",
            "pbmgo@localhost",
        ] {
            let text = format!("[server]\naddress = \"{good}\"\n");
            assert_eq!(Config::parse(&text, path).unwrap().server.address, good);
        }
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
        assert_eq!(c.limits.max_answers_per_hour, 120);
        let err = Config::parse("[limits]\nmax_replies = 1\n", path).unwrap_err();
        assert!(err.to_string().contains("max_replies"), "{err}");
    }
}
