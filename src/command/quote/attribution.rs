//! Attribution lines: the line a client writes above what it quotes.
//!
//! Recognised by shape rather than by one client's exact wording: the line
//! ends with a colon and either names the writer with a verb ("wrote",
//! "schrieb", "a écrit", "escribió", "ha scritto", "schreef", "escreveu",
//! "書きました", …) or carries an address and a time, as Gmail in Japanese
//! (`2026年12月5日(土) 10:06 Alice <alice@example.org>:`) and custom mutt
//! attributions (`* alice <alice@example.org> [2026-12-05 10:06]:`) do.
//! Gmail wraps long attributions, so up to three lines are joined.
//!
//! [`Strength::Strict`] attributions (a verb with a date, an address or a
//! language's opening word "On", "Am", "Le", …; an address with a time)
//! end the player's text when an unquoted original follows them.
//! [`Strength::Weak`] ones ("Alice wrote:", a line ending in a time and a
//! colon) only introduce a quote that follows them.

/// How sure a line is an attribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Strength {
    /// Only when a quote follows.
    Weak,
    /// Also when an unquoted original follows.
    Strict,
}

/// The verbs of attributions, lower-case.
const VERBS: &[&str] = &[
    "wrote",
    "writes",
    "schrieb",
    "a écrit",
    "escribió",
    "ha scritto",
    "schreef",
    "escreveu",
    "skrev",
    "napisał",
    "kirjoitti",
    "написал",
    "書きました",
    "写道",
    "quoting",
    "zitat von",
];

/// Openings of attributions: "On …", "Am …", "Le …", and friends.
const OPENERS: &[&str] = &[
    "On ", "Am ", "Le ", "El ", "Il ", "Op ", "Em ", "Den ", "W dniu ", "Quoting ",
];

/// The most lines one attribution is joined from.
const MAX_LINES: usize = 3;

/// The longest attribution, in characters.
const MAX_CHARS: usize = 400;

/// Returns how many lines the attribution at line `i` takes (1 to
/// [`MAX_LINES`]) and how sure it is, or `None`.
pub(super) fn attribution(lines: &[String], i: usize) -> Option<(usize, Strength)> {
    let first = lines.get(i)?;
    let mut joined = String::new();
    for k in 0..MAX_LINES {
        let l = lines
            .get(i + k)
            .filter(|l| !l.is_empty() && !l.starts_with('>'))?;
        if k > 0 {
            joined.push(' ');
        }
        joined.push_str(l);
        if ends_with_colon(l) {
            let strength = strength(&joined)?;
            let wrapped_ok = k == 0 || (opens(first) || first.contains('@')) && has_digit(&joined);
            return wrapped_ok.then_some((k + 1, strength));
        }
        if joined.chars().count() > MAX_CHARS {
            return None;
        }
    }
    None
}

/// How sure `s` (ending in a colon) is an attribution, if it is one.
fn strength(s: &str) -> Option<Strength> {
    if s.chars().count() > MAX_CHARS {
        return None;
    }
    let lower = s.to_lowercase();
    let verb = VERBS.iter().any(|v| lower.contains(v));
    let at = s.contains('@');
    let time = has_time(s);
    let japanese_date = s.contains('年') && s.contains('月') && s.contains('日');
    let strict =
        (verb && (has_digit(s) || at || opens(s))) || (at && time) || (japanese_date && time);
    if strict {
        Some(Strength::Strict)
    } else if verb || (at && s.contains('<')) || time {
        Some(Strength::Weak)
    } else {
        None
    }
}

fn opens(s: &str) -> bool {
    OPENERS.iter().any(|o| s.starts_with(o))
}

fn ends_with_colon(s: &str) -> bool {
    s.ends_with(':') || s.ends_with('：')
}

fn has_digit(s: &str) -> bool {
    s.chars().any(|c| c.is_ascii_digit())
}

/// True when `s` holds a time such as `10:06`, `9.30` or `10h06`.
fn has_time(s: &str) -> bool {
    let chars: Vec<char> = s.chars().collect();
    chars.windows(4).any(|w| {
        w[0].is_ascii_digit()
            && matches!(w[1], ':' | '.' | 'h')
            && w[2].is_ascii_digit()
            && w[3].is_ascii_digit()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(usize, Strength)> {
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        attribution(&lines, 0)
    }

    #[test]
    fn strict_attributions_in_many_languages() {
        let strict = [
            "On Sat, Dec 5, 2026 at 10:06 AM Alice <alice@example.org> wrote:",
            "On Sat, Dec 05, 2026 at 10:06:00AM +0000, Alice wrote:",
            "Am Sa., 5. Dez. 2026 um 10:06 Uhr schrieb Alice <alice@example.org>:",
            "Le sam. 5 déc. 2026 à 10:06, Alice <alice@example.org> a écrit :",
            "El sáb, 5 dic 2026 a las 10:06, Alice (<alice@example.org>) escribió:",
            "Il giorno sab 5 dic 2026 alle ore 10:06 Alice <alice@example.org> ha scritto:",
            "Op za 5 dec. 2026 om 10:06 schreef Alice <alice@example.org>:",
            "Em sáb., 5 de dez. de 2026 às 10:06, Alice <alice@example.org> escreveu:",
            "2026年12月5日(土) 10:06 Alice <alice@example.org>:",
            "2026/12/05 10:06 に Alice さんは書きました:",
            "Alice <alice@example.org> wrote on 05.12.2026 10:06:00:",
            "* alice <alice@example.org> [2026-12-05 10:06]:",
        ];
        for line in strict {
            assert_eq!(read(line), Some((1, Strength::Strict)), "{line}");
        }
        let wrapped = "On Sat, Dec 5, 2026 at 10:06 AM Alice <\nalice@example.org> wrote:\nmore";
        assert_eq!(read(wrapped), Some((2, Strength::Strict)));
    }

    #[test]
    fn weak_and_no_attributions() {
        assert_eq!(read("Alice wrote:"), Some((1, Strength::Weak)));
        assert_eq!(read("Alice さんは書きました:"), Some((1, Strength::Weak)));
        for line in [
            "On second thought",
            "Here is my answer:",
            "move game1 c3",
            "On second thought\nI think so:",
        ] {
            assert_eq!(read(line), None, "{line}");
        }
    }
}
