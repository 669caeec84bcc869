//! The overall daily cap on mail to addresses that belong to no player
//! (`limits.stranger_replies_per_day`): the help and "who are you"
//! answers to strangers, the welcome of an open signup, the refusals of a
//! signup, the signup and address confirmations. A forger who writes from
//! many addresses makes pbmgo mail each of them: the per-address caps do
//! not bound that, this one does. Beyond it such mail is not made (the
//! message is recorded with the code [`CODE`]).
//!
//! Each such mail is noted as a `notices` row (game 0, player 0, kind
//! [`KIND`]) keyed by its time and a unique string, so the count of the
//! last day is a range of the primary key, never more rows than the cap.
//! Owns the count and the notes; where the cap applies is its callers'.

use chrono::Duration;
use rusqlite::Connection;

use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::store::codec::time_text;
use crate::store::notices;

/// The reason a message is recorded with when the cap stopped its answer.
pub(crate) const CODE: &str = "stranger-cap";

/// The kind of the `notices` rows that note mail to strangers.
const KIND: &str = "stranger-mail";

/// True when the mail to strangers of the last day reached the cap.
pub(crate) fn reached(conn: &Connection, env: &Env<'_>) -> Result<bool, PipelineError> {
    let since = time_text(env.now - Duration::days(1));
    let sent = notices::count_from(conn, None, None, KIND, &since)?;
    Ok(sent >= env.settings.stranger_replies_per_day)
}

/// Notes `count` mails to strangers queued now, made unique by `unique`
/// (the inbound message's key, or the key and what was mailed).
pub(crate) fn note(
    conn: &Connection,
    env: &Env<'_>,
    unique: &str,
    count: u32,
) -> Result<(), PipelineError> {
    let at = time_text(env.now);
    for i in 0..count {
        let key = format!("{at}#{unique}#{i}");
        notices::first(conn, None, None, KIND, &key, env.now)?;
    }
    Ok(())
}
