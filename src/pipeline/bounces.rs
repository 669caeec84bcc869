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

use super::context::{Env, Msg};
use super::error::PipelineError;
use super::letters::{self, Letter, Origin};
use crate::mail::classify::{bounce_addresses, permanent_failures};
use crate::mail::inbound::DsnRecipient;
use crate::store::bounces::{self, NewBounce};
use crate::store::games::GameId;
use crate::store::listing::{self, GameFilter};
use crate::store::notices;
use crate::store::players::{self, Player};
use crate::store::reach;

/// Clears the bounces of `player`, who has just written.
pub fn clear(conn: &Connection, env: &Env<'_>, player: &Player) -> Result<(), PipelineError> {
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
    inbound_id: i64,
) -> Result<u32, PipelineError> {
    let failures: Vec<&DsnRecipient> = permanent_failures(msg.mail).collect();
    let Some(first) = failures.first() else {
        return Ok(0);
    };
    let mut targets: Vec<(String, Option<i64>, &DsnRecipient)> = Vec::new();
    for verp in bounce_addresses(msg.mail, &env.settings.identity.address) {
        if let Some((id, recipient)) = bounces::outbox_row_by_envelope(conn, verp)? {
            targets.push((recipient, Some(id), first));
            break;
        }
    }
    if targets.is_empty() {
        for r in failures {
            let address = r.original_recipient.as_ref().or(r.final_recipient.as_ref());
            if let Some(a) = address.filter(|a| reach::ever_mailed(conn, a).unwrap_or(false)) {
                targets.push((a.clone(), None, r));
            }
        }
    }
    let mut letters = 0;
    for (address, outbox_id, r) in targets {
        letters += record_one(conn, env, msg, inbound_id, &address, outbox_id, r)?;
    }
    Ok(letters)
}

fn record_one(
    conn: &Connection,
    env: &Env<'_>,
    msg: &Msg<'_>,
    inbound_id: i64,
    address: &str,
    outbox_id: Option<i64>,
    r: &DsnRecipient,
) -> Result<u32, PipelineError> {
    let bounce = NewBounce {
        address,
        outbox_id,
        report_key: msg.key,
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
    tell_opponents(conn, env, address, inbound_id)
}

/// Tells each opponent in an unfinished game, once per run of bounces,
/// that mail to the player at `address` has stopped.
fn tell_opponents(
    conn: &Connection,
    env: &Env<'_>,
    address: &str,
    inbound_id: i64,
) -> Result<u32, PipelineError> {
    let (Some(player), Some(run)) = (
        players::find_by_address(conn, address)?,
        bounces::first_open(conn, address)?,
    ) else {
        return Ok(0);
    };
    let mut by_opponent: BTreeMap<String, Vec<GameId>> = BTreeMap::new();
    let filter = GameFilter {
        status: None,
        player_id: Some(player.id),
    };
    for g in listing::games(conn, &filter)?
        .into_iter()
        .filter(|g| g.result.is_none())
    {
        let opponent = if g.black == player.name {
            g.white
        } else {
            g.black
        };
        by_opponent.entry(opponent).or_default().push(g.id);
    }
    let mut sent = 0;
    for (name, games) in by_opponent {
        let opponent = players::find(conn, &name)?;
        let key = format!("{}:{run}", player.id);
        if !notices::first(conn, 0, opponent.id, "opponent-bouncing", &key, env.now)? {
            continue;
        }
        let letter = bouncing_letter(&player, &opponent, &games, env.settings.bounce_limit);
        let unique = format!("opponent-bouncing:{}:{key}", opponent.id);
        let origin = Origin {
            unique: &unique,
            inbound_id: Some(inbound_id),
        };
        sent += u32::from(letters::queue(conn, env, &letter, &origin)?);
    }
    Ok(sent)
}

fn bouncing_letter(player: &Player, opponent: &Player, games: &[GameId], limit: u32) -> Letter {
    let list: Vec<String> = games.iter().map(ToString::to_string).collect();
    let subject = match games {
        [one] => format!("[{one}] {}'s mail is bouncing", player.name),
        _ => format!("Your opponent {}'s mail is bouncing", player.name),
    };
    let text = format!(
        "pbmgo's mail to {name} has come back undelivered {limit} times, so pbmgo has \
         stopped mailing {name}.\n\nYour games with {name}: {games}.\n\n{name} will not hear \
         of your moves until they send pbmgo a mail, which starts pbmgo mailing them again. \
         If you can reach {name} another way, you might tell them.\n",
        name = player.name,
        games = list.join(", "),
    );
    Letter {
        to: opponent.as_ref(),
        kind: "opponent-bouncing",
        subject,
        text,
        html: None,
        game: match games {
            [one] => Some(*one),
            _ => None,
        },
        attachments: Vec::new(),
        essential: true,
    }
}
