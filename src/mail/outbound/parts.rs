//! The parts of an outgoing mail: the text part and its HTML alternative
//! encoded, the attachments, and the key of the boundaries, drawn from the
//! Message-ID so the same mail always gives the same bytes (`mime` writes
//! them into the mail).

use std::borrow::Cow;

use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Attachment as MimeAttachment, Body, SinglePart};
use sha2::{Digest, Sha256};

use super::headers::{clean, non_empty};
use super::mime::Html;
use super::types::{Attachment, OutboundError, OutboundMail};
use crate::mail::alternative::{self, Picture};
use crate::mail::style::STYLE;
use crate::mail::textpart::{around_style, encoded};

/// The text part and the HTML part, encoded: the caller's HTML, or else
/// the one [`alternative::html_with`] makes from the text, with the
/// inline images in place (in pieces around the stylesheet when it is
/// quoted-printable, the stylesheet's lines being encoded already).
pub(super) fn texts(mail: &OutboundMail) -> (Body, Html) {
    let pictures: Vec<Picture<'_>> = mail
        .inline_images
        .iter()
        .map(|i| Picture {
            src: format!("cid:{}", i.content_id),
            shows: &i.shows,
            alt: &i.alt,
            caption: &i.caption,
            letters: &i.letters,
            width: i.width,
            height: i.height,
        })
        .collect();
    let text = encoded(&cleaned(&mail.text));
    let Some(given) = &mail.html else {
        let laid_out: Vec<&str> = mail.laid_out.iter().map(String::as_str).collect();
        let (head, tail) =
            alternative::html_around_style(&mail.text, &mail.subject, &laid_out, &pictures);
        let (head, tail) = (cleaned(&head), cleaned(&tail));
        let html = match around_style(&head, &tail) {
            Some((head, tail)) => Html::AroundStyle(head, tail),
            None => Html::Whole(encoded(&[&*head, STYLE, &*tail].concat())),
        };
        return (text, html);
    };
    (text, Html::Whole(encoded(&cleaned(given))))
}

/// Returns `text` with `\n` line ends only (lettre writes them as CRLF):
/// a lone CR becomes a line end and other control characters but tab are
/// dropped, so no bare CR or NUL reaches an SMTP server.
pub fn clean_body(text: &str) -> String {
    cleaned(text).into_owned()
}

/// [`clean_body`], borrowing `text` when it is clean already (most are).
fn cleaned(text: &str) -> Cow<'_, str> {
    if !has_control(text.as_bytes()) {
        return Cow::Borrowed(text);
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    Cow::Owned(
        text.chars()
            .filter(|&c| !c.is_control() || c == '\n' || c == '\t')
            .collect(),
    )
}

/// Returns true when `text` (UTF-8) holds a control character other than
/// LF and tab (so CR too): C0 controls, DEL, and C1 controls (U+0080 to
/// U+009F, encoded as 0xC2 followed by 0x80 to 0x9F).
///
/// In blocks without an early exit, which the compiler vectorises.
pub(super) fn has_control(text: &[u8]) -> bool {
    let c0 = text.chunks(64).any(|block| {
        block.iter().fold(false, |found, &b| {
            found | ((b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f)
        })
    });
    c0 || memchr::memchr_iter(0xc2, text).any(|i| matches!(text.get(i + 1), Some(0x80..=0x9f)))
}

/// The key of the MIME boundaries: a hash of the mail's Message-ID (unique
/// to each mail), drawn again with a counter in the rare case that the text,
/// the HTML or an attachment holds it.
///
/// lettre would draw boundaries at random; a key keeps rendering
/// deterministic. Only the id is hashed, never the body or the pictures
/// (hashing every picture's bytes was a sixth of `poll`), and checking
/// that no part holds the key keeps a player from writing a boundary into
/// their text (pictures are base64, which has no `_`, so never hold one).
pub(super) fn boundary_key(mail: &OutboundMail) -> String {
    let mut salt: u64 = 0;
    loop {
        let mut hasher = Sha256::new();
        hasher.update(salt.to_be_bytes());
        hasher.update(mail.message_id.as_bytes());
        let key = data_encoding::HEXLOWER.encode(&hasher.finalize()[..16]);
        if !holds(mail, &key) {
            return key;
        }
        salt += 1;
    }
}

/// True when any text of `mail` that goes into its body holds `key`.
pub(super) fn holds(mail: &OutboundMail, key: &str) -> bool {
    let html = mail.html.as_deref().unwrap_or_default();
    let images = mail.inline_images.iter().flat_map(|i| {
        [&i.content_id, &i.alt, &i.caption, &i.letters, &i.filename].map(String::as_str)
    });
    let names = mail.attachments.iter().map(|f| f.filename.as_str());
    let file = |f: &Attachment| f.body.windows(key.len()).any(|w| w == key.as_bytes());
    [mail.text.as_str(), html]
        .into_iter()
        .chain(mail.laid_out.iter().map(String::as_str))
        .chain(images)
        .chain(names)
        .any(|t| t.contains(key))
        || mail.attachments.iter().any(file)
}

pub(super) fn attachment(file: &Attachment) -> Result<SinglePart, OutboundError> {
    let content_type = ContentType::parse(file.content_type.trim()).map_err(|_| {
        OutboundError::BadContentType {
            filename: file.filename.clone(),
            content_type: file.content_type.clone(),
        }
    })?;
    // Always base64: raw bytes may hold bare LFs or NULs, which 7bit can't carry.
    // (base64 is never refused; the fallback only avoids an unwrap)
    let body = Body::new_with_encoding(file.body.clone(), ContentTransferEncoding::Base64)
        .unwrap_or_else(Body::new);
    Ok(MimeAttachment::new(file_name(&file.filename)).body(body, content_type))
}

/// A file name without control characters, path separators or quotes.
pub(super) fn file_name(name: &str) -> String {
    let name: String = clean(name)
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | '"') {
                '_'
            } else {
                c
            }
        })
        .collect();
    non_empty(name.trim_start_matches('.').to_owned(), "attachment")
}
