//! The per-recipient fields of a delivery status notification (RFC 3464):
//! the `message/delivery-status` part read into [`DsnRecipient`] values.
//!
//! Owns reading the fields only (continuation lines, `type; value` pairs,
//! blank-line separated groups). Deciding what a failure means is the
//! pipeline's business. Never indexes; caps what it reads.

use mail_parser::{Message, MessagePart, MimeHeaders};
use serde::Serialize;

use super::address::normalize_address;

/// Bytes of the delivery-status part read at most.
const MAX_STATUS_BYTES: usize = 64 * 1024;
/// Recipients read from one report at most.
const MAX_RECIPIENTS: usize = 100;
/// Characters kept of a diagnostic code.
const MAX_DIAGNOSTIC_CHARS: usize = 300;

/// One recipient of a delivery status notification.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub(crate) struct DsnRecipient {
    /// `Final-Recipient`, normalized, when it is an address.
    pub(crate) final_recipient: Option<String>,
    /// `Original-Recipient`, normalized, when it is an address.
    pub(crate) original_recipient: Option<String>,
    /// `Action`, lower-cased: `failed`, `delayed`, `delivered`, `relayed`, `expanded`.
    pub(crate) action: String,
    /// `Status`, e.g. `5.1.1`.
    pub(crate) status: String,
    /// `Diagnostic-Code`, without its type, on one line.
    pub(crate) diagnostic: String,
}

/// Returns the recipients of the first delivery-status part, if any.
pub(super) fn recipients(message: &Message<'_>) -> Vec<DsnRecipient> {
    let Some(part) = message.parts.iter().find(|p| is_status_part(p)) else {
        return Vec::new();
    };
    let bytes = part.contents();
    let bytes = bytes.get(..MAX_STATUS_BYTES).unwrap_or(bytes);
    parse(&String::from_utf8_lossy(bytes))
}

fn is_status_part(part: &MessagePart<'_>) -> bool {
    part.content_type().is_some_and(|ct| {
        let sub = ct.subtype().unwrap_or_default();
        ct.ctype().eq_ignore_ascii_case("message")
            && (sub.eq_ignore_ascii_case("delivery-status")
                || sub.eq_ignore_ascii_case("global-delivery-status"))
    })
}

/// Reads the recipient groups of a delivery-status body: every group
/// after the first (the per-message fields) that names a recipient.
pub(crate) fn parse(text: &str) -> Vec<DsnRecipient> {
    let text = text.replace("\r\n", "\n");
    groups(&text)
        .into_iter()
        .map(|fields| recipient(&fields))
        .filter(|r| r.final_recipient.is_some() || r.original_recipient.is_some())
        .take(MAX_RECIPIENTS)
        .collect()
}

/// Splits the body into blank-line separated groups of unfolded `(name, value)` fields.
fn groups(text: &str) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for line in text.lines() {
        if line.trim().is_empty() {
            if out.last().is_some_and(|g| !g.is_empty()) {
                out.push(Vec::new());
            }
            continue;
        }
        let group = out.last_mut();
        match (line.starts_with([' ', '\t']), group) {
            (true, Some(g)) => {
                if let Some(last) = g.last_mut() {
                    last.1.push(' ');
                    last.1.push_str(line.trim());
                }
            }
            (false, Some(g)) => {
                if let Some((name, value)) = line.split_once(':') {
                    g.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
                }
            }
            (_, None) => {}
        }
    }
    out
}

fn recipient(fields: &[(String, String)]) -> DsnRecipient {
    let get = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let address = |name: &str| get(name).map(typed_value).and_then(normalize_address);
    DsnRecipient {
        final_recipient: address("final-recipient"),
        original_recipient: address("original-recipient"),
        action: get("action")
            .unwrap_or_default()
            .trim()
            .to_ascii_lowercase(),
        status: get("status")
            .unwrap_or_default()
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string(),
        diagnostic: get("diagnostic-code")
            .map(typed_value)
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_DIAGNOSTIC_CHARS)
            .collect(),
    }
}

/// Returns the value of an `address-type; value` field without its type.
fn typed_value(value: &str) -> &str {
    value.split_once(';').map_or(value, |(_, v)| v).trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_recipient_group() {
        let body = "Reporting-MTA: dns; mx.example\r\n\r\n\
                    Final-Recipient: rfc822; Bob@Example.net\r\n\
                    Original-Recipient: rfc822;bob@example.net\r\n\
                    Action: failed\r\nStatus: 5.1.1\r\n\
                    Diagnostic-Code: smtp; 550 5.1.1 unknown\r\n   user\r\n\r\n\
                    Final-Recipient: rfc822; carol@example.net\r\n\
                    Action: Delayed\r\nStatus: 4.4.1 (timeout)\r\n";
        let r = parse(body);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].final_recipient.as_deref(), Some("bob@example.net"));
        assert_eq!(r[0].original_recipient.as_deref(), Some("bob@example.net"));
        assert_eq!(
            (r[0].action.as_str(), r[0].status.as_str()),
            ("failed", "5.1.1")
        );
        assert_eq!(r[0].diagnostic, "550 5.1.1 unknown user");
        assert_eq!(
            (r[1].action.as_str(), r[1].status.as_str()),
            ("delayed", "4.4.1")
        );
    }

    #[test]
    fn a_postfix_report_is_read_whole() {
        let raw = include_bytes!("../../../tests/fixtures/inbound/dsn-bounce.eml");
        let mail = super::super::parse(raw).unwrap();
        assert!(mail.is_dsn);
        assert_eq!(mail.to, ["games+bounce-12-41@pbmgo.example"]);
        let [r] = mail.dsn_recipients.as_slice() else {
            panic!("{:?}", mail.dsn_recipients);
        };
        assert_eq!(r.final_recipient.as_deref(), Some("bob.hatter@example.net"));
        assert_eq!((r.action.as_str(), r.status.as_str()), ("failed", "5.1.1"));
        assert!(
            r.diagnostic
                .starts_with("550 5.1.1 <bob.hatter@example.net>")
        );
    }

    #[test]
    fn junk_gives_nothing() {
        assert!(parse("").is_empty());
        assert!(parse("no colon here\n\n  \n:::\nAction: failed\n").is_empty());
        assert!(parse(&"Final-Recipient: rfc822; <>\n".repeat(3)).is_empty());
    }
}
