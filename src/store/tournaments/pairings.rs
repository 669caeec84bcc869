//! A tournament's rounds as played: each round's games (with the game's
//! result as `games` holds it) and byes. A ladder's games are round 0.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::super::StoreError;
use super::super::games::GameId;
use super::super::ids::{PlayerId, TournamentId};
use super::super::players::PlayerRef;

/// One board of a round: a game or a bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Board {
    /// A game.
    Game {
        /// The game.
        game: GameId,
        /// Black.
        black: PlayerRef,
        /// White.
        white: PlayerRef,
        /// Its result as stored (`B+R`, `W+3.5`, `Void`), once it ended.
        result: Option<String>,
        /// Colours by rank (a handicap game), not by the pairing.
        handicap: bool,
    },
    /// A round without a game, and what it scores in quarter points.
    Bye {
        /// Who.
        player: PlayerRef,
        /// The points, in quarters.
        quarters: i32,
    },
}

/// One row: its round, its board number (from 1), and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pairing {
    /// The round (0: a ladder's games).
    pub(crate) round: u32,
    /// The board, from 1.
    pub(crate) board: u32,
    /// The game or bye.
    pub(crate) what: Board,
}

/// Records game `game` on `board` of `round` of `t`; `handicap` when its
/// colours went by rank.
pub(crate) fn add_game(
    conn: &Connection,
    t: TournamentId,
    (round, board): (u32, u32),
    game: GameId,
    (black, white, handicap): (PlayerId, PlayerId, bool),
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO tournament_pairings \
           (tournament_id, round, board, game_id, black_id, white_id, handicap) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![t, round, board, game, black, white, handicap],
    )?;
    Ok(())
}

/// Records a bye for `player` worth `quarters` on `board` of `round`.
pub(crate) fn add_bye(
    conn: &Connection,
    t: TournamentId,
    (round, board): (u32, u32),
    player: PlayerId,
    quarters: i32,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO tournament_pairings (tournament_id, round, board, bye_id, bye_quarters) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![t, round, board, player, quarters],
    )?;
    Ok(())
}

/// The next free board of `round` of `t`.
pub(crate) fn next_board(
    conn: &Connection,
    t: TournamentId,
    round: u32,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT coalesce(max(board), 0) + 1 FROM tournament_pairings \
             WHERE tournament_id = ?1 AND round = ?2",
        )?
        .query_row(params![t, round], |r| r.get(0))?)
}

/// Every pairing of `t`, by round and board.
pub(crate) fn of(conn: &Connection, t: TournamentId) -> Result<Vec<Pairing>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT tp.round, tp.board, tp.game_id, tp.black_id, b.name, tp.white_id, w.name, \
                CASE WHEN g.status = 'finished' THEN coalesce(g.result, 'Void') END, \
                tp.bye_id, y.name, tp.bye_quarters, tp.handicap \
         FROM tournament_pairings tp \
         LEFT JOIN games g ON g.id = tp.game_id \
         LEFT JOIN players b ON b.id = tp.black_id \
         LEFT JOIN players w ON w.id = tp.white_id \
         LEFT JOIN players y ON y.id = tp.bye_id \
         WHERE tp.tournament_id = ?1 ORDER BY tp.round, tp.board",
    )?;
    let rows = stmt.query_map([t], read)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The tournament and round of game `game`, if it is a tournament game.
pub(crate) fn of_game(
    conn: &Connection,
    game: GameId,
) -> Result<Option<(TournamentId, u32)>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT tournament_id, round FROM tournament_pairings WHERE game_id = ?1")?
        .query_row([game], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// How many games of `t` have not ended: of `round`, or of any round.
pub(crate) fn unfinished(
    conn: &Connection,
    t: TournamentId,
    round: Option<u32>,
) -> Result<u32, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT count(*) FROM tournament_pairings tp JOIN games g ON g.id = tp.game_id \
             WHERE tp.tournament_id = ?1 AND (?2 IS NULL OR tp.round = ?2) \
               AND g.status <> 'finished'",
        )?
        .query_row(params![t, round], |r| r.get(0))?)
}

/// The games of `t` that `player` plays and that have not ended.
pub(crate) fn running_of(
    conn: &Connection,
    t: TournamentId,
    player: PlayerId,
) -> Result<Vec<GameId>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT tp.game_id FROM tournament_pairings tp JOIN games g ON g.id = tp.game_id \
         WHERE tp.tournament_id = ?1 AND ?2 IN (tp.black_id, tp.white_id) \
           AND g.status <> 'finished' ORDER BY tp.round, tp.board",
    )?;
    let rows = stmt.query_map(params![t, player], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn read(r: &Row<'_>) -> rusqlite::Result<Pairing> {
    let game: Option<GameId> = r.get(2)?;
    let what = match game {
        Some(game) => Board::Game {
            game,
            black: PlayerRef {
                id: r.get(3)?,
                name: r.get(4)?,
            },
            white: PlayerRef {
                id: r.get(5)?,
                name: r.get(6)?,
            },
            result: r.get(7)?,
            handicap: r.get(11)?,
        },
        None => Board::Bye {
            player: PlayerRef {
                id: r.get(8)?,
                name: r.get(9)?,
            },
            quarters: r.get(10)?,
        },
    };
    Ok(Pairing {
        round: r.get(0)?,
        board: r.get(1)?,
        what,
    })
}

/// Marks challenge `challenge` as one of ladder `t`'s.
pub(crate) fn set_ladder_challenge(
    conn: &Connection,
    challenge: GameId,
    t: TournamentId,
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE challenges SET tournament_id = ?2 WHERE id = ?1",
        params![challenge, t],
    )?;
    Ok(())
}

/// The ladder of challenge `challenge`, if it is a ladder challenge.
pub(crate) fn ladder_of_challenge(
    conn: &Connection,
    challenge: GameId,
) -> Result<Option<TournamentId>, StoreError> {
    Ok(conn
        .prepare_cached("SELECT tournament_id FROM challenges WHERE id = ?1")?
        .query_row([challenge], |r| r.get(0))
        .optional()?
        .flatten())
}

/// `player`'s ladder challenge in `t` still open, or whose game goes on.
pub(crate) fn open_ladder_challenge(
    conn: &Connection,
    t: TournamentId,
    player: PlayerId,
) -> Result<Option<GameId>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT c.id FROM challenges c LEFT JOIN games g ON g.id = c.id \
             WHERE c.tournament_id = ?1 AND c.challenger_id = ?2 \
               AND (c.status = 'open' OR (c.status = 'accepted' AND g.status <> 'finished')) \
             ORDER BY c.id LIMIT 1",
        )?
        .query_row(params![t, player], |r| r.get(0))
        .optional()?)
}
