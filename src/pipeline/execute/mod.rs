//! Running a player's commands against the store, in the message's
//! transaction, and collecting what each one did.
//!
//! Owns the meaning of each mail command (who may do what in which game)
//! and the rejection codes with their plain-words reasons. The play
//! commands are in `play`; the game lifecycle (challenges, placement, scoring,
//! records, admin-free endings) is in `lifecycle`, the player's own
//! settings, undo, talk and standings in `personal`, and mail from an
//! address pbmgo does not know in `stranger`.

mod lifecycle;
mod personal;
mod play;
mod stranger;

pub(crate) use lifecycle::closed_letter_with;
pub(crate) use lifecycle::ending::end_game;
pub(crate) use lifecycle::scoring::board_ctx as scored_board_ctx;

use rusqlite::Connection;

pub use stranger::from_stranger;

use play::{games_text, play};

use super::letters::Letter;
use super::tokens::Gate;
use super::{Disposition, Env, Msg, PipelineError, record, replies};
use crate::go::{Color, Move};
use crate::mail::command::{Command, GameRef, Parsed};
use crate::mail::templates::HelpCtx;
use crate::store::games::{self, GameId};
use crate::store::messages::Outcome;
use crate::store::players::Player;
use crate::store::{StoreError, StoredGame};

/// A refused command: a stable code (the `X-Pbmgo-Rejected` value) and plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The code.
    pub code: &'static str,
    /// Why, for the player.
    pub reason: String,
    /// The game whose board explains the refusal, if any.
    pub game: Option<GameId>,
}

pub(super) fn reject(code: &'static str, reason: impl Into<String>) -> Rejection {
    Rejection {
        code,
        reason: reason.into(),
        game: None,
    }
}

pub(super) fn reject_in(game: GameId, code: &'static str, reason: impl Into<String>) -> Rejection {
    Rejection {
        code,
        reason: reason.into(),
        game: Some(game),
    }
}

/// What an accepted command did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    /// A move or pass was played (or a resignation made) in a game.
    Changed(Notice),
    /// A game's board is to be shown.
    Shown(GameId),
    /// A block of text answers the command (game list, help).
    Text(String),
    /// The sender was registered.
    Registered,
    /// A lifecycle or personal command changed something: `text` tells the
    /// sender what (shown in the transcript), `game`'s board (if any) is
    /// shown with it, and each letter is mailed to its player.
    Acted {
        /// What happened, for the sender.
        text: String,
        /// The game whose board the transcript shows, if any.
        game: Option<GameId>,
        /// Mail to other players (or to the sender, e.g. an SGF file).
        letters: Vec<Letter>,
    },
}

/// A change the opponent is told about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// The game.
    pub game: GameId,
    /// Who acted.
    pub color: Color,
    /// `C3`, `pass` or `resign`.
    pub what: String,
    /// The move's number (for a resignation, the moves played).
    pub number: u32,
    /// The game as the command left it, when the command has it at hand.
    pub after: Known,
}

/// A game as a command left it, kept so that the replies need not read it
/// again. It is a cache, not part of what happened: any two compare equal.
#[derive(Clone, Default)]
pub struct Known(pub Option<std::sync::Arc<StoredGame>>);

impl PartialEq for Known {
    fn eq(&self, _: &Known) -> bool {
        true
    }
}

impl Eq for Known {}

impl std::fmt::Debug for Known {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(g) => write!(f, "Known({})", g.id),
            None => f.write_str("Known(-)"),
        }
    }
}

/// One command and its result.
#[derive(Debug, Clone)]
pub struct LineResult {
    /// The command as written.
    pub command: String,
    /// What it did, or why not.
    pub result: Result<Effect, Rejection>,
}

/// Everything the commands of one mail did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// One entry per command run.
    pub lines: Vec<LineResult>,
    /// Command lines beyond the per-mail limit.
    pub not_processed: Vec<String>,
    /// The player's comment: the body lines that are not commands.
    pub comment: Vec<String>,
}

impl Report {
    /// Returns the message's outcome.
    pub fn outcome(&self) -> Outcome {
        let changed = self.lines.iter().any(|l| {
            matches!(
                l.result,
                Ok(Effect::Changed(_) | Effect::Registered | Effect::Acted { .. })
            )
        });
        match (changed, self.lines.iter().all(|l| l.result.is_err())) {
            (true, _) => Outcome::Applied,
            (false, true) if !self.lines.is_empty() => Outcome::Rejected,
            _ => Outcome::Answered,
        }
    }

    /// Returns the rejection codes, one per refused command, and `too-many-commands`.
    pub fn codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = self
            .lines
            .iter()
            .filter_map(|l| l.result.as_ref().err())
            .map(|r| r.code)
            .collect();
        if !self.not_processed.is_empty() {
            codes.push("too-many-commands");
        }
        codes
    }

    /// Returns a one-line summary for the message log.
    pub fn summary(&self) -> String {
        let ok = self.lines.iter().filter(|l| l.result.is_ok()).count();
        let mut s = format!(
            "{} command(s): {ok} ok, {} rejected",
            self.lines.len(),
            self.lines.len() - ok
        );
        if !self.not_processed.is_empty() {
            s += &format!(", {} not processed", self.not_processed.len());
        }
        s
    }

    /// Returns the changes the opponents are told about.
    pub fn notices(&self) -> impl Iterator<Item = &Notice> {
        self.lines.iter().filter_map(|l| match &l.result {
            Ok(Effect::Changed(n)) => Some(n),
            _ => None,
        })
    }

    /// Returns the letters the commands caused, in order.
    pub fn letters(&self) -> impl Iterator<Item = &Letter> {
        self.lines.iter().flat_map(|l| match &l.result {
            Ok(Effect::Acted { letters, .. }) => letters.as_slice(),
            _ => &[],
        })
    }
}

/// Runs every command of `parsed` for `player` (the sender of `msg`);
/// in token mode a game command `msg` was not sent with the right reply
/// token for is refused ([`Gate`]).
pub fn run_all(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    parsed: &Parsed,
    msg: &Msg<'_>,
) -> Result<Report, PipelineError> {
    if let Some(refused) = personal::password_gate(conn, player, parsed)? {
        return Ok(refused);
    }
    let mut report = Report {
        lines: Vec::new(),
        not_processed: parsed.not_processed.clone(),
        comment: parsed.comment.clone(),
    };
    let settings = env.settings;
    let gate = Gate::new(&settings.tokens, &settings.identity.address, msg.mail);
    for line in &parsed.commands {
        let result = match &line.parsed {
            Ok(cmd) => match gate.check(conn, player, cmd)? {
                Some(refused) => Err(refused),
                None => run(conn, env, player, cmd, msg.key)?,
            },
            Err(e) => Err(reject(command_code(e.code()), e.to_string())),
        };
        report.lines.push(LineResult {
            command: line.text.clone(),
            result,
        });
    }
    Ok(report)
}

/// Maps the parser's codes onto the reply codes.
pub(super) fn command_code(code: &'static str) -> &'static str {
    match code {
        "bad-point" | "no-such-game" => code,
        _ => "unknown-command",
    }
}

pub(super) type Outcome1 = Result<Result<Effect, Rejection>, PipelineError>;

fn run(conn: &Connection, env: &Env<'_>, player: &Player, cmd: &Command, source: &str) -> Outcome1 {
    match cmd {
        Command::Help => Ok(Ok(Effect::Text(help_text(env, None)?))),
        Command::Signup { .. } => Ok(Err(reject(
            "name-taken",
            format!("this address is already registered, as {}", player.name),
        ))),
        Command::Games => Ok(Ok(Effect::Text(games_text(conn, player)?))),
        Command::Board { game } => Ok(load(conn, *game)?.map(|g| Effect::Shown(g.id))),
        Command::Move {
            game,
            point,
            expected,
        } => play(
            conn,
            env,
            player,
            *game,
            Move::Play(*point),
            *expected,
            source,
        ),
        Command::Pass { game, expected } => {
            play(conn, env, player, *game, Move::Pass, *expected, source)
        }
        Command::Resign { game } => lifecycle::ending::resign(conn, env, player, *game, source),
        Command::Challenge { .. }
        | Command::Accept { .. }
        | Command::Decline { .. }
        | Command::Place { .. }
        | Command::Dead { .. }
        | Command::Alive { .. }
        | Command::Done { .. }
        | Command::Resume { .. }
        | Command::Sgf { .. } => lifecycle::run(conn, env, player, cmd, source),
        Command::Undo { .. }
        | Command::Say { .. }
        | Command::Vacation { .. }
        | Command::Notify { .. }
        | Command::Password { .. }
        | Command::Standings => personal::run(conn, env, player, cmd, source),
    }
}

/// Returns the help text, with an optional first line.
pub fn help_text(env: &Env<'_>, intro: Option<&str>) -> Result<String, PipelineError> {
    let ctx = HelpCtx {
        server_name: env.settings.identity.name.clone(),
        server_address: env.settings.identity.address.clone(),
        intro: intro.map(str::to_string),
    };
    Ok(env
        .templates
        .render("help.txt", &ctx)?
        .trim_end()
        .to_string())
}

/// Loads a game, or the rejection when there is no such game.
pub(super) fn load(
    conn: &Connection,
    game: GameRef,
) -> Result<Result<StoredGame, Rejection>, PipelineError> {
    let missing = || reject("no-such-game", format!("there is no game{}", game.0));
    let Some(id) = i64::try_from(game.0).ok().and_then(GameId::new) else {
        return Ok(Err(missing()));
    };
    match games::load(conn, id) {
        Ok(g) => Ok(Ok(g)),
        Err(StoreError::NotFound { .. }) => Ok(Err(missing())),
        Err(e) => Err(e.into()),
    }
}

/// Loads a game the player plays in, with their colour.
pub(super) fn load_own(
    conn: &Connection,
    player: &Player,
    game: GameRef,
) -> Result<Result<(StoredGame, Color), Rejection>, PipelineError> {
    Ok(load(conn, game)?.and_then(|g| match g.color_of(player.id) {
        Some(c) => Ok((g, c)),
        None => Err(reject(
            "not-a-player",
            format!("you do not play in {}", g.id),
        )),
    }))
}

/// Records a player's message with what its commands did, and queues the replies.
pub(super) fn answer_player(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
    report: &Report,
) -> Result<Disposition, PipelineError> {
    let outcome = report.outcome();
    let (codes, summary) = (report.codes().join(" "), report.summary());
    let id = record(conn, env, msg, Some(player.id), outcome, &codes, &summary)?;
    let replies = replies::send_all(conn, env, msg, player, report, id)?;
    Ok(Disposition::Handled { outcome, replies })
}
