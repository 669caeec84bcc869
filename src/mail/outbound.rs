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

use std::time::SystemTime;

use chrono::{DateTime, Datelike, Utc};
use lettre::Address;
use lettre::message::header::{
    self, ContentTransferEncoding, ContentType, HeaderName, HeaderValue, Headers,
};
use lettre::message::{Attachment as MimeAttachment, Body, Mailbox, MultiPart, SinglePart};
use sha2::{Digest, Sha256};
use thiserror::Error;

use super::alternative::{self, Picture};
pub use super::inline::InlineImage;
use super::textpart::encoded;

/// `Auto-Submitted` value for a direct answer to a player's mail.
pub const AUTO_REPLIED: &str = "auto-replied";
/// `Auto-Submitted` value for mail nobody asked for (e.g. "your move").
pub const AUTO_GENERATED: &str = "auto-generated";

/// The most References kept: the thread root plus the latest ones.
const MAX_REFERENCES: usize = 20;
/// Longest subject kept, in characters; a player's subject can be huge.
const MAX_SUBJECT_CHARS: usize = 200;
/// Longest display name, game name or rejection code kept, in characters.
const MAX_SHORT_CHARS: usize = 64;

/// Who the server sends as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The server's address, e.g. `pbmgo@example.org`.
    pub address: String,
    /// The display name shown beside the address.
    pub name: String,
}

/// A file attached to a reply (e.g. the game's SGF record).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    /// The file name offered to the reader.
    pub filename: String,
    /// A MIME type such as `application/x-go-sgf`.
    pub content_type: String,
    /// The file's bytes, always sent base64-encoded.
    pub body: Vec<u8>,
}

/// One reply, ready to be turned into bytes by [`render`].
///
/// Message ids are written without angle brackets; brackets the caller
/// leaves on are tolerated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboundMail {
    /// The one recipient's address.
    pub to: String,
    /// The recipient's display name, if known.
    pub to_name: Option<String>,
    /// The subject; non-ASCII text is RFC 2047-encoded.
    pub subject: String,
    /// The text/plain body.
    pub text: String,
    /// The text/html alternative; `None` makes it from `text` (see
    /// [`alternative::html`]), which is what every reply does.
    pub html: Option<String>,
    /// This mail's Message-ID, made by the caller (see [`message_id`]).
    pub message_id: String,
    /// The Message-ID of the mail answered, if any.
    pub in_reply_to: Option<String>,
    /// The thread's Message-IDs, oldest first.
    pub references: Vec<String>,
    /// [`AUTO_REPLIED`] or [`AUTO_GENERATED`].
    pub auto_submitted: &'static str,
    /// Machine-readable codes of rejected commands, one header each.
    pub rejected_codes: Vec<String>,
    /// The game this mail is about, e.g. `game42`.
    pub game: Option<String>,
    /// Files attached after the body.
    pub attachments: Vec<Attachment>,
    /// Pictures shown in the HTML part (the board of a game), each in
    /// place of the text block it depicts; the HTML part and they then go
    /// in a `multipart/related`.
    pub inline_images: Vec<InlineImage>,
    /// The spans of `text` laid out by hand (a board diagram, a count, a
    /// command table), each one or more whole lines, as the code that
    /// rendered them declares them: the HTML part keeps each one `<pre>`
    /// (or shows the picture of it) whatever its first character.
    pub laid_out: Vec<String>,
    /// Where the player's answer should go (`Reply-To`), e.g. the server's
    /// address with a reply token (`go+<token>@domain`); `None` for none.
    pub reply_to: Option<String>,
}

impl OutboundMail {
    /// A mail to `to` with these words and nothing else: the HTML part made
    /// from them, not threaded, no codes, no game, nothing attached, no Reply-To.
    pub fn plain(
        to: &str,
        subject: String,
        text: String,
        message_id: String,
        auto_submitted: &'static str,
    ) -> OutboundMail {
        OutboundMail {
            to: to.to_string(),
            to_name: None,
            subject,
            text,
            html: None,
            message_id,
            in_reply_to: None,
            references: Vec::new(),
            auto_submitted,
            rejected_codes: Vec::new(),
            game: None,
            attachments: Vec::new(),
            inline_images: Vec::new(),
            laid_out: Vec::new(),
            reply_to: None,
        }
    }
}

/// Why a reply could not be built.
#[derive(Debug, Error)]
pub enum OutboundError {
    /// A From or To address is not a valid mail address.
    #[error("invalid mail address {0:?}")]
    BadAddress(String),
    /// The Message-ID given by the caller is not a valid `left@right` id.
    #[error("invalid message id {0:?}")]
    BadMessageId(String),
    /// An attachment's MIME type could not be parsed.
    #[error("invalid content type {content_type:?} for attachment {filename:?}")]
    BadContentType {
        /// The attachment's file name.
        filename: String,
        /// The type given.
        content_type: String,
    },
    /// The date cannot be written in a Date header (years 1970 to 9999).
    #[error("date {0} cannot be written in a mail header")]
    BadDate(DateTime<Utc>),
    /// lettre refused to build the message.
    #[error("cannot build the message")]
    Build(#[source] lettre::error::Error),
}

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
    let mut raw = rejected_headers(&mail.rejected_codes);
    raw.extend_from_slice(&message.formatted());
    Ok(raw)
}

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

/// The message without its body: addresses, subject, date and ids.
fn headers(
    mail: &OutboundMail,
    from: &Identity,
    date: DateTime<Utc>,
) -> Result<lettre::message::MessageBuilder, OutboundError> {
    let id = bare_id(&mail.message_id)
        .ok_or_else(|| OutboundError::BadMessageId(mail.message_id.clone()))?;
    let mut builder = lettre::Message::builder()
        .from(mailbox(&from.address, Some(&from.name))?)
        .to(mailbox(&mail.to, mail.to_name.as_deref())?)
        .subject(clean_header_text(&mail.subject, MAX_SUBJECT_CHARS))
        .header(header::Date::new(system_time(date)?))
        .message_id(Some(format!("<{id}>")));
    let parent = mail.in_reply_to.as_deref().and_then(bare_id);
    if let Some(parent) = parent {
        builder = builder.in_reply_to(format!("<{parent}>"));
    }
    if let Some(refs) = references(&mail.references, parent) {
        builder = builder.references(refs);
    }
    if let Some(reply_to) = mail.reply_to.as_deref() {
        builder = builder.reply_to(mailbox(reply_to, Some(&from.name))?);
    }
    builder = builder.raw_header(raw(AUTO_SUBMITTED, auto_submitted(mail.auto_submitted)));
    if let Some(game) = mail.game.as_deref().filter(|g| !clean(g).is_empty()) {
        builder = builder.raw_header(raw(X_GAME, game));
    }
    Ok(builder)
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

fn clean(value: &str) -> String {
    clean_header_text(value, MAX_SHORT_CHARS)
}

/// One `X-Pbmgo-Rejected` header line per non-empty code, as bytes.
///
/// lettre keeps one header per name, so these lines are written with
/// lettre's encoder one at a time and put in front of the other headers.
fn rejected_headers(codes: &[String]) -> Vec<u8> {
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
fn bare_id(id: &str) -> Option<&str> {
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
fn references(ids: &[String], parent: Option<&str>) -> Option<String> {
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

/// The text part and the HTML part: the caller's HTML, or else the one
/// [`alternative::html_with`] makes from the text, with the inline images
/// (in a `multipart/related` with the HTML) when there are any.
fn body(mail: &OutboundMail, hash: &str) -> MultiPart {
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
    let html = match &mail.html {
        Some(html) => html.clone(),
        None => {
            let laid_out: Vec<&str> = mail.laid_out.iter().map(String::as_str).collect();
            alternative::html_with(&mail.text, &mail.subject, &laid_out, &pictures)
        }
    };
    let html = SinglePart::html(encoded(clean_body(&html)));
    let alternative = MultiPart::alternative()
        .boundary(format!("=_pbmgo_alt_{hash}"))
        .singlepart(SinglePart::plain(encoded(clean_body(&mail.text))));
    match mail.inline_images.is_empty() {
        true => alternative.singlepart(html),
        false => {
            let boundary = format!("=_pbmgo_rel_{hash}");
            alternative.multipart(super::inline::related(html, &mail.inline_images, boundary))
        }
    }
}

/// Returns `text` with `\n` line ends only (lettre writes them as CRLF):
/// a lone CR becomes a line end and other control characters but tab are
/// dropped, so no bare CR or NUL reaches an SMTP server.
pub fn clean_body(text: &str) -> String {
    if !has_control(text.as_bytes()) {
        return text.to_owned();
    }
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    text.chars()
        .filter(|&c| !c.is_control() || c == '\n' || c == '\t')
        .collect()
}

/// Returns true when `text` (UTF-8) holds a control character other than
/// LF and tab (so CR too): C0 controls, DEL, and C1 controls (U+0080 to
/// U+009F, encoded as 0xC2 followed by 0x80 to 0x9F).
///
/// In blocks without an early exit, which the compiler vectorises.
fn has_control(text: &[u8]) -> bool {
    let c0 = text.chunks(64).any(|block| {
        block.iter().fold(false, |found, &b| {
            found | ((b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f)
        })
    });
    c0 || memchr::memchr_iter(0xc2, text).any(|i| matches!(text.get(i + 1), Some(0x80..=0x9f)))
}

/// multipart/mixed: the readable part first, then the files.
fn mixed(body: MultiPart, files: Vec<SinglePart>, hash: &str) -> MultiPart {
    let mut parts = MultiPart::mixed()
        .boundary(format!("=_pbmgo_mix_{hash}"))
        .multipart(body);
    for file in files {
        parts = parts.singlepart(file);
    }
    parts
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
fn boundary_key(mail: &OutboundMail) -> String {
    let mut salt: u64 = 0;
    loop {
        let mut hasher = Sha256::new();
        hasher.update(salt.to_be_bytes());
        hasher.update(mail.message_id.as_bytes());
        let key: String = hasher.finalize()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        if !holds(mail, &key) {
            return key;
        }
        salt += 1;
    }
}

/// True when any text of `mail` that goes into its body holds `key`.
fn holds(mail: &OutboundMail, key: &str) -> bool {
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

fn attachment(file: &Attachment) -> Result<SinglePart, OutboundError> {
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
fn file_name(name: &str) -> String {
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

/// Keeps letters, digits, `-` and `_`, and single dots between them.
fn dot_atom(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    kept.split('.')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(".")
}

fn non_empty(text: String, fallback: &str) -> String {
    if text.is_empty() {
        fallback.to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_body_keeps_clean_text_and_cleans_the_rest_as_before() {
        let slow = |t: &str| -> String {
            let t = t.replace("\r\n", "\n").replace('\r', "\n");
            t.chars()
                .filter(|&c| !c.is_control() || c == '\n' || c == '\t')
                .collect()
        };
        for t in [
            "plain\ttext\nline é ü ☃ \u{a0}\u{a0}x",
            "cr\r\nlf\rcr",
            "nul\0 bell\u{7} del\u{7f} c1\u{85}\u{9f} not c1 \u{a0}\u{100}",
            "",
        ] {
            assert_eq!(clean_body(t), slow(t), "{t:?}");
        }
        assert!(!has_control("é\u{a0}\t\n".as_bytes()));
        assert!(has_control("\u{80}".as_bytes()));
    }

    #[test]
    fn bare_id_accepts_ids_with_or_without_brackets() {
        assert_eq!(bare_id("<a.b@c>"), Some("a.b@c"));
        assert_eq!(bare_id(" a@c "), Some("a@c"));
        let bad = [
            "",
            "a",
            "@c",
            "a@",
            "a b@c",
            "a@c\r\nBcc: x@y",
            "a@b@c",
            "<a@c",
        ];
        for id in bad {
            assert_eq!(bare_id(id), None, "{id:?}");
        }
    }

    #[test]
    fn references_keep_the_root_and_the_latest() {
        let ids: Vec<String> = (0..30).map(|i| format!("{i}@x")).collect();
        let refs = references(&ids, Some("parent@x")).unwrap();
        let kept: Vec<&str> = refs.split(' ').collect();
        assert_eq!(kept.len(), MAX_REFERENCES);
        assert_eq!(kept[..2], ["<0@x>", "<12@x>"]);
        assert_eq!(kept[MAX_REFERENCES - 1], "<parent@x>");
        assert_eq!(references(&["bad id".into()], None), None);
    }

    #[test]
    fn the_boundary_key_comes_from_the_id_and_avoids_the_text() {
        let mail = |text: String| {
            OutboundMail::plain(
                "a@b.org",
                "s".into(),
                text,
                "1.x@b.org".into(),
                AUTO_REPLIED,
            )
        };
        let key = boundary_key(&mail("hello".into()));
        assert_eq!(key.len(), 32);
        assert_eq!(
            boundary_key(&mail("other words".into())),
            key,
            "only the id"
        );
        let other = OutboundMail {
            message_id: "2.x@b.org".into(),
            ..mail("hello".into())
        };
        assert_ne!(boundary_key(&other), key, "another id, another key");
        let written = mail(format!("--=_pbmgo_alt_{key}\n"));
        let drawn_again = boundary_key(&written);
        assert_ne!(drawn_again, key, "a text holding the key gets another");
        assert!(!holds(&written, &drawn_again));
        let raw = String::from_utf8(render(&written, &identity(), date()).unwrap()).unwrap();
        assert!(raw.contains(&format!("=_pbmgo_alt_{drawn_again}")));
    }

    fn identity() -> Identity {
        Identity {
            address: "go@b.org".into(),
            name: "Go".into(),
        }
    }

    fn date() -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap()
    }

    #[test]
    fn file_names_lose_paths_and_quotes() {
        assert_eq!(file_name("../../etc/passwd"), "_.._etc_passwd");
        assert_eq!(file_name("a\"b\r\n.sgf"), "a_b .sgf");
        assert_eq!(file_name("\r\n"), "attachment");
    }
}
