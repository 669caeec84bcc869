//! Small pieces of wording that many mails share: colour names,
//! capitalisation, plurals and dates. Whole sentences live in the
//! templates and in `wording`.

use chrono::{DateTime, Utc};

use crate::go::{Color, Point};

/// Returns `s` with its first letter in upper case.
pub(crate) fn capitalized(s: &str) -> String {
    if let Some(first) = s.bytes().next().filter(u8::is_ascii) {
        let mut out = String::with_capacity(s.len());
        out.push(char::from(first.to_ascii_uppercase()));
        out.push_str(&s[1..]);
        return out;
    }
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Returns `Black` or `White`.
pub(crate) fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Returns `Black (X)` or `White (O)`.
pub(crate) fn color_words(c: Color) -> &'static str {
    match c {
        Color::Black => "Black (X)",
        Color::White => "White (O)",
    }
}

/// Returns the `s` of a plural: empty for one of a thing.
pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Returns `n` of a thing with its plural right: `1 game`, `2 games`.
pub(crate) fn count(n: i64, one: &str) -> String {
    format!("{n} {one}{}", plural(n.unsigned_abs()))
}

/// Returns the day of `t`, e.g. `2026-11-29`.
pub(crate) fn day(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d").to_string()
}

/// Returns `t` to the minute, e.g. `2026-11-29 12:00 UTC`.
pub(crate) fn minute(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// Returns points as written in commands, e.g. `D4 Q16`.
pub(crate) fn points(list: &[Point]) -> String {
    let words: Vec<String> = list.iter().map(ToString::to_string).collect();
    words.join(" ")
}
