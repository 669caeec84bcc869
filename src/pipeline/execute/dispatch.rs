//! Running the commands of one mail for a player, in the message's
//! transaction: the password gate, the reply-token gate in token mode,
//! then each command by its group (play, lifecycle, personal), collected
//! in a [`Report`] with the game the mail answers and, for a mail without
//! commands, where its words went (`chat`).

use rusqlite::Connection;

use super::chat;
use super::cmd::Cmd;
use super::conditional;
use super::gate::{Gate, needs_token};
use super::lookalike;
use super::once::Shown;
use super::play::{games_text, play};
use super::words::kept;
use super::{lifecycle, load::load, personal};
use crate::command::{Command, CommandLine, Parsed, bare_point, looks_like, reply_code};
use crate::go::Move;
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::{CmdResult, PipelineError, reject, settle};
use crate::pipeline::base::wording::limits::unreadable_line;
use crate::pipeline::base::wording::play as words;
use crate::pipeline::execute::help::help_text;
use crate::pipeline::record::report::{Done, Effect, LineResult, Report};
use crate::store::players::Player;

/// Runs every command of `parsed` for `player` (the sender of `msg`);
/// in token mode a game command `msg` was not sent with the right reply
/// token for is refused ([`Gate`]).
pub(crate) fn run_all(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    parsed: &Parsed,
    msg: &Msg<'_>,
) -> Result<Report, PipelineError> {
    if let Some(refused) = personal::password_gate(conn, env, player, parsed)? {
        return Ok(refused);
    }
    let shown = Shown::default();
    let c = Cmd {
        conn,
        env,
        player,
        key: msg.key,
        words: &parsed.comment,
        answers: msg.mail.in_reply_to.as_deref(),
        shown: &shown,
    };
    let gate = Gate::new(
        &env.settings.tokens,
        &env.settings.identity.address,
        msg.mail,
    );
    let lines = run_lines(&c, &gate, &parsed.commands)?;
    let thread = chat::answered_game(conn, msg.mail)?;
    let only_words = parsed.commands.is_empty();
    let hint = match looks_like(&parsed.comment).filter(|_| only_words) {
        Some(meant) => Some(lookalike::hint(&c, msg.mail, thread, meant)?),
        None => None,
    };
    let note = hint.as_ref().map(|h| h.note.as_str());
    let point = bare_point(&parsed.comment).filter(|_| only_words && thread.is_none());
    let point_hint = match point {
        Some(p) => lookalike::point_hint(&c, p)?,
        None => None,
    };
    let chat = match only_words {
        true => chat::words_only(&c, &gate, (msg.mail, thread), &parsed.comment, note)?,
        false => None,
    };
    Ok(Report {
        proven: proven(&parsed.commands, &lines),
        lines,
        not_processed: parsed.not_processed.clone(),
        comment: parsed.comment.clone(),
        thread,
        chat,
        hint: hint.map(|h| h.send).or(point_hint),
        unanswered: false,
    })
}

/// True when a command of `commands` needed a token and its result
/// (`lines`, in the same order) is not the refusal for the lack of one
/// (see `Report::proven`).
fn proven(commands: &[CommandLine], lines: &[LineResult]) -> bool {
    commands.iter().zip(lines).any(|(c, l)| {
        let needs = c.parsed.as_ref().is_ok_and(needs_token);
        needs && !l.result.as_ref().is_err_and(|r| r.code == "bad-token")
    })
}

/// Runs the command lines, the `if` lines last (so a mail's move comes
/// before the conditional moves that answer the opponent's next one);
/// the results keep the lines' order.
fn run_lines(
    c: &Cmd<'_>,
    gate: &Gate<'_>,
    commands: &[CommandLine],
) -> Result<Vec<LineResult>, PipelineError> {
    let is_if = |l: &CommandLine| matches!(l.parsed, Ok(Command::If { .. }));
    let order = (0..commands.len())
        .filter(|&i| !is_if(&commands[i]))
        .chain((0..commands.len()).filter(|&i| is_if(&commands[i])));
    let mut results: Vec<Option<LineResult>> = vec![None; commands.len()];
    for i in order {
        results[i] = Some(run_line(c, gate, &commands[i])?);
    }
    Ok(results.into_iter().flatten().collect())
}

/// Runs one command line: what it did, or why it was refused.
fn run_line(c: &Cmd<'_>, gate: &Gate<'_>, line: &CommandLine) -> Result<LineResult, PipelineError> {
    let mut result = match &line.parsed {
        Ok(cmd) => settle(gated(c, gate, cmd))?,
        Err(e) => Err(reject(command_code(e.code()), unreadable_line(e))),
    };
    if let (Err(r), Ok(cmd)) = (&mut result, &line.parsed) {
        lookalike::redirect(c, cmd, r)?;
    }
    Ok(LineResult::new(line.text.clone(), result))
}

/// Runs `cmd` unless the token gate refuses it; what the mail already
/// showed is not shown again (`once`).
fn gated(c: &Cmd<'_>, gate: &Gate<'_>, cmd: &Command) -> CmdResult<Done> {
    if let Some(refused) = gate.check(c.conn, c.player, cmd)? {
        return Err(refused.into());
    }
    if let Some(above) = c.shown.above(cmd) {
        return Ok(above);
    }
    let done = kept::with_words(c, cmd, || run(c, cmd));
    c.shown.note(cmd, &done);
    done
}

/// Maps the parser's codes onto the reply codes (see [`reply_code`]).
pub(crate) fn command_code(code: &'static str) -> &'static str {
    reply_code(code)
}

/// Runs one command by its group.
fn run(c: &Cmd<'_>, cmd: &Command) -> CmdResult<Done> {
    match cmd {
        Command::Move {
            game,
            point,
            expected,
        } => play(c, *game, Move::Play(*point), *expected),
        Command::Pass { game, expected } => play(c, *game, Move::Pass, *expected),
        Command::Help | Command::Signup { .. } | Command::Games | Command::Board { .. } => {
            general(c, cmd).map(Done::from)
        }
        Command::Resign { game } => lifecycle::ending::resign(c, *game).map(Done::from),
        Command::Undo { .. }
        | Command::Say { .. }
        | Command::Vacation { .. }
        | Command::Notify { .. }
        | Command::Images { .. }
        | Command::Public { .. }
        | Command::Timezone { .. }
        | Command::Confirm { .. }
        | Command::Password { .. }
        | Command::Address { .. }
        | Command::Standings
        | Command::Join { .. }
        | Command::Leave { .. }
        | Command::Tournament { .. }
        | Command::Tournaments
        | Command::Rank { .. }
        | Command::Players { .. } => personal::run(c, cmd).map(Done::from),
        Command::If { game, action } => conditional::run(c, *game, action).map(Done::from),
        _ => lifecycle::run(c, cmd).map(Done::from),
    }
}

/// `help`, `games`, `board`, and a `signup` from an address already registered.
fn general(c: &Cmd<'_>, cmd: &Command) -> CmdResult<Effect> {
    match cmd {
        Command::Help => Ok(Effect::Text(help_text(c.env, None)?)),
        Command::Games => Ok(Effect::Text(games_text(c.conn, c.player, c.env.now)?)),
        Command::Board { game } => Ok(Effect::Shown(load(c.conn, *game)?.id)),
        _ => Err(reject("name-taken", words::already_registered(&c.player.name)).into()),
    }
}
