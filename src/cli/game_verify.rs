//! `pbmgo game verify [GAME]`: replays each game's move list (the
//! authoritative record) from its start board and compares the result with
//! what is stored: the board, the ko position list, the position hashes,
//! the captures (in total and move by move), the side to move, the move
//! number and the rest of `GameState::differences`.
//!
//! Endings and returns to play are the game's events (`store::events`),
//! applied after the move they follow.
//!
//! Prints one line per game that differs, naming the parts
//! (`game3: board differs, captures differ`), and exits 1 if any does.

use clap::Args;
use rusqlite::Connection;
use serde::Serialize;

use super::context::GlobalArgs;
use crate::go::{Game, Phase};
use crate::store::events::{self, EventRow};
use crate::store::{GameId, StoreError, games, listing};

/// Replay move lists and compare them with the stored games
#[derive(Debug, Args)]
pub(crate) struct VerifyArgs {
    /// The game to check: game42, Game42 or 42 [default: every game]
    game: Option<GameId>,
    /// Print one JSON object: {"checked": N, "differ": N, "games":
    /// [{"game": ID, "ok": bool, "differences": [TEXT]}]}
    #[arg(long)]
    json: bool,
}

/// One game's result, as `--json` prints it.
#[derive(Serialize)]
struct Verified {
    game: String,
    ok: bool,
    differences: Vec<String>,
}

/// Runs `game verify`; returns 0 when everything agrees, 1 otherwise.
pub(crate) fn verify(args: VerifyArgs, global: &GlobalArgs) -> anyhow::Result<u8> {
    let ctx = global.context()?;
    let mut store = ctx.read_store()?;
    let games = store.read(|tx| {
        let ids = match args.game {
            Some(id) => vec![id],
            None => listing::game_ids(tx)?,
        };
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            let differences = differences(tx, id)?;
            games.push(Verified {
                game: id.to_string(),
                ok: differences.is_empty(),
                differences,
            });
        }
        anyhow::Ok(games)
    })?;
    let checked = games.len();
    let bad = games.iter().filter(|g| !g.ok).count();
    if args.json {
        let v = serde_json::json!({"checked": checked, "differ": bad, "games": games});
        outln!("{v}")?;
    } else {
        print(&games, args.game.is_some())?;
    }
    if bad > 0 {
        eprintln!("pbmgo: {bad} of {checked} games differ from their move lists");
    }
    Ok(u8::from(bad > 0))
}

/// Prints a line per game that differs (and for one game asked for, that
/// it is ok), then, for every game, the count.
fn print(games: &[Verified], one: bool) -> anyhow::Result<()> {
    for g in games {
        if !g.ok {
            outln!("{}: {}", g.game, g.differences.join(", "))?;
        } else if one {
            outln!("{}: ok, the stored game matches its move list", g.game)?;
        }
    }
    if !one {
        let checked = games.len();
        let bad = games.iter().filter(|g| !g.ok).count();
        outln!(
            "Verified {checked} game{}: {} ok, {bad} differ{}.",
            if checked == 1 { "" } else { "s" },
            checked - bad,
            if bad == 1 { "s" } else { "" }
        )?;
    }
    Ok(())
}

/// Returns what differs in game `id`, as phrases (`board differs`); a game
/// whose rows cannot be read at all is one difference naming the part.
fn differences(conn: &Connection, id: GameId) -> Result<Vec<String>, StoreError> {
    let stored = match games::load(conn, id) {
        Ok(s) => s,
        Err(StoreError::Corrupt { what, reason, .. }) => {
            return Ok(vec![format!("{what} cannot be read ({reason})")]);
        }
        Err(e) => return Err(e),
    };
    let s = stored.game.state();
    let events = events::list(conn, id)?;
    let rebuilt = match rebuild(&stored.game, &events) {
        Ok(r) => r,
        Err(why) => return Ok(vec![why]),
    };
    let mut out: Vec<String> = s
        .differences(&rebuilt.0.state())
        .into_iter()
        .map(|part| format!("{part} differs"))
        .collect();
    let rows = listing::moves(conn, id)?;
    let wrong: Vec<String> = rows
        .iter()
        .zip(&rebuilt.1)
        .filter(|(row, c)| row.captures != **c)
        .map(|(row, _)| row.number.to_string())
        .collect();
    if !wrong.is_empty() {
        out.push(format!("captures of move {} differ", wrong.join(", ")));
    }
    Ok(out)
}

/// Replays the game's move list from its start, as `Game::rebuild` does,
/// applying its events (a resignation, a result, a return to play) where
/// they happened; returns the game and each move's captures, or which move
/// or event fails and why.
fn rebuild(game: &Game, events: &[EventRow]) -> Result<(Game, Vec<u32>), String> {
    let s = game.state();
    let mut g = Game::rebuild(s.rules, s.handicap, &s.start, s.start_to_move, &[])
        .map_err(|e| e.to_string())?;
    let mut captures = Vec::with_capacity(s.moves.len());
    let apply = |g: &mut Game, after: usize| -> Result<(), String> {
        for e in events.iter().filter(|e| e.after_move as usize == after) {
            g.apply_event(e.event).map_err(|why| {
                format!(
                    "event {} after move {after} cannot be applied: {why}",
                    e.event
                )
            })?;
        }
        Ok(())
    };
    for (i, &(color, mv)) in s.moves.iter().enumerate() {
        apply(&mut g, i)?;
        if g.phase() == Phase::Scoring {
            let _ = g.resume();
        }
        let played = g
            .play_as(color, mv)
            .map_err(|e| format!("move {} ({color} {mv}) cannot be replayed: {e}", i + 1))?;
        captures.push(played.captures);
    }
    apply(&mut g, s.moves.len())?;
    Ok((g, captures))
}
