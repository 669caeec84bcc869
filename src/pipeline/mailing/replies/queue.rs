//! [`Queue`]: the mails of one inbound message being built and queued,
//! with the games and boards they show read once, their Message-IDs
//! numbered in order ([`reply_id`]), and the hold of capped mail to each
//! player (see `pace`).

use chrono::{DateTime, Utc};
use rusqlite::Connection;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Arc;

use crate::mail::outbound::{self, OutboundMail};
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::replies as words;
use crate::pipeline::board::scored::board_at;
use crate::pipeline::mailing::held;
use crate::pipeline::mailing::outgoing::{self, Queued};
use crate::pipeline::mailing::pace;
use crate::pipeline::mailing::pictures::Known;
use crate::pipeline::record::journal::Recorded;
use crate::pipeline::record::report::{Effect, Report};
use crate::store::MessageId;
use crate::store::PlayerId;
use crate::store::games::{self, GameId};
use crate::store::reach;
use crate::store::{StoredGame, outbox};

/// Builds, renders and queues one mail; `seq` numbers the mails of one inbound message.
pub(super) struct Queue<'a, 'b> {
    pub(super) conn: &'a Connection,
    pub(super) env: &'a Env<'b>,
    pub(super) msg: &'a Msg<'a>,
    pub(super) inbound_id: MessageId,
    pub(super) seq: u64,
    /// Games as they stand after the message's commands, each read once.
    pub(super) games: HashMap<GameId, Arc<StoredGame>>,
    /// Their board blocks, each built once.
    pub(super) boards: HashMap<GameId, BoardCtx>,
    /// The player who sent the message, if a player did.
    pub(super) sender: Option<PlayerId>,
}

impl<'a, 'b> Queue<'a, 'b> {
    pub(super) fn new(conn: &'a Connection, env: &'a Env<'b>, recorded: Recorded<'a>) -> Self {
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
    pub(super) fn game(&mut self, id: GameId) -> Result<Arc<StoredGame>, PipelineError> {
        if let Some(g) = self.games.get(&id) {
            return Ok(Arc::clone(g));
        }
        let g = Arc::new(games::load(self.conn, id)?);
        self.games.insert(id, Arc::clone(&g));
        Ok(g)
    }

    /// Takes the game a message's only command left behind (a move), so it
    /// is not read again: with more commands, a later one may have changed it.
    pub(super) fn seed(&mut self, report: &Report) {
        if let [line] = report.lines.as_slice()
            && let Ok(Effect::Changed(n)) = &line.result
            && let Some(g) = &line.after
        {
            self.games.insert(n.game, Arc::clone(g));
        }
    }

    /// Returns the board block of game `id` (scored while it is being scored).
    pub(super) fn board(&mut self, id: GameId) -> Result<BoardCtx, PipelineError> {
        if let Some(b) = self.boards.get(&id) {
            return Ok(b.clone());
        }
        let g = self.game(id)?;
        let b = board_at(self.conn, self.env, &g)?;
        self.boards.insert(id, b.clone());
        Ok(b)
    }

    /// The games and boards read so far, for the pictures of the mails
    /// that show them (see `pictures::Known`).
    pub(super) fn known(&self) -> Known<'_> {
        Known {
            games: &self.games,
            boards: &self.boards,
        }
    }

    pub(super) fn next_id(&mut self) -> String {
        self.seq += 1;
        reply_id(self.env, self.msg, self.seq)
    }

    pub(super) fn push(
        &mut self,
        mail: OutboundMail,
        kind: &str,
        game: Option<GameId>,
    ) -> Result<(), PipelineError> {
        let queued = Queued {
            kind,
            game,
            inbound_id: Some(self.inbound_id),
            known: Some(self.known()),
        };
        outgoing::enqueue(self.conn, self.env, mail, &queued)
    }

    /// Returns true when `letter`, queued now, would be held back by the
    /// hourly cap (see `pace`).
    pub(super) fn would_hold(&self, letter: &Letter) -> Result<bool, PipelineError> {
        let Some(reach) = reach::player(self.conn, letter.to.id)? else {
            return Ok(false);
        };
        Ok(pace::hold(self.conn, self.env, &reach.address, letter.kind)?.is_some())
    }

    /// Brings forward to `until` the mail this message queued to player
    /// `id` that the cap holds back (the time of the notices it carries).
    pub(super) fn defer_to(&self, id: PlayerId, until: DateTime<Utc>) -> Result<(), PipelineError> {
        let Some(reach) = reach::player(self.conn, id)? else {
            return Ok(());
        };
        let cap = self.env.settings.max_replies_per_hour;
        let reason = words::deferred_reason(&reach.address, cap);
        outbox::defer(self.conn, self.inbound_id, &reach.address, until, &reason)?;
        Ok(())
    }

    /// Moves into `letter` the notices still held back for its player;
    /// returns when the earliest of them was due.
    pub(super) fn merge_held(&self, letter: &mut Letter) -> Result<Option<String>, PipelineError> {
        let Some(reach) = reach::player(self.conn, letter.to.id)? else {
            return Ok(None);
        };
        held::merge_into(self.conn, letter, &reach.address, self.inbound_id)
    }
}

/// The Message-ID of the `seq`th mail (from 1) an inbound message causes.
pub(crate) fn reply_id(env: &Env<'_>, msg: &Msg<'_>, seq: u64) -> String {
    let digest = Sha256::digest(msg.key.as_bytes());
    let unique = data_encoding::HEXLOWER.encode(&digest[..8]);
    outbound::message_id(seq, &format!("{unique}.pbmgo"), env.settings.domain())
}
