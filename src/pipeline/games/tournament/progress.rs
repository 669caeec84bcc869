//! What moves a tournament on: a game's end (a ladder's places; the last
//! game of a round pairs the next round, or ends the tournament after its
//! last), and `tick` (a start day come, a round's deadline passed, and any
//! round over that was not paired yet).
//!
//! Each step runs in the caller's transaction, and pairing records the
//! round's number with its games, so a round is paired once however often
//! `tick` runs or a game's end is handled again.

use chrono::Duration;
use rusqlite::Connection;

use super::field::{Field, outcome};
use super::letter;
use super::pair::{pair_next, start};
use super::view::{self, Summary};
use crate::pairing::{Ladder, Outcome, after_win};
use crate::pipeline::base::context::Env;
use crate::pipeline::base::error::PipelineError;
use crate::pipeline::base::wording::tournament as words;
use crate::store::tournaments::{self, Kind, Status, entrants, pairings};
use crate::store::{GameId, PlayerId, TournamentId, games};

/// After game `id` ended: a ladder game moves the ladder; a round over
/// pairs the next one or ends the tournament.
pub(crate) fn game_ended(
    conn: &Connection,
    env: &Env<'_>,
    id: GameId,
) -> Result<(), PipelineError> {
    let Some((t, _)) = pairings::of_game(conn, id)? else {
        return Ok(());
    };
    let field = Field::load(conn, t)?;
    match field.t.terms.kind {
        Kind::Ladder => ladder_result(conn, &field, id),
        _ => advance(conn, env, &field, false).map(|_| ()),
    }
}

/// What `tick` does for every tournament at `env.now`; returns how many
/// rounds it paired (a start counts as one).
pub(crate) fn tick(conn: &Connection, env: &Env<'_>) -> Result<u32, PipelineError> {
    let mut paired = 0;
    for t in tournaments::list(conn, None)? {
        match t.status {
            Status::Open if due_to_start(&t, env) => {
                if let Ok(n) = start(conn, env, t.id)? {
                    tracing::info!(tournament = %t.terms.name, games = n, "tournament started");
                    paired += 1;
                }
            }
            Status::Running if t.terms.kind != Kind::Ladder => {
                let field = Field::load(conn, t.id)?;
                paired += u32::from(advance(conn, env, &field, deadline_passed(&field, env))?);
            }
            _ => {}
        }
    }
    Ok(paired)
}

/// Whether `t`'s start day has come.
fn due_to_start(t: &tournaments::Tournament, env: &Env<'_>) -> bool {
    t.terms
        .starts
        .is_some_and(|day| day <= env.now.date_naive())
}

/// Whether the current round has lasted its `--round-days`.
fn deadline_passed(field: &Field, env: &Env<'_>) -> bool {
    let (days, at) = (field.t.terms.round_days, field.t.round_at);
    match (days, at) {
        (Some(days), Some(at)) => at + Duration::days(i64::from(days)) <= env.now,
        _ => false,
    }
}

/// Pairs the next round of a running Swiss or McMahon once the current one
/// is over (or `anyway`, at its deadline), or ends the tournament once
/// every round is; returns whether a round was paired.
fn advance(
    conn: &Connection,
    env: &Env<'_>,
    field: &Field,
    anyway: bool,
) -> Result<bool, PipelineError> {
    let t = &field.t;
    if t.status != Status::Running || t.terms.kind == Kind::Ladder {
        return Ok(false);
    }
    let last = t.round >= field.rounds_in_all();
    let round_over = pairings::unfinished(conn, t.id, Some(t.round))? == 0;
    if last || t.terms.kind == Kind::RoundRobin {
        if pairings::unfinished(conn, t.id, None)? == 0 {
            finish(conn, env, t.id)?;
        }
        return Ok(false);
    }
    if !(round_over || anyway) {
        return Ok(false);
    }
    match pair_next(conn, env, field)? {
        Ok(_) => Ok(true),
        Err(why) => {
            tracing::warn!(tournament = %t.terms.name, %why, "no next round; the tournament ends");
            if pairings::unfinished(conn, t.id, None)? == 0 {
                finish(conn, env, t.id)?;
            }
            Ok(false)
        }
    }
}

/// Ends tournament `id`: marked finished, and every player still in it
/// mailed the final tables.
fn finish(conn: &Connection, env: &Env<'_>, id: TournamentId) -> Result<(), PipelineError> {
    tournaments::set_status(conn, id, Status::Finished, env.now)?;
    let field = Field::load(conn, id)?;
    tracing::info!(tournament = %field.t.terms.name, "tournament finished");
    let summary = Summary::of(&field)?;
    let table = view::text(&field, &summary)?;
    let name = &field.t.terms.name;
    let standings = field.standings()?;
    for e in field.entrants.iter().filter(|e| e.active()) {
        let place = standings
            .iter()
            .find(|s| s.player == e.player.id)
            .map(|s| s.place);
        let words_of = (
            words::final_subject(name),
            format!("{}\n\n{table}", words::final_intro(name, place)),
        );
        let unique = format!("tournament:{id}:final:{}", e.player.id);
        letter::queue(conn, env, e.player.clone(), words_of, (unique, false))?;
    }
    Ok(())
}

/// A ladder game's result: a winner from below takes the loser's place.
fn ladder_result(conn: &Connection, field: &Field, id: GameId) -> Result<(), PipelineError> {
    let g = games::load(conn, id)?;
    let result = g.game.result().map(|r| r.to_string());
    let (winner, loser) = match outcome(&result) {
        Outcome::BlackWins => (g.black.id, g.white.id),
        Outcome::WhiteWins => (g.white.id, g.black.id),
        _ => return Ok(()),
    };
    let ladder: Vec<PlayerId> = field
        .entrants
        .iter()
        .filter(|e| e.place.is_some())
        .map(|e| e.player.id)
        .collect();
    let moved = Ladder::new(ladder)
        .and_then(|l| after_win(&l, winner, loser))
        .map(|l| l.players().to_vec());
    if let Ok(players) = moved {
        entrants::set_places(conn, field.t.id, &players)?;
    }
    Ok(())
}
