//! Command or chat: the shape each command's arguments take, and the words
//! of a line as the commands read them.
//!
//! A line that starts with a command word is a command only when the words
//! after it look like that command's arguments: a game (`game42`, `42`), a
//! point (`c3`, and point-shaped words that are refused later, `i5`, `z99`),
//! a move number (`#12`), or the command's own words (`pass`, `off`, a
//! challenge's options…). "Play well!", "Pass the popcorn." and "Board
//! meeting all day" are chat. Once the leading arguments fit, the line is a
//! command, and a bad value or extra words are refused with the reason.
//! Owns only the look of words; the values are read by `line` and `words`.

use super::options::{NotifyMode, is_option_word};
use super::types::GameRef;

/// What a command's arguments look like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// No arguments (`games`, `standings`, and the reserved words).
    Nothing,
    /// Nothing, or the command asked about (`help move`).
    Topic,
    /// `[GAME]`: `board`, `resign`, `accept`, `undo`…
    Game,
    /// `[GAME] [#N]`.
    Pass,
    /// `[GAME] POINT [#N]`.
    Move,
    /// `[GAME] POINT...`: `place`, `dead`, `alive`.
    Points,
    /// `RANK`: `rank`, with a rank-shaped first word (`5k`, `2d`, `5`
    /// before `kyu`), so "Rank beginners first" is chat.
    Rank,
    /// `[near]`: `players`.
    Near,
    /// `NAME`: `signup`; any word, so a bad name is refused with the
    /// reason rather than read as chat.
    Name,
    /// `NAME [options]`: `challenge`, with a name-shaped `NAME` followed
    /// by nothing or an option, so "Challenge accepted!" and "Challenge
    /// Bob to a game" are chat.
    Challenge,
    /// `NAME`: `join`, `leave`, `tournament`: one name-shaped word, so
    /// "Join us at the club" and "Leave it to me" are chat.
    Tourney,
    /// `[GAME] TEXT...`: `say`.
    Text,
    /// `DAYS | off`: `vacation`.
    Days,
    /// `each | digest | off`: `notify`.
    Mode,
    /// `on | off`: `images`, `public`, `confirm`; every word on, off or
    /// technical, so "Images on my phone do not load" is chat.
    Switch,
    /// `[ZONE|server]`: `timezone`, with a zone that holds a `/` (or `UTC`,
    /// `server`), so "Timezone differences are hard" is chat.
    Zone,
    /// `SECRET [NEW|off]`: `password`; any words.
    Secret,
    /// `[add|remove|list ADDRESS]`: `address`, with an address that holds
    /// an `@`, so "Address me as Bob" is chat.
    Address,
    /// `[GAME] [MOVE... | off]`: `if`; every word a game, a point, `pass`
    /// or `off`, so "If you like, we can play again" is chat.
    Conditional,
}

/// Reads whether `args`, the words after a command word of shape `shape`,
/// make the line a command; `question` is a line ending in `?`, which is
/// chat unless the command takes free text. A [`Shape::Topic`] fits only
/// with no arguments here: the caller knows the command words.
pub(super) fn fits(shape: Shape, args: &[&str], thread: Option<GameRef>, question: bool) -> bool {
    let first = args.first().copied();
    match shape {
        Shape::Secret | Shape::Name => true,
        Shape::Text => thread.is_some() || first.is_none_or(technical),
        _ if question => false,
        Shape::Topic => first.is_none(),
        Shape::Nothing | Shape::Game | Shape::Pass => first.is_none_or(technical),
        Shape::Move | Shape::Points => placed(args),
        Shape::Challenge => challenged(args),
        Shape::Conditional => conditional(args),
        Shape::Address => addressed(args),
        Shape::Days => first.is_none_or(|w| technical(w) || w.eq_ignore_ascii_case("off")),
        Shape::Mode => first.is_none_or(|w| technical(w) || NotifyMode::parse(w).is_some()),
        Shape::Switch => args.iter().all(|w| technical(w) || switch(w).is_some()),
        Shape::Zone => args.len() <= 1 && first.is_none_or(zone_shaped),
        Shape::Rank => first.is_none_or(rank_shaped),
        Shape::Tourney => args.len() <= 1 && first.is_none_or(name_shaped),
        Shape::Near => first.is_none_or(|w| technical(w) || w.eq_ignore_ascii_case("near")),
    }
}

/// A word that starts a rank: digits, then `k`, `d`, `kyu`, `dan` or
/// nothing (`5 kyu`).
pub(super) fn rank_shaped(word: &str) -> bool {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let unit = word[digits..].to_ascii_lowercase();
    digits > 0 && ["", "k", "d", "kyu", "dan"].contains(&unit.as_str())
}

/// A word that names a time zone or the server's: it holds a `/`, or is
/// `UTC`, `GMT` or `server`.
fn zone_shaped(word: &str) -> bool {
    word.contains('/')
        || ["utc", "gmt", "server", "default"]
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w))
}

/// Reads `on` (true) or `off` (false), any case.
pub(super) fn switch(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}

/// `NAME [options]`: a name-shaped name, then nothing or an option.
fn challenged(args: &[&str]) -> bool {
    match args {
        [] => true,
        [name, rest @ ..] => {
            name_shaped(name)
                && rest
                    .first()
                    .is_none_or(|w| technical(w) || is_option_word(w))
        }
    }
}

/// `[add|remove|list [ADDRESS]]`: nothing, or one of those words followed
/// by nothing or an address.
fn addressed(args: &[&str]) -> bool {
    let op = |w: &str| {
        ["add", "remove", "list"]
            .iter()
            .any(|o| w.eq_ignore_ascii_case(o))
    };
    match args {
        [] => true,
        [w, rest @ ..] => op(w) && rest.first().is_none_or(|a| a.contains('@')),
    }
}

/// `[GAME] POINT`: the first word is a point (the game left to the thread),
/// or a game-like word followed by a point-like one.
fn placed(args: &[&str]) -> bool {
    match args {
        [] => true,
        [first, ..] if point_shaped(first) || is_pass(first) => true,
        [first] => technical(first),
        [first, second, ..] => technical(first) && (technical(second) || is_pass(second)),
    }
}

/// `[GAME] [MOVE... | off]`: at least a game or a move, and only such words.
fn conditional(args: &[&str]) -> bool {
    let word = |w: &&str| technical(w) || is_pass(w) || w.eq_ignore_ascii_case("off");
    args.first().is_some_and(|w| technical(w) || is_pass(w)) && args.iter().all(word)
}

/// A word of the command language rather than of prose: it holds a digit
/// (`game42`, `42`, `c3`, `z99`, `-1`, `6.5`) or is a move number (`#12`).
pub(super) fn technical(word: &str) -> bool {
    word.starts_with('#') || word.bytes().any(|b| b.is_ascii_digit())
}

/// A letter and one to three digits: `c3`, `Q16`, also `i5` and `z99`,
/// which are refused later with the reason.
pub(super) fn point_shaped(word: &str) -> bool {
    let mut chars = word.chars();
    let letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let digits = chars.as_str();
    letter && (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `pass`, any case.
pub(super) fn is_pass(word: &str) -> bool {
    word.eq_ignore_ascii_case("pass")
}

/// A word that could be a player's name: letters, digits, `_` and `-`
/// only, so "accepted!" or "me," are not.
pub(super) fn name_shaped(word: &str) -> bool {
    let count = word.chars().count();
    (1..=40).contains(&count)
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Splits a line into words; a full stop or `!` after the last word is
/// dropped when that word holds a digit (`move game1 c3.`), or when it is
/// the setting of a two-word line (`public off.`, `notify digest!`).
pub(super) fn words(line: &str) -> Vec<&str> {
    let mut out: Vec<&str> = line.split_whitespace().collect();
    let pair = out.len() == 2;
    if let Some(last) = out.last_mut() {
        let trimmed = last.trim_end_matches(['.', '!']);
        if trimmed.len() < last.len() && (technical(trimmed) || pair && setting(trimmed)) {
            *last = trimmed;
        }
    }
    out
}

/// A word that sets something: `on`, `off`, or a way to be told of moves.
fn setting(word: &str) -> bool {
    ["on", "off", "each", "digest", "daily", "none"]
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w))
}

/// As [`words`], also detaching `#N` from the word before it (`c3#12` →
/// `c3`, `#12`).
pub(super) fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in words(line) {
        match word.find('#') {
            Some(at) if at > 0 => {
                out.push(word.get(..at).unwrap_or(word));
                out.push(word.get(at..).unwrap_or_default());
            }
            _ => out.push(word),
        }
    }
    out
}

/// Whether the line asks rather than tells: it ends with `?`.
pub(super) fn is_question(line: &str) -> bool {
    line.trim_end().ends_with('?')
}
