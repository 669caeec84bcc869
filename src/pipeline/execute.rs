//! Running a player's commands against the store, in the message's
//! transaction, and collecting what each one did.
//!
//! Owns the meaning of each mail command (who may do what in which game),
//! the rejection codes and their plain-words reasons, and the handling of
//! mail from an address pbmgo does not know (`signup`, or one polite "who
//! are you" reply).

use chrono::Duration;
use rusqlite::Connection;

use super::{Disposition, Env, Msg, PipelineError, record, replies};
use crate::go::{Color, GameResult, IllegalMove, Move, Phase};
use crate::mail::command::{Command, GameRef, Parsed, parse_mail};
use crate::mail::templates::HelpCtx;
use crate::store::games::{self, GameId, MoveEntry};
use crate::store::listing::{self, GameFilter};
use crate::store::messages::Outcome;
use crate::store::players::{self, Player};
use crate::store::{StoreError, StoredGame, outbox};

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

fn reject(code: &'static str, reason: impl Into<String>) -> Rejection {
    Rejection {
        code,
        reason: reason.into(),
        game: None,
    }
}

fn reject_in(game: GameId, code: &'static str, reason: impl Into<String>) -> Rejection {
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
        let changed = self
            .lines
            .iter()
            .any(|l| matches!(l.result, Ok(Effect::Changed(_) | Effect::Registered)));
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
}

/// Runs every command of `parsed` for `player`.
pub fn run_all(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    parsed: &Parsed,
    source: &str,
) -> Result<Report, PipelineError> {
    let mut report = Report {
        lines: Vec::new(),
        not_processed: parsed.not_processed.clone(),
        comment: parsed.comment.clone(),
    };
    for line in &parsed.commands {
        let result = match &line.parsed {
            Ok(cmd) => run(conn, env, player, cmd, source)?,
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
fn command_code(code: &'static str) -> &'static str {
    match code {
        "bad-point" | "no-such-game" => code,
        _ => "unknown-command",
    }
}

type Outcome1 = Result<Result<Effect, Rejection>, PipelineError>;

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
        Command::Resign { game } => resign(conn, env, player, *game),
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

fn games_text(conn: &Connection, player: &Player) -> Result<String, PipelineError> {
    let list = listing::games(
        conn,
        &GameFilter {
            status: None,
            player_id: Some(player.id),
        },
    )?;
    if list.is_empty() {
        return Ok("You have no games.".into());
    }
    let mut out = String::from("Your games:\n");
    for g in list {
        let (color, opponent) = if g.black == player.name {
            ("black", &g.white)
        } else {
            ("white", &g.black)
        };
        let state = match (g.status, &g.result) {
            (_, Some(r)) => format!("finished, {r}"),
            (Phase::Scoring, _) => "being scored".into(),
            _ if g.to_move.name() == color => format!("your turn, move {}", g.move_number + 1),
            _ => format!("{opponent}'s turn, move {}", g.move_number + 1),
        };
        out += &format!(
            "  {:<8} {}x{} against {opponent}, you play {color}: {state}\n",
            g.id.to_string(),
            g.size,
            g.size
        );
    }
    Ok(out.trim_end().to_string())
}

/// Loads a game, or the rejection when there is no such game.
fn load(conn: &Connection, game: GameRef) -> Result<Result<StoredGame, Rejection>, PipelineError> {
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
fn load_own(
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

#[allow(clippy::too_many_arguments)]
fn play(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    game: GameRef,
    mv: Move,
    expected: Option<u32>,
    source: &str,
) -> Outcome1 {
    let (mut g, color) = match load_own(conn, player, game)? {
        Ok(x) => x,
        Err(r) => return Ok(Err(r)),
    };
    let next = g.game.move_number() + 1;
    if let Some(n) = expected.filter(|&n| n != next) {
        let why = format!(
            "you wrote #{n}, but the next move in {} is move {next}: look at the latest board",
            g.id
        );
        return Ok(Err(reject_in(g.id, "stale-move-number", why)));
    }
    if g.game.phase() == Phase::Scoring && color == g.game.to_move() {
        // A move after two passes resumes play (the player who did not make the second pass moves).
        let _ = g.game.resume();
    }
    let played = match g.game.play_checked(color, mv) {
        Ok(p) => p,
        Err(e) => return Ok(Err(illegal(&g, e))),
    };
    let entry = MoveEntry {
        color,
        mv,
        captures: played.captures,
        source: source.to_string(),
        played_at: env.now,
    };
    games::record_move(conn, &g, &entry)?;
    Ok(Ok(Effect::Changed(Notice {
        game: g.id,
        color,
        what: mv.to_string(),
        number: next,
    })))
}

fn resign(conn: &Connection, env: &Env<'_>, player: &Player, game: GameRef) -> Outcome1 {
    let (mut g, color) = match load_own(conn, player, game)? {
        Ok(x) => x,
        Err(r) => return Ok(Err(r)),
    };
    if g.game.resign(color).is_err() {
        return Ok(Err(reject_in(
            g.id,
            "game-over",
            format!("{} is already over", g.id),
        )));
    }
    games::update_state(conn, g.id, &g.game, env.now)?;
    let number = g.game.move_number();
    Ok(Ok(Effect::Changed(Notice {
        game: g.id,
        color,
        what: "resign".into(),
        number,
    })))
}

/// Turns the engine's verdict into a rejection with plain words.
fn illegal(g: &StoredGame, e: IllegalMove) -> Rejection {
    let code = match e {
        IllegalMove::OffBoard { .. } => "bad-point",
        IllegalMove::ScoringPhase | IllegalMove::GameOver => "game-over",
        other => other.kebab(),
    };
    let reason = match e {
        IllegalMove::NotYourTurn { to_move } => {
            format!(
                "it is not your turn in {}: {} ({}) is to move",
                g.id,
                to_move,
                g.player(to_move).name
            )
        }
        IllegalMove::ScoringPhase => format!(
            "both players have passed in {}: the game is being scored",
            g.id
        ),
        IllegalMove::GameOver => match g.game.result() {
            Some(r) => format!("{} is over ({})", g.id, result_words(r)),
            None => format!("{} is over", g.id),
        },
        other => other.to_string(),
    };
    reject_in(g.id, code, reason)
}

fn result_words(r: GameResult) -> String {
    r.to_string()
}

/// Handles mail from an address that belongs to no player.
pub fn from_stranger(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
) -> Result<Disposition, PipelineError> {
    let parsed = parse_mail(&msg.mail.subject, &msg.mail.text);
    let sender = msg.mail.from.clone().unwrap_or_default();
    let signup = parsed.commands.iter().find_map(|l| match &l.parsed {
        Ok(Command::Signup { name }) => Some((l.text.clone(), name.clone())),
        _ => None,
    });
    let Some((text, name)) = signup else {
        return unknown_sender(conn, env, msg, &sender);
    };
    match players::add(conn, &name, std::slice::from_ref(&sender), env.now) {
        Ok(player) => signed_up(conn, env, msg, &player, &parsed, &text),
        Err(StoreError::Taken { .. }) => refused_signup(
            conn,
            env,
            msg,
            &parsed,
            &text,
            reject(
                "name-taken",
                format!("the name {name} is taken: choose another"),
            ),
        ),
        Err(StoreError::Invalid { reason, .. }) => refused_signup(
            conn,
            env,
            msg,
            &parsed,
            &text,
            reject(
                "bad-name",
                format!("{name} cannot be a player name: {reason}"),
            ),
        ),
        Err(e) => Err(e.into()),
    }
}

fn signed_up(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
    parsed: &Parsed,
    signup_text: &str,
) -> Result<Disposition, PipelineError> {
    let mut report = run_all(conn, env, player, parsed, msg.key)?;
    for line in report.lines.iter_mut().filter(|l| l.command == signup_text) {
        line.result = Ok(Effect::Registered);
    }
    answer_player(conn, env, msg, player, &report)
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

fn refused_signup(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    parsed: &Parsed,
    text: &str,
    why: Rejection,
) -> Result<Disposition, PipelineError> {
    let sender = msg.mail.from.clone().unwrap_or_default();
    if !replies::stranger_may_get_more(conn, env, &sender)? {
        let detail = "refused signup; the daily limit of replies to this address is reached";
        record(conn, env, msg, None, Outcome::Ignored, why.code, detail)?;
        return Ok(Disposition::Handled {
            outcome: Outcome::Ignored,
            replies: 0,
        });
    }
    let mut report = stranger_report(env, parsed)?;
    for line in report.lines.iter_mut().filter(|l| l.command == text) {
        line.result = Err(why.clone());
    }
    let id = record(
        conn,
        env,
        msg,
        None,
        Outcome::Rejected,
        &report.codes().join(" "),
        &report.summary(),
    )?;
    let replies = replies::transcript_to_stranger(conn, env, msg, &report, id)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Rejected,
        replies,
    })
}

/// Returns what a stranger's commands come to: `help` is answered, the rest wait for a signup.
fn stranger_report(env: &Env<'_>, parsed: &Parsed) -> Result<Report, PipelineError> {
    let mut report = Report {
        not_processed: parsed.not_processed.clone(),
        ..Report::default()
    };
    for line in &parsed.commands {
        let result = match &line.parsed {
            Ok(Command::Help) => Ok(Effect::Text(help_text(env, None)?)),
            Ok(_) => Err(reject(
                "unknown-sender",
                "this address is not registered: sign up first with signup NAME",
            )),
            Err(e) => Err(reject(command_code(e.code()), e.to_string())),
        };
        report.lines.push(LineResult {
            command: line.text.clone(),
            result,
        });
    }
    Ok(report)
}

fn unknown_sender(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    sender: &str,
) -> Result<Disposition, PipelineError> {
    let since = env.now - Duration::days(1);
    let sent = outbox::count_kind_to_since(conn, sender, "unknown-sender", since)?;
    if sent >= env.settings.unknown_sender_replies_per_day {
        let why = "unknown sender; the daily limit of replies to this address is reached";
        record(
            conn,
            env,
            msg,
            None,
            Outcome::Ignored,
            "unknown-sender",
            why,
        )?;
        return Ok(Disposition::Handled {
            outcome: Outcome::Ignored,
            replies: 0,
        });
    }
    let id = record(
        conn,
        env,
        msg,
        None,
        Outcome::Answered,
        "unknown-sender",
        "asked the sender to sign up",
    )?;
    let replies = replies::unknown_sender(conn, env, msg, sender, id)?;
    Ok(Disposition::Handled {
        outcome: Outcome::Answered,
        replies,
    })
}
