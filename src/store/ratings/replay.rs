//! Replaying every rating event in order from the players' starting
//! ratings: what `pbmgo ratings recompute` shows (`--dry-run`) or writes,
//! and what the migration that brought ratings did once.

use std::collections::HashMap;

use rusqlite::{Connection, params};

use super::facts::{self, Facts};
use super::strength::Strength;
use crate::store::StoreError;
use crate::store::games::GameId;
use crate::store::ids::PlayerId;

/// One player's strength as stored and as replayed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RecomputedLine {
    /// The player's name.
    pub(crate) name: String,
    /// As stored before the replay.
    pub(crate) before: Strength,
    /// As the replay gives it.
    pub(crate) after: Strength,
}

/// What a replay found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Recomputed {
    /// Finished games replayed that moved ratings.
    pub(crate) rated_games: u32,
    /// Ranks set along the way.
    pub(crate) ranks_set: u32,
    /// Every player, by name.
    pub(crate) lines: Vec<RecomputedLine>,
}

impl Recomputed {
    /// How many players' stored strength differs from the replay's.
    pub(crate) fn changed(&self) -> usize {
        self.lines.iter().filter(|l| l.before != l.after).count()
    }
}

/// One event of `rating_events`.
enum Event {
    Game(i64, GameId),
    Rank(PlayerId, f64),
}

/// A game's effect: the game, the player, before and after.
type Moved = (GameId, PlayerId, f64, f64);

/// Replays every rating event; writes the result when `write` (the ratings,
/// the rated games and each game's changes), else only reports it.
pub(crate) fn replay(conn: &Connection, write: bool) -> Result<Recomputed, StoreError> {
    let (names, mut ledger, stored) = players(conn)?;
    let events = events(conn)?;
    let last = last_finish(&events);
    let games = facts::finished(conn)?;
    let mut moved: Vec<Moved> = Vec::new();
    let mut ranks_set = 0;
    for e in &events {
        match *e {
            Event::Rank(p, rating) => {
                ranks_set += 1;
                if let Some(s) = ledger.get_mut(&p) {
                    s.rating = rating;
                    s.ranked = true;
                }
            }
            Event::Game(seq, id) if last.get(&id) == Some(&seq) => {
                if let Some(f) = games.get(&id) {
                    moved.extend(play(&mut ledger, f));
                }
            }
            Event::Game(..) => {}
        }
    }
    if write {
        save(conn, &ledger, &moved)?;
    }
    let lines = names
        .into_iter()
        .map(|(id, name)| RecomputedLine {
            name,
            before: stored[&id],
            after: ledger[&id],
        })
        .collect();
    Ok(Recomputed {
        rated_games: u32::try_from(moved.len() / 2).unwrap_or(u32::MAX),
        ranks_set,
        lines,
    })
}

/// Plays game `f` into the ledger when it counts; returns what it moved.
fn play(ledger: &mut HashMap<PlayerId, Strength>, f: &Facts) -> Vec<Moved> {
    let (Some(b), Some(w)) = (ledger.get(&f.black).copied(), ledger.get(&f.white).copied()) else {
        return Vec::new();
    };
    let Some((nb, nw)) = f.rated(b.rating, w.rating) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(2);
    for (p, before, after) in [(f.black, b.rating, nb), (f.white, w.rating, nw)] {
        if let Some(s) = ledger.get_mut(&p) {
            s.rating = after;
            s.rated_games += 1;
        }
        out.push((f.id, p, before, after));
    }
    out
}

/// The players by name, their starting strengths, and their stored ones.
#[allow(clippy::type_complexity, reason = "three views of one read")]
fn players(
    conn: &Connection,
) -> Result<
    (
        Vec<(PlayerId, String)>,
        HashMap<PlayerId, Strength>,
        HashMap<PlayerId, Strength>,
    ),
    StoreError,
> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, name, start_rating, declared, rating, rated_games, ranked
         FROM players ORDER BY name",
    )?;
    let rows = stmt.query_map([], |r| {
        let start = Strength {
            rating: r.get(2)?,
            rated_games: 0,
            ranked: r.get(3)?,
        };
        let now = Strength {
            rating: r.get(4)?,
            rated_games: r.get(5)?,
            ranked: r.get(6)?,
        };
        Ok((r.get::<_, PlayerId>(0)?, r.get::<_, String>(1)?, start, now))
    })?;
    let (mut names, mut start, mut stored) = (Vec::new(), HashMap::new(), HashMap::new());
    for row in rows {
        let (id, name, s, n) = row?;
        names.push((id, name));
        start.insert(id, s);
        stored.insert(id, n);
    }
    Ok((names, start, stored))
}

fn events(conn: &Connection) -> Result<Vec<Event>, StoreError> {
    let rows = conn
        .prepare_cached("SELECT seq, game_id, player_id, rating FROM rating_events ORDER BY seq")?
        .query_map([], |r| {
            let game: Option<GameId> = r.get(1)?;
            Ok(match game {
                Some(g) => Event::Game(r.get(0)?, g),
                None => Event::Rank(r.get(2)?, r.get(3)?),
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// The latest finish of each game (an earlier one was undone).
fn last_finish(events: &[Event]) -> HashMap<GameId, i64> {
    let mut out = HashMap::new();
    for e in events {
        if let Event::Game(seq, id) = *e {
            out.insert(id, seq);
        }
    }
    out
}

fn save(
    conn: &Connection,
    ledger: &HashMap<PlayerId, Strength>,
    moved: &[Moved],
) -> Result<(), StoreError> {
    let mut update = conn.prepare_cached(
        "UPDATE players SET rating = ?2, rated_games = ?3, ranked = ?4 WHERE id = ?1",
    )?;
    for (id, s) in ledger {
        update.execute(params![id, s.rating, s.rated_games, s.ranked])?;
    }
    conn.prepare_cached("DELETE FROM rating_changes")?
        .execute([])?;
    let mut insert = conn.prepare_cached(
        "INSERT OR REPLACE INTO rating_changes (game_id, player_id, before, after)
         VALUES (?1, ?2, ?3, ?4)",
    )?;
    for (g, p, before, after) in moved {
        insert.execute(params![g, p, before, after])?;
    }
    Ok(())
}
