//! Inbound mail: raw RFC 5322 bytes → [`InboundMail`], the facts pbmgo needs.
//!
//! Owns reading headers (sender, Message-ID, loop-safety headers, threading),
//! normalizing addresses and choosing the body text (the first text/plain
//! part, else the HTML body turned into text), and reading pbmgo's own sent
//! mails back as the words a reply may repeat (`sent`). Must not touch the store,
//! games, the answer-or-ignore policy (`classify`) or sending. Pure: no I/O,
//! no clock, and no panic on any input — bad charsets and broken MIME
//! degrade to whatever text can be recovered.

mod address;
mod auto;
mod body;
pub(crate) mod dsn;
mod headers;
mod html;
pub mod sent;

use mail_parser::{Message, MessageParser};
use serde::Serialize;
use sha2::{Digest, Sha256};
use thiserror::Error;

pub(crate) use address::normalize_address;
pub(crate) use dsn::DsnRecipient;

/// The facts read from one inbound message.
///
/// Built by [`parse`]; every field is plain owned data so the pipeline can
/// log it, store it and classify it without the raw message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct InboundMail {
    /// The Message-ID without angle brackets, trimmed; `None` when absent.
    pub message_id: Option<String>,
    /// SHA-256 of what the mail says (From, Subject, Date, body text and the
    /// bytes after the headers), lower-case hex: the same for a copy
    /// delivered again with other transport headers, another for another
    /// mail reusing a Message-ID.
    pub content_hash: String,
    /// SHA-256 of the sender, the Subject and the body text with every run
    /// of whitespace made one space, lower-case hex: the same for a resend
    /// whose only change is whitespace (one more blank line at the end).
    pub words_hash: String,
    /// Length of the raw message in bytes.
    pub size: usize,
    /// The single From address, normalized (lower-case, no display name).
    ///
    /// `None` when From is missing, unparsable or holds several addresses.
    pub from: Option<String>,
    /// The display name of the single From address, without control
    /// characters.
    pub from_name: Option<String>,
    /// How many addresses the From header(s) held.
    pub from_count: usize,
    /// The Return-Path: `None` if absent, `Some("")` for the null path `<>`.
    pub return_path: Option<String>,
    /// The decoded Subject (RFC 2047) with line breaks removed.
    pub subject: String,
    /// The body as text: the first text/plain part with LF line ends, or the
    /// HTML body converted to text (quoted blocks prefixed with `>`).
    pub text: String,
    /// The first In-Reply-To message id, without angle brackets.
    pub in_reply_to: Option<String>,
    /// The References message ids, oldest first, without angle brackets.
    pub references: Vec<String>,
    /// The Date header as written (unfolded, trimmed).
    pub date: Option<String>,
    /// The Auto-Submitted header, lower-cased and trimmed.
    pub auto_submitted: Option<String>,
    /// The Precedence header, lower-cased and trimmed.
    pub precedence: Option<String>,
    /// The headers of autoresponders present besides `Auto-Submitted` and
    /// `Precedence` (`X-Autoreply`, `X-Loop`, …): name and lower-cased value.
    pub auto_reply_headers: Vec<(String, String)>,
    /// True when any `List-*` header is present (List-Id, List-Unsubscribe…).
    pub has_list_headers: bool,
    /// Every Authentication-Results header value, unfolded, in order.
    pub authentication_results: Vec<String>,
    /// True for a delivery status notification: `multipart/report;
    /// report-type=delivery-status` or any `message/delivery-status` part.
    pub is_dsn: bool,
    /// The normalized To addresses (unparsable ones left out).
    pub to: Vec<String>,
    /// The normalized Cc addresses (unparsable ones left out).
    pub(crate) cc: Vec<String>,
    /// The addresses the receiving mail system delivered to, from every
    /// `Delivered-To` header, then every `X-Original-To`, normalized; with
    /// `recipient_delimiter = +` they keep the `+tag`.
    pub(crate) delivered_to: Vec<String>,
    /// The recipients of a delivery status notification's
    /// `message/delivery-status` part (empty for other mail).
    pub(crate) dsn_recipients: Vec<DsnRecipient>,
}

/// Why raw bytes could not be read as a mail message at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum InboundError {
    /// The input is empty or only whitespace.
    #[error("the message is empty")]
    Empty,
    /// The input has no header section that mail-parser could read.
    #[error("the message has no readable headers")]
    Unparsable,
    /// mail-parser failed internally on this message (a bug in it, which
    /// the message's structure triggers).
    #[error("the mail parser failed on this message")]
    ParserFailed,
    /// More nested messages than any real mail has; parsing them could
    /// exhaust the stack.
    #[error("the message nests more than {MAX_NESTED_MESSAGES} messages inside each other")]
    TooDeep,
}

/// The most `message/rfc822` (or `message/global`) parts a mail may hold.
pub(crate) const MAX_NESTED_MESSAGES: usize = 100;

/// Reads a raw message into an [`InboundMail`].
///
/// Returns [`InboundError::Empty`] for empty input,
/// [`InboundError::Unparsable`] when no header can be found and
/// [`InboundError::ParserFailed`] when mail-parser breaks; everything else
/// degrades gracefully (lossy text, missing fields as `None`).
pub fn parse(raw: &[u8]) -> Result<InboundMail, InboundError> {
    if raw.iter().all(u8::is_ascii_whitespace) {
        return Err(InboundError::Empty);
    }
    if nested_messages(raw) > MAX_NESTED_MESSAGES {
        return Err(InboundError::TooDeep);
    }
    let message = parse_message(raw)?;
    if message.parts.first().is_none_or(|p| p.headers.is_empty()) {
        return Err(InboundError::Unparsable);
    }
    Ok(build(raw, &message))
}

/// Runs mail-parser, turning a panic inside it into an error.
///
/// mail-parser 0.11.9 promises not to panic, but some malformed nested
/// MIME trips a `debug_assert!` in it (see the `nested_rfc822_*` test), so
/// debug builds would crash on a message anyone can send.
fn parse_message(raw: &[u8]) -> Result<Message<'_>, InboundError> {
    // The default hook would print the caught panic and a backtrace to
    // stderr, which cron mails to the admin; one warning is enough.
    // The lock keeps two threads from swapping hooks at once, which could
    // leave the silent hook installed for good.
    static HOOK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = HOOK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let parsed = std::panic::catch_unwind(|| MessageParser::default().parse(raw));
    std::panic::set_hook(hook);
    drop(guard);
    if parsed.is_err() {
        tracing::warn!("mail-parser failed on a message; it is quarantined");
    }
    match parsed {
        Ok(Some(message)) => Ok(message),
        Ok(None) => Err(InboundError::Unparsable),
        Err(_) => Err(InboundError::ParserFailed),
    }
}

/// Counts `message/rfc822` and `message/global` content types, case-insensitively.
///
/// mail-parser has no depth limit, and a message nesting tens of thousands
/// of messages overflows the stack when it is dropped.
fn nested_messages(raw: &[u8]) -> usize {
    let needles: [&[u8]; 2] = [b"message/rfc822", b"message/global"];
    raw.windows(14)
        .filter(|w| needles.iter().any(|n| w.eq_ignore_ascii_case(n)))
        .count()
}

fn build(raw: &[u8], message: &Message<'_>) -> InboundMail {
    let from = headers::from_addresses(message);
    let mut mail = InboundMail {
        message_id: headers::message_id(message),
        size: raw.len(),
        from: from.address,
        from_name: from.name,
        from_count: from.count,
        return_path: headers::return_path(message),
        subject: headers::subject(message),
        text: body::text(message),
        in_reply_to: headers::ids(message, "In-Reply-To").into_iter().next(),
        references: headers::ids(message, "References"),
        date: headers::first_raw(message, "Date"),
        auto_submitted: headers::lower(message, "Auto-Submitted"),
        precedence: headers::lower(message, "Precedence"),
        auto_reply_headers: auto::marks(message),
        has_list_headers: headers::has_list_headers(message),
        authentication_results: headers::all_raw(message, "Authentication-Results"),
        is_dsn: body::is_dsn(message),
        to: headers::to_addresses(message),
        cc: headers::addresses(message, "Cc"),
        delivered_to: headers::delivered_to(message),
        dsn_recipients: dsn::recipients(message),
        ..InboundMail::default()
    };
    mail.content_hash = content_hash(&mail, raw);
    mail.words_hash = words_hash(&mail);
    mail
}

/// The hash of what `mail` says: its sender, Subject, Date, text and the
/// raw bytes after its header block (which relays leave alone), each part
/// ended by a NUL so that no two splits of the same bytes agree.
fn content_hash(mail: &InboundMail, raw: &[u8]) -> String {
    let parts: [&[u8]; 5] = [
        mail.from.as_deref().unwrap_or_default().as_bytes(),
        mail.subject.as_bytes(),
        mail.date.as_deref().unwrap_or_default().as_bytes(),
        mail.text.as_bytes(),
        after_headers(raw),
    ];
    let mut bytes = Vec::new();
    for part in parts {
        bytes.extend_from_slice(part);
        bytes.push(0);
    }
    sha256_hex(&bytes)
}

/// The hash of the words of `mail`: its sender, Subject and text, each
/// with its whitespace made single spaces and ended by a NUL.
fn words_hash(mail: &InboundMail) -> String {
    let parts = [
        mail.from.as_deref().unwrap_or_default(),
        &mail.subject,
        &mail.text,
    ];
    let mut bytes = Vec::new();
    for part in parts {
        let words: Vec<&str> = part.split_whitespace().collect();
        bytes.extend_from_slice(words.join(" ").as_bytes());
        bytes.push(0);
    }
    sha256_hex(&bytes)
}

/// The bytes after the first empty line, or all of `raw` without one.
fn after_headers(raw: &[u8]) -> &[u8] {
    let ends: [&[u8]; 2] = [b"\r\n\r\n", b"\n\n"];
    ends.iter()
        .filter_map(|end| {
            raw.windows(end.len())
                .position(|w| w == *end)
                .map(|at| at + end.len())
        })
        .min()
        .map_or(raw, |at| &raw[at..])
}

fn sha256_hex(raw: &[u8]) -> String {
    data_encoding::HEXLOWER.encode(&Sha256::digest(raw))
}

#[cfg(test)]
mod tests;
