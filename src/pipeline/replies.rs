//! The replies a message causes, rendered and queued in the outbox in the
//! message's transaction: the transcript to the sender, a "your move" mail
//! to each opponent, and the "who are you" reply to a stranger.
//!
//! Owns subjects, threading (`In-Reply-To`, `References`, each game's
//! thread), deterministic Message-IDs, the `X-Pbmgo-Rejected` codes and the
//! hourly reply cap per address (a stranger's daily caps are `stranger`'s).

use chrono::Duration;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::bundle;
use super::carry::{no_command_text, subject_games, with_words, words_fate};
use super::context::{Env, Msg};
use super::error::PipelineError;
use super::games::scored::board_at;
use super::held;
use super::journal::Recorded;
use super::letters::{self, Letter};
use super::outgoing::{self, Queued};
use super::report::{Effect, Fired, Notice, Report};
use super::shape::{self, without_greeting};
use super::wording::board::time_left;
use super::wording::{conditional as cond, ending, replies as words};
use super::words::{capitalized, minute};
use crate::go::Phase;
use crate::mail::outbound::{self, AUTO_REPLIED, OutboundMail};
use crate::mail::templates::{
    BoardCtx, TranscriptCtx, TranscriptLine, UnknownSenderCtx, YourMoveCtx,
};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::store::games::{self, GameId, thread};
use crate::store::players::{self, Player};
use crate::store::reach::{self, Reach};
use crate::store::{StoreError, StoredGame, clock, outbox};

/// Builds, renders and queues one mail; `seq` numbers the mails of one inbound message.
struct Queue<'a, 'b> {
    conn: &'a Connection,
    env: &'a Env<'b>,
    msg: &'a Msg<'a>,
    inbound_id: i64,
    seq: u64,
    /// Games as they stand after the message's commands, each read once.
    games: HashMap<GameId, Arc<StoredGame>>,
    /// Their board blocks, each built once.
    boards: HashMap<GameId, BoardCtx>,
    /// The player who sent the message, if a player did.
    sender: Option<i64>,
}

impl<'a, 'b> Queue<'a, 'b> {
    fn new(conn: &'a Connection, env: &'a Env<'b>, recorded: Recorded<'a>) -> Self {
        Queue {
            conn,
            env,
            msg: recorded.msg,
            inbound_id: recorded.id,
            seq: 0,
            games: HashMap::new(),
            boards: HashMap::new(),
            sender: None,
        }
    }

    /// Returns game `id` as the commands left it, reading it only once per message.
    fn game(&mut self, id: GameId) -> Result<Arc<StoredGame>, PipelineError> {
        if let Some(g) = self.games.get(&id) {
            return Ok(Arc::clone(g));
        }
        let g = Arc::new(games::load(self.conn, id)?);
        self.games.insert(id, Arc::clone(&g));
        Ok(g)
    }

    /// Takes the game a message's only command left behind (a move), so it
    /// is not read again: with more commands, a later one may have changed it.
    fn seed(&mut self, report: &Report) {
        if let [line] = report.lines.as_slice()
            && let Ok(Effect::Changed(n)) = &line.result
            && let Some(g) = &line.after
        {
            self.games.insert(n.game, Arc::clone(g));
        }
    }

    /// Returns the board block of game `id` (scored while it is being scored).
    fn board(&mut self, id: GameId) -> Result<BoardCtx, PipelineError> {
        if let Some(b) = self.boards.get(&id) {
            return Ok(b.clone());
        }
        let g = self.game(id)?;
        let b = board_at(self.conn, &g, self.env.now)?;
        self.boards.insert(id, b.clone());
        Ok(b)
    }

    fn next_id(&mut self) -> String {
        self.seq += 1;
        reply_id(self.env, self.msg, self.seq)
    }

    fn push(
        &mut self,
        mail: OutboundMail,
        kind: &str,
        game: Option<GameId>,
    ) -> Result<(), PipelineError> {
        let queued = Queued {
            kind,
            game,
            inbound_id: Some(self.inbound_id),
        };
        outgoing::enqueue(self.conn, self.env, mail, &queued)
    }

    /// Returns true while player `id` is under the hourly reply cap and not stopped by bounces.
    fn may_write_player(&self, id: i64) -> Result<bool, PipelineError> {
        let since = self.env.now - Duration::hours(1);
        let reach = reach::player(self.conn, id, since)?;
        Ok(reach.is_some_and(|r| self.may_write(&r)))
    }

    /// Defers the mail this message queued to player `id`, who is over the
    /// hourly reply cap, by an hour (or until `due`, RFC 3339, when that is
    /// sooner: the time of the notices it carries), with the reason.
    fn defer_to(&self, id: i64, due: Option<&str>) -> Result<(), PipelineError> {
        let since = self.env.now - Duration::hours(1);
        let Some(reach) = reach::player(self.conn, id, since)? else {
            return Ok(());
        };
        let cap = self.env.settings.max_replies_per_hour;
        let reason = words::deferred_reason(&reach.address, cap);
        let hour = self.env.now + Duration::hours(1);
        let earlier = due.and_then(|d| chrono::DateTime::parse_from_rfc3339(d).ok());
        let until = earlier.map_or(hour, |d| hour.min(d.with_timezone(&chrono::Utc)));
        outbox::defer(self.conn, self.inbound_id, &reach.address, until, &reason)?;
        Ok(())
    }

    /// Moves into `letter` the notices still held back for its player;
    /// returns when the earliest of them was due.
    fn merge_held(&self, letter: &mut Letter) -> Result<Option<String>, PipelineError> {
        let since = self.env.now - Duration::hours(1);
        let Some(reach) = reach::player(self.conn, letter.to.id, since)? else {
            return Ok(None);
        };
        held::merge_into(self.conn, letter, &reach.address, self.inbound_id)
    }

    /// Returns true while `reach` is under the hourly reply cap and not stopped by bounces.
    fn may_write(&self, reach: &Reach) -> bool {
        let settings = self.env.settings;
        reach.sent_since < settings.max_replies_per_hour && !reach.stopped(settings.bounce_limit)
    }
}

/// The Message-ID of the `seq`th mail (from 1) an inbound message causes.
pub(super) fn reply_id(env: &Env<'_>, msg: &Msg<'_>, seq: u64) -> String {
    let digest = Sha256::digest(msg.key.as_bytes());
    let unique: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
    outbound::message_id(seq, &format!("{unique}.pbmgo"), env.settings.domain())
}

/// A plain auto-reply to `to`, not threaded yet.
pub(super) fn mail(to: &str, subject: String, text: String, message_id: String) -> OutboundMail {
    OutboundMail::plain(to, subject, text, message_id, AUTO_REPLIED)
}

/// Threads `m` as an answer to the inbound message.
pub(super) fn answer(m: &mut OutboundMail, msg: &Msg<'_>) {
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
    let mut sent = queue_letters(&q, bundle::per_player(others))?;
    let sender = recorded.msg.mail.from.clone();
    let sender = sender.unwrap_or_else(|| player.addresses.first().cloned().unwrap_or_default());
    let reply = Reply {
        id: transcript_id,
        letters: own,
        games,
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

/// Queues the merged letters, numbered on from the mails queued before
/// them, as `Queue::next_id` numbers. A mail of "your move" notices to a
/// player over the hourly reply cap is never dropped: it is queued
/// deferred, sent once the hour that filled the cap has passed, and
/// `outbox list` says why it waits; it carries the news of the notices
/// held back before it, which leave the queue (see `held`).
fn queue_letters(q: &Queue<'_, '_>, mut letters: Vec<Letter>) -> Result<u32, PipelineError> {
    let mut held = Vec::new();
    for letter in &mut letters {
        if letter.kind == "your-move" && !q.may_write_player(letter.to.id)? {
            let due = q.merge_held(letter)?;
            held.push((letter.to.id, due));
        }
    }
    let (key, seq) = (q.msg.key, q.seq);
    let unique = |i: usize| format!("{key}#letter{}", seq + i as u64 + 1);
    let queued = letters::queue_each(q.conn, q.env, &letters, unique, Some(q.inbound_id))?;
    // `letters::queue` deferred them by an hour already; a merged notice
    // goes sooner, when the earliest notice it carries was due.
    for (player, due) in held {
        if due.is_some() {
            q.defer_to(player, due.as_deref())?;
        }
    }
    Ok(queued)
}

/// The transcript's Message-ID, taken before the other mails so its
/// number stays the first, and the letters to the sender it carries.
struct Reply {
    id: String,
    letters: Vec<Letter>,
    /// The games the message's letters (to anyone) are about.
    games: Vec<GameId>,
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
    };
    transcript_within_cap(&mut q, &sender, report, reply)
}

/// Queues the transcript to `to` unless the reply cap or bounces stop it
/// (then the letters to the sender go as a mail of their own); returns
/// how many mails were queued.
fn transcript_within_cap(
    q: &mut Queue<'_, '_>,
    to: &str,
    report: &Report,
    reply: Reply,
) -> Result<u32, PipelineError> {
    let since = q.env.now - Duration::hours(1);
    if !q.may_write(&reach_address(q.conn, to, since)?) {
        return queue_letters(q, bundle::per_player(reply.letters));
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
    let about = about(&ctx.boards, report, &reply.games);
    ctx.sections
        .extend(own_sections(&reply.letters, &ctx.boards));
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
    q.push(m, "reply", game)
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
            Ok(Effect::Changed(n)) => {
                show_last(&mut boards, q.board(n.game)?);
                if let Some(Fired::Played {
                    answer,
                    number,
                    captured,
                    ..
                }) = &n.conditional
                {
                    let name = q.game(n.game)?.player(n.color.opponent()).name.clone();
                    let played = (*answer, *number);
                    sections.push(cond::answered(n.game, &name, played, captured));
                }
            }
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

/// The letter to the opponent about change `n`: essential when it carries
/// the mover's words or the game is no longer in play.
fn your_move_letter(
    q: &mut Queue<'_, '_>,
    n: &Notice,
    report: &Report,
) -> Result<Letter, PipelineError> {
    let g = q.game(n.game)?;
    let mover = g.player(n.color).name.clone();
    let ctx = your_move_ctx(q, &g, n, &report.comment)?;
    let text = q.env.templates.render("your-move.txt", &ctx)?;
    let playing = g.game.phase() == crate::go::Phase::Play;
    Ok(Letter {
        to: g.player(n.color.opponent()).clone(),
        kind: "your-move",
        subject: opponent_subject(&g.id, n, &g.game, &mover),
        brief: before_board(&text, g.id),
        text,
        game: Some(g.id),
        attachments: Vec::new(),
        essential: !report.comment.is_empty() || !playing,
    })
}

/// The words of a "your move" mail before its board (which begins with
/// the game's name and a colon), if the board is found.
fn before_board(text: &str, id: GameId) -> Option<String> {
    let at = text.find(&format!("\n{id}: "))?;
    Some(without_greeting(&text[..at]).trim_end().to_string())
}

/// The context of `your-move.txt` about change `n` in `g`, with the mover's `comment`.
fn your_move_ctx(
    q: &mut Queue<'_, '_>,
    g: &StoredGame,
    n: &Notice,
    comment: &[String],
) -> Result<YourMoveCtx, PipelineError> {
    let board = q.board(n.game)?;
    let next = board.move_number;
    let running = clock::of_game(q.conn, g.id)?.filter(|_| g.game.phase() == Phase::Play);
    Ok(YourMoveCtx {
        captured: n.captured.iter().map(ToString::to_string).collect(),
        deadline: running.map(|(d, _)| minute(d)),
        time_left: running.map(|(d, _)| time_left(d - q.env.now)),
        game: g.id.to_string(),
        opponent: g.player(n.color).name.clone(),
        opponent_color: capitalized(n.color.name()),
        move_text: n.what.clone(),
        move_number: n.number,
        next_move_number: next,
        comment: comment.to_vec(),
        example_command: words::example_move(g.id, next),
        board,
        conditional: n.conditional.as_ref().map(fired_text),
        waiting: match &n.conditional {
            Some(Fired::Played { number, .. }) => {
                Some(cond::their_turn(&g.player(n.color).name, number + 1))
            }
            _ => None,
        },
    })
}

/// What the reader of a "your move" mail is told their conditional moves did.
fn fired_text(f: &Fired) -> String {
    match f {
        Fired::Played {
            answer,
            number,
            captured,
            left,
        } => cond::played_for_you(*answer, *number, captured, *left),
        Fired::Cleared(text) => text.clone(),
    }
}

/// The Subject of the opponent's mail about change `n`, made by `mover`.
fn opponent_subject(id: &GameId, n: &Notice, game: &crate::go::Game, mover: &str) -> String {
    if let Some(Fired::Played { answer, .. }) = &n.conditional
        && let Ok(what) = crate::go::Move::parse(&n.what, game.position().size())
    {
        return cond::answered_subject(*id, mover, what, *answer);
    }
    match (game.result(), n.what.as_str()) {
        (Some(r), "resign") => ending::resigned_subject(*id, mover, &r.to_string()),
        (Some(r), _) => ending::game_over_subject(*id, &r.to_string()),
        (None, "pass") if game.passes() >= 2 => words::both_passed_subject(*id),
        (None, what) => words::your_move_subject(*id, mover, what, n.number),
    }
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
