//! The values of an outgoing mail: who sends it ([`Identity`]), what it
//! says and carries ([`OutboundMail`], [`Attachment`]), and why it could
//! not be built ([`OutboundError`]).

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::mail::inline::InlineImage;

/// `Auto-Submitted` value for a direct answer to a player's mail.
pub const AUTO_REPLIED: &str = "auto-replied";
/// `Auto-Submitted` value for mail nobody asked for (e.g. "your move").
pub const AUTO_GENERATED: &str = "auto-generated";

/// The most References kept: the thread root plus the latest ones.
pub(super) const MAX_REFERENCES: usize = 20;
/// Longest subject kept, in characters; a player's subject can be huge.
pub(super) const MAX_SUBJECT_CHARS: usize = 200;
/// Longest display name, game name or rejection code kept, in characters.
pub(super) const MAX_SHORT_CHARS: usize = 64;

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
}
