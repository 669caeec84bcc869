//! One line → one command: keywords, arguments, game numbers, points, `#N`.

use std::str::FromStr;

use super::args::{game_only, no_arguments, too_many};
use super::error::{CommandError, clip};
use super::types::{Command, GameRef, game_ref};
use crate::go::Point;

type Outcome = Result<Command, CommandError>;

/// What the first word of a line asks for.
#[derive(Debug, Clone, Copy)]
enum Keyword {
    Help,
    Signup,
    Games,
    Board,
    Move,
    Pass,
    Resign,
    Players,
    /// A word players try that pbmgo does not support.
    Reserved,
}

/// Every keyword and alias, lower-case.
const KEYWORDS: &[(&str, Keyword)] = &[
    ("help", Keyword::Help),
    ("signup", Keyword::Signup),
    ("games", Keyword::Games),
    ("board", Keyword::Board),
    ("show", Keyword::Board),
    ("move", Keyword::Move),
    ("play", Keyword::Move),
    ("pass", Keyword::Pass),
    ("resign", Keyword::Resign),
    ("players", Keyword::Players),
];

/// Words that look like commands from other servers; answered with
/// `unknown-command` instead of being read as comment.
const RESERVED: &[&str] = &["unsubscribe", "subscribe", "register", "komi"];

const USAGE_MOVE: &str = "move GAME POINT[#N]";
const USAGE_PASS: &str = "pass GAME[#N]";
const USAGE_BOARD: &str = "board GAME";
const USAGE_RESIGN: &str = "resign GAME";
const USAGE_SIGNUP: &str = "signup NAME";

/// Reads `line` as a command; `thread` is the game of a `[gameN]` Subject
/// tag, used when a game-taking command omits its game.
///
/// Returns `None` when the first word is not a keyword.
pub(super) fn parse(line: &str, thread: Option<GameRef>) -> Option<Outcome> {
    if let Some(outcome) = super::words::parse(line, thread) {
        return Some(outcome);
    }
    let words = tokens(line);
    let (first, args) = words.split_first()?;
    let keyword = keyword(first)?;
    Some(dispatch(keyword, first, args, thread))
}

/// Reads a line that is only a point, optionally with `#N`, as a move in
/// `game` (a reply in the game's thread; a lone `pass` is a keyword and
/// reaches [`parse`] instead).
///
/// Returns `None` unless the first word is shaped like a point (a letter and
/// one to three digits) followed at most by `#N`.
pub(super) fn parse_bare(line: &str, game: GameRef) -> Option<Outcome> {
    let words = tokens(line);
    let (first, rest) = words.split_first()?;
    let shaped = looks_like_point(first);
    let numbered = match rest {
        [] => true,
        [n] => n.starts_with('#'),
        _ => false,
    };
    if !(shaped && numbered) {
        return None;
    }
    Some(split_args(rest).and_then(|a| play(game, first, a.expected)))
}

fn looks_like_point(word: &str) -> bool {
    let mut chars = word.chars();
    let letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let digits = chars.as_str();
    letter && (1..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Splits a line into words, detaching `#N` from the word before it
/// (`c3#12` → `c3`, `#12`).
fn tokens(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for word in line.split_whitespace() {
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

fn keyword(word: &str) -> Option<Keyword> {
    let lower = word.to_lowercase();
    let known = KEYWORDS
        .iter()
        .find(|(k, _)| *k == lower)
        .map(|(_, kw)| *kw);
    known.or_else(|| {
        RESERVED
            .contains(&lower.as_str())
            .then_some(Keyword::Reserved)
    })
}

fn dispatch(keyword: Keyword, first: &str, args: &[&str], thread: Option<GameRef>) -> Outcome {
    match keyword {
        Keyword::Help => Ok(Command::Help),
        Keyword::Games => no_arguments(args).map(|()| Command::Games),
        Keyword::Players => no_arguments(args).map(|()| Command::Players),
        Keyword::Signup => signup(args),
        Keyword::Board => game_only(args, thread, USAGE_BOARD).map(|game| Command::Board { game }),
        Keyword::Resign => {
            game_only(args, thread, USAGE_RESIGN).map(|game| Command::Resign { game })
        }
        Keyword::Move => move_command(args, thread),
        Keyword::Pass => pass_command(args, thread),
        Keyword::Reserved => Err(CommandError::UnknownCommand(clip(first))),
    }
}

fn signup(args: &[&str]) -> Outcome {
    match args {
        [] => Err(CommandError::MissingArgument(USAGE_SIGNUP)),
        [name] => Ok(Command::Signup {
            name: name.to_lowercase(),
        }),
        [_, extra @ ..] => Err(too_many(extra)),
    }
}

fn move_command(args: &[&str], thread: Option<GameRef>) -> Outcome {
    let a = split_args(args)?;
    match (a.positional.as_slice(), thread) {
        ([point], Some(game)) if game_ref(point).is_err() => play(game, point, a.expected),
        ([] | [_], _) => Err(CommandError::MissingArgument(USAGE_MOVE)),
        ([game, point], _) => play(game_ref(game)?, point, a.expected),
        ([_, _, extra @ ..], _) => Err(too_many(extra)),
    }
}

fn pass_command(args: &[&str], thread: Option<GameRef>) -> Outcome {
    let a = split_args(args)?;
    let game = match (a.positional.as_slice(), thread) {
        ([], Some(game)) => game,
        ([], None) => return Err(CommandError::MissingArgument(USAGE_PASS)),
        ([game], _) => game_ref(game)?,
        ([_, extra @ ..], _) => return Err(too_many(extra)),
    };
    Ok(Command::Pass {
        game,
        expected: a.expected,
    })
}

/// Returns a move or a pass at `text` in `game`.
fn play(game: GameRef, text: &str, expected: Option<u32>) -> Outcome {
    if text.eq_ignore_ascii_case("pass") {
        return Ok(Command::Pass { game, expected });
    }
    let point = Point::from_str(text).map_err(|e| CommandError::BadPoint(e.to_string()))?;
    Ok(Command::Move {
        game,
        point,
        expected,
    })
}

/// Positional arguments and the optional trailing `#N`.
struct Args<'a> {
    positional: Vec<&'a str>,
    expected: Option<u32>,
}

fn split_args<'a>(args: &[&'a str]) -> Result<Args<'a>, CommandError> {
    let (number, rest) = match args.split_last() {
        Some((last, rest)) if last.starts_with('#') => (Some(*last), rest),
        _ => (None, args),
    };
    if let Some(stray) = rest.iter().find(|a| a.starts_with('#')) {
        return Err(CommandError::BadMoveNumber(clip(stray)));
    }
    let expected = number.map(move_number).transpose()?;
    Ok(Args {
        positional: rest.to_vec(),
        expected,
    })
}

/// Reads `#N` with N a positive number.
fn move_number(word: &str) -> Result<u32, CommandError> {
    let bad = || CommandError::BadMoveNumber(clip(word));
    let digits = word.strip_prefix('#').ok_or_else(bad)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    digits
        .parse::<u32>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(bad)
}

/// Reads one line as a command.
///
/// Returns `None` when the first word is not a command keyword (the line is
/// comment text), else the command or why it is malformed. Keywords and
/// points are case-insensitive; `#N` may be attached (`c3#12`) or separate
/// (`c3 #12`).
pub fn parse_command(line: &str) -> Option<Result<Command, CommandError>> {
    parse(line, None)
}
