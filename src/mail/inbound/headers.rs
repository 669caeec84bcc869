//! Header extraction for [`super::parse`]: raw values, message ids, the
//! From, To and Return-Path addresses. Never indexes: every header and
//! offset is looked up with `get`.

use mail_parser::{Addr, Header, HeaderValue, Message};

use super::address::{clean_display_name, normalize_address};
use crate::command::plain_text;

/// The From header(s) as `InboundMail` wants them.
pub(super) struct FromInfo {
    /// The normalized address when there is exactly one.
    pub(crate) address: Option<String>,
    /// The display name of that one address.
    pub(crate) name: Option<String>,
    /// How many addresses all From headers held together.
    pub(crate) count: usize,
}

fn root_headers<'a>(message: &'a Message<'_>) -> &'a [Header<'a>] {
    message.parts.first().map_or(&[], |p| p.headers.as_slice())
}

fn named<'a>(message: &'a Message<'_>, name: &'a str) -> impl Iterator<Item = &'a Header<'a>> {
    root_headers(message)
        .iter()
        .filter(move |h| h.name().eq_ignore_ascii_case(name))
}

/// Returns the raw text of one header, unfolded and trimmed.
fn raw_text(message: &Message<'_>, header: &Header<'_>) -> String {
    let range = header.offset_start as usize..header.offset_end as usize;
    let bytes = message.raw_message.get(range).unwrap_or_default();
    let text = String::from_utf8_lossy(bytes);
    text.chars()
        .filter(|c| *c != '\r' && *c != '\n')
        .collect::<String>()
        .trim()
        .to_string()
}

/// Returns the first header called `name`, unfolded and trimmed.
pub(super) fn first_raw(message: &Message<'_>, name: &str) -> Option<String> {
    named(message, name)
        .next()
        .map(|h| raw_text(message, h))
        .filter(|v| !v.is_empty())
}

/// Returns every header called `name`, unfolded and trimmed, in order.
pub(super) fn all_raw(message: &Message<'_>, name: &str) -> Vec<String> {
    named(message, name).map(|h| raw_text(message, h)).collect()
}

/// Returns the first header called `name`, lower-cased and trimmed.
pub(super) fn lower(message: &Message<'_>, name: &str) -> Option<String> {
    first_raw(message, name).map(|v| v.to_lowercase())
}

/// Returns true when any `List-*` header is present.
pub(super) fn has_list_headers(message: &Message<'_>) -> bool {
    root_headers(message).iter().any(|h| {
        h.name()
            .get(..5)
            .is_some_and(|p| p.eq_ignore_ascii_case("list-"))
    })
}

/// Returns the decoded Subject with control characters and line or
/// paragraph separators turned into spaces, tag characters dropped.
pub(super) fn subject(message: &Message<'_>) -> String {
    let text = plain_text(message.subject().unwrap_or_default());
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    cleaned.trim().to_string()
}

/// Returns the Message-ID without brackets, or `None` when absent or blank.
pub(super) fn message_id(message: &Message<'_>) -> Option<String> {
    ids(message, "Message-ID").into_iter().next()
}

/// Returns the message ids of the first header called `name`.
pub(super) fn ids(message: &Message<'_>, name: &str) -> Vec<String> {
    let Some(header) = named(message, name).next() else {
        return Vec::new();
    };
    let values: Vec<&str> = match header.value() {
        HeaderValue::Text(t) => vec![t.as_ref()],
        HeaderValue::TextList(list) => list.iter().map(|t| t.as_ref()).collect(),
        _ => Vec::new(),
    };
    values.into_iter().filter_map(clean_id).collect()
}

fn clean_id(id: &str) -> Option<String> {
    let id: String = id.chars().filter(|c| !c.is_control()).collect();
    let id = id
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    (!id.is_empty()).then(|| id.to_string())
}

fn addrs<'a>(message: &'a Message<'_>, name: &'a str) -> Vec<&'a Addr<'a>> {
    named(message, name)
        .filter_map(|h| h.value().as_address())
        .flat_map(|a| a.iter())
        .collect()
}

/// Returns the From address when there is exactly one, its name and the
/// number of addresses across all From headers.
pub(super) fn from_addresses(message: &Message<'_>) -> FromInfo {
    let all = addrs(message, "From");
    let single = match all.as_slice() {
        [only] => Some(*only),
        _ => None,
    };
    FromInfo {
        address: single.and_then(|a| a.address()).and_then(normalize_address),
        name: single.and_then(|a| a.name()).and_then(clean_display_name),
        count: all.len(),
    }
}

/// Returns every To address that normalizes.
pub(super) fn to_addresses(message: &Message<'_>) -> Vec<String> {
    addresses(message, "To")
}

/// Returns every address of the headers called `name` that normalizes.
pub(super) fn addresses(message: &Message<'_>, name: &str) -> Vec<String> {
    addrs(message, name)
        .into_iter()
        .filter_map(|a| a.address())
        .filter_map(normalize_address)
        .collect()
}

/// Returns the addresses of every `Delivered-To`, then every
/// `X-Original-To` header, normalized (each header holds one address).
pub(super) fn delivered_to(message: &Message<'_>) -> Vec<String> {
    ["Delivered-To", "X-Original-To"]
        .into_iter()
        .flat_map(|name| all_raw(message, name))
        .filter_map(|v| normalize_address(&v))
        .collect()
}

/// Returns the first Return-Path: `Some("")` for `<>`, the normalized
/// address when it is one, else the bracket-less text lower-cased.
pub(super) fn return_path(message: &Message<'_>) -> Option<String> {
    let header = named(message, "Return-Path").next()?;
    let raw = raw_text(message, header);
    let inner = raw
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim();
    Some(normalize_address(inner).unwrap_or_else(|| clean_path(inner)))
}

fn clean_path(inner: &str) -> String {
    inner
        .chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase()
}
