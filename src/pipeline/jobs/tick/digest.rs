//! The daily digest: one mail a day to each player with `notify digest`
//! (and not on vacation) listing every game where it is their move, with
//! the boards. A day with no such game sends nothing. Its Reply-To token
//! covers the games it lists (recorded as `tokens::DIGEST_GAME` notices),
//! so a reply to it may play in each of them.

use rusqlite::Connection;
use serde::Serialize;

use super::notice::queue;
use crate::home::WebConfig;
use crate::mail::templates::BoardCtx;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::tokens::DIGEST_GAME;
use crate::pipeline::base::wording::tick::{deadline_words, digest_subject, no_clock};
use crate::pipeline::board::block::{board_ctx, with_link, with_ranks};
use crate::store::games::{self, GameId};
use crate::store::listing;
use crate::store::notices;
use crate::store::players::{self, PlayerRef};
use crate::store::{clock, settings};

/// One game of a digest.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DigestGame {
    /// The opponent's name.
    pub(crate) opponent: String,
    /// When the reader's time for this move runs out, or `no clock`.
    pub(crate) deadline: String,
    /// The board.
    pub(crate) board: BoardCtx,
}

/// Context of `digest.txt`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DigestCtx {
    /// The reader.
    pub(crate) player: String,
    /// The day, e.g. `2026-11-22`.
    pub(crate) date: String,
    /// The games where it is their move.
    pub(crate) games: Vec<DigestGame>,
}

/// Queues today's digest to every digest player who has not had one; returns how many.
pub(super) fn run(conn: &Connection, env: &Env<'_>) -> Result<u32, PipelineError> {
    let date = env.now.format("%Y-%m-%d").to_string();
    let mut sent = 0;
    for player in players::with_digest(conn)? {
        if settings::vacation_until(conn, player.id, env.now)?.is_some() {
            continue;
        }
        let ids = listing::to_move_for(conn, player.id)?;
        if ids.is_empty() || !notices::first(conn, None, Some(player.id), "digest", &date, env.now)?
        {
            continue;
        }
        for id in &ids {
            notices::first(
                conn,
                Some(*id),
                Some(player.id),
                DIGEST_GAME,
                &date,
                env.now,
            )?;
        }
        sent += u32::from(send(conn, env, &player, &ids, &date)?);
    }
    Ok(sent)
}

/// Queues `player`'s digest of the games `ids` for `date`.
fn send(
    conn: &Connection,
    env: &Env<'_>,
    player: &PlayerRef,
    ids: &[GameId],
    date: &str,
) -> Result<bool, PipelineError> {
    let ctx = DigestCtx {
        player: player.name.clone(),
        date: date.to_string(),
        games: digest_games(conn, &env.settings.web, player, ids)?,
    };
    let letter = Letter {
        to: player.clone(),
        kind: "digest",
        subject: digest_subject(ctx.games.len(), date),
        text: env.templates.render("digest.txt", &ctx)?,
        game: None,
        attachments: Vec::new(),
        essential: true,
        brief: None,
    };
    queue(conn, env, &letter, date)
}

/// The games `ids` as `player`'s digest shows them.
fn digest_games(
    conn: &Connection,
    web: &WebConfig,
    player: &PlayerRef,
    ids: &[GameId],
) -> Result<Vec<DigestGame>, PipelineError> {
    let mut list = Vec::new();
    for &id in ids {
        let g = games::load(conn, id)?;
        let opponent = g
            .color_of(player.id)
            .map(|c| g.player(c.opponent()).name.clone());
        let mut board = board_ctx(&g);
        with_ranks(conn, &g, &mut board)?;
        with_link(conn, web, &g, &mut board)?;
        list.push(DigestGame {
            opponent: opponent.unwrap_or_default(),
            deadline: clock::deadline(conn, id)?.map_or(no_clock().into(), deadline_words),
            board,
        });
    }
    Ok(list)
}
