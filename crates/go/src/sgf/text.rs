//! SGF text values: unescaping, whitespace rules, character sets, escaping.
//!
//! Owns: turning a raw SimpleText value into a `String` (escapes, soft line
//! breaks, whitespace as sgfmill's `simpletext_value`), choosing how to decode
//! its bytes from the root's `CA`, and escaping text for the writer. Decoding
//! never fails: valid UTF-8 is taken as such, other bytes as Latin-1 when the
//! record says so (or says nothing), else lossily.

/// How the bytes of text values are decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Charset {
    /// UTF-8, invalid sequences replaced.
    Utf8,
    /// ISO-8859-1 (the SGF default), used when the bytes are not valid UTF-8.
    Latin1,
    /// Anything else (GB2312, Shift_JIS ...): UTF-8 if valid, else lossy.
    Other,
}

impl Charset {
    /// Reads the root's raw `CA` value; `None` means the SGF default, Latin-1.
    pub(crate) fn from_ca(raw: Option<&[u8]>) -> Charset {
        let Some(raw) = raw else {
            return Charset::Latin1;
        };
        let name: String = raw
            .iter()
            .filter(|b| b.is_ascii_alphanumeric())
            .map(|b| b.to_ascii_lowercase() as char)
            .collect();
        match name.as_str() {
            "utf8" => Charset::Utf8,
            "iso88591" | "latin1" | "l1" | "cp819" | "ascii" | "usascii" => Charset::Latin1,
            _ => Charset::Other,
        }
    }

    /// Decodes `bytes`, never failing.
    pub(crate) fn decode(self, bytes: &[u8]) -> String {
        match (self, std::str::from_utf8(bytes)) {
            (_, Ok(s)) => s.to_string(),
            (Charset::Latin1, Err(_)) => bytes.iter().map(|&b| b as char).collect(),
            (_, Err(_)) => String::from_utf8_lossy(bytes).into_owned(),
        }
    }
}

/// Unescapes a raw SimpleText value, as sgfmill's `simpletext_value`.
///
/// A backslash keeps the next byte (and drops a following line break: a soft
/// break); any other line break and any tab, form feed or vertical tab
/// becomes a space.
pub(super) fn simpletext(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    let mut escaped = false;
    while let Some(&b) = raw.get(i) {
        let brk = line_break_len(raw, i);
        i += brk.max(1);
        if brk > 0 {
            if !escaped {
                out.push(b' ');
            }
        } else if !escaped && b == b'\\' {
            escaped = true;
            continue;
        } else {
            out.push(if matches!(b, b'\t' | 0x0b | 0x0c) {
                b' '
            } else {
                b
            });
        }
        escaped = false;
    }
    out
}

/// Returns the length of the line break (`\n\r`, `\r\n`, `\n`, `\r`) at `i`, or 0.
fn line_break_len(raw: &[u8], i: usize) -> usize {
    match (raw.get(i), raw.get(i + 1)) {
        (Some(b'\n'), Some(b'\r')) | (Some(b'\r'), Some(b'\n')) => 2,
        (Some(b'\n' | b'\r'), _) => 1,
        _ => 0,
    }
}

/// Escapes text for an SGF value: `\` and `]` get a backslash.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(raw: &[u8]) -> String {
        String::from_utf8(simpletext(raw)).unwrap()
    }

    #[test]
    fn unescapes_like_sgfmill() {
        assert_eq!(st(b"a\\]b"), "a]b");
        assert_eq!(st(b"a\\\\b"), "a\\b");
        assert_eq!(st(b"\\x"), "x");
        assert_eq!(st(b"soft\\\nbreak"), "softbreak");
        assert_eq!(st(b"soft\\\r\nbreak"), "softbreak");
        assert_eq!(st(b"hard\r\nbreak"), "hard break");
        assert_eq!(st(b"two\n\n"), "two  ");
        assert_eq!(st(b"tab\there"), "tab here");
        assert_eq!(st(b"\\\t"), " ");
        assert_eq!(st(b"end\\"), "end");
    }

    #[test]
    fn decodes_without_failing() {
        assert_eq!(Charset::from_ca(None).decode(b"Jos\xe9"), "José");
        assert_eq!(Charset::from_ca(Some(b"ISO8859_1")).decode(b"\xe9"), "é");
        assert_eq!(
            Charset::from_ca(Some(b"UTF-8")).decode("José".as_bytes()),
            "José"
        );
        assert_eq!(Charset::from_ca(None).decode("José".as_bytes()), "José");
        assert_eq!(Charset::from_ca(Some(b"UTF-8")).decode(b"\xff"), "\u{fffd}");
        assert_eq!(
            Charset::from_ca(Some(b"GB2312")).decode(b"\xc0\xee"),
            "\u{fffd}\u{fffd}"
        );
    }

    #[test]
    fn escapes_brackets_and_backslashes() {
        assert_eq!(escape("a]b\\c"), "a\\]b\\\\c");
        assert_eq!(st(escape("x]\\y").as_bytes()), "x]\\y");
    }
}
