//! The scoring phase of a game: the stones marked dead, who has accepted
//! the marking, who made the second pass, and the deadline after which the
//! marking stands as accepted.
//!
//! Owns the `scoring` rows. The row is made when two passes open the
//! phase, rewritten on each change, and kept after the game ends (the
//! final count is read from it). Dead stones are stored as every point of
//! each dead string, as text like `C3 D4`.

use chrono::{DateTime, Utc};
use rusqlite::{Connection, OptionalExtension, params};

use super::StoreError;
use super::codec::{Sql, Stored};
use super::games::GameId;
use crate::go::{BoardSize, Color, Point};

/// A game's scoring phase as stored.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Marking {
    /// The game.
    pub(crate) game: GameId,
    /// Every stone marked dead, sorted.
    pub(crate) dead: Vec<Point>,
    /// Black has accepted the marking.
    pub(crate) black_done: bool,
    /// White has accepted the marking.
    pub(crate) white_done: bool,
    /// When the marking stands as accepted, once one player has accepted.
    pub(crate) deadline: Option<DateTime<Utc>>,
    /// Who made the second pass.
    pub(crate) second_pass: Option<Color>,
    /// When the phase began.
    pub(crate) started_at: DateTime<Utc>,
    /// The number of this marking: up by one with each change of the dead
    /// stones and each new scoring phase of the game.
    pub(crate) count: u32,
    /// The key of the message that made this count by changing the marking.
    pub(crate) changed_by: Option<String>,
}

impl Marking {
    /// Returns whether the player of `color` has accepted.
    pub(crate) fn done(&self, color: Color) -> bool {
        match color {
            Color::Black => self.black_done,
            Color::White => self.white_done,
        }
    }

    /// Returns the stones marked dead as `C3 D4`.
    pub(crate) fn dead_text(&self) -> String {
        let words: Vec<String> = self.dead.iter().map(ToString::to_string).collect();
        words.join(" ")
    }
}

/// Opens (or reopens, replacing any earlier marking) the scoring phase of
/// game `id` with the stones `dead` marked (the server's proposal).
pub(crate) fn open(
    conn: &Connection,
    id: GameId,
    second_pass: Color,
    dead: &[Point],
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let dead: Vec<String> = dead.iter().map(ToString::to_string).collect();
    conn.prepare_cached(
        "INSERT OR REPLACE INTO scoring (game_id, dead, black_done, white_done, deadline,
             second_pass, started_at, count, changed_by)
         VALUES (?1, ?4, 0, 0, NULL, ?2, ?3,
             COALESCE((SELECT count FROM scoring WHERE game_id = ?1), 0) + 1, NULL)",
    )?
    .execute(params![
        id.get(),
        Sql(second_pass),
        Sql(now),
        dead.join(" ")
    ])?;
    Ok(())
}

/// Returns game `id`'s scoring row, if it has one.
pub(crate) fn load(
    conn: &Connection,
    id: GameId,
    size: BoardSize,
) -> Result<Option<Marking>, StoreError> {
    let row = conn
        .prepare_cached(
            "SELECT dead, black_done, white_done, deadline, second_pass, started_at, count, changed_by
             FROM scoring WHERE game_id = ?1",
        )?
        .query_row([id], |r| {
            let marking = Marking {
                game: id,
                dead: Vec::new(),
                black_done: r.get(1)?,
                white_done: r.get(2)?,
                deadline: r.stored_opt(3)?,
                second_pass: r.stored_opt(4)?,
                started_at: r.stored(5)?,
                count: r.get(6)?,
                changed_by: r.get(7)?,
            };
            Ok((r.get::<_, String>(0)?, marking))
        })
        .optional()
        .map_err(|e| StoreError::from(e).in_row(id, "scoring"))?;
    let Some((dead, marking)) = row else {
        return Ok(None);
    };
    let dead = dead
        .split_whitespace()
        .map(|p| Point::parse(p, size))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| StoreError::Corrupt {
            id: id.to_string(),
            what: "scoring",
            reason: e.to_string(),
        })?;
    Ok(Some(Marking { dead, ..marking }))
}

/// Writes the marking's dead stones, acceptances and deadline.
pub(crate) fn save(conn: &Connection, m: &Marking) -> Result<(), StoreError> {
    conn.prepare_cached(
        "UPDATE scoring SET dead = ?2, black_done = ?3, white_done = ?4, deadline = ?5,
             count = ?6, changed_by = ?7
         WHERE game_id = ?1",
    )?
    .execute(params![
        m.game.get(),
        m.dead_text(),
        m.black_done,
        m.white_done,
        m.deadline.map(Sql),
        m.count,
        m.changed_by,
    ])?;
    Ok(())
}

/// Returns the number of the count of game `id` while it is being scored.
pub(crate) fn current_count(conn: &Connection, id: GameId) -> Result<Option<u32>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT s.count FROM scoring s JOIN games g ON g.id = s.game_id
             WHERE s.game_id = ?1 AND g.status = 'scoring'",
        )?
        .query_row([id], |r| r.get(0))
        .optional()?)
}

/// Records that the mail `message_id` showed count `count` of game `id`.
pub(crate) fn note_mail(
    conn: &Connection,
    message_id: &str,
    id: GameId,
    count: u32,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO count_mails (message_id, game_id, count) VALUES (?1, ?2, ?3)",
    )?
    .execute(params![bare(message_id), id, count])?;
    Ok(())
}

/// Returns the count of game `id` the mail `message_id` showed, if it
/// showed one.
pub(crate) fn count_of_mail(
    conn: &Connection,
    message_id: &str,
    id: GameId,
) -> Result<Option<u32>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT count FROM count_mails WHERE message_id = ?1 AND game_id = ?2")?
        .query_row(params![bare(message_id), id.get()], |r| r.get(0))
        .optional()?)
}

/// A Message-ID without blanks and angle brackets.
fn bare(message_id: &str) -> &str {
    message_id
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
}

/// Returns the games still being scored whose deadline is before `until`.
pub(crate) fn deadlines_before(
    conn: &Connection,
    until: DateTime<Utc>,
) -> Result<Vec<(GameId, DateTime<Utc>)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.game_id, s.deadline FROM scoring s JOIN games g ON g.id = s.game_id
         WHERE g.status = 'scoring' AND s.deadline IS NOT NULL AND s.deadline <= ?1
         ORDER BY s.deadline, s.game_id",
    )?;
    let rows = stmt.query_map([Sql(until)], |r| Ok((r.get(0)?, r.stored(1)?)))?;
    let out = rows.collect::<Result<_, _>>();
    out.map_err(|e| StoreError::from(e).in_row("scoring", "scoring deadline"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::{Game, Rules};
    use crate::store::{Store, games, players};

    #[test]
    fn a_marking_is_saved_read_and_found_by_deadline() {
        let mut store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        let size = BoardSize::new(9).unwrap();
        store
            .write(|tx| {
                let a = players::add(tx, "alice", &["a@x.org".into()], now)?.as_ref();
                let b = players::add(tx, "bob", &["b@x.org".into()], now)?.as_ref();
                let mut game = Game::new(size, Rules::default());
                game.play(crate::go::Move::Pass).unwrap();
                game.play(crate::go::Move::Pass).unwrap();
                let id = games::insert(tx, &a, &b, &game, &[], now).err();
                assert!(id.is_some(), "a move list is needed");
                let id = games::insert(tx, &a, &b, &Game::new(size, Rules::default()), &[], now)?;
                assert_eq!(load(tx, id, size)?, None);
                open(tx, id, Color::White, &[], now)?;
                let mut m = load(tx, id, size)?.unwrap();
                assert_eq!((m.second_pass, m.dead.len()), (Some(Color::White), 0));
                m.dead = vec!["C3".parse().unwrap(), "D4".parse().unwrap()];
                m.black_done = true;
                m.deadline = Some(now);
                save(tx, &m)?;
                let back = load(tx, id, size)?.unwrap();
                assert_eq!(back.dead_text(), "C3 D4");
                assert!(back.done(Color::Black) && !back.done(Color::White));
                tx.execute(
                    "UPDATE games SET status = 'scoring' WHERE id = ?1",
                    [id.get()],
                )?;
                assert_eq!(deadlines_before(tx, now)?.len(), 1);
                open(tx, id, Color::Black, &["E5".parse().unwrap()], now)?;
                let again = load(tx, id, size)?.unwrap();
                assert_eq!((again.dead_text(), again.count), ("E5".into(), 2));
                assert!(!again.done(Color::Black) && again.changed_by.is_none());
                assert!(deadlines_before(tx, now - chrono::Duration::seconds(5))?.is_empty());
                Ok::<_, StoreError>(())
            })
            .unwrap();
    }
}
