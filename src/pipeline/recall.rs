//! Step 5a of `process`: pbmgo's own words in the mail being handled.
//!
//! A mail that names our mails in In-Reply-To or References is read
//! against them: their lines and Subjects ([`Recognise::LinesAndSubjects`]).
//! A mail that names none of ours (mailx and autoresponders often set no
//! threading headers) is read against the latest mails we sent to its
//! sender: their lines (a lone line the player typed still counts, see
//! `command::OwnWords`), and their Subjects too when the mail's Subject
//! has a reply prefix (`Re: [game1] Re: pass game1`), so a reply never
//! repeats a command from a Subject of ours.

use rusqlite::Connection;

use super::error::PipelineError;
use crate::mail::command::{OwnWords, is_reply_subject};
use crate::mail::inbound::InboundMail;
use crate::mail::inbound::sent::{Recognise, own_words};
use crate::store::outbox::{self, Recalled};

/// How many of the latest mails to the sender an unthreaded mail is read against.
const RECENT: usize = 5;

/// Returns the words of ours that `mail` may repeat.
pub(super) fn own_words_in(
    conn: &Connection,
    mail: &InboundMail,
) -> Result<OwnWords, PipelineError> {
    let named = outbox::recall(conn, &named_ids(mail))?;
    if !named.is_empty() {
        return Ok(words(&named, Recognise::LinesAndSubjects));
    }
    let sender = mail.from.as_deref().unwrap_or_default();
    let recent = outbox::recent_to(conn, sender, RECENT)?;
    let what = if is_reply_subject(&mail.subject) {
        Recognise::LinesAndSubjects
    } else {
        Recognise::Lines
    };
    Ok(words(&recent, what))
}

/// The ids the mail answers: References, then In-Reply-To, oldest first.
fn named_ids(mail: &InboundMail) -> Vec<String> {
    let mut ids = mail.references.clone();
    ids.extend(
        mail.in_reply_to
            .iter()
            .filter(|id| !mail.references.contains(id))
            .cloned(),
    );
    ids
}

fn words(mails: &[Recalled], what: Recognise) -> OwnWords {
    own_words(mails.iter().map(|m| m.raw.as_slice()), what)
}
