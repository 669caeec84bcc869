//! Small pieces of wording that many mails share: colour names and
//! capitalisation. Whole sentences live in the templates and in the
//! command that says them.

use crate::go::Color;

/// Returns `s` with its first letter in upper case.
pub fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Returns `Black` or `White`.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Returns `Black (X)` or `White (O)`.
pub fn color_words(c: Color) -> &'static str {
    match c {
        Color::Black => "Black (X)",
        Color::White => "White (O)",
    }
}
