//! The body of a text part (the text and the HTML of a reply) encoded for
//! the wire exactly as lettre's `Body::new` encodes a `String` (the same
//! choice of 7bit, quoted-printable or base64; the same bytes), at a
//! fraction of the cost: lettre inserts each CR of the CRLF line ends one
//! at a time, moving the rest of the text every line, and
//! `quoted_printable` pushes the text a character at a time; here runs of
//! plain bytes are copied whole. A test holds the bytes to lettre's.
//!
//! Must not touch: which parts a mail has (see `outbound`).

use email_encoding::body::Encoding;
use lettre::message::Body;
use lettre::message::header::ContentTransferEncoding;

use super::style::{STYLE, STYLE_ESCAPED, STYLE_LONG};

/// The longest quoted-printable line, soft line break excluded.
const LIMIT: usize = 76;

/// `text` (clean: no CR, LF line ends) as lettre would encode it.
pub(crate) fn encoded(text: &str) -> Body {
    match choose(text) {
        Encoding::SevenBit => {
            Body::dangerous_pre_encoded(crlf(text), ContentTransferEncoding::SevenBit)
        }
        Encoding::QuotedPrintable if memchr::memchr(b'\r', text.as_bytes()).is_none() => {
            Body::dangerous_pre_encoded(
                quoted_printable_lf(text.as_bytes()),
                ContentTransferEncoding::QuotedPrintable,
            )
        }
        Encoding::QuotedPrintable => Body::dangerous_pre_encoded(
            quoted_printable(&crlf(text)),
            ContentTransferEncoding::QuotedPrintable,
        ),
        _ => Body::new(text.to_owned()),
    }
}

/// The HTML part `head` + [`STYLE`] + `tail` (clean, `head` ending a
/// line) in quoted-printable, when that is what [`encoded`] would make of
/// it: the encoded `head` and `tail`, which
/// [`STYLE_QP`](super::style::STYLE_QP) goes between.
/// `None` when the part is 7bit or base64 (the caller encodes it whole).
pub(crate) fn around_style(head: &str, tail: &str) -> Option<(Vec<u8>, Vec<u8>)> {
    let (h, t) = (head.as_bytes(), tail.as_bytes());
    let len = h.len() + STYLE.len() + t.len();
    // The stylesheet's long line makes the part too long for 7bit.
    let qp = STYLE_LONG
        && h.ends_with(b"\n")
        && escaped_count(h) + STYLE_ESCAPED + escaped_count(t) <= len / 3;
    let cr = memchr::memchr(b'\r', h).is_some() || memchr::memchr(b'\r', t).is_some();
    (qp && !cr).then(|| (quoted_printable_lf(h), quoted_printable_lf(t)))
}

/// The encoding lettre picks for `text` (`Encoding::choose(text, false)`
/// of `email_encoding`): 7bit for ASCII whose lines fit, else
/// quoted-printable when at most a third of the bytes need escaping
/// (a line end counts), else base64. The same rules, eight bytes a step.
fn choose(text: &str) -> Encoding {
    let text = text.as_bytes();
    if text.is_ascii() && !line_too_long(text) {
        return Encoding::SevenBit;
    }
    if escaped_count(text) <= text.len() / 3 {
        Encoding::QuotedPrintable
    } else {
        Encoding::Base64
    }
}

/// `email_encoding`'s test of a line too long for 7bit, as it is: from
/// the start, or from the last LF (itself counted), 76 bytes or more.
fn line_too_long(b: &[u8]) -> bool {
    let mut last = 0;
    memchr::memchr_iter(b'\n', b).any(|i| {
        let before = std::mem::replace(&mut last, i);
        i - before >= LIMIT
    }) || b.len() - last >= LIMIT
}

/// Every byte of a `u64` set to `b`.
const fn splat(b: u8) -> u64 {
    u64::from_ne_bytes([b; 8])
}

/// The high bit of each byte of `w` that is zero.
fn zero_bytes(w: u64) -> u64 {
    let low = splat(0x7f);
    !(((w & low) + low) | w | low)
}

/// The high bit of each byte of `w` that is not a tab or `' '..='~'`
/// (what `email_encoding` counts as needing escape; `=` is not).
fn unprintable(w: u64) -> u64 {
    let (high, low) = (splat(0x80), splat(0x7f));
    let below_space = !((w | high) - splat(0x20)) & high;
    let delete = ((w & low) + splat(0x01)) & high;
    let tab = zero_bytes(w ^ splat(b'\t'));
    (w & high) | (below_space & !tab) | delete
}

/// How many bytes of `b` are not a tab or `' '..='~'`.
fn escaped_count(b: &[u8]) -> usize {
    let mut chunks = b.chunks_exact(8);
    let mut n = 0;
    for c in &mut chunks {
        let w = u64::from_ne_bytes(c.try_into().unwrap_or([0; 8]));
        n += unprintable(w).count_ones() as usize;
    }
    let rest = chunks.remainder();
    n + rest
        .iter()
        .filter(|&&c| !(c == b'\t' || (b' '..=b'~').contains(&c)))
        .count()
}

/// `text` with each LF made CRLF.
fn crlf(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 32 + 2);
    let mut from = 0;
    for at in memchr::memchr_iter(b'\n', bytes) {
        out.extend_from_slice(&bytes[from..at]);
        out.extend_from_slice(b"\r\n");
        from = at + 1;
    }
    out.extend_from_slice(&bytes[from..]);
    out
}

/// For each byte, true when quoted-printable writes it as itself: a tab
/// or a printable ASCII character other than `=`.
const PLAIN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = b' ';
    while b <= b'~' {
        t[b as usize] = b != b'=';
        b += 1;
    }
    t[b'\t' as usize] = true;
    t
};

/// True for a byte quoted-printable writes as `=XX`.
fn needs_encoding(b: u8) -> bool {
    !PLAIN[usize::from(b)]
}

/// How many bytes at the start of `b` quoted-printable writes as
/// themselves: eight at a time while none is a tab, `=` or unprintable,
/// then one at a time.
fn plain_prefix(b: &[u8]) -> usize {
    let mut at = 0;
    while let Some(c) = b.get(at..at + 8) {
        let w = u64::from_ne_bytes(c.try_into().unwrap_or([0; 8]));
        if unprintable(w) | zero_bytes(w ^ splat(b'=')) | zero_bytes(w ^ splat(b'\t')) != 0 {
            break;
        }
        at += 8;
    }
    at + b[at..]
        .iter()
        .position(|&c| needs_encoding(c))
        .unwrap_or(b.len() - at)
}

/// The quoted-printable writer's state: the output, how long its last
/// line is, and where the last thing appended starts.
struct Qp {
    out: Vec<u8>,
    on_line: usize,
    backup: usize,
}

/// `input` (CRLF line ends) in quoted-printable, byte for byte as the
/// `quoted_printable` crate's `encode` (text mode, lines of 76) writes it.
fn quoted_printable(input: &[u8]) -> Vec<u8> {
    let mut q = Qp::for_input(input);
    let mut was_cr = false;
    let mut i = 0;
    while i < input.len() {
        let byte = input[i];
        i += 1;
        if was_cr {
            was_cr = false;
            if byte == b'\n' {
                q.line_end();
                continue;
            }
            q.append(b"=0D");
        }
        if byte == b'\r' {
            was_cr = true;
            continue;
        }
        i = q.byte_or_run(input, i - 1);
    }
    match was_cr {
        true => q.append(b"=0D"),
        false => q.trailing_space(),
    }
    q.out
}

/// [`quoted_printable`] of `input` with each LF made CRLF, for `input`
/// without CR: the same bytes without copying the text to CRLF first.
pub(crate) fn quoted_printable_lf(input: &[u8]) -> Vec<u8> {
    let mut q = Qp::for_input(input);
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'\n' {
            q.line_end();
            i += 1;
            continue;
        }
        i = q.byte_or_run(input, i);
    }
    q.trailing_space();
    q.out
}

impl Qp {
    fn for_input(input: &[u8]) -> Qp {
        Qp {
            out: Vec::with_capacity(input.len() + input.len() / 8 + 16),
            on_line: 0,
            backup: 0,
        }
    }

    /// Writes `input[at]` (not a line end), or the run of plain bytes
    /// from there that fits the line; returns where the rest starts.
    fn byte_or_run(&mut self, input: &[u8], at: usize) -> usize {
        let byte = input[at];
        if LIMIT - self.on_line < 3 || needs_encoding(byte) {
            self.byte(byte);
            return at + 1;
        }
        let max = LIMIT - self.on_line - 2;
        let window = &input[at + 1..input.len().min(at + max)];
        let len = 1 + plain_prefix(window);
        self.out.extend_from_slice(&input[at..at + len]);
        self.on_line += len;
        self.backup = self.out.len();
        at + len
    }

    /// A line end: a trailing space or tab encoded, then CRLF.
    fn line_end(&mut self) {
        self.trailing_space();
        self.out.extend_from_slice(b"\r\n");
        self.on_line = 0;
    }

    fn append(&mut self, what: &[u8]) {
        if self.on_line + what.len() > LIMIT {
            if self.on_line == LIMIT {
                self.on_line = self.out.len() - self.backup;
                let at = self.backup;
                self.out.splice(at..at, *b"=\r\n");
            } else {
                self.out.extend_from_slice(b"=\r\n");
                self.on_line = 0;
            }
        }
        self.out.extend_from_slice(what);
        self.on_line += what.len();
        self.backup = self.out.len() - what.len();
    }

    fn byte(&mut self, b: u8) {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        match b {
            b'=' => self.append(b"=3D"),
            b'\t' | b' '..=b'~' => self.append(&[b]),
            _ => self.append(&[b'=', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]),
        }
    }

    /// A space or tab ending a line is written encoded.
    fn trailing_space(&mut self) {
        let code: &[u8] = match self.out.last() {
            Some(b' ') => b"=20",
            Some(b'\t') => b"=09",
            _ => return,
        };
        self.on_line -= 1;
        self.out.pop();
        self.append(code);
    }
}

#[cfg(test)]
#[path = "textpart_tests.rs"]
mod tests;
