//! A whole mail: the Subject and body lines → [`Parsed`], within the
//! limits on one mail (commands, lines listed as not processed, comment
//! lines, characters per line).

use super::error::CommandError;
use super::limits::Limits;
use super::line::{parse, parse_bare};
use super::own::OwnWords;
use super::quote::live_lines;
use super::subject::{is_game_subject, is_reply_subject, secret_word, strip_subject};
use super::types::{Command, GameRef, REDACTED_PASSWORD};

/// The most commands read from one mail; later command lines are reported
/// as not processed.
pub const MAX_COMMANDS: usize = 20;

/// The most command lines listed as not processed; any further ones are
/// dropped so a huge mail cannot make a huge reply.
pub const MAX_NOT_PROCESSED: usize = 100;

/// The most comment lines kept from one mail.
pub const MAX_COMMENT_LINES: usize = 50;

/// The most characters kept of one command or comment line (a longer one
/// is cut and ends with `…`).
pub const MAX_LINE_CHARS: usize = 200;

/// One command line of a mail and what it meant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLine {
    /// The line as written, trimmed, at most [`MAX_LINE_CHARS`] characters.
    pub text: String,
    /// The command, or why it could not be read.
    pub parsed: Result<Command, CommandError>,
}

/// Everything the command language found in one mail.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The command lines in mail order (Subject first), at most
    /// [`MAX_COMMANDS`].
    pub commands: Vec<CommandLine>,
    /// Command lines beyond the [`MAX_COMMANDS`]th, as written (at most
    /// [`MAX_NOT_PROCESSED`]).
    pub not_processed: Vec<String>,
    /// Body lines that are not commands, trimmed, at most
    /// [`MAX_COMMENT_LINES`]. Blank, quoted and cut-off lines are not part
    /// of it, nor is the Subject.
    pub comment: Vec<String>,
}

type Outcome = Result<Command, CommandError>;

/// Reads the commands and comment of a mail.
///
/// Commands come from the Subject (after [`strip_subject`]) and from the
/// body's own lines (see the module docs for what is skipped), one per
/// line, in that order; at most [`MAX_COMMANDS`] are kept and later command
/// lines go to `not_processed`. With a `[gameN]` Subject tag a line that is
/// just a point (`d4`, `d4 #12`) is a move in that game, and game-taking
/// commands may omit the game.
///
/// The Subject is free text more often than a command, so a Subject that
/// fails to parse counts only when the body holds no command, and a Subject
/// command repeated in the body counts once. A reply's or forward's Subject
/// (`Re: [game1] Challenge from bob`) repeats the mail it answers, so when
/// it does not read as a command it is words, never a refusal. A game's own
/// Subject (`[game1] alice vs bob, 9x9`) is never read at all.
pub fn parse_mail(subject: &str, body: &str) -> Parsed {
    parse_reply(subject, body, &OwnWords::new())
}

/// Reads the commands and comment of a mail that answers pbmgo's mails
/// `own`: as [`parse_mail`], but no line pbmgo wrote is read (see
/// [`OwnWords`] for the rule), and a Subject that is one of ours with `Re:`
/// or tags in front is not read either (its `[gameN]` tag still names the
/// thread's game).
pub fn parse_reply(subject: &str, body: &str, own: &OwnWords) -> Parsed {
    parse_reply_in(subject, body, own, None)
}

/// As [`parse_reply`], for a mail that answers a mail about game `answered`
/// (found by its `In-Reply-To`/`References`): when its Subject names no
/// game, `answered` is the thread's game, so a bare point plays there.
pub fn parse_reply_in(
    subject: &str,
    body: &str,
    own: &OwnWords,
    answered: Option<GameRef>,
) -> Parsed {
    parse_limited(subject, body, own, answered, &Limits::default())
}

/// As [`parse_reply_in`], with the server's `limits` on one command line
/// instead of the defaults.
pub fn parse_limited(
    subject: &str,
    body: &str,
    own: &OwnWords,
    answered: Option<GameRef>,
    limits: &Limits,
) -> Parsed {
    let ours = own.has_subject(subject);
    let reply = is_reply_subject(subject);
    let (subject, thread) = strip_subject(subject);
    let thread = thread.or(answered);
    let mut found = Found::default();
    for line in live_lines(body, own) {
        found.add(&line, thread, limits);
    }
    let subject_line = read_line(&subject, thread, limits)
        .filter(|_| !ours && !is_game_subject(&subject))
        .filter(|parsed| parsed.is_ok() || !reply)
        .filter(|parsed| found.keeps_subject(parsed))
        .map(|parsed| CommandLine {
            text: shown(&subject, &parsed),
            parsed,
        });
    found.finish(subject_line)
}

/// Reads a line as a command, or as a bare point in the thread's game.
fn read_line(line: &str, thread: Option<GameRef>, limits: &Limits) -> Option<Outcome> {
    parse(line, thread, limits).or_else(|| thread.and_then(|game| parse_bare(line, game)))
}

/// Body commands and comment lines, in order.
#[derive(Default)]
struct Found {
    commands: Vec<CommandLine>,
    comment: Vec<String>,
}

impl Found {
    /// Files `line` as a command or comment; beyond what a reply can list
    /// both are dropped, so a huge mail costs no memory.
    fn add(&mut self, line: &str, thread: Option<GameRef>, limits: &Limits) {
        let room = self.commands.len() < MAX_COMMANDS + MAX_NOT_PROCESSED;
        match read_line(line, thread, limits) {
            Some(parsed) if room => self.commands.push(CommandLine {
                text: shown(line, &parsed),
                parsed,
            }),
            Some(_) => {}
            None if looks_secret(line) => {}
            None if self.comment.len() < MAX_COMMENT_LINES => self.comment.push(clip(line)),
            None => {}
        }
    }

    fn keeps_subject(&self, parsed: &Outcome) -> bool {
        match parsed {
            Ok(command) => !self
                .commands
                .iter()
                .any(|c| c.parsed.as_ref() == Ok(command)),
            Err(_) => self.commands.is_empty(),
        }
    }

    fn finish(self, subject: Option<CommandLine>) -> Parsed {
        let mut commands: Vec<CommandLine> = subject.into_iter().chain(self.commands).collect();
        let not_processed = commands
            .split_off(MAX_COMMANDS.min(commands.len()))
            .into_iter()
            .take(MAX_NOT_PROCESSED)
            .map(|c| c.text)
            .collect();
        Parsed {
            commands,
            not_processed,
            comment: self.comment,
        }
    }
}

/// Returns the line as a reply may quote it: a `password` line never shows its secret.
fn shown(line: &str, parsed: &Outcome) -> String {
    let first = line.split_whitespace().next().unwrap_or_default();
    match parsed {
        Ok(Command::Password { .. }) => REDACTED_PASSWORD.to_string(),
        Err(_) if first.eq_ignore_ascii_case("password") => REDACTED_PASSWORD.to_string(),
        Err(CommandError::DidYouMean {
            keyword: "password",
            ..
        }) => REDACTED_PASSWORD.to_string(),
        _ => clip(line),
    }
}

/// Whether a line that is not a command starts with a word near
/// `password` (`pasword a b`, `passwd x`): it may hold a secret, so it is
/// never kept as words that could travel to an opponent.
fn looks_secret(line: &str) -> bool {
    secret_word(line.split_whitespace().next().unwrap_or_default())
}

/// Returns at most [`MAX_LINE_CHARS`] characters of a trimmed line, the
/// last one `…` when it was cut.
fn clip(line: &str) -> String {
    let line = line.trim();
    match line.char_indices().nth(MAX_LINE_CHARS) {
        None => line.to_string(),
        Some(_) => {
            let mut head: String = line.chars().take(MAX_LINE_CHARS - 1).collect();
            head.push('…');
            head
        }
    }
}
