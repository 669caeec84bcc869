//! The headers of an outgoing mail: addresses, Subject, Date, the
//! Message-ID and threading (In-Reply-To, References), `Auto-Submitted`
//! and our `X-Pbmgo-*` headers, every value a player may have written
//! cleaned of control characters first.

use std::time::SystemTime;

use chrono::{DateTime, Datelike, Utc};
use lettre::Address;
use lettre::message::header::{self, HeaderName, HeaderValue, Headers};
use lettre::message::{Mailbox, Mailboxes};

use super::types::Identity;
use super::types::{
    AUTO_GENERATED, MAX_REFERENCES, MAX_SHORT_CHARS, MAX_SUBJECT_CHARS, OutboundError, OutboundMail,
};

/// Returns a Message-ID (without brackets) `<seq>.<unique>@<domain>`.
///
/// Deterministic: the same arguments give the same id. Characters that do
/// not belong in a message id are dropped, and an empty part is replaced
/// (`0` for `unique`, `invalid` for `domain`), so the result is always valid.
pub fn message_id(seq: u64, unique: &str, domain: &str) -> String {
    let unique = non_empty(dot_atom(unique), "0");
    let domain = non_empty(dot_atom(domain), "invalid");
    format!("{seq}.{unique}@{domain}")
}

/// Returns `text` fit for a header value: every run of control characters
/// (CR, LF, tab, ...), line separators or other whitespace becomes one space,
/// ends are trimmed, and the result is cut to `max_chars` characters.
pub fn clean_header_text(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max_chars.saturating_mul(4)));
    let mut gap = false;
    for c in text.chars().take(max_chars.saturating_mul(4)) {
        if c.is_control() || c.is_whitespace() {
            gap = true;
            continue;
        }
        if gap && !out.is_empty() {
            out.push(' ');
        }
        gap = false;
        out.push(c);
    }
    out.chars().take(max_chars).collect()
}

/// The headers of the message, up to its body's Content-Type: addresses,
/// subject, date and ids, in the order (and with the encoding) lettre's
/// `MessageBuilder` gives them, `MIME-Version` last.
pub(super) fn headers(
    mail: &OutboundMail,
    from: &Identity,
    date: DateTime<Utc>,
) -> Result<Headers, OutboundError> {
    let id = bare_id(&mail.message_id)
        .ok_or_else(|| OutboundError::BadMessageId(mail.message_id.clone()))?;
    let mut h = Headers::new();
    h.set(header::From::from(Mailboxes::from(mailbox(
        &from.address,
        Some(&from.name),
    )?)));
    h.set(header::To::from(Mailboxes::from(mailbox(
        &mail.to,
        mail.to_name.as_deref(),
    )?)));
    h.set(header::Subject::from(clean_header_text(
        &mail.subject,
        MAX_SUBJECT_CHARS,
    )));
    h.set(header::Date::new(system_time(date)?));
    h.set(header::MessageId::from(format!("<{id}>")));
    let parent = mail.in_reply_to.as_deref().and_then(bare_id);
    if let Some(parent) = parent {
        h.set(header::InReplyTo::from(format!("<{parent}>")));
    }
    if let Some(refs) = references(&mail.references, parent) {
        h.set(header::References::from(refs));
    }
    if let Some(reply_to) = mail.reply_to.as_deref() {
        h.set(header::ReplyTo::from(Mailboxes::from(mailbox(
            reply_to,
            Some(&from.name),
        )?)));
    }
    h.insert_raw(raw(AUTO_SUBMITTED, auto_submitted(mail.auto_submitted)));
    if let Some(game) = mail.game.as_deref().filter(|g| !clean(g).is_empty()) {
        h.insert_raw(raw(X_GAME, game));
    }
    h.set(header::MIME_VERSION_1_0);
    Ok(h)
}

const AUTO_SUBMITTED: HeaderName = HeaderName::new_from_ascii_str("Auto-Submitted");
const X_GAME: HeaderName = HeaderName::new_from_ascii_str("X-Pbmgo-Game");
const X_REJECTED: HeaderName = HeaderName::new_from_ascii_str("X-Pbmgo-Rejected");

/// A custom header whose value is cleaned of control characters.
fn raw(name: HeaderName, value: &str) -> HeaderValue {
    HeaderValue::new(name, clean(value))
}

/// The Auto-Submitted value; never `no` or empty, so no robot answers us.
fn auto_submitted(value: &str) -> &str {
    let value = value.trim();
    if value.is_empty() || value.eq_ignore_ascii_case("no") {
        AUTO_GENERATED
    } else {
        value
    }
}

pub(super) fn clean(value: &str) -> String {
    clean_header_text(value, MAX_SHORT_CHARS)
}

/// One `X-Pbmgo-Rejected` header line per non-empty code, as bytes.
///
/// lettre keeps one header per name, so these lines are written with
/// lettre's encoder one at a time and put in front of the other headers.
pub(super) fn rejected_headers(codes: &[String]) -> Vec<u8> {
    let mut out = String::new();
    for code in codes.iter().filter(|c| !clean(c).is_empty()) {
        let mut one = Headers::new();
        one.insert_raw(raw(X_REJECTED, code));
        out.push_str(&one.to_string());
    }
    out.into_bytes()
}

/// Parses `address` and attaches a cleaned display name, if any is left.
fn mailbox(address: &str, name: Option<&str>) -> Result<Mailbox, OutboundError> {
    let parsed: Address = address
        .trim()
        .parse()
        .map_err(|_| OutboundError::BadAddress(address.to_owned()))?;
    let name = name.map(clean).filter(|n| !n.is_empty());
    Ok(Mailbox::new(name, parsed))
}

/// Converts the date, refusing years that the Date header cannot hold.
fn system_time(date: DateTime<Utc>) -> Result<SystemTime, OutboundError> {
    if (1970..=9999).contains(&date.year()) {
        Ok(SystemTime::from(date))
    } else {
        Err(OutboundError::BadDate(date))
    }
}

/// Returns the id without surrounding brackets, or `None` when it is not a
/// plausible `left@right` message id (printable ASCII, no spaces or `<>`).
pub(super) fn bare_id(id: &str) -> Option<&str> {
    let id = id.trim();
    let id = id
        .strip_prefix('<')
        .and_then(|s| s.strip_suffix('>'))
        .unwrap_or(id);
    let (left, right) = id.split_once('@')?;
    let printable = |s: &str| {
        s.bytes()
            .all(|b| b.is_ascii_graphic() && !b"<>\"\\".contains(&b))
    };
    let ok = !left.is_empty() && !right.is_empty() && id.len() <= 250;
    (ok && printable(id) && !right.contains('@')).then_some(id)
}

/// The References value: valid ids, the parent appended when missing,
/// cut to the first one plus the latest ones.
pub(super) fn references(ids: &[String], parent: Option<&str>) -> Option<String> {
    let mut refs: Vec<&str> = ids.iter().filter_map(|r| bare_id(r)).collect();
    if let Some(parent) = parent.filter(|p| !refs.contains(p)) {
        refs.push(parent);
    }
    if refs.len() > MAX_REFERENCES {
        refs.drain(1..refs.len() + 1 - MAX_REFERENCES);
    }
    let joined: Vec<String> = refs.iter().map(|r| format!("<{r}>")).collect();
    (!joined.is_empty()).then(|| joined.join(" "))
}

/// Keeps letters, digits, `-` and `_`, and single dots between them.
pub(super) fn dot_atom(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    kept.split('.')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(".")
}

pub(super) fn non_empty(text: String, fallback: &str) -> String {
    if text.is_empty() {
        fallback.to_owned()
    } else {
        text
    }
}
