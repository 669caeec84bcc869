//! Mail text made plain: the Unicode line and paragraph separators made
//! line breaks and the invisible tag characters dropped from a whole text
//! ([`plain_text`], where inbound text is read), and one line made
//! comparable: invisible characters (zero-width spaces, direction marks,
//! byte-order marks, tags) dropped, non-breaking spaces made plain, trimmed.

/// Characters mail clients leave in text that are invisible.
const INVISIBLE: &[char] = &[
    '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{feff}', // zero-width
    '\u{200e}', '\u{200f}', '\u{061c}', // direction marks
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', // embeddings, overrides
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', // isolates
];

/// The Unicode tag characters (U+E0000..U+E007F): invisible, they can
/// smuggle text past a reader.
const TAGS: std::ops::RangeInclusive<char> = '\u{e0000}'..='\u{e007f}';

/// Returns `text` with U+2028 (line separator) and U+2029 (paragraph
/// separator) turned into line breaks and the tag characters removed, so
/// neither reaches quoted words, stored comments or a game record.
pub fn plain_text(text: &str) -> String {
    text.chars()
        .filter(|c| !TAGS.contains(c))
        .map(|c| match c {
            '\u{2028}' | '\u{2029}' => '\n',
            other => other,
        })
        .collect()
}

/// Returns `line` without invisible characters, non-breaking spaces made
/// plain, trimmed.
pub(super) fn clean(line: &str) -> String {
    let visible: String = line
        .chars()
        .filter(|c| !INVISIBLE.contains(c) && !TAGS.contains(c))
        .map(|c| if c == '\u{a0}' { ' ' } else { c })
        .collect();
    visible.trim().to_string()
}
