//! The Subject: reply prefixes and `[tags]` stripped, `[gameN]` found.

use super::types::GameRef;
use super::typo::distance;

/// Reply and forward prefixes, compared case-insensitively, before a `:`.
const PREFIXES: &[&str] = &["re", "fwd", "fw", "aw", "sv", "antw", "wg", "tr"];

/// Returns the Subject without leading reply prefixes (`Re:`, `RE:`, `Fwd:`,
/// `FW:`, `AW:`, `SV:`, `Antw:`, also `Re[2]:` and `Re :`) and leading
/// `[tags]`, any number of them in any order, and the game of the first
/// `[gameN]` tag anywhere in the Subject.
pub fn strip_subject(subject: &str) -> (String, Option<GameRef>) {
    let subject: String = super::clean::clean(subject)
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let mut rest = subject.trim();
    while let Some(next) = strip_prefix(rest).or_else(|| strip_tag(rest)) {
        rest = next.trim_start();
    }
    (rest.trim_end().to_string(), game_tag(&subject))
}

/// Returns `subject` as pbmgo may show or keep it: from a word that is
/// `password` or near it on, the words are replaced by `********`, since
/// a player may write `password SECRET` in the Subject.
pub fn without_secret(subject: &str) -> String {
    let words: Vec<&str> = subject.split_whitespace().collect();
    match words.iter().position(|w| secret_word(w)) {
        Some(at) => {
            let mut kept: Vec<&str> = words[..=at].to_vec();
            if at + 1 < words.len() {
                kept.push("********");
            }
            kept.join(" ")
        }
        None => subject.to_string(),
    }
}

/// Whether `word` is `password` or near it (`pasword`, `passwd:`, `pwd`):
/// what follows it may be a secret.
pub(super) fn secret_word(word: &str) -> bool {
    let word = word.trim_end_matches(':').to_ascii_lowercase();
    word == "pwd" || (word.len() >= 4 && distance(&word, "password") <= 2)
}

/// Whether the Subject answers or forwards another mail: a reply or forward
/// prefix (`Re:`, `AW:`, `Fwd:` …) stands before its text, after any
/// `[tags]`. Such a Subject repeats the Subject of the mail it answers.
pub fn is_reply_subject(subject: &str) -> bool {
    let subject = super::clean::clean(subject);
    let mut rest = subject.trim();
    loop {
        if strip_prefix(rest).is_some() {
            return true;
        }
        match strip_tag(rest) {
            Some(next) => rest = next.trim_start(),
            None => return false,
        }
    }
}

/// Returns `s` after a leading reply prefix and its colon, if it has one.
fn strip_prefix(s: &str) -> Option<&str> {
    let letters = s
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(s.len());
    let word = s.get(..letters)?;
    if !PREFIXES.iter().any(|p| p.eq_ignore_ascii_case(word)) {
        return None;
    }
    let rest = s.get(letters..)?;
    let rest = skip_counter(rest).trim_start();
    rest.strip_prefix(':').or_else(|| rest.strip_prefix('：'))
}

/// Skips a reply counter such as `[2]` or `(2)`.
fn skip_counter(s: &str) -> &str {
    let Some(close) = s
        .strip_prefix(['[', '('])
        .and_then(|r| r.find([']', ')']).map(|i| i + 1))
    else {
        return s;
    };
    let inside = s.get(1..close).unwrap_or_default();
    if inside.bytes().all(|b| b.is_ascii_digit()) {
        s.get(close + 1..).unwrap_or(s)
    } else {
        s
    }
}

/// Returns `s` after a leading `[tag]`, if it has one.
fn strip_tag(s: &str) -> Option<&str> {
    s.strip_prefix('[')?.split_once(']').map(|(_, rest)| rest)
}

/// Returns the game of the first `[gameN]` tag (`[Game 42]` too).
fn game_tag(subject: &str) -> Option<GameRef> {
    subject
        .split('[')
        .skip(1)
        .filter_map(|chunk| chunk.split_once(']').map(|(inside, _)| inside))
        .find_map(tag_game)
}

/// Whether `rest` (a Subject after [`strip_subject`]) is the Subject pbmgo
/// gives every mail about a game, `alice vs bob, 9x9`: it names the game's
/// thread and is never a command, whatever the players are called.
pub(super) fn is_game_subject(rest: &str) -> bool {
    let Some((players, board)) = rest.rsplit_once(", ") else {
        return false;
    };
    let Some((a, b)) = board.split_once(['x', 'X']) else {
        return false;
    };
    let number = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    let names = players.split_once(" vs ");
    number(a) && a == b && names.is_some_and(|(x, y)| !x.trim().is_empty() && !y.trim().is_empty())
}

fn tag_game(inside: &str) -> Option<GameRef> {
    let inside = inside.trim();
    let prefix = inside.get(..4)?;
    if !prefix.eq_ignore_ascii_case("game") {
        return None;
    }
    let digits = inside.get(4..)?.trim_start();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().map(GameRef)
}
