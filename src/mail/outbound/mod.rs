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
    let builder = headers(mail, from, date)?;
    let hash = boundary_key(mail);
    let files: Vec<SinglePart> = mail
        .attachments
        .iter()
        .map(attachment)
        .collect::<Result<_, _>>()?;
    let readable = body(mail, &hash);
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
