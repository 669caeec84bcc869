//! Bounces: a delivery status notification that reports a permanent
//! failure is recorded against the address pbmgo wrote to; an address
//! with `bounce_limit` bounces gets no more mail, its player shows as
//! bouncing, and each of their opponents is told once. A mail from the
//! player clears it all.
//!
//! Owns reading a report into bounces (the VERP envelope names the outbox
//! row, else the report's `Original-Recipient` / `Final-Recipient` of an
//! address pbmgo has mailed) and the opponents' letter. Whether an address
//! is stopped is part of `store::reach`, which every reply and letter asks.
//! A report is never answered.

use std::collections::BTreeMap;

use rusqlite::Connection;

use crate::mail::classify::{bounce_addresses, permanent_failures};
use crate::mail::inbound::DsnRecipient;
use crate::pipeline::base::context::{Env, Msg};
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::letter::Letter;
use crate::pipeline::base::wording::bounces as words;
use crate::pipeline::mailing::letters::{self, Origin};
use crate::pipeline::record::journal::Recorded;
use crate::store::bounces::{self, NewBounce};
use crate::store::games::GameId;
use crate::store::listing::{self, GameFilter};
use crate::store::notices;
use crate::store::players::{self, Player};
use crate::store::reach;
use crate::store::{MessageId, OutboxId};

/// Clears the bounces of `player`, who has just written.
pub(crate) fn clear(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
) -> Result<(), PipelineError> {
    let n = bounces::clear(conn, &player.addresses, env.now)?;
    if n > 0 {
        tracing::info!(player = %player.name, bounces = n, "bounces cleared by a mail from the player");
    }
    Ok(())
}

/// Records the permanent failures of the delivery report `msg` (the
/// inbound row `inbound_id`) and tells opponents of a newly stopped
/// address; returns the letters queued. Mail that is no report, or reports
/// only delays, records nothing.
pub(crate) fn on_report(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    inbound_id: MessageId,
) -> Result<u32, PipelineError> {
    let recorded = Recorded {
        msg,
        id: inbound_id,
    };
    let mut letters = 0;
    for target in targets(conn, env, msg)? {
        letters += record_one(conn, env, recorded, &target)?;
    }
    Ok(letters)
}

/// One address a report says bounced: the outbox row that bounced, when
/// the VERP envelope names it, and the report's entry.
struct Target<'m> {
    address: String,
    outbox_id: Option<OutboxId>,
    recipient: &'m DsnRecipient,
}

/// Returns the addresses the report `msg` says bounced: the outbox row its
/// VERP envelope names, else each failed recipient pbmgo has mailed.
fn targets<'m>(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'m>,
) -> Result<Vec<Target<'m>>, PipelineError> {
    let failures: Vec<&DsnRecipient> = permanent_failures(msg.mail).collect();
    let Some(&first) = failures.first() else {
        return Ok(Vec::new());
    };
    for verp in bounce_addresses(msg.mail, &env.settings.identity.address) {
        if let Some((id, address)) = bounces::outbox_row_by_envelope(conn, verp)? {
            let target = Target {
                address,
                outbox_id: Some(id),
                recipient: first,
            };
            return Ok(vec![target]);
        }
    }
    let mailed = |a: &&String| reach::ever_mailed(conn, a).unwrap_or(false);
    let by_address = failures.into_iter().filter_map(|r| {
        let address = r.original_recipient.as_ref().or(r.final_recipient.as_ref());
        address.filter(mailed).map(|a| Target {
            address: a.clone(),
            outbox_id: None,
            recipient: r,
        })
    });
    Ok(by_address.collect())
}

/// Records one bounce; when it stops the address, tells the opponents.
fn record_one(
    conn: &Connection,
    env: &Env<'_>,
    recorded: Recorded<'_>,
    t: &Target<'_>,
) -> Result<u32, PipelineError> {
    let (address, r) = (t.address.as_str(), t.recipient);
    let bounce = NewBounce {
        address,
        outbox_id: t.outbox_id,
        report_key: recorded.msg.key,
        status: &r.status,
        diagnostic: &r.diagnostic,
    };
    if !bounces::record(conn, &bounce, env.now)? {
        return Ok(0);
    }
    tracing::info!(%address, status = %r.status, "bounce recorded");
    if !bounces::stopped(conn, address, env.settings.bounce_limit)? {
        return Ok(0);
    }
    tell_opponents(conn, env, address, recorded.id)
}

/// Tells each opponent in an unfinished game, once per run of bounces,
/// that mail to the player at `address` has stopped.
fn tell_opponents(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
    inbound_id: MessageId,
) -> Result<u32, PipelineError> {
    let (Some(player), Some(run)) = (
        players::find_by_address(conn, address)?,
        bounces::first_open(conn, address)?,
    ) else {
        return Ok(0);
    };
    let key = format!("{}:{run}", player.id);
    let mut sent = 0;
    for (name, games) in open_games_by_opponent(conn, &player)? {
        let opponent = players::find(conn, &name)?;
        if !notices::first(
            conn,
            None,
            Some(opponent.id),
            "opponent-bouncing",
            &key,
            env.now,
        )? {
            continue;
        }
        let letter = bouncing_letter(&player, &opponent, &games, env.settings.bounce_limit);
        let unique = format!("opponent-bouncing:{}:{key}", opponent.id);
        let origin = Origin {
            unique: &unique,
            inbound_id: Some(inbound_id),
            known: None,
        };
        sent += u32::from(letters::queue(conn, env, &letter, &origin)?);
    }
    Ok(sent)
}

/// The unfinished games of `player`, by opponent's name.
fn open_games_by_opponent(
    conn: &Connection,
    player: &Player,
) -> Result<BTreeMap<String, Vec<GameId>>, PipelineError> {
    let filter = GameFilter {
        status: None,
        player_id: Some(player.id),
    };
    let mut by_opponent: BTreeMap<String, Vec<GameId>> = BTreeMap::new();
    for g in listing::games(conn, &filter)? {
        if g.result.is_some() {
            continue;
        }
        let opponent = if g.black == player.name {
            g.white
        } else {
            g.black
        };
        by_opponent.entry(opponent).or_default().push(g.id);
    }
    Ok(by_opponent)
}

fn bouncing_letter(player: &Player, opponent: &Player, games: &[GameId], limit: u32) -> Letter {
    Letter {
        to: opponent.as_ref(),
        kind: "opponent-bouncing",
        subject: words::bouncing_subject(&player.name, games),
        text: words::bouncing_text(&player.name, limit, games),
        game: match games {
            [one] => Some(*one),
            _ => None,
        },
        attachments: Vec::new(),
        essential: true,
        brief: None,
    }
}
