//! Pace: which limit a mail counts against, decided by its outbox kind.
//!
//! - Play: the news of a game as it is played (the "your move" notice, the
//!   start, the scoring, the end) and what the clock sends. An alternating
//!   game bounds it by the opponent's own play, so no cap holds it back.
//! - Answers: replies to an address's own mail. Automatic mail is never
//!   answered (RFC 3834, `mail::classify`); `limits.max_answers_per_hour`
//!   is only the backstop that stops a loop. In token mode it counts two
//!   kinds apart: `reply`, the answer to a mail a token proved to be the
//!   player's (a command that needs one was run), and `reply-open`, the
//!   answer to a mail anybody could have sent (`games`, `help`, a move
//!   refused for its token). So forged mail in a player's name fills only
//!   the second, and never stops the answers to the player's own play. In
//!   address mode a From proves all a mail can, and every answer is a
//!   `reply`.
//! - Capped: what others make pbmgo send to an address (`say` words,
//!   challenges, undo requests, confirmations, and any kind not named
//!   here). Over `limits.max_replies_per_hour` in an hour it is held back,
//!   never dropped, until the hour that filled the cap has passed; a
//!   change of the limit lets it go at the next `send`, `poll` or `tick`
//!   ([`release_held`]).
//!
//! Owns the kind lists and the decisions; the counting is `store::reach`'s.

use chrono::{DateTime, Duration, Utc};
use rusqlite::Connection;

use crate::home::AuthMode;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::replies as words;
use crate::store::outbox;
use crate::store::reach::{self, Kinds, Reach, Sent};

/// The limit a kind of mail counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pace {
    /// Bounded by the game's own play or the clock: never held.
    Play,
    /// An answer to the address's own mail: only the loop backstop.
    Answer,
    /// Made by others: the hourly cap.
    Capped,
}

/// The kinds of [`Pace::Play`], `,`-joined with a `,` at both ends.
const PLAY: &str = ",your-move,game-start,scoring,resumed,game-over,sgf,digest,reminder,\
                    warning,scoring-warning,opponent-bouncing,";

/// The kinds of [`Pace::Answer`], likewise.
const ANSWERS: &str = ",reply,reply-open,";

/// The outbox kind of an answer: `reply` when a token proved its mail
/// the player's (`Report::proven`) or in address mode, else `reply-open`.
pub(crate) fn answer_kind(env: &Env<'_>, proven: bool) -> &'static str {
    match proven || env.settings.tokens.mode == AuthMode::Address {
        true => "reply",
        false => "reply-open",
    }
}

/// The kind lists the store counts with.
const KINDS: Kinds<'static> = Kinds {
    uncapped: PLAY,
    answers: ANSWERS,
};

/// Returns the pace of outbox kind `kind`.
pub(crate) fn of(kind: &str) -> Pace {
    let listed = |list: &str| list.contains(&format!(",{kind},"));
    match () {
        _ if listed(PLAY) => Pace::Play,
        _ if listed(ANSWERS) => Pace::Answer,
        _ => Pace::Capped,
    }
}

/// Why and until when a capped mail is held back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Hold {
    /// When it may leave.
    pub(crate) until: DateTime<Utc>,
    /// The reason `outbox list` shows (`deferred: ...`).
    pub(crate) reason: String,
    /// The cap that holds it.
    pub(crate) cap: u32,
}

/// Returns the hold a mail of `kind` to `address` queued now gets, or
/// `None` when it may leave at once.
pub(crate) fn hold(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
    kind: &str,
) -> Result<Option<Hold>, PipelineError> {
    if of(kind) != Pace::Capped {
        return Ok(None);
    }
    let sent = sent_in_hour(conn, address, env.now)?;
    let cap = env.settings.max_replies_per_hour;
    if sent.capped < cap {
        return Ok(None);
    }
    Ok(Some(Hold {
        until: free_at(&sent, env.now),
        reason: words::deferred_reason(address, cap),
        cap,
    }))
}

/// When the hour that filled the cap has passed: an hour after the oldest
/// capped mail of the hour that is not held itself.
fn free_at(sent: &Sent, now: DateTime<Utc>) -> DateTime<Utc> {
    let oldest = sent.oldest_capped.as_deref();
    let oldest = oldest.and_then(|t| DateTime::parse_from_rfc3339(t).ok());
    let at = oldest.map_or(now, |t| t.with_timezone(&Utc)) + Duration::hours(1);
    at.max(now + Duration::minutes(1))
}

/// True while `reach` may get an answer of kind `kind` (see
/// [`answer_kind`]): under the loop backstop
/// (`limits.max_answers_per_hour`) in answers of that kind, and not
/// stopped by bounces.
pub(crate) fn may_answer(
    conn: &Connection,
    env: &Env<'_>,
    reach: &Reach,
    kind: &str,
) -> Result<bool, PipelineError> {
    let settings = env.settings;
    if reach.stopped(settings.bounce_limit) {
        return Ok(false);
    }
    // Counted as answers: `kind` alone.
    let since = env.now - Duration::hours(1);
    let answers = outbox::count_kind_to_since(conn, &reach.address, kind, since)?;
    Ok(answers < settings.max_answers_per_hour)
}

/// The mail queued to `address` in the hour before `now`.
fn sent_in_hour(
    conn: &Connection,
    address: &str,
    now: DateTime<Utc>,
) -> Result<Sent, PipelineError> {
    Ok(reach::sent(conn, address, now - Duration::hours(1), KINDS)?)
}

/// Lets go at `now` the held mail the limits allow now, oldest first:
/// mail of a kind no longer capped, and capped mail to an address under
/// `cap` (`limits.max_replies_per_hour` as the config says it now).
/// Returns how many were let go.
pub(crate) fn release_held(
    conn: &Connection,
    cap: u32,
    now: DateTime<Utc>,
) -> Result<u32, PipelineError> {
    let mut released = 0;
    for held in outbox::waiting(conn, now)? {
        let free = match of(&held.kind) {
            Pace::Capped => {
                let sent = sent_in_hour(conn, &held.recipient, now)?;
                sent.capped - sent.waiting < cap
            }
            Pace::Play | Pace::Answer => true,
        };
        if free {
            outbox::release(conn, held.id, now)?;
            released += 1;
        }
    }
    Ok(released)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_fall_under_their_limits() {
        assert_eq!(of("your-move"), Pace::Play);
        assert_eq!(of("game-over"), Pace::Play);
        assert_eq!(of("reply"), Pace::Answer);
        assert_eq!(of("reply-open"), Pace::Answer);
        assert_eq!(of("say"), Pace::Capped);
        assert_eq!(of("challenge"), Pace::Capped);
        assert_eq!(of("signup-confirm"), Pace::Capped);
        assert_eq!(of("move"), Pace::Capped, "an unknown kind is capped");
    }
}
