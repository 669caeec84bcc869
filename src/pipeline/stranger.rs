//! Mail from an address that belongs to no player: `signup NAME`, or one
//! polite "who are you" reply a day (capped), with `help` answered.

use chrono::Duration;
use rusqlite::Connection;

use super::answer::answer_player;
use super::context::{Env, Msg};
use super::error::{PipelineError, Rejection, reject};
use super::execute::{command_code, run_all};
use super::help::help_text;
use super::journal::record;
use super::replies;
use super::report::{Disposition, Done, Effect, LineResult, Report};
use crate::mail::command::{Command, Parsed, parse_mail};
use crate::store::StoreError;
use crate::store::messages::Outcome;
use crate::store::outbox;
use crate::store::players::{self, Player};

/// Handles mail from an address that belongs to no player.
pub(crate) fn from_stranger(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
) -> Result<Disposition, PipelineError> {
    let parsed = parse_mail(&msg.mail.subject, &msg.mail.text);
    let sender = msg.mail.from.clone().unwrap_or_default();
    let signup = parsed.commands.iter().find_map(|l| match &l.parsed {
        Ok(Command::Signup { name }) => Some((l.text.clone(), name.clone())),
        _ => None,
    });
    let Some((text, name)) = signup else {
        return unknown_sender(conn, env, msg, &sender);
    };
    match players::add(conn, &name, std::slice::from_ref(&sender), env.now) {
        Ok(player) => signed_up(conn, env, msg, &player, &parsed, &text),
        Err(StoreError::Taken { .. }) => refused_signup(
            conn,
            env,
            msg,
            &parsed,
            &text,
            reject(
                "name-taken",
                format!("the name {name} is taken: choose another"),
            ),
        ),
        Err(StoreError::Invalid { reason, .. }) => refused_signup(
            conn,
            env,
            msg,
            &parsed,
            &text,
            reject(
                "bad-name",
                format!("{name} cannot be a player name: {reason}"),
            ),
        ),
        Err(e) => Err(e.into()),
    }
}

fn signed_up(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
    parsed: &Parsed,
    signup_text: &str,
) -> Result<Disposition, PipelineError> {
    let mut report = run_all(conn, env, player, parsed, msg)?;
    for line in report.lines.iter_mut().filter(|l| l.command == signup_text) {
        line.result = Ok(Effect::Registered);
    }
    answer_player(conn, env, msg, player, &report)
}

fn refused_signup(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    parsed: &Parsed,
    text: &str,
    why: Rejection,
) -> Result<Disposition, PipelineError> {
    let sender = msg.mail.from.clone().unwrap_or_default();
    if !replies::stranger_may_get_more(conn, env, &sender)? {
        let detail = "refused signup; the daily limit of replies to this address is reached";
        record(conn, env, msg, None, Outcome::Ignored, why.code, detail)?;
        return Ok(Disposition::Handled {
            outcome: Outcome::Ignored,
            replies: 0,
        });
    }
    let mut report = stranger_report(env, parsed)?;
    for line in report.lines.iter_mut().filter(|l| l.command == text) {
        line.result = Err(why.clone());
    }
    let id = record(
        conn,
        env,
        msg,
        None,
        Outcome::Rejected,
        &report.codes().join(" "),
        &report.summary(),
    )?;
    let replies = replies::transcript_to_stranger(conn, env, msg, &report, id)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Rejected,
        replies,
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
            Ok(Command::Help) => Ok(Effect::Text(help_text(env, None)?)),
            Ok(_) => Err(reject(
                "unknown-sender",
                "this address is not registered: sign up first with signup NAME",
            )),
            Err(e) => Err(reject(command_code(e.code()), e.to_string())),
        };
        report
            .lines
            .push(LineResult::new(line.text.clone(), result.map(Done::from)));
    }
    Ok(report)
}

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
        record(
            conn,
            env,
            msg,
            None,
            Outcome::Ignored,
            "unknown-sender",
            why,
        )?;
        return Ok(Disposition::Handled {
            outcome: Outcome::Ignored,
            replies: 0,
        });
    }
    let id = record(
        conn,
        env,
        msg,
        None,
        Outcome::Answered,
        "unknown-sender",
        "asked the sender to sign up",
    )?;
    let replies = replies::unknown_sender(conn, env, msg, sender, id)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Answered,
        replies,
    })
}
