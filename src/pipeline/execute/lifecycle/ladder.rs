//! `challenge NAME ladder T`: a ladder challenge is allowed only between
//! two players on the ladder, up to its reach above the challenger, one
//! open at a time for each challenger; once accepted, its game is the
//! ladder's, and its result moves the ladder (`games::tournament`).

use rusqlite::Connection;

use crate::pairing::{Ladder, LadderError, may_challenge};
use crate::pipeline::base::error::{CmdResult, reject};
use crate::pipeline::base::wording::tournament as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::store::players::Player;
use crate::store::tournaments::{self, Kind, Status, Tournament, entrants, pairings};
use crate::store::{GameId, PlayerId, StoreError, TournamentId};

/// Checks the sender's challenge of `other` on ladder `name`; returns the
/// ladder and the line the challenge letter adds, or the refusal.
pub(super) fn check(c: &Cmd<'_>, other: &Player, name: &str) -> CmdResult<(TournamentId, String)> {
    let t = match tournaments::find(c.conn, name)? {
        Some(t) if t.terms.kind == Kind::Ladder && t.status != Status::Finished => t,
        Some(t) if t.terms.kind != Kind::Ladder => {
            return Err(reject("not-a-ladder", words::not_a_ladder(&t.terms.name)).into());
        }
        _ => return Err(reject("no-such-tournament", words::no_such(name)).into()),
    };
    let ladder = ladder(c.conn, &t)?;
    let (me, them) = (c.player.id, other.id);
    let place = |p: PlayerId| ladder.place(p).unwrap_or(0);
    let refused = match may_challenge(&ladder, me, them, t.terms.reach as usize) {
        Ok(()) => None,
        Err(LadderError::NotOnLadder(p)) => {
            let who = if p == me { &c.player.name } else { &other.name };
            Some(words::not_on_ladder(who, &t.terms.name))
        }
        Err(_) => Some(words::out_of_reach(
            &t.terms.name,
            place(me),
            place(them),
            t.terms.reach,
        )),
    };
    if let Some(why) = refused {
        return Err(reject("ladder-reach", why).into());
    }
    if let Some(open) = pairings::open_ladder_challenge(c.conn, t.id, me)? {
        return Err(reject("ladder-busy", words::one_at_a_time(&t.terms.name, open)).into());
    }
    let line = words::ladder_challenge(&t.terms.name, place(me), place(them));
    Ok((t.id, line))
}

/// The ladder's players, top first.
fn ladder(conn: &Connection, t: &Tournament) -> Result<Ladder<PlayerId>, StoreError> {
    let on: Vec<PlayerId> = entrants::of(conn, t.id)?
        .into_iter()
        .filter(|e| e.place.is_some())
        .map(|e| e.player.id)
        .collect();
    Ladder::new(on).map_err(|e| StoreError::Invalid {
        what: "ladder",
        value: t.terms.name.clone(),
        reason: e.to_string(),
    })
}

/// Once ladder challenge `id` is accepted: its game joins the ladder's.
pub(super) fn accepted(
    conn: &Connection,
    id: GameId,
    (black, white): (PlayerId, PlayerId),
) -> Result<(), StoreError> {
    let Some(t) = pairings::ladder_of_challenge(conn, id)? else {
        return Ok(());
    };
    let board = pairings::next_board(conn, t, 0)?;
    pairings::add_game(conn, t, (0, board), id, (black, white, false))
}
