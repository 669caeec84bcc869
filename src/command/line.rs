//! One line → one command: keywords, arguments, game numbers, points, `#N`.

use std::str::FromStr;

use super::args::{game_only, no_arguments, too_many};
use super::error::{CommandError, clip};
use super::limits::Limits;
use super::shape::{Shape, fits, is_question, point_shaped, rank_shaped, tokens};
use super::types::{Command, GameRef, game_ref};
use super::typo;
use crate::go::Point;
use crate::rating::Rank;

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
    Rank,
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
    ("rank", Keyword::Rank),
];

/// Words that look like commands from other servers; answered with
/// `unknown-command` instead of being read as comment.
const RESERVED: &[&str] = &["unsubscribe", "subscribe", "register", "komi"];

const USAGE_MOVE: &str = "move GAME POINT[#N]";
const USAGE_PASS: &str = "pass GAME[#N]";
const USAGE_BOARD: &str = "board GAME";
const USAGE_RESIGN: &str = "resign GAME";
const USAGE_SIGNUP: &str = "signup NAME [RANK]";
const USAGE_RANK: &str = "rank RANK (such as rank 5k or rank 2d)";

/// Reads `line` as a command; `thread` is the game of a `[gameN]` Subject
/// tag, used when a game-taking command omits its game.
///
/// Returns `None` when the line is chat: its first word is not a command
/// word (nor a typo of one followed by that command's arguments), or the
/// words after it are not shaped like the command's arguments (see
/// `shape`). A command line over `limits` is refused before its values
/// are read.
pub(super) fn parse(line: &str, thread: Option<GameRef>, limits: &Limits) -> Option<Outcome> {
    let words = tokens(line);
    let (first, args) = words.split_first()?;
    let lower = first.to_lowercase();
    let question = is_question(line);
    if let Some((word, shape)) = super::words::lookup(&lower) {
        return fits(shape, args, thread, question).then(|| match limits.refuse(word, line) {
            Some(refused) => Err(refused),
            None => super::words::parse(word, line, thread, limits),
        });
    }
    if let Some(keyword) = keyword(&lower) {
        let fit = match keyword {
            Keyword::Help => {
                !question && matches!(args, [] | [_]) && args.iter().all(|w| is_command_word(w))
            }
            _ => fits(shape_of(keyword), args, thread, question),
        };
        return fit.then(|| match limits.refuse(&lower, line) {
            Some(refused) => Err(refused),
            None => dispatch(keyword, first, args, thread),
        });
    }
    let near = typo::closest(&lower, &every_keyword(), args, thread)?;
    Some(Err(CommandError::DidYouMean {
        written: clip(first),
        keyword: near,
    }))
}

/// What the arguments of `keyword` look like.
fn shape_of(keyword: Keyword) -> Shape {
    match keyword {
        Keyword::Help => Shape::Topic,
        Keyword::Signup => Shape::Name,
        Keyword::Rank => Shape::Rank,
        Keyword::Players => Shape::Near,
        Keyword::Games | Keyword::Reserved => Shape::Nothing,
        Keyword::Board | Keyword::Resign => Shape::Game,
        Keyword::Move => Shape::Move,
        Keyword::Pass => Shape::Pass,
    }
}

/// Every command word with its shape, this module's first.
fn every_keyword() -> Vec<(&'static str, Shape)> {
    let own = KEYWORDS.iter().map(|(k, kw)| (*k, shape_of(*kw)));
    own.chain(super::words::WORDS.iter().copied()).collect()
}

/// Whether `word` is a command word (`help move`).
fn is_command_word(word: &str) -> bool {
    let lower = word.to_lowercase();
    keyword(&lower).is_some() || super::words::lookup(&lower).is_some()
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
    let shaped = point_shaped(first) && !line.trim_end().ends_with(['.', '!']);
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

/// The point a mail's words are, when they are only one bare point (`q14`,
/// `Q14 #57`): a move meant for a game the mail does not name.
pub fn bare_point(lines: &[String]) -> Option<Point> {
    let [line] = lines else { return None };
    match parse_bare(line, GameRef(1))? {
        Ok(Command::Move { point, .. }) => Some(point),
        _ => None,
    }
}

/// Returns the keyword of `word` (lower-case).
fn keyword(lower: &str) -> Option<Keyword> {
    let known = KEYWORDS
        .iter()
        .find(|(k, _)| *k == lower)
        .map(|(_, kw)| *kw);
    known.or_else(|| RESERVED.contains(&lower).then_some(Keyword::Reserved))
}

fn dispatch(keyword: Keyword, first: &str, args: &[&str], thread: Option<GameRef>) -> Outcome {
    match keyword {
        Keyword::Help => Ok(Command::Help),
        Keyword::Games => no_arguments(args).map(|()| Command::Games),
        Keyword::Players => players(args),
        Keyword::Signup => signup(args),
        Keyword::Rank => rank_command(args),
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
            rank: None,
        }),
        [_, first, ..] if !rank_shaped(first) => Err(too_many(&args[1..])),
        [name, rank @ ..] => Ok(Command::Signup {
            name: name.to_lowercase(),
            rank: Some(read_rank(rank)?),
        }),
    }
}

/// `rank RANK`: `rank 5k`, `rank 5 kyu`, `rank 2d`.
fn rank_command(args: &[&str]) -> Outcome {
    match args {
        [] => Err(CommandError::MissingArgument(USAGE_RANK)),
        words => Ok(Command::Rank {
            rank: read_rank(words)?,
        }),
    }
}

/// Reads a rank written as one word (`5k`) or two (`5 kyu`).
fn read_rank(words: &[&str]) -> Result<Rank, CommandError> {
    if words.len() > 2 {
        return Err(too_many(&words[2..]));
    }
    words
        .join(" ")
        .parse::<Rank>()
        .map_err(|e| CommandError::BadOption(e.to_string()))
}

/// `players` or `players near`.
fn players(args: &[&str]) -> Outcome {
    match args {
        [] => Ok(Command::Players { near: false }),
        [w] if w.eq_ignore_ascii_case("near") => Ok(Command::Players { near: true }),
        [w] => Err(CommandError::BadOption(format!(
            "players {} (write \"players\" or \"players near\")",
            clip(w)
        ))),
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
/// Returns `None` when the line is comment text (chat): its first word is
/// not a command keyword, or the words after it are prose rather than the
/// command's arguments ("Play well!"); else the command or why it is
/// malformed, including "did you mean move?" for `mvoe game1 c5`. Keywords and
/// points are case-insensitive; `#N` may be attached (`c3#12`) or separate
/// (`c3 #12`). The default [`Limits`] apply.
pub fn parse_command(line: &str) -> Option<Result<Command, CommandError>> {
    parse(line, None, &Limits::default())
}
