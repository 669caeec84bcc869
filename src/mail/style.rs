//! The stylesheet of every HTML part (`style.css`), and its
//! quoted-printable lines made when pbmgo is compiled: every reply's HTML
//! part carries the same 3.6 KB, which were encoded again for every mail
//! (and, stored, compressed again for every body: the outbox keeps them
//! once, apart, see `outbound::render_apart`).
//!
//! The stylesheet must be plain lines (printable ASCII without `=`, no
//! space ending a line, a line end last): quoted-printable then only
//! breaks its long lines, which a `const fn` does here (compiling fails
//! otherwise). A test holds the bytes to `textpart`'s encoder.

/// The stylesheet: layout only, no colours, so the reader's scheme (light
/// or dark) holds (in the dark, the bright wood of the picture is dimmed a
/// little). The picture and the laid-out blocks fit a phone: the picture
/// scales down to the width, and on a narrow screen a wide board in
/// `<pre>` (no picture: `images off`) takes a font size from the screen's
/// width, so that its rows stay whole lines; a count or a table scrolls on
/// its own, and so does a table of columns (`table.grid`, see `grid`) in
/// its `div.scroll`. A board is not cut by a page break when printed.
pub(crate) const STYLE: &str = include_str!("style.css");

/// [`STYLE`] in quoted-printable, CRLF line ends, as `textpart` writes it
/// for a part that starts a line with it.
pub(crate) const STYLE_QP: &[u8] = &QP;

/// How many bytes of [`STYLE`] the choice of a part's encoding counts as
/// to be escaped (its line ends: every other byte is printable).
pub(crate) const STYLE_ESCAPED: usize = count(STYLE.as_bytes(), b'\n');

/// Whether [`STYLE`] has a line too long for 7bit (76 bytes or more): a
/// part holding it is then never 7bit.
pub(crate) const STYLE_LONG: bool = longest_line(STYLE.as_bytes()) >= LIMIT;

/// A key of [`STYLE_QP`]'s bytes (64-bit FNV-1a), which names them where
/// they are stored.
pub(crate) const STYLE_KEY: u64 = fnv(STYLE_QP);

/// The longest quoted-printable line, soft line break excluded.
const LIMIT: usize = 76;

const QP_LEN: usize = encode(STYLE.as_bytes(), &mut []);

const QP: [u8; QP_LEN] = {
    let mut out = [0u8; QP_LEN];
    encode(STYLE.as_bytes(), &mut out);
    out
};

/// Writes the quoted-printable of the plain lines `text` into `out` (as
/// much as fits) and returns its length. Panics (when compiling) when
/// `text` is not plain lines.
const fn encode(text: &[u8], out: &mut [u8]) -> usize {
    assert!(!text.is_empty() && text[text.len() - 1] == b'\n');
    let (mut n, mut start, mut i) = (0, 0, 0);
    while i < text.len() {
        let b = text[i];
        if b == b'\n' {
            assert!(i == start || (text[i - 1] != b' ' && text[i - 1] != b'\t'));
            n = line(text, start, i, out, n);
            n = put(out, n, b'\r');
            n = put(out, n, b'\n');
            start = i + 1;
        } else {
            assert!(b >= b' ' && b <= b'~' && b != b'=');
        }
        i += 1;
    }
    n
}

/// One line, `text[start..end]`: runs of 75 characters each ended by a
/// soft line break while more than 76 are left, then the rest.
const fn line(text: &[u8], start: usize, end: usize, out: &mut [u8], mut n: usize) -> usize {
    let mut i = start;
    while end - i > LIMIT {
        let stop = i + LIMIT - 1;
        while i < stop {
            n = put(out, n, text[i]);
            i += 1;
        }
        n = put(out, n, b'=');
        n = put(out, n, b'\r');
        n = put(out, n, b'\n');
    }
    while i < end {
        n = put(out, n, text[i]);
        i += 1;
    }
    n
}

const fn put(out: &mut [u8], n: usize, b: u8) -> usize {
    if n < out.len() {
        out[n] = b;
    }
    n + 1
}

const fn count(text: &[u8], b: u8) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < text.len() {
        if text[i] == b {
            n += 1;
        }
        i += 1;
    }
    n
}

const fn longest_line(text: &[u8]) -> usize {
    let (mut longest, mut start, mut i) = (0, 0, 0);
    while i < text.len() {
        if text[i] == b'\n' {
            if i - start > longest {
                longest = i - start;
            }
            start = i + 1;
        }
        i += 1;
    }
    longest
}

const fn fnv(bytes: &[u8]) -> u64 {
    let (mut hash, mut i) = (0xcbf2_9ce4_8422_2325_u64, 0);
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::textpart::quoted_printable_lf;

    #[test]
    fn the_stylesheet_is_encoded_as_the_encoder_encodes_it() {
        assert_eq!(
            String::from_utf8_lossy(STYLE_QP),
            String::from_utf8_lossy(&quoted_printable_lf(STYLE.as_bytes()))
        );
        const { assert!(STYLE_LONG, "the stylesheet has a line of 76 or more") };
    }

    #[test]
    fn plain_lines_of_every_length_are_broken_as_the_encoder_breaks_them() {
        let alphabet = b"abc {}:;-,.()\"'#%/*0123456789~";
        let mut text = Vec::new();
        for len in 0..=400 {
            text.extend((0..len).map(|i| alphabet[(i * 7 + len) % alphabet.len()]));
            if len > 0 {
                // A space ending a line is encoded: not a plain line.
                text.pop();
                text.push(b'z');
            }
            text.push(b'\n');
        }
        let mut out = vec![0; encode(&text, &mut [])];
        encode(&text, &mut out);
        assert_eq!(out, quoted_printable_lf(&text));
        assert_eq!(count(&text, b'\n'), 401);
        assert_eq!(longest_line(&text), 400);
    }
}
