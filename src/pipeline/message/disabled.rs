//! Mail from a player the admin disabled (`pbmgo player disable`): none of
//! it is acted on; it is recorded as rejected (`account-disabled`) and
//! answered with one short reply that says so, within the loop backstop
//! (`limits.max_answers_per_hour`) and unless bounces stopped the address.
//! Nothing else is mailed to such a player: `letters` asks
//! `store::reach`, which knows the flag.

use chrono::Duration;
use rusqlite::Connection;

use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::mailing::outgoing::{self, Queued};
use crate::pipeline::mailing::pace;
use crate::pipeline::mailing::replies::{self, answer, reach_address, reply_id};
use crate::pipeline::record::journal::{Entry, Recorded, record};
use crate::pipeline::record::report::Disposition;
use crate::store::messages::Outcome;
use crate::store::players::Player;

/// The refusal code of mail from a disabled player.
const CODE: &str = "account-disabled";

/// Records mail from the disabled `player` and queues the one reply.
pub(crate) fn from_disabled(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
) -> Result<Disposition, PipelineError> {
    let entry = Entry {
        player_id: Some(player.id),
        outcome: Outcome::Rejected,
        reasons: CODE,
        detail: "the account is disabled by the admin; nothing was acted on",
    };
    let id = record(conn, env, msg, &entry)?;
    let replies = reply(conn, env, Recorded { msg, id }, player)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Rejected,
        replies,
    })
}

/// Queues the reply to the sender's address unless the cap or bounces
/// stop it; returns how many mails were queued (0 or 1).
fn reply(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    player: &Player,
) -> Result<u32, PipelineError> {
    let msg = recorded.msg;
    let to = msg.mail.from.clone().unwrap_or_default();
    let reach = reach_address(conn, &to, env.now - Duration::hours(1))?;
    // Nothing of the mail is read, so no token proves it the player's.
    let kind = pace::answer_kind(env, false);
    if !pace::may_answer(conn, env, &reach, kind)? {
        return Ok(0);
    }
    let subject = words::transcript_subject(&msg.mail.subject);
    let text = words::account_disabled(&player.name);
    let mut m = replies::mail(&to, subject, text, reply_id(env, msg, 1));
    answer(&mut m, msg);
    m.rejected_codes = vec![CODE.into()];
    let queued = Queued {
        kind,
        game: None,
        inbound_id: Some(recorded.id),
        known: None,
    };
    outgoing::enqueue(conn, env, m, &queued)?;
    Ok(1)
}
