//! The game-lifecycle and player commands: `challenge`, `accept`,
//! `decline`, `place`, `dead`, `alive`, `done`, `resume`, `sgf`, `estimate`, `undo`,
//! `say`, `vacation`, `notify`, `images`, `public`, `password`, `address`, `standings`,
//! `join`, `leave`, `tournament`, `tournaments` and `if`.
//!
//! Reads the words of the line (not the `#N`-split words of `line`), and
//! the raw line for `say` text and passwords, which are kept as written.

use std::str::FromStr;

use super::args::{game_only, no_arguments, too_many};
use super::error::{CommandError, clip};
use super::limits::Limits;
use super::options::{NotifyMode, ZoneChoice, challenge_options};
use super::shape::{self, Shape};
use super::types::{AddressAction, Command, GameRef, IfAction, game_ref};
use crate::go::{Move, Point};

type Outcome = Result<Command, CommandError>;

/// Every keyword this module reads, lower-case, with its arguments' shape.
pub(super) const WORDS: &[(&str, Shape)] = &[
    ("challenge", Shape::Challenge),
    ("accept", Shape::Game),
    ("decline", Shape::Game),
    ("place", Shape::Points),
    ("dead", Shape::Points),
    ("alive", Shape::Points),
    ("done", Shape::Game),
    ("resume", Shape::Game),
    ("sgf", Shape::Game),
    ("estimate", Shape::Game),
    ("undo", Shape::Game),
    ("say", Shape::Text),
    ("vacation", Shape::Days),
    ("notify", Shape::Mode),
    ("images", Shape::Switch),
    ("public", Shape::Switch),
    ("confirm", Shape::Switch),
    ("timezone", Shape::Zone),
    ("password", Shape::Secret),
    ("address", Shape::Address),
    ("standings", Shape::Nothing),
    ("join", Shape::Tourney),
    ("leave", Shape::Tourney),
    ("tournament", Shape::Tourney),
    ("tournaments", Shape::Nothing),
    ("if", Shape::Conditional),
];

/// Returns the keyword and shape of `word` (lower-case) when it is one of
/// this module's keywords.
pub(super) fn lookup(word: &str) -> Option<(&'static str, Shape)> {
    WORDS.iter().find(|(k, _)| *k == word).copied()
}

/// Reads `line`, whose first word is `keyword`, one of this module's
/// keywords, once its shape says it is a command; `say` words and `if`
/// moves over `limits` are refused.
pub(super) fn parse(
    keyword: &str,
    line: &str,
    thread: Option<GameRef>,
    limits: &Limits,
) -> Outcome {
    let words: Vec<&str> = match keyword {
        "password" | "say" => line.split_whitespace().collect(),
        _ => shape::words(line),
    };
    let args = words.get(1..).unwrap_or_default();
    match keyword {
        "say" => say(args, thread, line, limits),
        "if" => conditional(args, thread, limits),
        _ => dispatch(keyword, args, thread),
    }
}

fn dispatch(keyword: &str, args: &[&str], thread: Option<GameRef>) -> Outcome {
    let game = |usage| game_only(args, thread, usage);
    match keyword {
        "challenge" => challenge(args),
        "accept" => game("accept GAME").map(|game| Command::Accept { game }),
        "decline" => game("decline GAME").map(|game| Command::Decline { game }),
        "place" => points(args, thread, "place GAME POINT...")
            .map(|(game, points)| Command::Place { game, points }),
        "dead" => points(args, thread, "dead GAME POINT...")
            .map(|(game, points)| Command::Dead { game, points }),
        "alive" => points(args, thread, "alive GAME POINT...")
            .map(|(game, points)| Command::Alive { game, points }),
        "done" => done(args, thread),
        "resume" => game("resume GAME").map(|game| Command::Resume { game }),
        "sgf" => game("sgf GAME").map(|game| Command::Sgf { game }),
        "estimate" => game("estimate GAME").map(|game| Command::Estimate { game }),
        "undo" => game("undo GAME").map(|game| Command::Undo { game }),
        "vacation" => vacation(args),
        "notify" => notify(args),
        "images" => switch(args, "images", |on| Command::Images { on }),
        "public" => switch(args, "public", |on| Command::Public { on }),
        "timezone" => timezone(args),
        "confirm" => confirm(args),
        "password" => password(args),
        "address" => address(args),
        "join" | "leave" | "tournament" => tourney(keyword, args),
        "tournaments" => no_arguments(args).map(|()| Command::Tournaments),
        _ => no_arguments(args).map(|()| Command::Standings),
    }
}

/// `join NAME`, `leave NAME`, `tournament NAME`.
fn tourney(keyword: &str, args: &[&str]) -> Outcome {
    let usage = match keyword {
        "join" => "join TOURNAMENT",
        "leave" => "leave TOURNAMENT",
        _ => "tournament NAME",
    };
    let tournament = match args {
        [] => return Err(CommandError::MissingArgument(usage)),
        [name] => name.to_lowercase(),
        [_, extra @ ..] => return Err(too_many(extra)),
    };
    Ok(match keyword {
        "join" => Command::Join { tournament },
        "leave" => Command::Leave { tournament },
        _ => Command::Tournament { tournament },
    })
}

fn challenge(args: &[&str]) -> Outcome {
    let (name, rest) = args
        .split_first()
        .ok_or(CommandError::MissingArgument("challenge NAME [options]"))?;
    let mut rest = rest.to_vec();
    let at = rest.iter().position(|w| w.eq_ignore_ascii_case("ladder"));
    let ladder = match at {
        Some(i) if i + 1 < rest.len() => {
            let name = rest[i + 1].to_lowercase();
            rest.drain(i..=i + 1);
            Some(name)
        }
        Some(_) => return Err(CommandError::BadOption("ladder needs its name".into())),
        None => None,
    };
    Ok(Command::Challenge {
        opponent: name.to_lowercase(),
        options: challenge_options(&rest)?,
        ladder,
    })
}

/// Reads `done [GAME][#K]` (`game1#3`, `game1 #3`, or `#3` in a game's
/// thread).
fn done(args: &[&str], thread: Option<GameRef>) -> Outcome {
    let words: Vec<&str> = args
        .iter()
        .flat_map(|w| match w.find('#') {
            Some(at) if at > 0 => vec![&w[..at], &w[at..]],
            _ => vec![*w],
        })
        .collect();
    let (count, rest) = match words.split_last() {
        Some((last, rest)) if last.starts_with('#') => (Some(count_number(last)?), rest),
        _ => (None, words.as_slice()),
    };
    let game = game_only(rest, thread, "done GAME")?;
    Ok(Command::Done { game, count })
}

/// Reads `#K` with K a positive number.
fn count_number(word: &str) -> Result<u32, CommandError> {
    let digits = &word[1..];
    let number = digits
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| digits.parse().ok());
    number
        .flatten()
        .filter(|k: &u32| *k > 0)
        .ok_or_else(|| CommandError::BadCountNumber(clip(word)))
}

/// Reads `GAME POINT...` (the game may be left out in a game's thread).
fn points(
    args: &[&str],
    thread: Option<GameRef>,
    usage: &'static str,
) -> Result<(GameRef, Vec<Point>), CommandError> {
    let (game, rest) = match (args.split_first(), thread) {
        (Some((first, rest)), _) if game_ref(first).is_ok() => (game_ref(first)?, rest),
        (Some(_), Some(game)) => (game, args),
        (Some((first, _)), None) => return Err(game_ref(first).unwrap_err()),
        (None, _) => return Err(CommandError::MissingArgument(usage)),
    };
    if rest.is_empty() {
        return Err(CommandError::MissingArgument(usage));
    }
    let points = rest
        .iter()
        .flat_map(|w| w.split(',').filter(|p| !p.is_empty()))
        .map(|w| Point::from_str(w).map_err(|e| CommandError::BadPoint(e.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((game, points))
}

/// Reads `say GAME TEXT...`, keeping the text as written (refused over
/// `limits`).
fn say(args: &[&str], thread: Option<GameRef>, line: &str, limits: &Limits) -> Outcome {
    let (game, skip) = match (args.first(), thread) {
        (Some(first), _) if game_ref(first).is_ok() => (game_ref(first)?, 2),
        (Some(_), Some(game)) => (game, 1),
        _ => return Err(CommandError::MissingArgument("say GAME TEXT...")),
    };
    let text = rest_of_line(line, skip);
    if text.is_empty() {
        return Err(CommandError::MissingArgument("say GAME TEXT..."));
    }
    limits.say(&text)?;
    Ok(Command::Say { game, text })
}

/// Returns `line` after its first `skip` words, trimmed.
fn rest_of_line(line: &str, skip: usize) -> String {
    let mut rest = line.trim_start();
    for _ in 0..skip {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = rest[end..].trim_start();
    }
    rest.trim_end().to_string()
}

fn vacation(args: &[&str]) -> Outcome {
    match args {
        [] => Err(CommandError::MissingArgument(
            "vacation DAYS | vacation off",
        )),
        [w] if w.eq_ignore_ascii_case("off") => Ok(Command::Vacation { days: None }),
        [w] => w
            .parse::<u32>()
            .ok()
            .filter(|d| (1..=366).contains(d))
            .map(|d| Command::Vacation { days: Some(d) })
            .ok_or_else(|| CommandError::BadOption(format!("vacation {}", clip(w)))),
        [_, extra @ ..] => Err(too_many(extra)),
    }
}

fn notify(args: &[&str]) -> Outcome {
    match args {
        [] => Err(CommandError::MissingArgument("notify each|digest|off")),
        [w] => NotifyMode::parse(w)
            .map(|mode| Command::Notify { mode })
            .ok_or_else(|| {
                CommandError::BadOption(format!("notify {} (each, digest or off)", clip(w)))
            }),
        [_, extra @ ..] => Err(too_many(extra)),
    }
}

/// Reads `images on|off` and `public on|off`.
fn switch(args: &[&str], keyword: &'static str, made: fn(bool) -> Command) -> Outcome {
    let usage = if keyword == "images" {
        "images on|off"
    } else {
        "public on|off"
    };
    match args {
        [] => Err(CommandError::MissingArgument(usage)),
        [w] => shape::switch(w)
            .map(made)
            .ok_or_else(|| CommandError::BadOption(format!("{keyword} {} (on or off)", clip(w)))),
        [_, extra @ ..] => Err(too_many(extra)),
    }
}

/// Reads `timezone [ZONE|server]`.
fn timezone(args: &[&str]) -> Outcome {
    match args {
        [] => Ok(Command::Timezone { zone: None }),
        [w] => ZoneChoice::parse(w)
            .map(|z| Command::Timezone { zone: Some(z) })
            .ok_or_else(|| {
                CommandError::BadOption(format!(
                    "timezone {} (a zone such as Europe/Berlin or America/New_York, or server)",
                    clip(w)
                ))
            }),
        [_, extra @ ..] => Err(too_many(extra)),
    }
}

/// Reads `confirm [on|off]`.
fn confirm(args: &[&str]) -> Outcome {
    match args {
        [] => Ok(Command::Confirm { on: None }),
        [w] => shape::switch(w)
            .map(|on| Command::Confirm { on: Some(on) })
            .ok_or_else(|| CommandError::BadOption(format!("confirm {} (on or off)", clip(w)))),
        [_, extra @ ..] => Err(too_many(extra)),
    }
}

/// Reads `password SECRET [NEW|off]`; never quotes the words back.
fn password(args: &[&str]) -> Outcome {
    match args {
        [] => Err(CommandError::MissingArgument("password SECRET")),
        [secret] => Ok(Command::Password {
            secret: secret.to_string(),
            new: None,
        }),
        [secret, new] => Ok(Command::Password {
            secret: secret.to_string(),
            new: Some(new.to_string()),
        }),
        _ => Err(CommandError::TooManyArguments(
            "(the rest of the password line)".into(),
        )),
    }
}

const USAGE_ADDRESS: &str = "address | address add NEW | address remove OLD";

/// Reads `address [add NEW | remove OLD]`.
fn address(args: &[&str]) -> Outcome {
    let op = |w: &str, name: &str| w.eq_ignore_ascii_case(name);
    match args {
        [] => Ok(Command::Address {
            action: AddressAction::List,
        }),
        [w] if op(w, "list") => Ok(Command::Address {
            action: AddressAction::List,
        }),
        [w] if op(w, "add") || op(w, "remove") => Err(CommandError::MissingArgument(USAGE_ADDRESS)),
        [w, a] if op(w, "add") => Ok(Command::Address {
            action: AddressAction::Add(bare_address(a)),
        }),
        [w, a] if op(w, "remove") => Ok(Command::Address {
            action: AddressAction::Remove(bare_address(a)),
        }),
        [w, extra @ ..] if op(w, "add") || op(w, "remove") => Err(too_many(&extra[1..])),
        [w, ..] => Err(CommandError::BadOption(format!(
            "address {} (add or remove)",
            clip(w)
        ))),
    }
}

/// An address as written, without the angle brackets or a trailing full
/// stop a player may put around it.
fn bare_address(word: &str) -> String {
    let w = word.trim_end_matches(['.', ',', ';']);
    w.trim_start_matches('<').trim_end_matches('>').to_string()
}

const USAGE_IF: &str = "if GAME MOVE ANSWER [MOVE ANSWER...]";

/// Reads `if [GAME] [MOVE ANSWER... | off]` (the game may be left out in
/// a game's thread); more moves than `limits` allow are refused before
/// any is read.
fn conditional(args: &[&str], thread: Option<GameRef>, limits: &Limits) -> Outcome {
    let (game, rest) = match (args.split_first(), thread) {
        (Some((first, rest)), _) if game_ref(first).is_ok() => (game_ref(first)?, rest),
        (Some(_), Some(game)) => (game, args),
        (Some((first, _)), None) => return Err(game_ref(first).unwrap_err()),
        (None, _) => return Err(CommandError::MissingArgument(USAGE_IF)),
    };
    let action = match rest {
        [] => IfAction::List,
        [w] if w.eq_ignore_ascii_case("off") => IfAction::Off,
        [_, extra @ ..] if rest[0].eq_ignore_ascii_case("off") => return Err(too_many(extra)),
        moves if moves.len() % 2 == 1 => return Err(CommandError::MissingArgument(USAGE_IF)),
        moves => IfAction::Set({
            limits.if_moves(moves.len())?;
            moves.iter().map(|w| a_move(w)).collect::<Result<_, _>>()?
        }),
    };
    Ok(Command::If { game, action })
}

/// Reads `pass` or a point.
fn a_move(word: &str) -> Result<Move, CommandError> {
    if word.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    Point::from_str(word)
        .map(Move::Play)
        .map_err(|e| CommandError::BadPoint(e.to_string()))
}
