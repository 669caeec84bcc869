//! How the mail of one message goes, paced: the letters to other players
//! queued with what the hourly cap holds back noted for the sender (see
//! `pace`), and whether the sender's reply is left out because they
//! turned confirmations off (`confirm off`).

use rusqlite::Connection;

use super::queue::Queue;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::mailing::letters;
use crate::pipeline::record::report::{Effect, LineResult, Report};
use crate::store::players::Player;
use crate::store::settings;

/// Queues the merged letters, numbered on from the mails queued before
/// them, as `Queue::next_id` numbers; returns how many were queued and,
/// for the sender's transcript, a note on each the hourly cap holds back
/// (say when it leaves). A capped letter (see `pace`) to a player over the
/// cap is never dropped: it is queued held back and carries the news of
/// the mails held back before it, which leave the queue (see `held`); it
/// leaves when the earliest of them was due.
pub(super) fn queue_letters(
    q: &Queue<'_, '_>,
    mut letters: Vec<Letter>,
) -> Result<(u32, Vec<String>), PipelineError> {
    let mut dues = vec![None; letters.len()];
    for (i, letter) in letters.iter_mut().enumerate() {
        if q.would_hold(letter)? {
            dues[i] = q.merge_held(letter)?.and_then(|d| parse_time(&d));
        }
    }
    let (key, seq) = (q.msg.key, q.seq);
    let unique = |i: usize| format!("{key}#letter{}", seq + i as u64 + 1);
    let known = Some(q.known());
    let mut queued =
        letters::queue_each(q.conn, q.env, &letters, unique, Some(q.inbound_id), known)?;
    let mut notes = Vec::new();
    for (i, hold) in &mut queued.held {
        let letter = &letters[*i];
        if let Some(due) = dues[*i].filter(|d| *d < hold.until) {
            hold.until = due;
            q.defer_to(letter.to.id, due)?;
        }
        notes.push(words::held_note(
            letter.kind,
            &letter.to.name,
            hold.until,
            hold.cap,
        ));
    }
    Ok((queued.count, notes))
}

/// Reads an RFC 3339 time.
fn parse_time(text: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    let t = chrono::DateTime::parse_from_rfc3339(text).ok()?;
    Some(t.with_timezone(&chrono::Utc))
}

/// True when the sender turned confirmations off (`confirm off`) and every
/// command of the mail was done and only changed something: no reply
/// then (the letters to the sender still go). A refusal, a command that
/// answers a question (a board, a list, `confirm` itself) or a mail
/// without commands is always answered.
pub(super) fn quiet(
    conn: &Connection,
    player: &Player,
    report: &Report,
) -> Result<bool, PipelineError> {
    let done = |l: &LineResult| {
        !asks(&l.command) && matches!(l.result, Ok(Effect::Changed(_) | Effect::Acted { .. }))
    };
    let all_done = !report.lines.is_empty()
        && report.not_processed.is_empty()
        && report.lines.iter().all(done);
    Ok(all_done && !settings::confirm(conn, player.id)?)
}

/// True for a command line, as written, that asks for its answer though
/// it acts: `confirm` (alone, on or off) and `address` (the list).
fn asks(line: &str) -> bool {
    let words: Vec<String> = line.split_whitespace().map(str::to_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    matches!(
        words.as_slice(),
        ["confirm", ..] | ["address"] | ["address", "list"]
    )
}
