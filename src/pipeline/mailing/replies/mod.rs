//! The replies a message causes, rendered and queued in the outbox in the
//! message's transaction: the transcript to the sender, a "your move" mail
//! to each opponent, and the "who are you" reply to a stranger.
//!
//! Owns subjects, threading (`In-Reply-To`, `References`, each game's
//! thread), deterministic Message-IDs, the `X-Pbmgo-Rejected` codes and the
//! loop backstop and the hold of capped mail per address (`pace`; a
//! stranger's daily caps are `stranger`'s).
//! The mails of one message are built on a `queue::Queue`; the opponent's
//! "your move" letter is `your_move`'s.

mod news;
mod paced;
mod queue;
mod your_move;

use chrono::Duration;
use rusqlite::Connection;

use paced::{queue_letters, quiet};
use queue::Queue;
pub(crate) use queue::reply_id;
use your_move::your_move_letter;

use super::bundle;
use super::carry::{no_command_text, subject_games, with_words, words_fate};
use super::letters;
use super::pace;
use super::shape::{self, without_greeting};
use crate::mail::outbound::{AUTO_REPLIED, OutboundMail};
use crate::mail::templates::{BoardCtx, TranscriptCtx, TranscriptLine, UnknownSenderCtx};
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::record::journal::Recorded;
use crate::pipeline::record::report::{Effect, Report};
use std::collections::HashSet;

use crate::store::StoreError;
use crate::store::games::{GameId, thread};
use crate::store::players::{self, Player};
use crate::store::reach::{self, Reach};

/// A plain auto-reply to `to`, not threaded yet.
pub(in crate::pipeline) fn mail(
    to: &str,
    subject: String,
    text: String,
    message_id: String,
) -> OutboundMail {
    OutboundMail::plain(to, subject, text, message_id, AUTO_REPLIED)
}

/// Threads `m` as an answer to the inbound message.
pub(in crate::pipeline) fn answer(m: &mut OutboundMail, msg: &Msg<'_>) {
    m.in_reply_to = msg.mail.message_id.clone();
    let references = msg.mail.references.iter().cloned();
    m.references = references.chain(msg.mail.message_id.clone()).collect();
}

/// Queues the commands' mail: one mail to each other player with
/// everything the message tells them (the "your move" notices and the
/// letters, see `bundle`), and the transcript to the sender, which carries
/// the letters to the sender too; returns how many.
pub(crate) fn send_all(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    player: &Player,
    report: &Report,
) -> Result<u32, PipelineError> {
    let mut q = Queue::new(conn, env, recorded);
    q.seed(report);
    q.sender = Some(player.id);
    let transcript_id = q.next_id();
    let all = all_letters(&mut q, player, report)?;
    let games = letter_games(&all);
    let (own, others): (Vec<Letter>, Vec<Letter>) =
        all.into_iter().partition(|l| l.to.id == player.id);
    let (mut sent, held) = queue_letters(&q, bundle::per_player(others))?;
    if held.is_empty() && quiet(conn, player, report)? {
        return Ok(sent + queue_letters(&q, bundle::per_player(own))?.0);
    }
    let sender = recorded.msg.mail.from.clone();
    let sender = sender.unwrap_or_else(|| player.addresses.first().cloned().unwrap_or_default());
    let reply = Reply {
        id: transcript_id,
        letters: own,
        games,
        held,
    };
    sent += transcript_within_cap(&mut q, &sender, report, reply)?;
    Ok(sent)
}

/// The "your move" notices and the commands' letters, in that order.
fn all_letters(
    q: &mut Queue<'_, '_>,
    player: &Player,
    report: &Report,
) -> Result<Vec<Letter>, PipelineError> {
    let (mut out, mut told) = (Vec::new(), HashSet::new());
    for notice in report.notices() {
        out.push(your_move_letter(q, notice, report)?);
        told.insert(q.game(notice.game)?.player(notice.color.opponent()).id);
    }
    out.extend(with_words(q.env, player, report, told)?);
    Ok(out)
}

/// The transcript's Message-ID, taken before the other mails so its
/// number stays the first, and the letters to the sender it carries.
struct Reply {
    id: String,
    letters: Vec<Letter>,
    /// The games the message's letters (to anyone) are about.
    games: Vec<GameId>,
    /// What the hourly cap holds back of the mail the message made for
    /// others, said to the sender.
    held: Vec<String>,
}

/// The games `letters` are about, each once.
fn letter_games(letters: &[Letter]) -> Vec<GameId> {
    let mut games: Vec<GameId> = letters.iter().filter_map(|l| l.game).collect();
    games.sort();
    games.dedup();
    games
}

/// Queues a transcript to a sender who is not (yet) a player.
pub(crate) fn transcript_to_stranger(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    report: &Report,
) -> Result<u32, PipelineError> {
    let mut q = Queue::new(conn, env, recorded);
    q.seed(report);
    let sender = recorded.msg.mail.from.clone().unwrap_or_default();
    let reply = Reply {
        id: q.next_id(),
        letters: Vec::new(),
        games: Vec::new(),
        held: Vec::new(),
    };
    transcript_within_cap(&mut q, &sender, report, reply)
}

/// Queues the transcript to `to` unless the loop backstop
/// (`limits.max_answers_per_hour`) or bounces stop it (then the letters to
/// the sender go as a mail of their own); returns how many mails were
/// queued.
fn transcript_within_cap(
    q: &mut Queue<'_, '_>,
    to: &str,
    report: &Report,
    reply: Reply,
) -> Result<u32, PipelineError> {
    let since = q.env.now - Duration::hours(1);
    let reach = reach_address(q.conn, to, since)?;
    if !pace::may_answer(
        q.conn,
        q.env,
        &reach,
        pace::answer_kind(q.env, report.proven),
    )? {
        return Ok(queue_letters(q, bundle::per_player(reply.letters))?.0);
    }
    transcript(q, to, report, reply)?;
    Ok(1)
}

/// Queues the transcript of `report` to `to`, with the letters to the sender in it.
fn transcript(
    q: &mut Queue<'_, '_>,
    to: &str,
    report: &Report,
    reply: Reply,
) -> Result<(), PipelineError> {
    let mut ctx = transcript_ctx(q, report)?;
    let news = news::transcript_news(q, report, &reply.letters)?;
    ctx.sections = ctx
        .sections
        .iter()
        .map(|s| news::without_news(s, &news))
        .filter(|s| !s.is_empty())
        .collect();
    ctx.headline = shape::headline(&news);
    let about = about(&ctx.boards, report, &reply.games);
    ctx.sections
        .extend(own_sections(&reply.letters, &ctx.boards));
    ctx.sections.extend(reply.held);
    let text = q.env.templates.render("reply-transcript.txt", &ctx)?;
    let subject = transcript_subject(q, about)?;
    let mut m = mail(to, subject, text, reply.id);
    answer(&mut m, q.msg);
    if let Some(game) = about {
        under_root(q.conn, game, &mut m)?;
    }
    m.rejected_codes = report.codes().into_iter().map(str::to_string).collect();
    m.game = about.map(|g| g.to_string());
    m.attachments = bundle::attachments(&reply.letters);
    let game = letters::played(q.conn, about)?;
    q.push(m, pace::answer_kind(q.env, report.proven), game)
}

/// The one game a transcript is about: the one whose board it shows, else
/// the game its mail answers, else the one game its letters are about.
fn about(boards: &[BoardCtx], report: &Report, letters: &[GameId]) -> Option<GameId> {
    let shown: Vec<String> = boards.iter().map(|b| b.game.clone()).collect();
    let named = subject_games(&shown, report);
    match named.as_slice() {
        [one] => one.parse().ok(),
        [] => report.thread.or(match letters {
            [one] => Some(*one),
            _ => None,
        }),
        _ => None,
    }
}

/// The transcript's Subject: `Re: ` and the game's Subject when it is
/// about one game, else `Re: ` and the sender's own Subject.
fn transcript_subject(q: &Queue<'_, '_>, about: Option<GameId>) -> Result<String, PipelineError> {
    let game = about
        .map(|id| shape::game_subject(q.conn, id))
        .transpose()?;
    Ok(match game.flatten() {
        Some(subject) => format!("Re: {subject}"),
        None => words::transcript_subject(&q.msg.mail.subject),
    })
}

/// Puts the game's thread root first in `m`'s References.
fn under_root(conn: &Connection, game: GameId, m: &mut OutboundMail) -> Result<(), PipelineError> {
    if let Some(root) = thread::root(conn, game)? {
        m.references.retain(|r| *r != root);
        m.references.insert(0, root);
    }
    Ok(())
}

/// What the letters to the sender add to their transcript: each one's
/// words, only its news for a game whose board the transcript shows;
/// their files are attached, and named when their words do not name them.
fn own_sections(letters: &[Letter], boards: &[BoardCtx]) -> Vec<String> {
    let section = |l: &Letter| match &l.brief {
        Some(brief) if l.game.is_some_and(|g| shows(boards, g)) => brief.clone(),
        _ => without_greeting(&l.text).trim_end().to_string(),
    };
    let mut out: Vec<String> = letters.iter().map(section).collect();
    let files = bundle::attachments(letters);
    let unnamed: Vec<String> = files
        .iter()
        .filter(|f| !out.iter().any(|s| s.contains(&f.filename)))
        .map(|f| words::attached(&f.filename))
        .collect();
    out.extend(unnamed);
    out
}

fn transcript_ctx(q: &mut Queue<'_, '_>, report: &Report) -> Result<TranscriptCtx, PipelineError> {
    let (boards, mut sections) = shown(q, report)?;
    if report.lines.is_empty() {
        sections.push(no_command_text(q.env, report)?);
    } else if !report.comment.is_empty() {
        let readers = readers(q, report)?;
        sections.push(words_fate(&readers));
    }
    let lines = report.lines.iter().map(|l| TranscriptLine {
        command: l.command.clone(),
        ok: l.result.is_ok(),
        reason: l.result.as_ref().err().map(|r| r.reason.clone()),
    });
    Ok(TranscriptCtx {
        headline: String::new(),
        server_name: q.env.settings.identity.name.clone(),
        lines: lines.collect(),
        not_processed: report.not_processed.clone(),
        boards,
        sections,
        help_hint: report.lines.iter().any(|l| l.result.is_err()),
    })
}

/// The names of the other players the commands of `report` write to.
fn readers(q: &mut Queue<'_, '_>, report: &Report) -> Result<Vec<String>, PipelineError> {
    let mut names = Vec::new();
    for n in report.notices() {
        names.push(q.game(n.game)?.player(n.color.opponent()).name.clone());
    }
    let others = report.letters().filter(|l| Some(l.to.id) != q.sender);
    names.extend(others.map(|l| l.to.name.clone()));
    let mut seen = HashSet::new();
    names.retain(|n| seen.insert(n.clone()));
    Ok(names)
}

/// The boards and the text sections a transcript shows: each game's board
/// once, where a command last showed it (a refusal shows it only when no
/// command has).
fn shown(
    q: &mut Queue<'_, '_>,
    report: &Report,
) -> Result<(Vec<BoardCtx>, Vec<String>), PipelineError> {
    let (mut boards, mut sections) = (Vec::new(), Vec::new());
    for line in &report.lines {
        match &line.result {
            // The news line says what a conditional answer played at once.
            Ok(Effect::Changed(n)) => show_last(&mut boards, q.board(n.game)?),
            Ok(Effect::Shown(game)) => show_last(&mut boards, q.board(*game)?),
            Ok(Effect::Text(t) | Effect::Registered(t)) => sections.push(t.clone()),
            Ok(Effect::Acted { text, game, .. }) => {
                sections.push(text.clone());
                if let Some(game) = game {
                    show_last(&mut boards, q.board(*game)?);
                }
            }
            Err(r) => {
                if let Some(game) = r.game.filter(|g| !shows(&boards, *g)) {
                    boards.push(q.board(game)?);
                }
            }
        }
    }
    Ok((boards, sections))
}

/// True when `boards` holds the board of `game`.
fn shows(boards: &[BoardCtx], game: GameId) -> bool {
    boards.iter().any(|b| b.game == game.to_string())
}

/// Puts `board` last in `boards`, taking out its earlier place.
fn show_last(boards: &mut Vec<BoardCtx>, board: BoardCtx) {
    boards.retain(|b| b.game != board.game);
    boards.push(board);
}

/// Returns how to reach `address` as a sender wrote it (bounces count under
/// its normalized form), with the mails sent to it `since`.
pub(crate) fn reach_address(
    conn: &Connection,
    address: &str,
    since: chrono::DateTime<chrono::Utc>,
) -> Result<Reach, StoreError> {
    let normalized =
        players::normalize_address(address).unwrap_or_else(|_| address.to_ascii_lowercase());
    reach::address(conn, address, &normalized, since)
}

/// Queues the "who are you" reply to an unknown sender.
pub(crate) fn unknown_sender(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    sender: &str,
) -> Result<u32, PipelineError> {
    let mut q = Queue::new(conn, env, recorded);
    let identity = &env.settings.identity;
    let ctx = UnknownSenderCtx {
        server_name: identity.name.clone(),
        server_address: identity.address.clone(),
        address: sender.to_string(),
    };
    let text = env.templates.render("unknown-sender.txt", &ctx)?;
    let subject = words::unknown_sender_subject(&identity.name);
    let mut m = mail(sender, subject, text, q.next_id());
    answer(&mut m, recorded.msg);
    m.rejected_codes = vec!["unknown-sender".into()];
    q.push(m, "unknown-sender", None)?;
    Ok(1)
}
