//! pbmgo's own mails, as a reply may repeat them: the raw bytes of mails
//! we sent → [`OwnWords`] (their Subjects, text parts, HTML parts as text
//! and raw lines, the last for clients such as mailx that quote a mail
//! undecoded, headers and MIME parts included).

use super::{body, headers, parse_message};
use crate::command::OwnWords;

/// Which parts of our mails a reply must not have read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recognise {
    /// The lines and the Subjects: the reply names these mails.
    LinesAndSubjects,
    /// Only the lines: the mails are merely the latest sent to the sender,
    /// whose new Subject may well repeat an old one on purpose.
    Lines,
}

/// Returns the words of the mails `raws` (as queued in the outbox).
pub fn own_words<'a>(raws: impl IntoIterator<Item = &'a [u8]>, what: Recognise) -> OwnWords {
    let mut own = OwnWords::new();
    for raw in raws {
        add_mail(&mut own, raw, what);
    }
    own
}

fn add_mail(own: &mut OwnWords, raw: &[u8], what: Recognise) {
    own.add_text(&body::normalize_newlines(&String::from_utf8_lossy(raw)));
    let Ok(message) = parse_message(raw) else {
        return;
    };
    if what == Recognise::LinesAndSubjects {
        own.add_subject(&headers::subject(&message));
    }
    for text in body::texts(&message) {
        own.add_text(&text);
    }
}
