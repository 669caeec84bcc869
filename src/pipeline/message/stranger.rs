//! Mail from an address that belongs to no player: `signup NAME` (answered
//! with a welcome that says what to do next), `help` (answered with how to
//! join and the commands), or one polite "who are you" reply a day; the
//! daily caps on replies to such an address. Like a player's, a
//! stranger's mail is read against the mails of ours it repeats (`recall`),
//! so the example lines of our answers are never run for them. All of it
//! but the answer to a valid confirmation is within the overall daily cap
//! of mail to strangers (`backscatter`).

use chrono::Duration;
use rusqlite::Connection;

use super::answer::answer_player;
use super::recall;
use crate::command::{Command, CommandLine, Parsed, parse_limited};
use crate::home::SignupMode;
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::{PipelineError, Rejection, reject};
use crate::pipeline::base::wording::address as address_words;
use crate::pipeline::base::wording::limits::unreadable_line;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::execute::help::{help_text, join_text, welcome_text};
use crate::pipeline::execute::joining;
use crate::pipeline::execute::{command_code, run_all};
use crate::pipeline::mailing::backscatter;
use crate::pipeline::mailing::replies;
use crate::pipeline::record::journal::{Entry, Recorded, record};
use crate::pipeline::record::report::{Disposition, Done, Effect, LineResult, Report};
use crate::rating::Rank;
use crate::store::StoreError;
use crate::store::messages::Outcome;
use crate::store::outbox;
use crate::store::players::{self, Player};

/// A stranger's mail with a `signup` line.
struct Signup<'a> {
    conn: &'a Connection,
    env: &'a Env<'a>,
    msg: &'a Msg<'a>,
    /// The mail's commands.
    parsed: &'a Parsed,
    /// The `signup` line as written.
    line: &'a str,
}

/// Handles mail from an address that belongs to no player.
pub(crate) fn from_stranger(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
) -> Result<Disposition, PipelineError> {
    let own = recall::own_words_in(conn, msg.mail)?;
    let limits = &env.settings.line_limits;
    let parsed = parse_limited(&msg.mail.subject, &msg.mail.text, &own, None, limits);
    let sender = msg.mail.from.clone().unwrap_or_default();
    let address = players::normalize_address(&sender).unwrap_or_else(|_| sender.clone());
    if let Some(c) = joining::confirmation(conn, env, msg, &address, &parsed)? {
        return confirmed(conn, env, msg, &parsed, c);
    }
    if backscatter::reached(conn, env)? {
        return over_cap(conn, env, msg);
    }
    let signup = parsed.commands.iter().find_map(|l| match &l.parsed {
        Ok(Command::Signup { name, rank }) => Some((l.text.clone(), name.clone(), *rank)),
        _ => None,
    });
    let Some((line, name, rank)) = signup else {
        if asks_help(&parsed) {
            return stranger_help(conn, env, msg, &parsed);
        }
        return unknown_sender(conn, env, msg, &sender);
    };
    let s = Signup {
        conn,
        env,
        msg,
        parsed: &parsed,
        line: &line,
    };
    if let Some(why) = reserved_name(env, &name) {
        return refused_signup(&s, reject("bad-name", words::bad_name(&name, why)));
    }
    match env.settings.signup.mode {
        SignupMode::Open => {}
        SignupMode::Closed => {
            return refused_signup(&s, reject("signup-closed", words::signup_closed()));
        }
        SignupMode::Confirm => return confirm_first(&s, &name, &address, rank),
    }
    match players::add(conn, &name, std::slice::from_ref(&sender), env.now) {
        Ok(player) => {
            joining::start_rating(conn, env, player.id, rank)?;
            signed_up(&s, &player)
        }
        Err(StoreError::Taken { .. }) => {
            refused_signup(&s, reject("name-taken", words::name_taken(&name)))
        }
        Err(StoreError::Invalid { reason, .. }) => {
            refused_signup(&s, reject("bad-name", words::bad_name(&name, &reason)))
        }
        Err(e) => Err(e.into()),
    }
}

/// `signup NAME` in `confirm` mode: a name that could not be taken is
/// refused at once; else the address gets one confirmation mail (within
/// the daily caps: the signups of the day, the replies to this address),
/// and the player exists once it is answered (see `joining`).
fn confirm_first(
    s: &Signup<'_>,
    name: &str,
    address: &str,
    rank: Option<Rank>,
) -> Result<Disposition, PipelineError> {
    let (conn, env, msg) = (s.conn, s.env, s.msg);
    if let Err(StoreError::Invalid { reason, .. }) = players::check_name(name) {
        return refused_signup(s, reject("bad-name", words::bad_name(name, &reason)));
    }
    if players::exists(conn, name)? {
        return refused_signup(s, reject("name-taken", words::name_taken(name)));
    }
    if joining::over_cap(conn, env, address, name)? {
        let detail = "signup; the daily cap of signup confirmations is reached";
        return ignored(conn, env, msg, "signup-cap", detail);
    }
    if !joining::may_mail_unproven(conn, env, address)? {
        let detail = "signup; the daily limit of replies to this address is reached";
        return ignored(conn, env, msg, "signup", detail);
    }
    let entry = Entry {
        player_id: None,
        outcome: Outcome::Answered,
        reasons: "signup-confirm",
        detail: "signup: a confirmation was mailed to the address",
    };
    let id = record(conn, env, msg, &entry)?;
    joining::request(conn, env, Recorded { msg, id }, address, name, rank)?;
    backscatter::note(conn, env, msg.key, 1)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Answered,
        replies: 1,
    })
}

/// Answers a mail sent to a signup confirmation's address: the welcome
/// with the mail's commands run, or why nothing was confirmed.
fn confirmed(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    parsed: &Parsed,
    c: joining::Confirmed,
) -> Result<Disposition, PipelineError> {
    match c {
        joining::Confirmed::Player(player, name) => {
            let mut report = run_all(conn, env, &player, &without_confirm(parsed), msg)?;
            let welcome = welcome_text(env, &player)?;
            let line = format!("signup {name}");
            let done = LineResult::new(line, Ok(Done::from(Effect::Registered(welcome))));
            report.lines.insert(0, done);
            answer_player(conn, env, msg, &player, &report)
        }
        joining::Confirmed::Address(player, address) => {
            let mut report = run_all(conn, env, &player, &without_confirm(parsed), msg)?;
            let text = address_words::address_added(&address, &player.name);
            let effect = Effect::acted(text, None, Vec::new());
            let line = format!("address add {address}");
            report
                .lines
                .insert(0, LineResult::new(line, Ok(Done::from(effect))));
            answer_player(conn, env, msg, &player, &report)
        }
        joining::Confirmed::Told => {
            let detail = "a reply to a confirmation without the word confirm, told so before";
            ignored(conn, env, msg, "confirm-word", detail)
        }
        joining::Confirmed::Not(why) => {
            let sender = msg.mail.from.clone().unwrap_or_default();
            if backscatter::reached(conn, env)? {
                return over_cap(conn, env, msg);
            }
            if !joining::may_mail_unproven(conn, env, &sender)? {
                let detail = "signup confirmation refused; the daily limit of replies is reached";
                return ignored(conn, env, msg, why.code, detail);
            }
            let mut report = stranger_report(env, &without_confirm(parsed))?;
            let line = words::confirmation_line().to_string();
            report.lines.insert(0, LineResult::new(line, Err(why)));
            answer_stranger(conn, env, msg, &report, Outcome::Rejected)
        }
    }
}

/// `parsed` without its bare `confirm` lines: on a reply to a
/// confirmation they are the word that confirms, not a question.
fn without_confirm(parsed: &Parsed) -> Parsed {
    let mut out = parsed.clone();
    let bare = |l: &CommandLine| matches!(l.parsed, Ok(Command::Confirm { on: None }));
    out.commands.retain(|l| !bare(l));
    out
}

/// Records a stranger's mail left unanswered by the daily cap of mail to
/// strangers (`backscatter`).
fn over_cap(conn: &Connection, env: &Env<'_>, msg: &Msg<'_>) -> Result<Disposition, PipelineError> {
    let detail = "the daily cap of mail to addresses of no player is reached";
    ignored(conn, env, msg, backscatter::CODE, detail)
}

/// Why `name` belongs to the system (see [`players::reserved_name`]), if it does.
fn reserved_name(env: &Env<'_>, name: &str) -> Option<&'static str> {
    let identity = &env.settings.identity;
    players::reserved_name(name, &identity.address, &identity.name)
}

/// Runs the new player's commands, the `signup` line among them.
fn signed_up(s: &Signup<'_>, player: &Player) -> Result<Disposition, PipelineError> {
    let mut report = run_all(s.conn, s.env, player, s.parsed, s.msg)?;
    let welcome = welcome_text(s.env, player)?;
    for line in report.lines.iter_mut().filter(|l| l.command == s.line) {
        line.result = Ok(Effect::Registered(welcome.clone()));
    }
    backscatter::note(s.conn, s.env, s.msg.key, 1)?;
    answer_player(s.conn, s.env, s.msg, player, &report)
}

/// Answers a refused `signup` (`why`) with the transcript, within the
/// daily cap of replies to a stranger.
fn refused_signup(s: &Signup<'_>, why: Rejection) -> Result<Disposition, PipelineError> {
    let (conn, env, msg) = (s.conn, s.env, s.msg);
    let sender = msg.mail.from.clone().unwrap_or_default();
    if !joining::may_mail_unproven(conn, env, &sender)? {
        let detail = "refused signup; the daily limit of replies to this address is reached";
        return ignored(conn, env, msg, why.code, detail);
    }
    let mut report = stranger_report(env, s.parsed)?;
    for line in report.lines.iter_mut().filter(|l| l.command == s.line) {
        line.result = Err(why.clone());
    }
    answer_stranger(conn, env, msg, &report, Outcome::Rejected)
}

/// True when a stranger's mail asks for `help`.
fn asks_help(parsed: &Parsed) -> bool {
    let help = |l: &CommandLine| matches!(l.parsed, Ok(Command::Help));
    parsed.commands.iter().any(help)
}

/// Answers a stranger's `help` (and their other commands) with the help
/// and how to join, within the daily cap of replies to a stranger.
fn stranger_help(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    parsed: &Parsed,
) -> Result<Disposition, PipelineError> {
    let sender = msg.mail.from.clone().unwrap_or_default();
    if !joining::may_mail_unproven(conn, env, &sender)? {
        let detail = "help; the daily limit of replies to this address is reached";
        return ignored(conn, env, msg, "unknown-sender", detail);
    }
    let report = stranger_report(env, parsed)?;
    answer_stranger(conn, env, msg, &report, Outcome::Answered)
}

/// Records a stranger's mail as `outcome` and queues its transcript.
fn answer_stranger(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    report: &Report,
    outcome: Outcome,
) -> Result<Disposition, PipelineError> {
    let entry = Entry {
        player_id: None,
        outcome,
        reasons: &report.codes().join(" "),
        detail: &report.summary(),
    };
    let id = record(conn, env, msg, &entry)?;
    let replies = replies::transcript_to_stranger(conn, env, Recorded { msg, id }, report)?;
    backscatter::note(conn, env, msg.key, replies)?;
    Ok(Disposition::Handled { outcome, replies })
}

/// Records a stranger's mail that gets no reply, with `code` and `detail`.
fn ignored(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    code: &str,
    detail: &str,
) -> Result<Disposition, PipelineError> {
    let entry = Entry {
        player_id: None,
        outcome: Outcome::Ignored,
        reasons: code,
        detail,
    };
    record(conn, env, msg, &entry)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Ignored,
        replies: 0,
    })
}

/// Returns what a stranger's commands come to: `help` is answered, the rest wait for a signup.
fn stranger_report(env: &Env<'_>, parsed: &Parsed) -> Result<Report, PipelineError> {
    let mut report = Report {
        not_processed: parsed.not_processed.clone(),
        ..Report::default()
    };
    for line in &parsed.commands {
        let result = match &line.parsed {
            Ok(Command::Help) => Ok(Effect::Text(stranger_help_text(env)?)),
            Ok(_) => Err(reject("unknown-sender", words::not_registered())),
            Err(e) => Err(reject(command_code(e.code()), unreadable_line(e))),
        };
        report
            .lines
            .push(LineResult::new(line.text.clone(), result.map(Done::from)));
    }
    Ok(report)
}

/// Answers a stranger without a `signup` with "who are you", once a day at most.
fn unknown_sender(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    sender: &str,
) -> Result<Disposition, PipelineError> {
    let since = env.now - Duration::days(1);
    let sent = outbox::count_kind_to_since(conn, sender, "unknown-sender", since)?;
    if sent >= env.settings.unknown_sender_replies_per_day {
        let why = "unknown sender; the daily limit of replies to this address is reached";
        return ignored(conn, env, msg, "unknown-sender", why);
    }
    let entry = Entry {
        player_id: None,
        outcome: Outcome::Answered,
        reasons: "unknown-sender",
        detail: "asked the sender to sign up",
    };
    let id = record(conn, env, msg, &entry)?;
    let replies = replies::unknown_sender(conn, env, Recorded { msg, id }, sender)?;
    backscatter::note(conn, env, msg.key, replies)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Answered,
        replies,
    })
}

/// The help as a stranger reads it: how to join, then the commands.
fn stranger_help_text(env: &Env<'_>) -> Result<String, PipelineError> {
    Ok(format!(
        "{}\n\n\n{}",
        join_text(env)?,
        help_text(env, None)?
    ))
}
