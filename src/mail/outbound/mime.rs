//! The MIME body of an outgoing mail, written by hand: the text part and
//! its HTML alternative, the HTML with its inline pictures in a
//! `multipart/related`, the attachments in a `multipart/mixed`. The same
//! bytes as lettre's `MultiPart` tree (a test holds them to it), without
//! building that tree: lettre parses each part's Content-Type again to
//! set and to find its boundary and copies every body into the tree and
//! then into the mail, which was a sixth of rendering a reply.
//!
//! Only what varies goes through lettre's header encoder (a picture's
//! Content-ID and file name, an attachment); the rest is constant text.
//!
//! Must not touch: the words or the HTML (see `parts`, `alternative`), the
//! top-level headers (see `headers`).

use std::sync::Arc;

use lettre::message::header::{ContentDisposition, ContentId, ContentTransferEncoding, Headers};
use lettre::message::{Body, SinglePart};

use crate::mail::style::STYLE_QP;

/// The HTML part, encoded: whole, or (quoted-printable) in the pieces
/// before and after the stylesheet, whose lines are encoded already.
pub(crate) enum Html {
    /// The part's body as it goes.
    Whole(Body),
    /// What goes before and after [`STYLE_QP`].
    AroundStyle(Vec<u8>, Vec<u8>),
}

/// Where [`write`] put what goes apart: the stylesheet's lines (when the
/// HTML part has them apart) and each picture's lines.
#[derive(Debug, Default)]
pub(super) struct Places {
    /// Where the stylesheet's lines start (or go, written apart).
    pub(super) style: Option<usize>,
    /// Where each picture's lines start (or go, when it has none).
    pub(super) pictures: Vec<usize>,
}

/// What the body of a mail holds, ready to be written.
pub(super) struct Tree<'a> {
    /// The key of its boundaries (see `parts::boundary_key`).
    pub(super) hash: &'a str,
    /// The text part, encoded.
    pub(super) text: Body,
    /// The HTML part, encoded.
    pub(super) html: Html,
    /// Whether the stylesheet's lines are left out (to go apart).
    pub(super) style_apart: bool,
    /// The inline pictures: Content-ID, file name and base64 lines (empty
    /// when the mail is rendered with its pictures apart).
    pub(super) pictures: Vec<(&'a str, &'a str, Arc<[u8]>)>,
    /// The attachments, as lettre makes their parts.
    pub(super) files: Vec<SinglePart>,
}

impl Tree<'_> {
    /// About how many bytes [`write`] adds.
    pub(super) fn size(&self) -> usize {
        let pictures: usize = self.pictures.iter().map(|p| p.2.len() + 400).sum();
        let html = match &self.html {
            Html::Whole(body) => body.as_ref().len(),
            Html::AroundStyle(head, tail) => head.len() + STYLE_QP.len() + tail.len(),
        };
        self.text.as_ref().len() + html + pictures + 1024
    }
}

/// Appends the body of the mail (from its `Content-Type` header on) to
/// `out`, which holds its other headers; returns where in `out` the
/// stylesheet and each picture's lines start (or go, when left out).
pub(super) fn write(out: &mut Vec<u8>, tree: &Tree<'_>) -> Places {
    if tree.files.is_empty() {
        return alternative(out, tree);
    }
    let mixed = format!("=_pbmgo_mix_{}", tree.hash);
    open(out, "mixed", &mixed);
    next(out, &mixed);
    let at = alternative(out, tree);
    for file in &tree.files {
        next(out, &mixed);
        out.extend_from_slice(&file.formatted());
    }
    close(out, &mixed);
    at
}

/// The text part and the HTML part (with its pictures, if any); returns
/// where the stylesheet and each picture's lines start.
fn alternative(out: &mut Vec<u8>, tree: &Tree<'_>) -> Places {
    let alt = format!("=_pbmgo_alt_{}", tree.hash);
    open(out, "alternative", &alt);
    next(out, &alt);
    text(out, "text/plain", &tree.text);
    next(out, &alt);
    let mut at = Places::default();
    if tree.pictures.is_empty() {
        at.style = html(out, tree);
    } else {
        let rel = format!("=_pbmgo_rel_{}", tree.hash);
        open(out, "related", &rel);
        next(out, &rel);
        at.style = html(out, tree);
        for (id, filename, lines) in &tree.pictures {
            next(out, &rel);
            at.pictures.push(picture(out, id, filename, lines));
        }
        close(out, &rel);
    }
    close(out, &alt);
    at
}

/// A multipart's headers, up to its first boundary line: its
/// Content-Type folded before the boundary (always long enough to fold).
fn open(out: &mut Vec<u8>, kind: &str, boundary: &str) {
    for piece in [
        "Content-Type: multipart/",
        kind,
        ";\r\n boundary=\"",
        boundary,
        "\"\r\n\r\n",
    ] {
        out.extend_from_slice(piece.as_bytes());
    }
}

/// The line before each part of a multipart.
fn next(out: &mut Vec<u8>, boundary: &str) {
    out.extend_from_slice(b"--");
    out.extend_from_slice(boundary.as_bytes());
    out.extend_from_slice(b"\r\n");
}

/// The line that ends a multipart.
fn close(out: &mut Vec<u8>, boundary: &str) {
    out.extend_from_slice(b"--");
    out.extend_from_slice(boundary.as_bytes());
    out.extend_from_slice(b"--\r\n");
}

/// A text part of type `mime` (UTF-8), its body encoded already.
fn text(out: &mut Vec<u8>, mime: &str, body: &Body) {
    out.extend_from_slice(b"Content-Type: ");
    out.extend_from_slice(mime.as_bytes());
    out.extend_from_slice(b"; charset=utf-8\r\n");
    encoded_body(out, body.encoding(), body.as_ref());
}

/// The HTML part; returns where the stylesheet's lines start when they
/// were encoded apart.
fn html(out: &mut Vec<u8>, tree: &Tree<'_>) -> Option<usize> {
    let (head, tail) = match &tree.html {
        Html::Whole(body) => {
            text(out, "text/html", body);
            return None;
        }
        Html::AroundStyle(head, tail) => (head, tail),
    };
    out.extend_from_slice(
        b"Content-Type: text/html; charset=utf-8\r\n\
          Content-Transfer-Encoding: quoted-printable\r\n\r\n",
    );
    out.extend_from_slice(head);
    let at = out.len();
    if !tree.style_apart {
        out.extend_from_slice(STYLE_QP);
    }
    out.extend_from_slice(tail);
    out.extend_from_slice(b"\r\n");
    Some(at)
}

/// An inline picture's part: its Content-ID and file name as lettre
/// encodes them, then its base64 lines; returns where they start.
fn picture(out: &mut Vec<u8>, id: &str, filename: &str, lines: &[u8]) -> usize {
    let mut headers = Headers::new();
    headers.set(ContentId::from(format!("<{id}>")));
    headers.set(ContentDisposition::inline_with_name(filename));
    out.extend_from_slice(headers.to_string().as_bytes());
    out.extend_from_slice(b"Content-Type: image/png\r\n");
    encoded_body(out, ContentTransferEncoding::Base64, lines)
}

/// The Content-Transfer-Encoding header, the blank line and the body;
/// returns where the body starts.
fn encoded_body(out: &mut Vec<u8>, encoding: ContentTransferEncoding, body: &[u8]) -> usize {
    out.extend_from_slice(b"Content-Transfer-Encoding: ");
    out.extend_from_slice(encoding.to_string().as_bytes());
    out.extend_from_slice(b"\r\n\r\n");
    let at = out.len();
    out.extend_from_slice(body);
    out.extend_from_slice(b"\r\n");
    at
}
