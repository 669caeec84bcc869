//! Signups that the address must confirm (`[server] signup = "confirm"`).
//!
//! A stranger's `signup NAME` makes no player: it records a pending signup
//! and mails the address one confirmation whose Reply-To carries a code
//! (`go+join-<code>@domain`, an HMAC under the home's secret). A reply to
//! that address from the same address whose own words (not the quoted
//! mail) say `confirm` (for a signup, any command will do) makes the
//! player, or adds the address, and brings the welcome; a reply of other
//! words only ("Who is this? STOP.") confirms nothing and is told once
//! how to confirm. So nobody can sign up someone else's address, nor have
//! it confirmed by an angry answer, and what a forger can make pbmgo send
//! is bounded: at most `signups_per_day` confirmations a day in all, at
//! most the stranger's daily reply cap to one address, the overall cap of
//! mail to strangers (`backscatter`), and none echoes the forger's text.
//! Owns the code, the request and the confirmation; the mode switch is in
//! `stranger`.

use chrono::Duration;
use rusqlite::Connection;

use crate::command::{Command, CommandLine, Parsed};
use crate::mail::outbound::{AUTO_GENERATED, OutboundMail};
use crate::mail::tags::{address_tag, tagged_address};
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::{PipelineError, reject};
use crate::pipeline::base::tokens::short_mac;
use crate::pipeline::base::wording::address as address_words;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::mailing::letters::letter_id;
use crate::pipeline::mailing::outgoing::{self, Queued};
use crate::pipeline::mailing::replies::{self, answer, reply_id};
use crate::pipeline::record::journal::Recorded;
use crate::rating::Rank;
use crate::store::PlayerId;
use crate::store::accounts::{self, AccountError};
use crate::store::signups::{self, PendingSignup};
use crate::store::{StoreError, notices, players, ratings};

/// The tag of a confirmation's Reply-To begins so.
const JOIN_TAG: &str = "join-";

/// The kind of the `notices` row that marks a confirmation whose reply
/// lacked the word as told so (game 0, player 0, keyed by its code).
const TOLD: &str = "confirm-word";

/// True when a signup by `address` as `name` would need a new pending
/// signup and the day's cap of them is reached.
pub(crate) fn over_cap(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
    name: &str,
) -> Result<bool, PipelineError> {
    let open = signups::open_for(conn, address, None, env.now)?;
    if open.is_some_and(|p| p.name.eq_ignore_ascii_case(name)) {
        return Ok(false);
    }
    let since = env.now - Duration::days(1);
    Ok(signups::count_since(conn, None, since)? >= env.settings.signup.per_day)
}

/// Handles `signup NAME` from `address` in `confirm` mode: records the
/// pending signup (or finds the open one for the same name) and queues its
/// confirmation. The caller checks the caps first ([`over_cap`], the
/// stranger's daily replies).
pub(crate) fn request(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    address: &str,
    name: &str,
    rank: Option<Rank>,
) -> Result<(), PipelineError> {
    let pending = match signups::open_for(conn, address, None, env.now)? {
        Some(p) if p.name.eq_ignore_ascii_case(name) => p,
        _ => {
            let unique = recorded.id.get().to_be_bytes();
            pending(conn, env, address, name, None, &unique)?
        }
    };
    signups::set_rank(conn, pending.id, rank.map(|r| r.to_string()).as_deref())?;
    queue_confirmation(conn, env, recorded, &pending)
}

/// Records a new pending confirmation of `address` (a signup as `name`,
/// or an address of player `player_id`), its code made with `unique`.
pub(crate) fn pending(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
    name: &str,
    player_id: Option<PlayerId>,
    unique: &[u8],
) -> Result<PendingSignup, PipelineError> {
    let expires = env.now + Duration::hours(i64::from(env.settings.signup.expiry_hours));
    let code = code(env, address, name, unique);
    let new = signups::NewPending {
        address,
        name,
        code: &code,
        player_id,
    };
    let id = signups::create(conn, &new, env.now, expires)?;
    Ok(signups::by_code(conn, &code)?.ok_or(StoreError::NotFound {
        what: "pending signup",
        id: id.to_string(),
    })?)
}

/// The code of a confirmation: 80 bits of an HMAC of the address, the
/// name and `unique` (the inbound message's id or key) under the home's
/// secret, in base32.
fn code(env: &Env<'_>, address: &str, name: &str, unique: &[u8]) -> String {
    let mut message = b"pbmgo signup code v1\0".to_vec();
    message.extend_from_slice(address.as_bytes());
    message.push(0);
    message.extend_from_slice(name.to_ascii_lowercase().as_bytes());
    message.extend_from_slice(unique);
    short_mac(&env.settings.tokens.secret, &message)
}

/// The Reply-To of the confirmation of `pending`.
pub(crate) fn confirmation_address(env: &Env<'_>, pending: &PendingSignup) -> String {
    tagged_address(
        &env.settings.identity.address,
        &format!("{JOIN_TAG}{}", pending.code),
    )
}

/// Queues the confirmation of `pending` as the answer to the signup mail.
fn queue_confirmation(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    pending: &PendingSignup,
) -> Result<(), PipelineError> {
    let identity = &env.settings.identity;
    let ctx = confirmation_ctx(env, pending);
    let text = env.templates.render("signup-confirm.txt", &ctx)?;
    let subject = words::signup_confirm_subject(&identity.name, &pending.name);
    let mut m = replies::mail(
        &pending.address,
        subject,
        text,
        reply_id(env, recorded.msg, 1),
    );
    answer(&mut m, recorded.msg);
    m.reply_to = Some(confirmation_address(env, pending));
    let queued = Queued {
        kind: "signup-confirm",
        game: None,
        inbound_id: Some(recorded.id),
        known: None,
    };
    outgoing::enqueue(conn, env, m, &queued)
}

/// Queues the confirmation of `pending`, an address player `player` asked
/// to add by the message with key `key`: a new mail to that address (it
/// answers nothing the address sent), whose Reply-To confirms.
pub(crate) fn queue_address_confirmation(
    conn: &Connection,
    env: &Env<'_>,
    key: &str,
    pending: &PendingSignup,
) -> Result<(), PipelineError> {
    let identity = &env.settings.identity;
    let ctx = confirmation_ctx(env, pending);
    let text = env.templates.render("address-confirm.txt", &ctx)?;
    let subject = address_words::address_confirm_subject(&identity.name, &pending.name);
    let unique = format!("{key}#address#{}#{}", pending.address, pending.code);
    let id = letter_id(&unique, env.settings.domain());
    let mut m = OutboundMail::plain(&pending.address, subject, text, id, AUTO_GENERATED);
    m.reply_to = Some(confirmation_address(env, pending));
    let queued = Queued {
        kind: "address-confirm",
        game: None,
        inbound_id: None,
        known: None,
    };
    outgoing::enqueue(conn, env, m, &queued)
}

/// The context of a confirmation's template (`signup-confirm.txt`,
/// `address-confirm.txt`).
fn confirmation_ctx(env: &Env<'_>, pending: &PendingSignup) -> serde_json::Value {
    serde_json::json!({
        "server_name": env.settings.identity.name,
        "name": pending.name,
        "address": pending.address,
        "expires": expiry_text(pending),
    })
}

/// When `pending` lapses, as its mail says it: `2026-11-28 09:00 UTC`.
fn expiry_text(pending: &PendingSignup) -> String {
    let at = &pending.expires_at;
    at.get(..16).unwrap_or(at).replace('T', " ") + " UTC"
}

/// True while `address`, which is nobody's yet, may get another mail
/// today: under the daily cap of replies to a stranger and not stopped
/// by bounces.
pub(crate) fn may_mail_unproven(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
) -> Result<bool, PipelineError> {
    let reach = replies::reach_address(conn, address, env.now - Duration::days(1))?;
    let settings = env.settings;
    Ok(
        reach.sent_since.unwrap_or(0) < settings.unknown_sender_replies_per_day
            && !reach.stopped(settings.bounce_limit),
    )
}

/// The code of the confirmation `msg` answers, if it was sent to one.
fn presented_code(env: &Env<'_>, msg: &Msg<'_>) -> Option<String> {
    let server = &env.settings.identity.address;
    let mail = msg.mail;
    let all = mail.delivered_to.iter().chain(&mail.to).chain(&mail.cc);
    all.filter_map(|a| address_tag(a, server))
        .find_map(|tag| tag.strip_prefix(JOIN_TAG).map(str::to_string))
}

/// Handles a stranger's mail sent to a confirmation address: the signup
/// it confirms becomes a player, welcomed with the mail's own commands
/// (`parsed`) run; a code that is unknown, expired, used or for another
/// address confirms nothing and is answered so (within the stranger's
/// caps), and so is, once, a reply that does not say `confirm`
/// ([`says_confirm`]). Returns `None` when the mail was sent to no
/// confirmation address.
pub(crate) fn confirmation(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    sender: &str,
    parsed: &Parsed,
) -> Result<Option<Confirmed>, PipelineError> {
    let Some(code) = presented_code(env, msg) else {
        return Ok(None);
    };
    let pending = signups::by_code(conn, &code)?;
    let for_address = pending.as_ref().is_some_and(|p| p.player_id.is_some());
    let Some(p) = pending.filter(|p| p.address == sender && p.open_at(env.now)) else {
        let why = match for_address {
            true => address_words::address_not_confirmed(),
            false => words::signup_not_confirmed(),
        };
        return Ok(Some(Confirmed::Not(reject("signup-expired", why))));
    };
    if !says_confirm(parsed, p.player_id.is_none()) {
        return unsaid(conn, env, &p).map(Some);
    }
    if let Some(player_id) = p.player_id {
        return address_confirmed(conn, env, &p, player_id).map(Some);
    }
    match players::add(conn, &p.name, std::slice::from_ref(&p.address), env.now) {
        Ok(player) => {
            signups::confirm(conn, p.id, env.now)?;
            let declared = p.rank.as_deref().and_then(|r| r.parse().ok());
            start_rating(conn, env, player.id, declared)?;
            Ok(Some(Confirmed::Player(player, p.name)))
        }
        Err(StoreError::Taken { .. }) => Ok(Some(Confirmed::Not(reject(
            "name-taken",
            words::name_taken(&p.name),
        )))),
        Err(e) => Err(e.into()),
    }
}

/// Sets a new player's starting rating: the rank they declared, else the
/// server's default rank (`[ratings] default_rank`), shown as `?`.
pub(crate) fn start_rating(
    conn: &Connection,
    env: &Env<'_>,
    id: PlayerId,
    declared: Option<Rank>,
) -> Result<(), PipelineError> {
    let rank = declared.unwrap_or_else(|| env.settings.ratings.start_rank());
    ratings::start(conn, id, rank, declared.is_some())?;
    Ok(())
}

/// True when the new words of a reply to a confirmation (its commands and
/// the lines around them; the quoted mail is not among them) hold the word
/// `confirm`, not after `not`, `no` or `never`; for a `signup`, any
/// command does too.
pub(crate) fn says_confirm(parsed: &Parsed, signup: bool) -> bool {
    let command = |l: &CommandLine| match &l.parsed {
        Ok(Command::Confirm { .. }) => true,
        Ok(_) => signup,
        Err(_) => false,
    };
    let lines = parsed.commands.iter().map(|l| l.text.as_str());
    let mut lines = lines.chain(parsed.comment.iter().map(String::as_str));
    parsed.commands.iter().any(command) || lines.any(has_confirm)
}

/// True when `line` holds the word `confirm` not negated (`don't`
/// splits into `don` and `t`).
fn has_confirm(line: &str) -> bool {
    let lower = line.to_lowercase();
    let mut before = "";
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        if word == "confirm" && !matches!(before, "not" | "no" | "never" | "t" | "dont") {
            return true;
        }
        before = word;
    }
    false
}

/// What a reply to `pending` without the word comes to: the first time,
/// a refusal that says how to confirm; after that, nothing.
fn unsaid(
    conn: &Connection,
    env: &Env<'_>,
    pending: &PendingSignup,
) -> Result<Confirmed, PipelineError> {
    if !notices::first(conn, None, None, TOLD, &pending.code, env.now)? {
        return Ok(Confirmed::Told);
    }
    let why = match pending.player_id {
        Some(_) => address_words::confirm_word_needed(&pending.address, &pending.name),
        None => words::signup_word_needed(&pending.name),
    };
    Ok(Confirmed::Not(reject("confirm-word", why)))
}

/// Adds the confirmed address of `pending` to player `player_id`.
fn address_confirmed(
    conn: &Connection,
    env: &Env<'_>,
    pending: &PendingSignup,
    player_id: PlayerId,
) -> Result<Confirmed, PipelineError> {
    let player = players::by_id(conn, player_id)?;
    let added = accounts::add_address(conn, &player.name, &pending.address);
    match added {
        Ok((repaired, address)) => {
            signups::confirm(conn, pending.id, env.now)?;
            Ok(Confirmed::Address(repaired.player, address))
        }
        Err(AccountError::Store(StoreError::Taken { .. })) => Ok(Confirmed::Not(reject(
            "address-taken",
            address_words::address_taken(&pending.address),
        ))),
        Err(AccountError::Store(e)) => Err(e.into()),
        Err(other) => Ok(Confirmed::Not(reject("address-taken", other.to_string()))),
    }
}

/// What a mail to a confirmation address came to.
pub(crate) enum Confirmed {
    /// The player now exists; the name they signed up with.
    Player(players::Player, String),
    /// The address (normalized) is now one of the player's.
    Address(players::Player, String),
    /// Nothing was confirmed, for this reason.
    Not(crate::pipeline::base::error::Rejection),
    /// Nothing was confirmed: a reply without the word, already told how.
    Told,
}
