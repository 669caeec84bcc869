//! The note in a player's next mail about pbmgo's mail to them that could
//! not be delivered (given up on after `[send] give_up_after`, or refused
//! for good by the relay).

use chrono::{DateTime, Utc};

/// How many lost mails the note names one by one; more are counted.
const NAMED: usize = 3;

/// Says that our mails `lost` (each its date written and its news, oldest
/// first) could not be delivered, and how to see where the games stand:
/// "Our mail of 3 Nov to you, 'alice played C3 in game4: your move',
/// could not be delivered; `games` shows where your games stand."
pub(crate) fn lost_mail(lost: &[(DateTime<Utc>, &str)]) -> String {
    let day = |at: &DateTime<Utc>| at.format("%-d %b").to_string();
    let end = "could not be delivered; `games` shows where your games stand.";
    if let [(at, what)] = lost {
        return format!("Our mail of {} to you, '{what}', {end}", day(at));
    }
    let named: Vec<String> = lost
        .iter()
        .take(NAMED)
        .map(|(at, what)| format!("of {}, '{what}',", day(at)))
        .collect();
    match lost.len().saturating_sub(NAMED) {
        0 => format!("Our mails to you {} {end}", join(&named)),
        n => format!("Our mails to you {} and {n} more {end}", named.join(" ")),
    }
}

/// `a and b`, `a b and c` (each item ends with its comma).
fn join(items: &[String]) -> String {
    match items {
        [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(" ")),
        _ => items.join(""),
    }
}
