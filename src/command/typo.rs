//! Typos of command words: `mvoe game1 c5` is refused with "did you mean
//! move?" instead of being read as chat.
//!
//! A first word is a typo of a command word when it is at most one edit
//! away from it (two for words of six letters or more; an edit is a
//! letter added, dropped, changed, or two neighbours swapped), is not itself
//! a command word, has three letters or more, and is followed by exactly
//! the arguments that command takes. A near word followed by prose ("Gone
//! fishing", "Love it") stays chat, and so does a near word alone.

use super::options::{NotifyMode, challenge_options};
use super::shape::{Shape, is_pass, name_shaped, point_shaped};
use super::types::{GameRef, game_ref};

/// The longest word worth comparing: the longest command word (9 letters)
/// and two edits.
const MAX_LETTERS: usize = 11;

/// Returns the command word `word` (lower-case) is most likely a typo of,
/// given the arguments after it; `keywords` are every command word with its
/// shape, in the order ties are broken.
pub(super) fn closest(
    word: &str,
    keywords: &[(&'static str, Shape)],
    args: &[&str],
    thread: Option<GameRef>,
) -> Option<&'static str> {
    let letters = word.chars().count();
    if !(3..=MAX_LETTERS).contains(&letters) || !word.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    if keywords.iter().any(|(k, _)| *k == word) {
        return None;
    }
    keywords
        .iter()
        .filter_map(|&(k, shape)| {
            let d = distance(word, k);
            (d <= allowed(word, k, shape) && fits_exactly(shape, args, thread)).then_some((d, k))
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The edits allowed between `word` and `keyword`: two when both have six
/// letters or more, else one; one for the commands whose first argument is
/// a name or a secret, since any word fits there.
fn allowed(word: &str, keyword: &str, shape: Shape) -> usize {
    let free = matches!(shape, Shape::Name | Shape::Challenge | Shape::Secret);
    if !free && word.len() >= 6 && keyword.len() >= 6 {
        2
    } else {
        1
    }
}

/// Whether `args` are exactly what a command of `shape` takes, with at
/// least one argument: a typo needs that much evidence. Free text (`say`)
/// and commands without arguments never match.
fn fits_exactly(shape: Shape, args: &[&str], thread: Option<GameRef>) -> bool {
    let is_game = |w: &&str| game_ref(w).is_ok();
    match (shape, args) {
        (Shape::Nothing | Shape::Topic | Shape::Text | Shape::Conditional, _) | (_, []) => false,
        (Shape::Game, [g]) => is_game(g),
        (Shape::Pass, [one]) => is_game(one) || is_number(one),
        (Shape::Pass, [g, n]) => is_game(g) && is_number(n),
        (Shape::Move, _) => a_move(without_number(args), thread),
        (Shape::Points, [g, points @ ..]) if is_game(g) => all_points(points),
        (Shape::Points, points) => thread.is_some() && all_points(points),
        (Shape::Name, [n]) => name_shaped(n),
        (Shape::Challenge, [n, options @ ..]) => {
            name_shaped(n) && challenge_options(options).is_ok()
        }
        (Shape::Days, [d]) => d.eq_ignore_ascii_case("off") || d.parse::<u32>().is_ok(),
        (Shape::Mode, [m]) => NotifyMode::parse(m).is_some(),
        (Shape::Switch, [m]) => super::shape::switch(m).is_some(),
        (Shape::Secret, [_] | [_, _]) => true,
        (Shape::Address, [op, a]) => {
            (op.eq_ignore_ascii_case("add") || op.eq_ignore_ascii_case("remove")) && a.contains('@')
        }
        _ => false,
    }
}

/// `[GAME] POINT` with the point a point or `pass`.
fn a_move(args: &[&str], thread: Option<GameRef>) -> bool {
    let point = |w: &&str| point_shaped(w) || is_pass(w);
    match args {
        [p] => thread.is_some() && point(p),
        [g, p] => game_ref(g).is_ok() && point(p),
        _ => false,
    }
}

/// `args` without a trailing `#N`.
fn without_number<'a, 'b>(args: &'b [&'a str]) -> &'b [&'a str] {
    match args.split_last() {
        Some((last, rest)) if is_number(last) => rest,
        _ => args,
    }
}

fn all_points(words: &[&str]) -> bool {
    let mut points = words
        .iter()
        .flat_map(|w| w.split(',').filter(|p| !p.is_empty()))
        .peekable();
    points.peek().is_some() && points.all(point_shaped)
}

/// `#N` with N digits.
fn is_number(word: &&str) -> bool {
    word.strip_prefix('#')
        .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

/// The Damerau-Levenshtein distance between `a` and `b` (optimal string
/// alignment: insertions, deletions, substitutions and swaps of two
/// neighbouring characters, each counted once), in characters.
pub(super) fn distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

#[cfg(test)]
mod tests {
    use super::distance;

    #[test]
    fn distances() {
        let cases = [
            ("move", "move", 0),
            ("mvoe", "move", 1),
            ("mov", "move", 1),
            ("moove", "move", 1),
            ("mave", "move", 1),
            ("acept", "accept", 1),
            ("resing", "resign", 1),
            ("chalenge", "challenge", 1),
            ("challnege", "challenge", 1),
            ("declien", "decline", 1),
            ("resigned", "resign", 2),
            ("ca", "abc", 3),
            ("", "abc", 3),
            ("abc", "", 3),
            ("hello", "help", 2),
            ("kitten", "sitting", 3),
            ("zoë", "zoe", 1),
        ];
        for (a, b, want) in cases {
            assert_eq!(distance(a, b), want, "{a} {b}");
            assert_eq!(distance(b, a), want, "{b} {a}");
        }
    }
}
