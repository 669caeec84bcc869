//! The in-process entry points the test harness uses; not a stable API.
//!
//! A [`Server`] opens a home as the mail commands do (its `pbmgo.toml`, the
//! store with its migrations, the templates with the home's overrides, the
//! pipeline settings and the outbox retry policy, all through the CLI's own
//! functions), except that the token secret and the entropy are given, and
//! then runs, at a time the caller gives, one message through the pipeline
//! ([`Server::process`]), the clocks and deadlines ([`Server::tick`]) or the
//! outbox sender ([`Server::send_due`]). The store is the caller's to read
//! and write through the public `store` API.
//!
//! What a message came to is the pipeline's own [`Disposition`], counted
//! as `poll` counts it by the runner's [`Counts`]; a tick's counts are the
//! tick's own [`TickCounts`].

use std::path::Path;

use anyhow::Context as _;
use chrono::{DateTime, Utc};

use crate::cli::{mailrun, transport};
use crate::go::Game;
use crate::home::Home;
use crate::mail::templates::Templates;
use crate::mailbox::transport::Transport;
use crate::pipeline::games::start::{self as admin, NewGame};
use crate::pipeline::{self, Env, MailSink, Settings};
use crate::runner;
use crate::store::outbox::RetryPolicy;
use crate::store::{GameId, PlayerRef, Store};

/// A home opened for in-process runs; see the module header.
pub struct Server {
    store: Store,
    settings: Settings,
    templates: Templates,
    policy: RetryPolicy,
}

pub use crate::pipeline::Disposition;
pub use crate::pipeline::jobs::tick::TickSummary as TickCounts;
pub use crate::runner::Summary as Counts;

impl Server {
    /// Opens the home at `root` with `secret` as the token secret (used in
    /// token mode only) and `entropy` for the password salts.
    pub fn open(root: &Path, secret: &[u8], entropy: [u8; 16]) -> anyhow::Result<Server> {
        let home = Home::load(root, None)?;
        let store = Store::open(&home.database(), home.busy_timeout())
            .with_context(|| format!("cannot open {}", home.database().display()))?;
        Ok(Server {
            store,
            settings: mailrun::settings_with(&home, || Ok(secret.to_vec()), entropy)?,
            templates: mailrun::templates(&home)?,
            policy: transport::retry_policy(home.config()),
        })
    }

    /// The store, to read and write through the `store` API.
    pub fn store(&mut self) -> &mut Store {
        &mut self.store
    }

    /// Runs `raw`, known as `source`, through the pipeline at `now` in a
    /// transaction of its own, its mail rendered and queued at once.
    pub fn process(
        &mut self,
        raw: &[u8],
        source: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Disposition> {
        Ok(self.process_counting(raw, source, now)?.0)
    }

    /// As [`Server::process`], with its password checks made first,
    /// outside the transaction, as the runner makes them; also returns how
    /// many argon2 checks or hashes were made inside the transaction all
    /// the same ([`Prechecked::late`]).
    pub fn process_counting(
        &mut self,
        raw: &[u8],
        source: &str,
        now: DateTime<Utc>,
    ) -> anyhow::Result<(Disposition, u32)> {
        let sink = MailSink::plain();
        let checked = pipeline::precheck(self.store.conn(), &self.settings, raw, now);
        let env = Env {
            passwords: Some(&checked),
            ..env(&self.settings, &self.templates, &sink, now)
        };
        let done = self
            .store
            .write(|tx| pipeline::process(tx, &env, raw, source))?;
        Ok((done, checked.late()))
    }

    /// Runs `mails` (each with its source name) through the pipeline at
    /// `now` as one batch of `poll` does: all their password checks made
    /// first, outside the transaction, then every message in one
    /// transaction. Returns each disposition and how many argon2 checks or
    /// hashes were made in all, before and inside the transaction.
    pub fn process_batch(
        &mut self,
        mails: &[(String, Vec<u8>)],
        now: DateTime<Utc>,
    ) -> anyhow::Result<(Vec<Disposition>, u32)> {
        let sink = MailSink::plain();
        let raws = mails.iter().map(|(_, raw)| raw.as_slice());
        let checked = pipeline::precheck_all(self.store.conn(), &self.settings, raws, now);
        let (settings, templates) = (&self.settings, &self.templates);
        let done = self.store.write(|tx| {
            let each = mails.iter().zip(&checked).map(|((source, raw), c)| {
                let env = Env {
                    passwords: Some(c),
                    ..env(settings, templates, &sink, now)
                };
                pipeline::process(tx, &env, raw, source)
            });
            each.collect::<Result<Vec<_>, _>>()
        })?;
        Ok((done, checked.iter().map(|c| c.made()).sum()))
    }

    /// Runs the clocks, the deadlines and the digests at `now` in one
    /// transaction, as `pbmgo tick` does before it sends.
    pub fn tick(&mut self, now: DateTime<Utc>) -> anyhow::Result<TickCounts> {
        let sink = MailSink::plain();
        let env = env(&self.settings, &self.templates, &sink, now);
        Ok(self.store.write(|tx| pipeline::jobs::tick::run(tx, &env))?)
    }

    /// Creates a game of `black` and `white` as `pbmgo game new` does at
    /// `now` (on the clock, with `days` per move or the configured
    /// default), mailing both players the start letter when `mail`.
    pub fn new_game(
        &mut self,
        players: [&PlayerRef; 2],
        game: &Game,
        days: Option<u32>,
        mail: bool,
        now: DateTime<Utc>,
    ) -> anyhow::Result<GameId> {
        let sink = MailSink::plain();
        let env = env(&self.settings, &self.templates, &sink, now);
        let [black, white] = players;
        let new = NewGame {
            black,
            white,
            game,
            days,
            time: None,
            weekends_off: false,
            night_hours: 0,
            mail,
        };
        Ok(self.store.write(|tx| admin::start(tx, &env, &new))?)
    }

    /// Sends what is due at `now` through `transport` with the home's retry
    /// policy, as `poll` sends the rest; returns how many were sent.
    pub fn send_due(
        &mut self,
        transport: &dyn Transport,
        now: DateTime<Utc>,
    ) -> anyhow::Result<u32> {
        let cap = self.settings.max_replies_per_hour;
        runner::release_held(&mut self.store, cap, now)?;
        let sent = runner::send_due(&mut self.store, transport, self.policy, now, u32::MAX)?;
        Ok(sent.sent)
    }
}

/// The environment one run at `now` sees.
fn env<'a>(
    settings: &'a Settings,
    templates: &'a Templates,
    sink: &'a MailSink<'a>,
    now: DateTime<Utc>,
) -> Env<'a> {
    Env {
        settings,
        templates,
        now,
        sink,
        passwords: None,
    }
}
