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
//! In parts: the values (`types`), the headers and ids (`headers`) and the
//! MIME body with its parts (`parts`); this file renders a mail from them.

mod headers;
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

use headers::{headers, rejected_headers};
use parts::{attachment, body, boundary_key, mixed};

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
    formatted(mail, from, date, false)
}

/// A mail rendered with its pictures apart: the bytes [`render`] gives
/// without the base64 lines of each inline picture, and each picture's
/// lines with where they go (in order), so that the mail is put together
/// with one copy and stored without its pictures without cutting them out
/// again. `None` when the pictures cannot be placed that way (none, or two
/// with one Content-ID): the caller renders the mail whole.
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
    let rest = formatted(mail, from, date, true)?;
    let mut pictures = Vec::with_capacity(images.len());
    for image in images {
        let Some(at) = empty_part(&rest, &image.content_id) else {
            return Ok(None);
        };
        let lines = match image.base64.is_empty() {
            true => super::inline::encoded(&image.png).into(),
            false => image.base64.clone(),
        };
        pictures.push((at, image.content_id.clone(), lines));
    }
    pictures.sort_unstable_by_key(|p| p.0);
    Ok(Some(Apart { rest, pictures }))
}

/// A mail rendered with its pictures apart (see [`render_apart`]).
#[derive(Debug, Clone)]
pub struct Apart {
    /// The mail without its pictures' base64 lines.
    pub rest: Vec<u8>,
    /// Each picture: where its lines go in `rest`, its Content-ID and its
    /// lines, in the order they go.
    pub pictures: Vec<(usize, String, Arc<[u8]>)>,
}

/// Where the body of the part `Content-ID: <key>` goes in `rest`, which
/// holds it empty: after the blank line that ends its headers, right
/// before the line break of the next boundary.
fn empty_part(rest: &[u8], key: &str) -> Option<usize> {
    let header = format!("Content-ID: <{key}>\r\n");
    let at = memchr::memmem::rfind(rest, header.as_bytes())?;
    let start = at + memchr::memmem::find(&rest[at..], b"\r\n\r\n")? + 4;
    rest[start..].starts_with(b"\r\n--").then_some(start)
}

/// The mail's bytes, its pictures' bodies left empty when `apart`.
fn formatted(
    mail: &OutboundMail,
    from: &Identity,
    date: DateTime<Utc>,
    apart: bool,
) -> Result<Vec<u8>, OutboundError> {
    let builder = headers(mail, from, date)?;
    let hash = boundary_key(mail);
    let files: Vec<SinglePart> = mail
        .attachments
        .iter()
        .map(attachment)
        .collect::<Result<_, _>>()?;
    let readable = body(mail, &hash, apart);
    let message = if files.is_empty() {
        builder.multipart(readable)
    } else {
        builder.multipart(mixed(readable, files, &hash))
    }
    .map_err(OutboundError::Build)?;
    // Most mails have no X-Pbmgo-Rejected header: keep lettre's bytes then,
    // rather than copying the whole mail (pictures and all) after them.
    let formatted = message.formatted();
    let mut raw = rejected_headers(&mail.rejected_codes);
    if raw.is_empty() {
        return Ok(formatted);
    }
    raw.extend_from_slice(&formatted);
    Ok(raw)
}
