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

use crate::command::{OwnWords, is_reply_subject};
use crate::mail::inbound::InboundMail;
use crate::mail::inbound::sent::{Recognise, own_words};
use crate::pipeline::base::error::PipelineError;
use crate::store::outbox::{self, Recalled};

/// How many of the latest mails to the sender an unthreaded mail is read against.
const RECENT: usize = 5;

/// Returns the words of ours that `mail` may repeat.
///
/// A mail whose Subject has no reply prefix and whose text has fewer than
/// two lines cannot repeat us by the rule of `command::OwnWords` (a lone
/// line is the player's), so nothing is loaded for it: the common
/// one-line move costs no recall.
pub(super) fn own_words_in(
    conn: &Connection,
    mail: &InboundMail,
) -> Result<OwnWords, PipelineError> {
    if !is_reply_subject(&mail.subject) && lines_of(&mail.text) < 2 {
        return Ok(OwnWords::new());
    }
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

/// The number of non-blank lines of `text`.
fn lines_of(text: &str) -> usize {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .take(2)
        .count()
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
