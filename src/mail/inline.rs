//! Pictures shown inside the HTML part of a reply (the board of a game):
//! [`InlineImage`], and its base64 lines as the mail carries them (the
//! `multipart/related` part that carries the HTML with them, each referred
//! to by `cid:`, is written by `outbound`).
//!
//! Must not touch: how a picture is drawn (see `render`, used by the
//! pipeline) or where it goes in the page (see `alternative`).

use std::sync::Arc;

/// A PNG shown in the HTML part, next to the text block it depicts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InlineImage {
    /// Its Content-ID, without angle brackets (`board.<hash>@<domain>`);
    /// the HTML refers to it as `cid:<content_id>`.
    pub content_id: String,
    /// The lines of the text part it depicts (the ASCII board, from the
    /// line of column letters to the same line below): the picture goes
    /// just before the `<pre>` block that holds them.
    pub shows: String,
    /// Its alternative text.
    pub alt: String,
    /// The caption shown under it: how to read it.
    pub caption: String,
    /// The label of the same board drawn in letters, folded under the
    /// picture (`<details>`); empty for none.
    pub letters: String,
    /// Its file name, e.g. `game42.png`.
    pub filename: String,
    /// Its width in pixels.
    pub width: u32,
    /// Its height in pixels.
    pub height: u32,
    /// The PNG file's bytes, shared by every mail that shows it.
    pub png: Arc<[u8]>,
    /// The PNG as the mail carries it ([`encoded`]), when the caller made
    /// it once for every mail showing the picture (shared, not copied for
    /// each); empty: made here.
    pub base64: Arc<[u8]>,
}

/// The PNG `png` as a mail part carries it: base64 in lines of 76
/// characters, exactly as lettre writes a base64 body.
pub fn encoded(png: &[u8]) -> Vec<u8> {
    let mut out = String::with_capacity(email_encoding::body::base64::encoded_len(png.len()));
    match email_encoding::body::base64::encode(png, &mut out) {
        Ok(()) => out.into_bytes(),
        Err(_) => Vec::new(),
    }
}
