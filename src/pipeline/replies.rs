//! The replies a message causes, rendered and queued in the outbox in the
//! message's transaction: the transcript to the sender, a "your move" mail
//! to each opponent, and the "who are you" reply to a stranger.
//!
//! Owns subjects, threading (`In-Reply-To`, `References`, each game's
//! thread), deterministic Message-IDs, the `X-Pbmgo-Rejected` codes and the
//! per-address reply cap.

use chrono::Duration;
use rusqlite::Connection;
use sha2::{Digest, Sha256};

use super::context::{Env, Msg};
use super::error::PipelineError;
use super::games::scored::board_ctx as scored_board_ctx;
use super::help::help_text;
use super::letters;
use super::outgoing::{self, Queued};
use super::report::{Effect, Notice, Report};
use super::words::capitalized;
use crate::mail::command::strip_subject;
use crate::mail::outbound::{self, AUTO_REPLIED, OutboundMail};
use crate::mail::templates::{
    BoardCtx, TranscriptCtx, TranscriptLine, UnknownSenderCtx, YourMoveCtx,
};
use std::collections::HashMap;
use std::sync::Arc;

use crate::store::StoreError;
use crate::store::StoredGame;
use crate::store::games::{self, GameId};
use crate::store::players::{self, Player};
use crate::store::reach::{self, Reach};

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
}

impl<'a, 'b> Queue<'a, 'b> {
    fn new(conn: &'a Connection, env: &'a Env<'b>, msg: &'a Msg<'a>, inbound_id: i64) -> Self {
        Queue {
            conn,
            env,
            msg,
            inbound_id,
            seq: 0,
            games: HashMap::new(),
            boards: HashMap::new(),
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
        let b = scored_board_ctx(self.conn, &g)?;
        self.boards.insert(id, b.clone());
        Ok(b)
    }

    fn next_id(&mut self) -> String {
        let digest = Sha256::digest(self.msg.key.as_bytes());
        let unique: String = digest.iter().take(8).map(|b| format!("{b:02x}")).collect();
        self.seq += 1;
        outbound::message_id(
            self.seq,
            &format!("{unique}.pbmgo"),
            self.env.settings.domain(),
        )
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

    /// Returns true while `reach` is under the hourly reply cap and not stopped by bounces.
    fn may_write(&self, reach: &Reach) -> bool {
        let settings = self.env.settings;
        reach.sent_since < settings.max_replies_per_hour && !reach.stopped(settings.bounce_limit)
    }

    /// Returns how to reach a sender at the address they wrote from.
    fn sender(&self, address: &str) -> Result<Reach, PipelineError> {
        let since = self.env.now - Duration::hours(1);
        Ok(reach_address(self.conn, address, since)?)
    }
}

/// A plain auto-reply to `to`, not threaded yet.
pub(super) fn mail(
    to: &str,
    subject: String,
    text: String,
    html: Option<String>,
    message_id: String,
) -> OutboundMail {
    OutboundMail {
        to: to.to_string(),
        to_name: None,
        subject,
        text,
        html,
        message_id,
        in_reply_to: None,
        references: Vec::new(),
        auto_submitted: AUTO_REPLIED,
        rejected_codes: Vec::new(),
        game: None,
        attachments: Vec::new(),
        reply_to: None,
    }
}

/// Threads `m` as an answer to the inbound message.
fn answer(m: &mut OutboundMail, msg: &Msg<'_>) {
    m.in_reply_to = msg.mail.message_id.clone();
    let references = msg.mail.references.iter().cloned();
    m.references = references.chain(msg.mail.message_id.clone()).collect();
}

/// Queues the transcript to the sender and a mail to each opponent; returns how many.
pub fn send_all(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    player: &Player,
    report: &Report,
    inbound_id: i64,
) -> Result<u32, PipelineError> {
    let mut q = Queue::new(conn, env, msg, inbound_id);
    q.seed(report);
    let sender = msg
        .mail
        .from
        .clone()
        .unwrap_or_else(|| player.addresses.first().cloned().unwrap_or_default());
    let mut sent = 0;
    if q.may_write(&q.sender(&sender)?) {
        transcript(&mut q, &sender, report)?;
        sent += 1;
    }
    for notice in report.notices() {
        sent += u32::from(opponent_mail(&mut q, notice, report)?);
    }
    // Letters number on from the mails above, as `Queue::next_id` does.
    let seq = q.seq;
    let unique = |i: usize| format!("{}#letter{}", msg.key, seq + i as u64 + 1);
    let letters = report.letters();
    sent += letters::queue_each(conn, env, letters, unique, Some(inbound_id))?;
    Ok(sent)
}

/// Queues a transcript to a sender who is not (yet) a player.
pub fn transcript_to_stranger(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    report: &Report,
    inbound_id: i64,
) -> Result<u32, PipelineError> {
    let mut q = Queue::new(conn, env, msg, inbound_id);
    q.seed(report);
    let sender = msg.mail.from.clone().unwrap_or_default();
    if !q.may_write(&q.sender(&sender)?) {
        return Ok(0);
    }
    transcript(&mut q, &sender, report)?;
    Ok(1)
}

fn transcript(q: &mut Queue<'_, '_>, to: &str, report: &Report) -> Result<(), PipelineError> {
    let ctx = transcript_ctx(q, report)?;
    let games: Vec<String> = ctx.boards.iter().map(|b| b.game.clone()).collect();
    let text = q.env.templates.render("reply-transcript.txt", &ctx)?;
    let html = q.env.templates.render("reply-transcript.html", &ctx)?;
    let mut m = mail(
        to,
        transcript_subject(q.msg, &games),
        text,
        Some(html),
        q.next_id(),
    );
    answer(&mut m, q.msg);
    m.rejected_codes = report.codes().into_iter().map(str::to_string).collect();
    m.game = (games.len() == 1).then(|| games[0].clone());
    let game = games
        .first()
        .and_then(|g| g.parse().ok())
        .filter(|_| games.len() == 1);
    q.push(m, "reply", game)
}

fn transcript_subject(msg: &Msg<'_>, games: &[String]) -> String {
    let (rest, _) = strip_subject(&msg.mail.subject);
    let re = if rest.is_empty() {
        "Your commands".to_string()
    } else {
        format!("Re: {rest}")
    };
    match games {
        [one] => format!("[{one}] {re}"),
        _ => re,
    }
}

fn transcript_ctx(q: &mut Queue<'_, '_>, report: &Report) -> Result<TranscriptCtx, PipelineError> {
    let mut boards: Vec<BoardCtx> = Vec::new();
    let mut sections = Vec::new();
    for line in &report.lines {
        match &line.result {
            Ok(Effect::Changed(Notice { game, .. }) | Effect::Shown(game)) => {
                if let Some(i) = boards.iter().position(|b| b.game == game.to_string()) {
                    boards.remove(i);
                }
                boards.push(q.board(*game)?);
            }
            Ok(Effect::Text(t)) => sections.push(t.clone()),
            Ok(Effect::Acted { text, game, .. }) => {
                sections.push(text.clone());
                if let Some(game) = game {
                    if let Some(i) = boards.iter().position(|b| b.game == game.to_string()) {
                        boards.remove(i);
                    }
                    boards.push(q.board(*game)?);
                }
            }
            Err(r) => {
                if let Some(game) = r
                    .game
                    .filter(|g| !boards.iter().any(|b| b.game == g.to_string()))
                {
                    boards.push(q.board(game)?);
                }
            }
            _ => {}
        }
    }
    if report.lines.is_empty() {
        sections.push(help_text(
            q.env,
            Some("Your mail had no command pbmgo knows."),
        )?);
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

/// Queues the mail to the opponent about one change; returns false when capped.
fn opponent_mail(
    q: &mut Queue<'_, '_>,
    n: &Notice,
    report: &Report,
) -> Result<bool, PipelineError> {
    let g = q.game(n.game)?;
    let opponent = g.player(n.color.opponent()).clone();
    let essential = g.game.phase() != crate::go::Phase::Play;
    let since = q.env.now - Duration::hours(1);
    let Some(reach) = reach::player(q.conn, opponent.id, since)? else {
        return Ok(false);
    };
    if (!essential && !reach.wants_every_mail()) || !q.may_write(&reach) {
        return Ok(false);
    }
    let to = reach.address;
    let mover = g.player(n.color).name.clone();
    let board = q.board(n.game)?;
    let ctx = YourMoveCtx {
        game: g.id.to_string(),
        opponent: mover.clone(),
        opponent_color: capitalized(n.color.name()),
        move_text: n.what.clone(),
        move_number: n.number,
        next_move_number: board.move_number,
        comment: report.comment.clone(),
        example_command: format!(
            "move {} {}#{}",
            g.id,
            example_point(&g.game),
            board.move_number
        ),
        board,
    };
    let text = q.env.templates.render("your-move.txt", &ctx)?;
    let html = q.env.templates.render("your-move.html", &ctx)?;
    let subject = opponent_subject(&g.id, n, &g.game, &mover);
    let id = q.next_id();
    let mut m = mail(&to, subject, text, Some(html), id.clone());
    letters::thread(q.conn, g.id, &mut m)?;
    m.game = Some(g.id.to_string());
    q.push(m, "your-move", Some(g.id))?;
    Ok(true)
}

fn example_point(game: &crate::go::Game) -> String {
    let size = game.board().size();
    let centre = crate::go::Point::new(size.get() / 2, size.get() / 2);
    size.all_points()
        .map(|p| {
            if game.board().get(centre).is_none() {
                centre
            } else {
                p
            }
        })
        .find(|&p| game.board().get(p).is_none())
        .map_or("pass".to_string(), |p| p.to_string())
}

fn opponent_subject(id: &GameId, n: &Notice, game: &crate::go::Game, mover: &str) -> String {
    match (game.result(), n.what.as_str()) {
        (Some(r), "resign") => format!("[{id}] {mover} resigned: {r}"),
        (Some(r), _) => format!("[{id}] Game over: {r}"),
        (None, "pass") if game.passes() >= 2 => {
            format!("[{id}] Both players passed: the game is being scored")
        }
        (None, what) => format!(
            "[{id}] Your move: {mover} played {what} (move {})",
            n.number
        ),
    }
}

/// Returns true while an address that is no player is under the daily
/// reply cap and not stopped by bounces.
pub fn stranger_may_get_more(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
) -> Result<bool, PipelineError> {
    let reach = reach_address(conn, address, env.now - Duration::days(1))?;
    Ok(
        reach.sent_since < env.settings.unknown_sender_replies_per_day
            && !reach.stopped(env.settings.bounce_limit),
    )
}

/// Returns how to reach `address` as a sender wrote it (bounces count under
/// its normalized form).
fn reach_address(
    conn: &Connection,
    address: &str,
    since: chrono::DateTime<chrono::Utc>,
) -> Result<Reach, StoreError> {
    let normalized = players::normalize_address(address).unwrap_or_else(|_| address.to_lowercase());
    reach::address(conn, address, &normalized, since)
}

/// Queues the "who are you" reply to an unknown sender.
pub fn unknown_sender(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    sender: &str,
    inbound_id: i64,
) -> Result<u32, PipelineError> {
    let mut q = Queue::new(conn, env, msg, inbound_id);
    let ctx = UnknownSenderCtx {
        server_name: env.settings.identity.name.clone(),
        server_address: env.settings.identity.address.clone(),
        address: sender.to_string(),
    };
    let text = env.templates.render("unknown-sender.txt", &ctx)?;
    let subject = format!("{}: who are you?", env.settings.identity.name);
    let mut m = mail(sender, subject, text, None, q.next_id());
    answer(&mut m, msg);
    m.rejected_codes = vec!["unknown-sender".into()];
    q.push(m, "unknown-sender", None)?;
    Ok(1)
}
