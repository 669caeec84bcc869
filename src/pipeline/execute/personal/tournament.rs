//! `join NAME`, `leave NAME`, `tournament NAME` (its tables and the
//! sender's games in it) and `tournaments` (those open or running).

use crate::pipeline::base::error::{CmdResult, reject};
use crate::pipeline::base::wording::tournament as words;
use crate::pipeline::execute::cmd::Cmd;
use crate::pipeline::games::tournament::{entry, field::Field, view};
use crate::pipeline::record::report::Effect;
use crate::store::tournaments::pairings::Board;
use crate::store::tournaments::{self, Kind, Status, Tournament};

/// The tournament called `name`, or the refusal naming it.
fn named(c: &Cmd<'_>, name: &str) -> CmdResult<Tournament> {
    match tournaments::find(c.conn, name)? {
        Some(t) => Ok(t),
        None => Err(reject("no-such-tournament", words::no_such(name)).into()),
    }
}

/// `join NAME`.
pub(super) fn join(c: &Cmd<'_>, name: &str) -> CmdResult<Effect> {
    let t = named(c, name)?;
    match entry::join(c.conn, c.env, &t, &c.player.as_ref())? {
        Ok(text) => Ok(Effect::acted(text, None, Vec::new())),
        Err(why) => Err(reject("tournament-closed", why).into()),
    }
}

/// `leave NAME`.
pub(super) fn leave(c: &Cmd<'_>, name: &str) -> CmdResult<Effect> {
    let t = named(c, name)?;
    match entry::leave(c.conn, c.env, &t, &c.player.as_ref(), c.key)? {
        Ok(text) => Ok(Effect::acted(text, None, Vec::new())),
        Err(why) => Err(reject("not-in-tournament", why).into()),
    }
}

/// `tournament NAME`: the tables, then the sender's games in it.
pub(super) fn show(c: &Cmd<'_>, name: &str) -> CmdResult<Effect> {
    let t = named(c, name)?;
    let field = Field::load(c.conn, t.id)?;
    let summary = view::Summary::of(&field)?;
    let mut text = view::text(&field, &summary)?;
    if field.entrant(c.player.id).is_some() {
        text.push_str("\n\n");
        text.push_str(&my_games(c, &field));
    }
    Ok(Effect::Text(text))
}

/// The sender's games in `field`: those going on, those played, and
/// when the next comes.
fn my_games(c: &Cmd<'_>, field: &Field) -> String {
    let me = c.player.id;
    let mut going = Vec::new();
    let mut played = 0;
    for p in &field.pairings {
        let Board::Game {
            game,
            black,
            white,
            result,
            ..
        } = &p.what
        else {
            continue;
        };
        if black.id != me && white.id != me {
            continue;
        }
        let opponent = if black.id == me {
            &white.name
        } else {
            &black.name
        };
        match result {
            Some(_) => played += 1,
            None => going.push(words::my_game(*game, opponent, p.round)),
        }
    }
    let next = match (field.t.terms.kind, field.t.status) {
        (Kind::Ladder, _) => words::next_ladder(&field.t.terms.name),
        (_, Status::Open) => words::next_at_start().to_string(),
        (_, Status::Finished) => words::next_none().to_string(),
        (Kind::RoundRobin, _) => words::next_none().to_string(),
        _ if field.t.round >= field.rounds_in_all() => words::next_none().to_string(),
        _ => words::next_round(field.t.round + 1),
    };
    words::my_games(&going, played, &next)
}

/// `tournaments`: those open for entries or running.
pub(super) fn list(c: &Cmd<'_>) -> CmdResult<Effect> {
    let mut lines = Vec::new();
    for t in tournaments::list(c.conn, None)? {
        if t.status == Status::Finished {
            continue;
        }
        let field = Field::load(c.conn, t.id)?;
        let players = field.entrants.iter().filter(|e| e.active()).count();
        let round = words::round_of(t.round, field.rounds_in_all());
        lines.push(words::listed(
            &t.terms.name,
            (t.terms.kind.name(), t.terms.size),
            players,
            &entry::starts_text(&t),
            (t.status == Status::Running && t.terms.kind != Kind::Ladder).then_some(round.as_str()),
        ));
    }
    Ok(Effect::Text(match lines.is_empty() {
        true => words::none_open().to_string(),
        false => words::list(&lines),
    }))
}
