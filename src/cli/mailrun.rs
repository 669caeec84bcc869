//! What the mail commands (`poll`, `deliver`, `demo`, `quarantine retry`,
//! `tick`, the admin's game commands) share: the run's context (the
//! pipeline's settings, templates and clock) taken from the home, starting
//! the log (`logging`), and sending the outbox after a run.

use std::path::PathBuf;

use anyhow::Context as _;
use chrono::{DateTime, Utc};

use super::context::Context;
use super::transport;
use crate::command::Limits;
use crate::home::{Home, LimitsConfig};
use crate::mail::outbound::Identity;
use crate::mail::templates::Templates;
use crate::mailbox::maildir::Maildir;
use crate::pipeline::base::tokens::TokenKey;
use crate::pipeline::{Settings, SignupRules};
use crate::runner::{self, RunContext, SendSummary};
use crate::store::Store;

/// Messages per transaction where no `[inbox] batch` applies (the demo).
pub(crate) const BATCH: usize = 500;

/// Loads the settings and templates of `ctx`'s home into a run handling
/// `batch` messages per transaction; `pinned` keeps the time of `PBMGO_NOW`.
pub(crate) fn run_context(ctx: &Context, pinned: bool, batch: usize) -> anyhow::Result<RunContext> {
    Ok(RunContext {
        settings: settings(&ctx.home)?,
        templates: templates(&ctx.home)?,
        clock: Box::new(clock(ctx, pinned)),
        batch,
    })
}

/// Returns the pipeline settings of the home's config with the home's
/// secret (made on first use), which keys the reply tokens and the VERP ids.
fn settings(home: &Home) -> anyhow::Result<Settings> {
    settings_with(
        home,
        || super::secret::load_or_create(home.root()),
        entropy(),
    )
}

/// Returns the pipeline settings of the home's config with the token
/// secret `secret` gives and `entropy`.
pub(crate) fn settings_with(
    home: &Home,
    secret: impl FnOnce() -> anyhow::Result<Vec<u8>>,
    entropy: [u8; 16],
) -> anyhow::Result<Settings> {
    let c = home.config();
    let tokens = TokenKey::new(c.server.auth, secret()?);
    Ok(Settings {
        identity: Identity {
            address: c.server.address.clone(),
            name: c.server.name.clone(),
        },
        max_message_bytes: usize::try_from(c.limits.max_message_bytes).unwrap_or(usize::MAX),
        max_replies_per_hour: c.limits.max_replies_per_hour,
        max_answers_per_hour: c.limits.max_answers_per_hour,
        unknown_sender_replies_per_day: c.limits.unknown_sender_replies_per_day,
        trust_authserv_id: Some(c.server.trust_authserv_id.clone())
            .filter(|s| !s.trim().is_empty()),
        max_games_per_player: c.limits.max_games_per_player,
        games: c.games.clone(),
        ratings: c.ratings.clone(),
        web: c.web.clone(),
        zone: c.server.zone(),
        bounce_limit: c.server.bounce_limit,
        tokens,
        entropy,
        signup: SignupRules {
            mode: c.server.signup,
            per_day: c.limits.signups_per_day,
            expiry_hours: c.limits.signup_expiry_hours,
        },
        says_per_game_per_hour: c.limits.says_per_game_per_hour,
        challenges_per_day: c.limits.challenges_per_day,
        stranger_replies_per_day: c.limits.stranger_replies_per_day,
        line_limits: line_limits(&c.limits),
        max_conditionals_per_game: c.limits.max_conditionals_per_game,
    })
}

/// The `[limits]` on one command line.
fn line_limits(l: &LimitsConfig) -> Limits {
    let n = |v: u32| usize::try_from(v).unwrap_or(usize::MAX);
    Limits {
        max_line_chars: n(l.max_line_chars),
        max_say_chars: n(l.max_say_chars),
        max_if_moves: n(l.max_if_moves),
    }
}

/// Returns 16 bytes from the system's random source (zeros if it cannot be read,
/// which leaves salts unique but predictable).
fn entropy() -> [u8; 16] {
    use std::io::Read;
    let mut out = [0u8; 16];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        let _ = f.read_exact(&mut out);
    }
    out
}

/// Returns the reply templates, with the home's `templates/` overrides.
pub(crate) fn templates(home: &Home) -> anyhow::Result<Templates> {
    Templates::new(Some(&home.templates_dir())).context("cannot load the reply templates")
}

/// Returns the clock: the pinned `PBMGO_NOW` time, or the system clock read at each call.
fn clock(ctx: &Context, pinned: bool) -> impl Fn() -> DateTime<Utc> + use<> {
    let fixed = ctx.now;
    move || if pinned { fixed } else { Utc::now() }
}

/// Returns the inbox Maildir (or `maildir` when given) and the quarantine Maildir, created if missing.
pub(crate) fn folders(home: &Home, maildir: Option<PathBuf>) -> anyhow::Result<(Maildir, Maildir)> {
    let inbox = Maildir::new(maildir.unwrap_or_else(|| home.inbox()));
    let held = Maildir::new(home.quarantine());
    for m in [&inbox, &held] {
        m.create()
            .with_context(|| format!("cannot create the Maildir {}", m.root().display()))?;
    }
    Ok((inbox, held))
}

/// Sends what is due in the outbox through the configured transport.
pub(crate) fn send_now(
    home: &Home,
    store: &mut Store,
    now: DateTime<Utc>,
) -> anyhow::Result<SendSummary> {
    let password = std::env::var("PBMGO_SMTP_PASSWORD").ok();
    let transport = transport::transport_from_config(home, password)?;
    send_through(home, store, transport.as_ref(), now, u32::MAX)
}

/// Lets go the held mail the limits allow as the config says them now,
/// then sends at most `limit` due mails through `transport`: what every
/// command that sends does, so a changed limit applies at the next one.
pub(crate) fn send_through(
    home: &Home,
    store: &mut Store,
    transport: &dyn crate::mailbox::transport::Transport,
    now: DateTime<Utc>,
    limit: u32,
) -> anyhow::Result<SendSummary> {
    let policy = transport::retry_policy(home.config());
    runner::release_held(store, home.config().limits.max_replies_per_hour, now)?;
    Ok(runner::send_due(store, transport, policy, now, limit)?)
}

/// Starts logging (`logging`: the journal when stderr is the journal,
/// else stderr; `RUST_LOG`, default `info` there and `warn` here, with the
/// line saying a migration was applied at `info` everywhere), once.
pub(crate) fn init_logging() {
    super::logging::init();
}
