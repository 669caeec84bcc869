//! A game's events: what ended or reopened it without a move (a
//! resignation, a result, a return to play), kept beside the move list so
//! that the move list and its events together rebuild the game.
//!
//! Owns the `game_events` rows. Games from before events existed have none:
//! a resignation there is only in the `games` row, which `game verify`
//! accepts as before.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, params};

use super::StoreError;
use super::codec::{Sql, Stored};
use super::games::GameId;
use crate::go::events::GameEvent;

/// One stored event.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct EventRow {
    /// How many moves had been played when it happened.
    pub(crate) after_move: u32,
    /// What happened.
    pub(crate) event: GameEvent,
    /// A message key, `cli` or `tick`.
    pub(crate) source: String,
    /// When.
    pub(crate) at: DateTime<Utc>,
}

/// Appends `event` to game `id`'s events, after `after_move` moves.
pub(crate) fn record(
    conn: &Connection,
    id: GameId,
    after_move: u32,
    event: GameEvent,
    source: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO game_events (game_id, seq, after_move, event, source, at)
         VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM game_events WHERE game_id = ?1),
                 ?2, ?3, ?4, ?5)",
    )?
    .execute(params![id.get(), after_move, Sql(event), source, Sql(now)])?;
    Ok(())
}

/// Returns game `id`'s events, oldest first.
pub(crate) fn list(conn: &Connection, id: GameId) -> Result<Vec<EventRow>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT after_move, event, source, at FROM game_events WHERE game_id = ?1 ORDER BY seq",
    )?;
    let rows = stmt.query_map([id], |r| {
        Ok(EventRow {
            after_move: r.get(0)?,
            event: r.stored(1)?,
            source: r.get(2)?,
            at: r.stored(3)?,
        })
    })?;
    let out = rows.collect::<Result<_, _>>();
    out.map_err(|e| StoreError::from(e).in_row(id, "game events"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{BoardSize, Color, Game, GameResult, Rules};
    use crate::store::{Store, games, players};

    #[test]
    fn events_are_kept_in_order_with_their_sources() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        store
            .write(|tx| {
                let a = players::add(tx, "alice", &["a@x.org".into()], now)?.as_ref();
                let b = players::add(tx, "bob", &["b@x.org".into()], now)?.as_ref();
                let game = Game::new(BoardSize::new(9).unwrap(), Rules::default());
                let id = games::insert(tx, &a, &b, &game, &[], now)?;
                assert!(list(tx, id)?.is_empty());
                let won = GameResult::Score(Some(Color::White), 3.5);
                record(tx, id, 0, GameEvent::Finish(won), "cli", now)?;
                record(tx, id, 0, GameEvent::Resume, "cli", now)?;
                record(tx, id, 4, GameEvent::Resign(Color::Black), "<m@x>", now)?;
                let got: Vec<(u32, String, String)> = list(tx, id)?
                    .into_iter()
                    .map(|e| (e.after_move, e.event.to_string(), e.source))
                    .collect();
                assert_eq!(
                    got,
                    [
                        (0, "result W+3.5".to_string(), "cli".to_string()),
                        (0, "resume".into(), "cli".into()),
                        (4, "resign black".into(), "<m@x>".into()),
                    ]
                );
                Ok::<_, StoreError>(())
            })
            .unwrap();
    }
}
