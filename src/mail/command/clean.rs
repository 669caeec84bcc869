//! One line of mail text made comparable: invisible characters (zero-width
//! spaces, direction marks, byte-order marks) dropped, non-breaking spaces
//! made plain, trimmed.

/// Characters mail clients leave in text that are invisible.
const INVISIBLE: &[char] = &[
    '\u{200b}', '\u{200c}', '\u{200d}', '\u{2060}', '\u{feff}', // zero-width
    '\u{200e}', '\u{200f}', '\u{061c}', // direction marks
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', // embeddings, overrides
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', // isolates
];

/// Returns `line` without invisible characters, non-breaking spaces made
/// plain, trimmed.
pub(super) fn clean(line: &str) -> String {
    let visible: String = line
        .chars()
        .filter(|c| !INVISIBLE.contains(c))
        .map(|c| if c == '\u{a0}' { ' ' } else { c })
        .collect();
    visible.trim().to_string()
}
