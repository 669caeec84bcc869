//! Building replies: an [`OutboundMail`] becomes RFC 5322 bytes.
//!
//! Owns the shape of the mail we send: From/To/Subject, the Date and
//! Message-ID the caller passes in, threading (In-Reply-To, References),
//! `Auto-Submitted` (RFC 3834), our `X-Pbmgo-*` headers, and the MIME
//! layout (text and its HTML alternative, with inline pictures in a
//! `multipart/related`, optional attachments). Every
//! header value that may come from a player is stripped of control
//! characters first, so no player text can add a header.
//!
//! Must not touch: SMTP or any other sending (see `transport`), the store,
//! the wording of replies (see `templates`), the clock or randomness.
//!
//! In parts: the values (`types`), the headers and ids (`headers`), the
//! parts (`parts`) and the MIME body they are written into (`mime`); this
//! file renders a mail from them.

mod headers;
mod mime;
mod parts;
#[cfg(test)]
mod tests;
mod types;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use lettre::message::SinglePart;

pub use super::inline::InlineImage;
pub use headers::{clean_header_text, message_id};
pub use parts::clean_body;
pub use types::{AUTO_GENERATED, AUTO_REPLIED, Attachment, Identity, OutboundError, OutboundMail};

use crate::mail::style::{STYLE_KEY, STYLE_QP};
use headers::{headers, rejected_headers};
use mime::{Places, Tree};
use parts::{attachment, boundary_key, texts};

/// Returns the mail as RFC 5322 bytes (CRLF line endings), dated `date`.
///
/// If `in_reply_to` is set and missing from `references`, it is appended
/// to References so threading works in every client. In-Reply-To and
/// References ids that are not valid message ids are left out rather than
/// failing the reply, since they come from the player's mail. Bodies pass
/// through [`clean_body`]; attachments are always base64. MIME boundaries
/// are made from the Message-ID (see [`boundary_key`]), so the same
/// arguments always give the same bytes.
pub fn render(
    mail: &OutboundMail,
    from: &Identity,
    date: DateTime<Utc>,
) -> Result<Vec<u8>, OutboundError> {
    Ok(formatted(mail, from, date, false)?.0)
}

/// A mail rendered with its pictures apart: the bytes [`render`] gives
/// without the base64 lines of each inline picture (nor the lines of its
/// HTML part's stylesheet, the same in every mail), and those lines with
/// where they go (in order), so that the mail is put together with one
/// copy and stored without them without cutting them out again. `None`
/// when the pictures cannot be placed that way (none, or two with one
/// Content-ID): the caller renders the mail whole.
pub fn render_apart(
    mail: &OutboundMail,
    from: &Identity,
    date: DateTime<Utc>,
) -> Result<Option<Apart>, OutboundError> {
    let images = &mail.inline_images;
    let twice =
        |(i, a): (usize, &InlineImage)| images[..i].iter().any(|b| b.content_id == a.content_id);
    if images.is_empty() || images.iter().enumerate().any(twice) {
        return Ok(None);
    }
    let (rest, at) = formatted(mail, from, date, true)?;
    let style = at
        .style
        .map(|at| (at, format!("style.{STYLE_KEY:016x}"), Arc::from(STYLE_QP)));
    let pictures = images.iter().zip(at.pictures).map(|(image, at)| {
        let lines = match image.base64.is_empty() {
            true => super::inline::encoded(&image.png).into(),
            false => image.base64.clone(),
        };
        (at, image.content_id.clone(), lines)
    });
    let pieces = style.into_iter().chain(pictures).collect();
    Ok(Some(Apart {
        rest,
        pictures: pieces,
    }))
}

/// A mail rendered with its pictures apart (see [`render_apart`]).
#[derive(Debug, Clone)]
pub struct Apart {
    /// The mail without its pictures' base64 lines and its stylesheet's
    /// lines.
    pub rest: Vec<u8>,
    /// What goes back: where its lines go in `rest`, its key (a picture's
    /// Content-ID; `style.<hash of its lines>` for the stylesheet) and its
    /// lines, in the order they go.
    pub pictures: Vec<(usize, String, Arc<[u8]>)>,
}

/// The mail's bytes, its pictures' bodies and its stylesheet left out
/// when `apart`, and where they start (or go).
fn formatted(
    mail: &OutboundMail,
    from: &Identity,
    date: DateTime<Utc>,
    apart: bool,
) -> Result<(Vec<u8>, Places), OutboundError> {
    let top = headers(mail, from, date)?.to_string();
    let hash = boundary_key(mail);
    let files: Vec<SinglePart> = mail
        .attachments
        .iter()
        .map(attachment)
        .collect::<Result<_, _>>()?;
    let (text, html) = texts(mail);
    let pictures = mail
        .inline_images
        .iter()
        .map(|i| {
            let lines = match (apart, i.base64.is_empty()) {
                (true, _) => Arc::from([].as_slice()),
                (false, false) => Arc::clone(&i.base64),
                (false, true) => super::inline::encoded(&i.png).into(),
            };
            (i.content_id.as_str(), i.filename.as_str(), lines)
        })
        .collect();
    let tree = Tree {
        hash: &hash,
        text,
        html,
        style_apart: apart,
        pictures,
        files,
    };
    let mut raw = rejected_headers(&mail.rejected_codes);
    raw.reserve(top.len() + tree.size());
    raw.extend_from_slice(top.as_bytes());
    let at = mime::write(&mut raw, &tree);
    Ok((raw, at))
}
