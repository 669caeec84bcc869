//! The play commands: a move or a pass in a game (with the `#N` move-number
//! check, the scoring-phase refusal and the clock restarted), the plain-words
//! reason for every illegal move, and the `games` listing.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use rusqlite::Connection;

use super::cmd::Cmd;
use super::conditional;
use super::lifecycle;
use super::load::load_own;
use crate::command::GameRef;
use crate::go::{Color, IllegalMove, Move, Phase, Point};
use crate::pipeline::base::error::{CmdResult, PipelineError, Rejection, reject_in};
use crate::pipeline::base::wording::play as words;
use crate::pipeline::board::scored;
use crate::pipeline::record::report::{Done, Effect, Fired, Notice};
use crate::store::clock::Spent;
use crate::store::games::{self, MoveEntry};
use crate::store::listing::{self, GameFilter};
use crate::store::players::Player;
use crate::store::time_terms::ClockRow;
use crate::store::{StoredGame, clock, comments, time_terms};

/// `move GAME POINT[#N]` and `pass GAME[#N]`: plays for the sender, with
/// the game as the move left it for the replies. The move is charged to
/// the mover's clock (refused as too late when it ran out first).
pub(super) fn play(c: &Cmd<'_>, game: GameRef, mv: Move, expected: Option<u32>) -> CmdResult<Done> {
    let (mut g, color) = load_own(c.conn, c.player, game)?;
    let next = g.game.move_number() + 1;
    check_number(&g, expected, next)?;
    if let Some(r) = lifecycle::refuse_play(c.conn, &g)? {
        return Err(r.into());
    }
    let before = g.game.position();
    let played = g.game.play_checked(color, mv).map_err(|e| illegal(&g, e))?;
    let spent = charge(c, &g, color)?;
    let captured = match played.captures {
        0 => Vec::new(),
        _ => before.removed(&g.game.position(), color.opponent()),
    };
    let entry = MoveEntry {
        color,
        mv,
        captures: played.captures,
        source: c.key.to_string(),
        played_at: c.env.now,
    };
    games::record_move(c.conn, &g, &entry)?;
    if let Some((system, side)) = spent.after {
        time_terms::note_move(c.conn, g.id, next, &system, &side)?;
    }
    comments::record(c.conn, g.id, next, color, c.words, c.key, c.env.now)?;
    let undo_closed = closed_undo(c, &g, color)?;
    games::undo::clear(c.conn, g.id)?;
    if let Some(ended) = after_move(c, &g, (color, mv, next), spent.row)? {
        return Ok(ended.into());
    }
    let fired = conditional::respond(c, &mut g, color, mv)?;
    if let Some(Fired::Played { answer, number, .. }) = &fired {
        // The answer is played the moment its turn starts: it costs no
        // time, but the system's own rules (a Fischer bonus) apply.
        let spent = charge(c, &g, color.opponent())?;
        if let Some((system, side)) = spent.after {
            time_terms::note_move(c.conn, g.id, *number, &system, &side)?;
        }
        // An answer never ends the game: a second pass opens the count.
        after_move(c, &g, (color.opponent(), *answer, *number), spent.row)?;
    }
    let mut done = changed(c, g, (color, mv, next), captured, fired);
    if let Effect::Changed(n) = &mut done.effect {
        n.undo_closed = undo_closed;
    }
    Ok(done)
}

/// Charges `color`'s clock in `g` for their move now, or refuses the move
/// as too late when their time ran out before it (even if `tick` has not
/// ended the game yet: it ends it as of that moment).
fn charge(c: &Cmd<'_>, g: &StoredGame, color: Color) -> CmdResult<Spent> {
    let env = c.env;
    match clock::spend(c.conn, g.id, color, env.now, env.settings.zone)? {
        Ok(after) => Ok(after),
        Err(late) => {
            let why = words::too_late(g.id, late.ran_out);
            Err(reject_in(g.id, "too-late", why).into())
        }
    }
}

/// The move number of the opponent's undo request that this move of
/// `color` answers by playing on (so refuses), if one is open.
fn closed_undo(c: &Cmd<'_>, g: &StoredGame, color: Color) -> CmdResult<Option<u32>> {
    let open = games::undo::request(c.conn, g.id)?;
    Ok(open
        .filter(|r| r.color == color.opponent())
        .map(|r| r.move_number))
}

/// What a move or pass `mv` of `color`, numbered `number`, did, with the
/// game `g` as it left it (and the opponent's conditional answer, if any).
fn changed(
    c: &Cmd<'_>,
    g: StoredGame,
    (color, mv, number): (Color, Move, u32),
    captured: Vec<Point>,
    conditional: Option<Fired>,
) -> Done {
    let notice = Notice {
        game: g.id,
        color,
        what: mv.to_string(),
        number,
        captured,
        conditional,
        undo_closed: None,
    };
    let after = StoredGame {
        updated_at: c.env.now,
        ..g
    };
    Done {
        effect: Effect::Changed(notice),
        after: Some(Arc::new(after)),
    }
}

/// Refuses a move written for another move number than `next`.
fn check_number(g: &StoredGame, expected: Option<u32>, next: u32) -> CmdResult<()> {
    match expected.filter(|&n| n != next) {
        Some(n) => {
            let why = words::stale_move_number(n, g.id, next);
            Err(reject_in(g.id, "stale-move-number", why).into())
        }
        None => Ok(()),
    }
}

/// Runs the clocks after a move (`color` played `mv`, move `number`; the
/// clock columns `row` as read before it): the next turn, the scoring
/// phase after a second pass, or the end of a game the move itself ended.
fn after_move(
    c: &Cmd<'_>,
    g: &StoredGame,
    (color, mv, number): (Color, Move, u32),
    row: ClockRow,
) -> CmdResult<Option<Effect>> {
    let (conn, now, zone) = (c.conn, c.env.now, c.env.settings.zone);
    match g.game.phase() {
        Phase::Play => clock::start_turn_with(conn, g.id, row, g.game.to_move(), now, zone)?,
        Phase::Scoring => {
            clock::stop(conn, g.id)?;
            scored::open(conn, g, color, now)?;
        }
        Phase::Finished => {
            clock::finish(conn, g.id, now)?;
            return lifecycle::ending::ended_by_move(c, g, mv, number).map(Some);
        }
    }
    Ok(None)
}

/// Turns the engine's verdict into a rejection with plain words.
pub(super) fn illegal(g: &StoredGame, e: IllegalMove) -> Rejection {
    let code = match e {
        IllegalMove::OffBoard { .. } => "bad-point",
        IllegalMove::ScoringPhase | IllegalMove::GameOver => "game-over",
        other => other.kebab(),
    };
    let reason = match e {
        IllegalMove::NotYourTurn { to_move } => {
            words::not_your_turn(g.id, to_move, &g.player(to_move).name)
        }
        IllegalMove::ScoringPhase => words::being_scored(g.id),
        IllegalMove::GameOver => words::over_with(g.id, g.game.result()),
        other => other.to_string(),
    };
    reject_in(g.id, code, reason)
}

/// Returns the `games` listing of `player` at `now`.
pub(super) fn games_text(
    conn: &Connection,
    player: &Player,
    now: DateTime<Utc>,
) -> Result<String, PipelineError> {
    let list = listing::games(
        conn,
        &GameFilter {
            status: None,
            player_id: Some(player.id),
        },
    )?;
    let challenges = lifecycle::challenges_text(conn, player)?;
    if list.is_empty() {
        return Ok(challenges.unwrap_or_else(|| words::no_games().into()));
    }
    let games = words::games_list(&list, &player.name, now);
    Ok(words::games_and_challenges(&games, challenges.as_deref()))
}
