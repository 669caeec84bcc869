//! Notices held back by the hourly limit, merged. When a notice to a player
//! over the limit is queued, the notices still held back for the same
//! address ride in it (their news and words, not their old boards) and
//! leave the queue, so the player gets one mail when the limit allows
//! instead of a pile of them, and loses none of the news.

use rusqlite::Connection;

use crate::mail::alternative::{WIDTH, wrap};
use crate::mail::inbound;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::replies as words;
use crate::store::MessageId;
use crate::store::outbox::{self, Held};

/// Moves the news of the mails held back for `address` (those not queued
/// by inbound message `inbound_id`) into `letter`, after its own words, and
/// takes them out of the queue; returns when the earliest of them was due
/// (RFC 3339), which the letter keeps. A held mail that cannot be read
/// back stays queued as it is.
pub(super) fn merge_into(
    conn: &Connection,
    letter: &mut Letter,
    address: &str,
    inbound_id: MessageId,
) -> Result<Option<String>, PipelineError> {
    let mut news = Vec::new();
    let mut due: Option<String> = None;
    for held in outbox::held_for(conn, address, inbound_id)? {
        // A held mail whose bytes are still being rendered (queued earlier
        // in the same batch) stays queued as it is.
        let Ok(raw) = outbox::raw(conn, held.id) else {
            continue;
        };
        let Ok(mail) = inbound::parse(&raw) else {
            continue;
        };
        news.extend(news_of(&mail.text, &held));
        outbox::remove_merged(conn, held.id)?;
        if due.as_ref().is_none_or(|d| held.due < *d) {
            due = Some(held.due.clone());
        }
    }
    if !news.is_empty() {
        let items: Vec<String> = news
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{}\n\n{n}", words::held_back_item(i + 1)))
            .collect();
        let text = format!(
            "{}\n\n{}\n\n{}\n",
            letter.text.trim_end(),
            words::held_back_heading(news.len()),
            items.join("\n\n")
        );
        letter.text = wrap(&text, WIDTH);
    }
    Ok(due)
}

/// The news a held mail carries: what comes before its board, then the
/// news of the mails it carried itself, oldest first.
fn news_of(text: &str, held: &Held) -> Vec<String> {
    let heading = words::held_back_marker();
    let (own, carried) = match text.find(heading) {
        Some(at) => (&text[..at], Some(&text[at..])),
        None => (text, None),
    };
    let own = match held.game_id.and_then(|g| own.find(&format!("\ngame{g}: "))) {
        Some(board) => &own[..board],
        None => own,
    };
    let mut out = carried.map_or_else(Vec::new, items);
    out.push(own.trim().to_string());
    out.retain(|s| !s.is_empty());
    out
}

/// The notices a held-back section carries, without their numbered lines.
fn items(section: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for paragraph in section.split("\n\n").skip(1) {
        let is_item_line = paragraph.starts_with(&words::held_back_item(out.len() + 1));
        match out.last_mut() {
            _ if is_item_line => out.push(String::new()),
            Some(item) => {
                if !item.is_empty() {
                    item.push_str("\n\n");
                }
                item.push_str(paragraph.trim_end());
            }
            None => {}
        }
    }
    out
}
