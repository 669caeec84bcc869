//! A mail given up on (failed for `[send] give_up_after`, or refused for
//! good): the error-level log line the admin sees, and the record that has
//! the player told in their next mail (`store::outbox::record_lost`).
//!
//! Owns only reading the lost mail's Subject and news back from its bytes;
//! what the player is told is the pipeline's (`wording::lost`).

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use crate::mail::inbound;
use crate::store::StoreError;
use crate::store::outbox::{self, Due};

/// Logs that `mail` finally failed with `error` and records it as lost
/// for its player (if its recipient is one) at `now`.
pub(super) fn gave_up(
    tx: &Connection,
    mail: &Due,
    error: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let (subject, what) = news(&mail.raw);
    tracing::error!(
        id = mail.id.get(),
        recipient = %mail.recipient,
        subject = %subject,
        error = %error,
        message_id = %mail.message_id,
        "mail finally failed: given up on"
    );
    outbox::record_lost(tx, mail.id, &what, now)?;
    Ok(())
}

/// The Subject of a mail and its news as its reader would have read it: a
/// game mail's (Subject `[gameN] …`) first line, without its full stop;
/// any other mail's Subject.
fn news(raw: &[u8]) -> (String, String) {
    let Ok(parsed) = inbound::parse(raw) else {
        return (String::new(), String::new());
    };
    let subject = parsed.subject.trim().to_string();
    let first = parsed.text.trim_start().lines().next().unwrap_or("").trim();
    let what = match subject.starts_with("[game") && !first.is_empty() {
        true => first.strip_suffix('.').unwrap_or(first).to_string(),
        false => subject.clone(),
    };
    (subject, what)
}

#[cfg(test)]
mod tests {
    use super::news;

    #[test]
    fn a_game_mail_is_known_by_its_first_line_and_others_by_subject() {
        let game = b"Subject: [game4] alice vs bob, 9x9\r\n\r\n\
                     alice played C3 in game4: your move.\r\n\r\nThe board\r\n";
        assert_eq!(
            news(game),
            (
                "[game4] alice vs bob, 9x9".to_string(),
                "alice played C3 in game4: your move".to_string()
            )
        );
        let reply = b"Subject: Re: signup\r\n\r\nWelcome.\r\n";
        assert_eq!(news(reply).1, "Re: signup");
    }
}
