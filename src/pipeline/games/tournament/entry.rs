//! Entering and leaving: `join NAME` (and a ladder's bottom place),
//! `leave NAME` before the start, and a withdrawal after it (by mail or by
//! `pbmgo tournament withdraw`): the games played stand, the games going
//! on count as lost by the player who withdrew, and they are not paired
//! again.

use rusqlite::Connection;

use super::field::Field;
use super::letter;
use crate::go::events::GameEvent;
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::phrases::day;
use crate::pipeline::base::wording::tournament as words;
use crate::pipeline::games::ending::{Ending, end_game};
use crate::pipeline::mailing::letters;
use crate::store::players::PlayerRef;
use crate::store::tournaments::{Kind, Status, Tournament, entrants, pairings};
use crate::store::{GameId, games};

/// `join NAME`: what the reply says, or why not.
pub(crate) fn join(
    conn: &Connection,
    env: &Env<'_>,
    t: &Tournament,
    player: &PlayerRef,
) -> Result<Result<String, String>, PipelineError> {
    let name = &t.terms.name;
    let ladder = t.terms.kind == Kind::Ladder;
    if t.status == Status::Finished || (t.status == Status::Running && !ladder) {
        return Ok(Err(words::not_open(name, status_words(t.status))));
    }
    let field = Field::load(conn, t.id)?;
    if field.entrant(player.id).is_some_and(|e| e.active()) {
        return Ok(Err(words::already_in(name)));
    }
    if let Some(max) = t.terms.max_players
        && field.entrants.iter().filter(|e| e.active()).count() >= max as usize
    {
        return Ok(Err(words::full(name, max)));
    }
    if field.entrant(player.id).is_some() {
        entrants::remove(conn, t.id, player.id)?;
    }
    entrants::join(conn, t.id, player.id, ladder, env.now)?;
    let count = field.entrants.iter().filter(|e| e.active()).count() + 1;
    Ok(Ok(match ladder {
        true => words::joined_ladder(name, count),
        false => {
            let starts = t.terms.starts.map(|d| d.to_string());
            words::joined(name, count, &words::starts_when(starts.as_deref()))
        }
    }))
}

/// Where a player who leaves stands, once an entry before the start is
/// removed.
enum Leaving {
    /// Not entered, or already withdrawn.
    NotIn,
    /// Entered before the start: now no longer.
    Removed,
    /// In a tournament that has started: to withdraw.
    Started,
}

fn leaving(
    conn: &Connection,
    t: &Tournament,
    player: &PlayerRef,
) -> Result<Leaving, PipelineError> {
    let field = Field::load(conn, t.id)?;
    if !field.entrant(player.id).is_some_and(|e| e.active()) {
        return Ok(Leaving::NotIn);
    }
    if t.status == Status::Open {
        entrants::remove(conn, t.id, player.id)?;
        return Ok(Leaving::Removed);
    }
    Ok(Leaving::Started)
}

/// `leave NAME`: before the start the player is no longer entered; after
/// it they withdraw (see [`withdraw`]). What the reply says, or why not.
pub(crate) fn leave(
    conn: &Connection,
    env: &Env<'_>,
    t: &Tournament,
    player: &PlayerRef,
    source: &str,
) -> Result<Result<String, String>, PipelineError> {
    let name = &t.terms.name;
    Ok(match leaving(conn, t, player)? {
        Leaving::NotIn => Err(words::not_in(name)),
        Leaving::Removed => Ok(words::left(name)),
        Leaving::Started => {
            let ended = withdraw(conn, env, t, player, source)?;
            Ok(words::withdrew(name, &ended))
        }
    })
}

/// `pbmgo tournament withdraw`: as [`leave`], but the player is told by
/// letter, and the reply (for the admin) names them.
pub(crate) fn withdraw_by_admin(
    conn: &Connection,
    env: &Env<'_>,
    t: &Tournament,
    player: &PlayerRef,
) -> Result<Result<String, String>, PipelineError> {
    let name = &t.terms.name;
    match leaving(conn, t, player)? {
        Leaving::NotIn => return Ok(Err(words::admin_not_in(&player.name, name))),
        Leaving::Removed => return Ok(Ok(words::admin_removed(&player.name, name))),
        Leaving::Started => {}
    }
    let ended = withdraw(conn, env, t, player, "cli")?;
    let words_of = (
        words::withdrawn_subject(name),
        words::withdrawn_text(name, &ended),
    );
    let unique = format!("tournament:{}:withdrawn:{}", t.id, player.id);
    letter::queue(conn, env, player.clone(), words_of, (unique, true))?;
    Ok(Ok(words::admin_withdrew(&player.name, name, &ended)))
}

/// Withdraws `player` from running tournament `t`: marked withdrawn (a
/// ladder closes the gap), and each of their games in it still going on
/// ends as lost by them, with the usual final mail. Returns those games.
pub(crate) fn withdraw(
    conn: &Connection,
    env: &Env<'_>,
    t: &Tournament,
    player: &PlayerRef,
    source: &str,
) -> Result<Vec<GameId>, PipelineError> {
    entrants::withdraw(conn, t.id, player.id, env.now)?;
    let running = pairings::running_of(conn, t.id, player.id)?;
    for &id in &running {
        let mut g = games::load(conn, id)?;
        let Some(color) = g.color_of(player.id) else {
            continue;
        };
        let how = words::withdrew_how(&player.name, color, &t.terms.name);
        let ending = Ending {
            event: GameEvent::Resign(color),
            how: &how,
            source,
            at: None,
        };
        let list = end_game(conn, env, &mut g, &ending)?;
        let unique = |i| format!("withdraw:{id}:{i}");
        letters::queue_each(conn, env, &list, unique, None, None)?;
    }
    Ok(running)
}

/// A status in the words of "the tournament has ...".
fn status_words(s: Status) -> &'static str {
    match s {
        Status::Open => "not started",
        Status::Running => "started",
        Status::Finished => "ended",
    }
}

/// When `t` starts, in words, for the listings.
pub(crate) fn starts_text(t: &Tournament) -> String {
    match (t.status, t.started_at, t.terms.starts) {
        (Status::Open, _, Some(d)) => format!("starts {d}"),
        (Status::Open, _, None) => "open for entries".to_string(),
        (_, Some(at), _) => format!("started {}", day(at)),
        _ => "started".to_string(),
    }
}
