//! Loop safety: decides whether an inbound message may be answered at all.
//!
//! Owns the answer-or-ignore policy in the spirit of RFC 3834 and Mailman's
//! `can_acknowledge`: never answer automatic mail, list mail, bounces, mail
//! from mail systems or from ourselves. The policy is the ordered table
//! `RULES`; the first rule that fires decides. Must not touch the store,
//! replies or command parsing. Pure.

use std::fmt;

use serde::Serialize;

use super::inbound::{DsnRecipient, InboundMail, normalize_address};
use super::tags::is_bounce_address;

/// Whether pbmgo may answer a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// The message may be answered.
    Answer,
    /// The message must not be answered, for this reason.
    Ignore(IgnoreReason),
}

/// Why a message must not be answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum IgnoreReason {
    /// `Auto-Submitted` is present and not `no`; holds the value.
    AutoSubmitted(String),
    /// `Precedence` is `bulk`, `junk`, `list` or `auto_reply`; holds the value.
    Precedence(String),
    /// An autoresponder's header (`X-Autoreply: yes`, `X-Loop` naming our
    /// address, …); holds `Name: value`.
    AutoReply(String),
    /// A `List-*` header is present.
    ListMail,
    /// The return path is empty (`Return-Path: <>`).
    NullReturnPath,
    /// The sender is `MAILER-DAEMON` or `postmaster`.
    MailerDaemon,
    /// The sender is pbmgo's own address.
    OwnAddress,
    /// The message is a delivery status notification.
    DeliveryReport,
    /// There is no single From address to answer.
    NoSender,
}

impl IgnoreReason {
    /// Returns the stable kebab-case code used in logs and reply headers.
    pub(crate) fn code(&self) -> &'static str {
        match self {
            IgnoreReason::AutoSubmitted(_) => "auto-submitted",
            IgnoreReason::Precedence(_) => "precedence",
            IgnoreReason::AutoReply(_) => "auto-reply",
            IgnoreReason::ListMail => "list-mail",
            IgnoreReason::NullReturnPath => "null-return-path",
            IgnoreReason::MailerDaemon => "mailer-daemon",
            IgnoreReason::OwnAddress => "own-address",
            IgnoreReason::DeliveryReport => "delivery-report",
            IgnoreReason::NoSender => "no-sender",
        }
    }
}

impl fmt::Display for IgnoreReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IgnoreReason::AutoSubmitted(v) => {
                write!(f, "it was sent automatically (Auto-Submitted: {v})")
            }
            IgnoreReason::Precedence(v) => write!(f, "it is bulk mail (Precedence: {v})"),
            IgnoreReason::AutoReply(v) => write!(f, "it was sent by an autoresponder ({v})"),
            IgnoreReason::ListMail => f.write_str("it came through a mailing list"),
            IgnoreReason::NullReturnPath => f.write_str("it has an empty return path"),
            IgnoreReason::MailerDaemon => {
                f.write_str("it came from a mail system (mailer-daemon or postmaster)")
            }
            IgnoreReason::OwnAddress => f.write_str("it came from pbmgo's own address"),
            IgnoreReason::DeliveryReport => f.write_str("it is a delivery status report"),
            IgnoreReason::NoSender => f.write_str("it has no single sender address"),
        }
    }
}

/// A policy check: the reason to ignore a mail, or `None` when it passes.
/// The second argument is pbmgo's own address.
pub(crate) type Check = fn(&InboundMail, &str) -> Option<IgnoreReason>;

/// The policy, in order: the first rule that fires decides.
pub(crate) const RULES: &[Check] = &[
    delivery_report,
    null_return_path,
    mailer_daemon,
    auto_submitted,
    precedence,
    auto_reply,
    list_mail,
    own_address,
    no_sender,
];

/// Returns whether `mail` may be answered by pbmgo at `own_address`.
///
/// Returns the first `RULES` hit as `Ignore`, else `Answer`.
pub fn classify(mail: &InboundMail, own_address: &str) -> Verdict {
    RULES
        .iter()
        .find_map(|check| check(mail, own_address))
        .map_or(Verdict::Answer, Verdict::Ignore)
}

/// A delivery status notification, or any mail sent to one of our VERP
/// bounce addresses (only mail systems and autoresponders write there).
fn delivery_report(mail: &InboundMail, own: &str) -> Option<IgnoreReason> {
    let verp = !bounce_addresses(mail, own).is_empty();
    (mail.is_dsn || verp).then_some(IgnoreReason::DeliveryReport)
}

/// Returns the VERP bounce addresses (`go+bounce-<id>@domain`) of
/// `own_address` that the mail was delivered to (`Delivered-To`,
/// `X-Original-To`) or addressed to (`To`, `Cc`), in that order.
pub(crate) fn bounce_addresses<'a>(mail: &'a InboundMail, own_address: &str) -> Vec<&'a str> {
    let Some(own) = normalize_address(own_address) else {
        return Vec::new();
    };
    let mut found: Vec<&str> = Vec::new();
    let all = mail.delivered_to.iter().chain(&mail.to).chain(&mail.cc);
    for a in all.filter(|a| is_bounce_address(a, &own)) {
        if !found.contains(&a.as_str()) {
            found.push(a);
        }
    }
    found
}

/// Returns the recipients a delivery report says were permanently lost:
/// `Action: failed` (whatever the status: a mail given up after days in
/// the queue is lost too), or no action and a `5.x.x` status. `delayed`
/// and the other actions never count.
pub(crate) fn permanent_failures(mail: &InboundMail) -> impl Iterator<Item = &DsnRecipient> {
    mail.dsn_recipients
        .iter()
        .filter(|r| r.action == "failed" || (r.action.is_empty() && r.status.starts_with('5')))
}

fn null_return_path(mail: &InboundMail, _own: &str) -> Option<IgnoreReason> {
    let empty = mail
        .return_path
        .as_deref()
        .is_some_and(|p| p.trim().is_empty());
    empty.then_some(IgnoreReason::NullReturnPath)
}

fn mailer_daemon(mail: &InboundMail, _own: &str) -> Option<IgnoreReason> {
    let is_daemon = |addr: &str| {
        let local = addr.split('@').next().unwrap_or_default();
        local.eq_ignore_ascii_case("mailer-daemon") || local.eq_ignore_ascii_case("postmaster")
    };
    senders(mail)
        .any(is_daemon)
        .then_some(IgnoreReason::MailerDaemon)
}

fn auto_submitted(mail: &InboundMail, _own: &str) -> Option<IgnoreReason> {
    let value = mail.auto_submitted.as_deref()?;
    let keyword = value.split(';').next().unwrap_or_default().trim();
    (!keyword.eq_ignore_ascii_case("no")).then(|| IgnoreReason::AutoSubmitted(value.to_string()))
}

fn precedence(mail: &InboundMail, _own: &str) -> Option<IgnoreReason> {
    let value = mail.precedence.as_deref()?;
    let keyword = value.trim().to_ascii_lowercase();
    let bulk = ["bulk", "junk", "list", "auto_reply"].contains(&keyword.as_str());
    bulk.then(|| IgnoreReason::Precedence(value.to_string()))
}

/// Values of an autoresponder's yes/no header that say "no".
const NO: &[&str] = &["no", "false", "0", "off", "none"];

/// An autoresponder's header (see `inbound::auto`): the yes/no ones unless
/// they say no, `X-Precedence` as `Precedence`, `X-Loop` and Exchange's
/// inbox-rules loop only when they name our address (anyone may use
/// `X-Loop` for their own address).
fn auto_reply(mail: &InboundMail, own: &str) -> Option<IgnoreReason> {
    let own = normalize_address(own).map(|a| without_tag(&a));
    mail.auto_reply_headers
        .iter()
        .find(|(name, value)| is_auto_mark(name, value, own.as_deref()))
        .map(|(name, value)| IgnoreReason::AutoReply(format!("{name}: {value}")))
}

fn is_auto_mark(name: &str, value: &str, own: Option<&str>) -> bool {
    let value = value.trim();
    match name.to_ascii_lowercase().as_str() {
        "x-precedence" => ["bulk", "junk", "list", "auto_reply"].contains(&value),
        "x-loop" | "x-ms-exchange-inbox-rules-loop" => own.is_some_and(|own| {
            value
                .split([',', ' ', '<', '>', ';'])
                .filter_map(normalize_address)
                .any(|a| without_tag(&a) == own)
        }),
        _ => !NO.contains(&value),
    }
}

fn list_mail(mail: &InboundMail, _own: &str) -> Option<IgnoreReason> {
    mail.has_list_headers.then_some(IgnoreReason::ListMail)
}

fn own_address(mail: &InboundMail, own: &str) -> Option<IgnoreReason> {
    let own = without_tag(&normalize_address(own)?);
    senders(mail)
        .any(|s| without_tag(s) == own)
        .then_some(IgnoreReason::OwnAddress)
}

fn no_sender(mail: &InboundMail, _own: &str) -> Option<IgnoreReason> {
    mail.from.is_none().then_some(IgnoreReason::NoSender)
}

/// Returns the From address and the return path, when present and non-empty.
fn senders(mail: &InboundMail) -> impl Iterator<Item = &str> {
    [mail.from.as_deref(), mail.return_path.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
}

/// Returns `addr` lower-cased with any `+tag` removed from its local part.
fn without_tag(addr: &str) -> String {
    let (local, domain) = addr.rsplit_once('@').unwrap_or((addr, ""));
    let base = local.split('+').next().unwrap_or(local);
    format!("{base}@{domain}").to_ascii_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn human() -> InboundMail {
        InboundMail {
            from: Some("alice@example.org".into()),
            from_count: 1,
            return_path: Some("alice@example.org".into()),
            ..InboundMail::default()
        }
    }

    const OWN: &str = "Go Server <go+replies@pbmgo.example>";

    fn verdict(edit: impl FnOnce(&mut InboundMail)) -> Verdict {
        let mut mail = human();
        edit(&mut mail);
        classify(&mail, OWN)
    }

    fn ignored(reason: IgnoreReason) -> Verdict {
        Verdict::Ignore(reason)
    }

    #[test]
    fn a_person_is_answered() {
        assert_eq!(verdict(|_| {}), Verdict::Answer);
        assert_eq!(
            verdict(|m| m.auto_submitted = Some("no".into())),
            Verdict::Answer
        );
        assert_eq!(
            verdict(|m| m.precedence = Some("first-class".into())),
            Verdict::Answer
        );
        assert_eq!(verdict(|m| m.return_path = None), Verdict::Answer);
    }

    #[test]
    fn automatic_and_bulk_mail_is_ignored() {
        let auto = ignored(IgnoreReason::AutoSubmitted("auto-replied".into()));
        assert_eq!(
            verdict(|m| m.auto_submitted = Some("auto-replied".into())),
            auto
        );
        for value in ["bulk", "junk", "list", "auto_reply"] {
            let expected = ignored(IgnoreReason::Precedence(value.into()));
            assert_eq!(verdict(|m| m.precedence = Some(value.into())), expected);
        }
        assert_eq!(
            verdict(|m| m.has_list_headers = true),
            ignored(IgnoreReason::ListMail)
        );
    }

    fn with_header(name: &str, value: &str) -> Verdict {
        verdict(|m| m.auto_reply_headers = vec![(name.into(), value.into())])
    }

    #[test]
    fn autoresponder_headers_are_ignored() {
        let marks = [
            ("X-Autoreply", "yes"),
            ("X-Autorespond", "Out of office"),
            ("X-Autoresponder", "true"),
            ("X-Auto-Reply", "1"),
            ("X-Vacation", "yes"),
            ("X-Mail-Autoreply", "yes"),
            ("X-Autogenerated", "reply"),
            ("X-Precedence", "auto_reply"),
            ("X-Loop", "go@pbmgo.example"),
            ("X-Loop", "Go Server <go+replies@PBMGO.example>"),
            (
                "X-MS-Exchange-Generated-Message-Source",
                "mailbox rules agent",
            ),
            ("X-MS-Exchange-Inbox-Rules-Loop", "go@pbmgo.example"),
            ("X-FC-MachineGenerated", "true"),
        ];
        for (name, value) in marks {
            let expected = ignored(IgnoreReason::AutoReply(format!("{name}: {value}")));
            assert_eq!(with_header(name, value), expected, "{name}");
        }
        let answered = [
            ("X-Autoreply", "no"),
            ("X-Precedence", "first-class"),
            ("X-Loop", "alice@example.org"),
            ("X-MS-Exchange-Inbox-Rules-Loop", "alice@example.org"),
        ];
        for (name, value) in answered {
            assert_eq!(with_header(name, value), Verdict::Answer, "{name}: {value}");
        }
    }

    #[test]
    fn bounces_and_mail_systems_are_ignored() {
        assert_eq!(
            verdict(|m| m.is_dsn = true),
            ignored(IgnoreReason::DeliveryReport)
        );
        let null = ignored(IgnoreReason::NullReturnPath);
        assert_eq!(verdict(|m| m.return_path = Some(String::new())), null);
        let daemon = ignored(IgnoreReason::MailerDaemon);
        assert_eq!(
            verdict(|m| m.from = Some("mailer-daemon@mx.example".into())),
            daemon
        );
        assert_eq!(
            verdict(|m| m.return_path = Some("postmaster@mx.example".into())),
            daemon
        );
    }

    #[test]
    fn own_address_matches_with_or_without_tags() {
        let own = ignored(IgnoreReason::OwnAddress);
        assert_eq!(verdict(|m| m.from = Some("go@pbmgo.example".into())), own);
        assert_eq!(
            verdict(|m| m.return_path = Some("go+bounce-7@pbmgo.example".into())),
            own
        );
        assert_eq!(
            verdict(|m| m.from = Some("go@other.example".into())),
            Verdict::Answer
        );
    }

    #[test]
    fn mail_to_a_bounce_address_is_a_report() {
        let report = ignored(IgnoreReason::DeliveryReport);
        let verp = "go+bounce-0123abcd@pbmgo.example".to_string();
        assert_eq!(verdict(|m| m.delivered_to = vec![verp.clone()]), report);
        assert_eq!(verdict(|m| m.to = vec![verp.clone()]), report);
        let other = "go+bounce-1@other.example".to_string();
        assert_eq!(verdict(|m| m.to = vec![other]), Verdict::Answer);
        let token = "go+abcdefgh@pbmgo.example".to_string();
        assert_eq!(verdict(|m| m.delivered_to = vec![token]), Verdict::Answer);
        let mut m = human();
        m.delivered_to = vec![verp.clone()];
        m.to = vec![verp.clone()];
        assert_eq!(bounce_addresses(&m, OWN), vec![verp.as_str()]);
    }

    #[test]
    fn only_permanent_failures_count() {
        let r = |action: &str, status: &str| DsnRecipient {
            final_recipient: Some("bob@example.net".into()),
            action: action.into(),
            status: status.into(),
            ..DsnRecipient::default()
        };
        let mail = InboundMail {
            dsn_recipients: vec![
                r("failed", "5.1.1"),
                r("delayed", "4.4.1"),
                r("failed", "4.4.7"),
                r("", "5.0.0"),
                r("", "4.0.0"),
                r("delivered", "2.0.0"),
            ],
            ..human()
        };
        let statuses: Vec<&str> = permanent_failures(&mail)
            .map(|r| r.status.as_str())
            .collect();
        assert_eq!(statuses, ["5.1.1", "4.4.7", "5.0.0"]);
    }

    #[test]
    fn no_single_sender_is_ignored() {
        assert_eq!(verdict(|m| m.from = None), ignored(IgnoreReason::NoSender));
    }

    #[test]
    fn each_rule_gives_its_own_reason_code() {
        let mut mail = human();
        mail.is_dsn = true;
        mail.return_path = Some(String::new());
        mail.from = Some("MAILER-DAEMON@mx.example".into());
        mail.auto_submitted = Some("auto-replied".into());
        mail.precedence = Some("bulk".into());
        mail.has_list_headers = true;
        mail.auto_reply_headers = vec![("X-Autoreply".into(), "yes".into())];
        let hits: Vec<IgnoreReason> = RULES.iter().filter_map(|check| check(&mail, OWN)).collect();
        assert_eq!(hits.len(), RULES.len() - 2);
        let mut codes: Vec<&str> = hits.iter().map(IgnoreReason::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), hits.len());
        assert!(hits.iter().all(|reason| !reason.to_string().is_empty()));
        assert_eq!(IgnoreReason::OwnAddress.code(), "own-address");
        assert_eq!(IgnoreReason::NoSender.code(), "no-sender");
    }
}
