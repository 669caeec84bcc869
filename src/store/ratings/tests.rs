//! The ratings replayed equal the ratings applied game by game: a random
//! league of 30 players and 500 games (declared and default ranks, even
//! and handicap games, escapes, unrated games, draws, voids, ranks set by
//! the admin along the way), and a home migrated to ratings.

use chrono::{DateTime, Duration, TimeZone, Utc};
use rusqlite::{Connection, params};

use super::*;
use crate::go::{BoardSize, Game, Rules};
use crate::store::players::{self, PlayerRef};
use crate::store::{Store, games};

/// A deterministic generator (splitmix64), so the league is the same every run.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0).unwrap()
}

/// Adds a game between `black` and `white` and ends it with `result`
/// after `moves` moves at `at`, as the pipeline's end of a game does.
fn finished_game(
    conn: &Connection,
    (black, white): (&PlayerRef, &PlayerRef),
    (stones, result, moves): (u32, &str, u32),
    rated: bool,
    at: DateTime<Utc>,
) -> GameId {
    let game = Game::new(BoardSize::new(19).unwrap(), Rules::default());
    let id = games::insert(conn, black, white, &game, &[], at).unwrap();
    let komi = if stones > 0 { 0.5 } else { 6.5 };
    conn.execute(
        "UPDATE games SET status = 'finished', result = ?2, move_number = ?3,
             handicap = ?4, komi = ?5, finished_at = ?6 WHERE id = ?1",
        params![
            id,
            result,
            moves,
            stones,
            komi,
            crate::store::codec::time_text(at)
        ],
    )
    .unwrap();
    set_rated(conn, id, rated).unwrap();
    game_finished(conn, id, at).unwrap();
    id
}

/// Every player's strength (name, rating, rated games, ranked) and every
/// game's change (game, player, before, after), as stored.
type Stored = (Vec<(String, f64, u32, bool)>, Vec<(i64, i64, f64, f64)>);

/// Every player's strength and every game's change, as stored.
fn stored(conn: &Connection) -> Stored {
    let players = conn
        .prepare("SELECT name, rating, rated_games, ranked FROM players ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let changes = conn
        .prepare("SELECT game_id, player_id, before, after FROM rating_changes ORDER BY 1, 2")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    (players, changes)
}

const RESULTS: &[&str] = &["B+R", "W+R", "B+T", "W+T", "B+3.5", "W+0.5", "Draw", "Void"];

/// Plays one random league into `conn`; returns how many games moved ratings.
fn league(conn: &Connection, dice: &mut Dice) -> u32 {
    let mut all = Vec::new();
    for i in 0..30 {
        let p = players::add(conn, &format!("p{i:02}"), &[format!("p{i}@x.org")], t0()).unwrap();
        let declared = dice.below(3) > 0;
        let rank = Rank::kyu(1 + dice.below(25) as u32).unwrap();
        start(conn, p.id, rank, declared).unwrap();
        all.push(p.as_ref());
    }
    let mut rated = 0;
    for g in 0..500 {
        let at = t0() + Duration::hours(g);
        let b = dice.below(30) as usize;
        let w = (b + 1 + dice.below(29) as usize) % 30;
        let stones = [0, 0, 0, 2, 4, 9][dice.below(6) as usize];
        let result = RESULTS[dice.below(RESULTS.len() as u64) as usize];
        let moves = [3, 9, 10, 150][dice.below(4) as usize];
        let on = dice.below(10) > 0;
        let id = finished_game(conn, (&all[b], &all[w]), (stones, result, moves), on, at);
        rated += u32::from(!changes(conn, id).unwrap().is_empty());
        if g % 97 == 50 {
            let rank = Rank::kyu(1 + dice.below(20) as u32).unwrap();
            set_rank(conn, all[b].id, rank, SetBy::Admin, "club decision", at).unwrap();
        }
    }
    rated
}

#[test]
fn recompute_gives_what_the_games_gave_one_by_one() {
    let mut store = Store::open_in_memory().unwrap();
    let mut dice = Dice(29);
    store
        .write(|tx| {
            let rated = league(tx, &mut dice);
            assert!(rated > 250, "only {rated} of 500 games rated");
            let before = stored(tx);
            let dry = replay(tx, false).unwrap();
            assert_eq!(dry.changed(), 0, "{:?}", dry.lines);
            assert_eq!(dry.rated_games, rated);
            assert_eq!(stored(tx), before, "a dry run writes nothing");
            replay(tx, true).unwrap();
            assert_eq!(stored(tx), before, "bit for bit");
            Ok::<_, StoreError>(())
        })
        .unwrap();
}

#[test]
fn what_is_not_rated_moves_nothing() {
    let mut store = Store::open_in_memory().unwrap();
    store
        .write(|tx| {
            let a = players::add(tx, "alice", &["a@x.org".into()], t0())?.as_ref();
            let b = players::add(tx, "bob", &["b@x.org".into()], t0())?.as_ref();
            start(tx, a.id, Rank::kyu(5).unwrap(), true)?;
            let pair = (&a, &b);
            for (result, moves, on, why) in [
                ("W+R", 9, true, Unrated::Escaped),
                ("B+T", 0, true, Unrated::Escaped),
                ("B+R", 50, false, Unrated::Off),
                ("Void", 50, true, Unrated::Void),
            ] {
                let id = finished_game(tx, pair, (0, result, moves), on, t0());
                assert_eq!(verdict(tx, id)?, Err(why), "{result} {moves}");
                assert!(changes(tx, id)?.is_empty());
            }
            assert_eq!(strength(tx, a.id)?.rated_games, 0);
            assert_eq!(strength(tx, a.id)?.shown(), "5k (1600)");
            assert_eq!(strength(tx, b.id)?.shown(), "?");
            let id = finished_game(tx, pair, (0, "W+R", 10), true, t0());
            let moved = changes(tx, id)?;
            assert_eq!(moved.len(), 2);
            assert!(moved[0].after < moved[0].before && moved[1].after > moved[1].before);
            assert_eq!(strength(tx, b.id)?.rank(), Some(Rank::of(moved[1].after)));
            Ok::<_, StoreError>(())
        })
        .unwrap();
}

#[test]
fn the_migration_replays_the_finished_games_of_an_old_home() {
    let mut conn = crate::store::migrate::at_version(23);
    let a = players::add(&conn, "alice", &["a@x.org".into()], t0()).unwrap();
    let b = players::add(&conn, "bob", &["b@x.org".into()], t0()).unwrap();
    let game = Game::new(BoardSize::new(9).unwrap(), Rules::default());
    for (n, result) in ["B+R", "B+4.5", "W+T"].iter().enumerate() {
        let id = games::insert(&conn, &a.as_ref(), &b.as_ref(), &game, &[], t0()).unwrap();
        let at = crate::store::codec::time_text(t0() + Duration::days(n as i64));
        conn.execute(
            "UPDATE games SET status = 'finished', result = ?2, move_number = 40,
                 finished_at = ?3 WHERE id = ?1",
            params![id, result, at],
        )
        .unwrap();
    }
    crate::store::migrate::migrate_to(&mut conn, 24);
    assert_eq!(strength(&conn, a.id).unwrap().rated_games, 3);
    let stored = stored(&conn);
    assert_eq!(stored.1.len(), 6, "two changes for each of the three games");
    assert_eq!(replay(&conn, false).unwrap().changed(), 0);
    let alice = strength(&conn, a.id).unwrap();
    assert!(alice.rating > 100.0, "won two of three: {alice:?}");
}
