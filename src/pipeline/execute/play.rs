//! The play commands: a move or a pass in a game (with the `#N` move-number
//! check, the scoring-phase refusal and the clock restarted), the plain-words
//! reason for every illegal move, and the `games` listing.

use rusqlite::Connection;

use super::{Effect, Known, Notice, Outcome1, Rejection, lifecycle, load_own, reject_in};
use crate::go::{IllegalMove, Move, Phase};
use crate::mail::command::GameRef;
use crate::pipeline::{Env, PipelineError};
use crate::store::games::{self, MoveEntry};
use crate::store::listing::{self, GameFilter};
use crate::store::players::Player;
use crate::store::{StoredGame, clock};

#[allow(clippy::too_many_arguments)]
pub(super) fn play(
    conn: &Connection,
    env: &Env<'_>,
    player: &Player,
    game: GameRef,
    mv: Move,
    expected: Option<u32>,
    source: &str,
) -> Outcome1 {
    let (mut g, color) = match load_own(conn, player, game)? {
        Ok(x) => x,
        Err(r) => return Ok(Err(r)),
    };
    let next = g.game.move_number() + 1;
    if let Some(n) = expected.filter(|&n| n != next) {
        let why = format!(
            "you wrote #{n}, but the next move in {} is move {next}: look at the latest board",
            g.id
        );
        return Ok(Err(reject_in(g.id, "stale-move-number", why)));
    }
    if let Some(r) = lifecycle::refuse_play(conn, &g)? {
        return Ok(Err(r));
    }
    let played = match g.game.play_checked(color, mv) {
        Ok(p) => p,
        Err(e) => return Ok(Err(illegal(&g, e))),
    };
    let entry = MoveEntry {
        color,
        mv,
        captures: played.captures,
        source: source.to_string(),
        played_at: env.now,
    };
    games::record_move(conn, &g, &entry)?;
    games::undo::clear(conn, g.id)?;
    match g.game.phase() {
        Phase::Play => clock::start_turn(conn, g.id, env.now)?,
        Phase::Scoring => {
            clock::stop(conn, g.id)?;
            lifecycle::scoring::open(conn, &g, color, env.now)?;
        }
        Phase::Finished => {
            clock::finish(conn, g.id, env.now)?;
            return lifecycle::ending::ended_by_move(conn, env, &g, mv, next);
        }
    }
    let game = g.id;
    let after = StoredGame {
        updated_at: env.now,
        ..g
    };
    Ok(Ok(Effect::Changed(Notice {
        game,
        color,
        what: mv.to_string(),
        number: next,
        after: Known(Some(std::sync::Arc::new(after))),
    })))
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
            format!(
                "it is not your turn in {}: {} ({}) is to move",
                g.id,
                to_move,
                g.player(to_move).name
            )
        }
        IllegalMove::ScoringPhase => format!(
            "both players have passed in {}: the game is being scored",
            g.id
        ),
        IllegalMove::GameOver => match g.game.result() {
            Some(r) => format!("{} is over ({r})", g.id),
            None => format!("{} is over", g.id),
        },
        other => other.to_string(),
    };
    reject_in(g.id, code, reason)
}

/// Returns the `games` listing of `player`.
pub(super) fn games_text(conn: &Connection, player: &Player) -> Result<String, PipelineError> {
    let list = listing::games(
        conn,
        &GameFilter {
            status: None,
            player_id: Some(player.id),
        },
    )?;
    let challenges = lifecycle::challenges_text(conn, player)?;
    if list.is_empty() {
        return Ok(challenges.unwrap_or_else(|| "You have no games.".into()));
    }
    let mut out = String::from("Your games:\n");
    for g in list {
        let (color, opponent) = if g.black == player.name {
            ("black", &g.white)
        } else {
            ("white", &g.black)
        };
        let state = match (g.status, &g.result) {
            (_, Some(r)) => format!("finished, {r}"),
            (Phase::Scoring, _) => "being scored".into(),
            _ if g.to_move.name() == color => format!("your turn, move {}", g.move_number + 1),
            _ => format!("{opponent}'s turn, move {}", g.move_number + 1),
        };
        out += &format!(
            "  {:<8} {}x{} against {opponent}, you play {color}: {state}\n",
            g.id.to_string(),
            g.size,
            g.size
        );
    }
    Ok(match challenges {
        Some(c) => format!("{out}\n{c}"),
        None => out.trim_end().to_string(),
    })
}
