//! Body selection for [`super::parse`]: the first text/plain part, else the
//! HTML body as text, made plain (line separators as line breaks, tag
//! characters gone); and recognising delivery status notifications.

use mail_parser::{ContentType, Message, MessagePart, MimeHeaders, PartType};

use super::html;
use crate::command::plain_text;

/// Returns the body text: the first text/plain part with LF line ends, or
/// the first HTML part converted to text, or an empty string; made plain
/// by [`plain_text`].
///
/// A blank text/plain part counts as missing: some clients send an empty
/// plain alternative beside the real HTML body.
pub(super) fn text(message: &Message<'_>) -> String {
    let text = first_plain(message)
        .map(normalize_newlines)
        .or_else(|| first_html(message).map(html::to_text))
        .or_else(|| inline_text_attachment(message).map(normalize_newlines))
        .unwrap_or_default();
    plain_text(&text)
}

/// Returns every readable text of a mail: the first text/plain part and
/// the first HTML part as text, each when present.
pub(super) fn texts(message: &Message<'_>) -> Vec<String> {
    let plain = first_plain(message).map(normalize_newlines);
    let html = first_html(message).map(html::to_text);
    plain
        .into_iter()
        .chain(html)
        .map(|t| plain_text(&t))
        .collect()
}

/// Returns the first text part mail-parser filed as an attachment although
/// it has no file name and no `Content-Disposition: attachment`: what a
/// multipart mail cut before its closing boundary leaves of its only text.
fn inline_text_attachment<'a>(message: &'a Message<'_>) -> Option<&'a str> {
    message
        .attachments
        .iter()
        .filter_map(|id| message.parts.get(*id as usize))
        .filter(|part| part.attachment_name().is_none())
        .filter(|part| {
            !part
                .content_disposition()
                .is_some_and(|d| d.is_attachment())
        })
        .find_map(|part| match &part.body {
            PartType::Text(t) if !t.trim().is_empty() => Some(t.as_ref()),
            _ => None,
        })
}

fn body_parts<'a>(
    message: &'a Message<'_>,
    ids: &'a [u32],
) -> impl Iterator<Item = &'a PartType<'a>> {
    ids.iter()
        .filter_map(|id| message.parts.get(*id as usize))
        .map(|part| &part.body)
}

fn first_plain<'a>(message: &'a Message<'_>) -> Option<&'a str> {
    body_parts(message, &message.text_body).find_map(|body| match body {
        PartType::Text(t) if !t.trim().is_empty() => Some(t.as_ref()),
        _ => None,
    })
}

fn first_html<'a>(message: &'a Message<'_>) -> Option<&'a str> {
    let html_ids = body_parts(message, &message.html_body);
    let text_ids = body_parts(message, &message.text_body);
    html_ids.chain(text_ids).find_map(|body| match body {
        PartType::Html(h) => Some(h.as_ref()),
        _ => None,
    })
}

/// Returns `text` with CRLF and lone CR turned into LF.
pub(super) fn normalize_newlines(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// Returns true when any part is a delivery status report.
pub(super) fn is_dsn(message: &Message<'_>) -> bool {
    message.parts.iter().any(is_dsn_part)
}

fn is_dsn_part(part: &MessagePart<'_>) -> bool {
    part.content_type().is_some_and(is_dsn_type)
}

fn is_dsn_type(ct: &ContentType<'_>) -> bool {
    let subtype = ct.subtype().unwrap_or_default();
    let is =
        |t: &str, s: &str| ct.ctype().eq_ignore_ascii_case(t) && subtype.eq_ignore_ascii_case(s);
    let report_type = ct.attribute("report-type").unwrap_or_default();
    (is("multipart", "report") && report_type.eq_ignore_ascii_case("delivery-status"))
        || is("message", "delivery-status")
        || is("message", "global-delivery-status")
}
