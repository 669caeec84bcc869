//! The store's library API on an in-memory database: a game saved move by
//! move loads back as exactly the engine's state (board, ko position list,
//! simple-ko point, hashes, captures) under every ko rule; a game stored in
//! one go (as an import does) loads back the same; a resignation is kept;
//! game ids read in every form; a failed write leaves nothing.

use crate::common::made_games;

use chrono::{DateTime, TimeZone, Utc};
use pbmgo::go::{BoardSize, Color, Game, KoRule, Move, Phase, Rules};
use pbmgo::store::{
    GameFilter, GameId, MoveEntry, PlayerRef, Store, StoreError, games, listing, players,
};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
}

fn store_with_players() -> (Store, PlayerRef, PlayerRef) {
    let mut store = Store::open_in_memory().unwrap();
    let (a, b) = store
        .write(|tx| {
            let a = players::add(tx, "alice", &["a@x.org".into()], now())?;
            let b = players::add(tx, "bob", &["b@x.org".into()], now())?;
            Ok::<_, StoreError>((a.as_ref(), b.as_ref()))
        })
        .unwrap();
    (store, a, b)
}

/// A long game with ko fights, made by our engine: (size, moves).
fn ko_game() -> (BoardSize, Vec<(Color, Move)>) {
    let game = made_games::long_game();
    (game.size, game.moves)
}

fn entry(color: Color, mv: Move, captures: u32) -> MoveEntry {
    MoveEntry {
        color,
        mv,
        captures,
        source: "test".into(),
        played_at: now(),
    }
}

#[test]
fn a_game_saved_move_by_move_loads_back_as_the_engine_state() {
    let (size, moves) = ko_game();
    for ko in KoRule::ALL {
        let (mut store, a, b) = store_with_players();
        let rules = Rules {
            ko,
            ..Rules::default()
        };
        let mut engine = Game::new(size, rules);
        let id = store
            .write(|tx| games::insert(tx, &a, &b, &engine, &[], now()))
            .unwrap();
        let mut ko_seen = 0;
        for &(color, mv) in &moves {
            let played = engine.play_as(color, mv).unwrap();
            store
                .write(|tx| {
                    let mut stored = games::load(tx, id)?;
                    let p = stored.game.play_as(color, mv).unwrap();
                    assert_eq!(p, played);
                    games::record_move(tx, &stored, &entry(color, mv, p.captures))
                })
                .unwrap();
            let loaded = games::load(store.conn(), id).unwrap();
            assert_eq!(loaded.game.state(), engine.state(), "{ko} after {mv}");
            ko_seen += usize::from(!engine.ko_list().is_empty());
        }
        assert_eq!(ko_seen > 0, ko == KoRule::List, "{ko}");
        let rows = listing::moves(store.conn(), id).unwrap();
        assert_eq!(rows.len(), moves.len());
        assert_eq!(rows.iter().map(|r| r.captures).sum::<u32>(), {
            engine.prisoners(Color::Black) + engine.prisoners(Color::White)
        });
    }
}

#[test]
fn a_game_stored_in_one_go_loads_back_the_same() {
    let (size, moves) = ko_game();
    let (mut store, a, b) = store_with_players();
    let mut engine = Game::new(size, Rules::default());
    let mut log = Vec::new();
    for &(c, m) in &moves {
        let p = engine.play_as(c, m).unwrap();
        log.push(entry(c, m, p.captures));
    }
    let id = store
        .write(|tx| games::insert(tx, &b, &a, &engine, &log, now()))
        .unwrap();
    let loaded = games::load(store.conn(), id).unwrap();
    assert_eq!(loaded.game.state(), engine.state());
    assert_eq!(
        (loaded.black.name.as_str(), loaded.white.name.as_str()),
        ("bob", "alice")
    );
    assert_eq!(loaded.color_of(a.id), Some(Color::White));
    let short = &log[..3];
    let refused = store.write(|tx| games::insert(tx, &a, &b, &engine, short, now()));
    assert!(matches!(refused, Err(StoreError::Invalid { .. })));
    let same = store.write(|tx| games::insert(tx, &a, &a, &engine, &log, now()));
    assert!(matches!(same, Err(StoreError::Invalid { .. })));
    assert_eq!(listing::game_ids(store.conn()).unwrap(), [id]);
}

#[test]
fn a_resignation_is_kept_and_listed() {
    let (mut store, a, b) = store_with_players();
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::default());
    let id = store
        .write(|tx| games::insert(tx, &a, &b, &game, &[], now()))
        .unwrap();
    game.resign(Color::White).unwrap();
    store
        .write(|tx| games::update_state(tx, id, &game, now()))
        .unwrap();
    let loaded = games::load(store.conn(), id).unwrap();
    assert_eq!(loaded.game.phase(), Phase::Finished);
    assert_eq!(
        loaded.game.result().map(|r| r.to_string()),
        Some("B+R".into())
    );
    let finished = GameFilter {
        status: Some(Phase::Finished),
        player_id: Some(b.id),
    };
    let list = listing::games(store.conn(), &finished).unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0].result.as_deref(), Some("B+R"));
    let active = GameFilter {
        status: Some(Phase::Play),
        ..GameFilter::default()
    };
    assert!(listing::games(store.conn(), &active).unwrap().is_empty());
    let missing = GameId::new(99).unwrap();
    assert!(matches!(
        store.write(|tx| games::update_state(tx, missing, &game, now())),
        Err(StoreError::NotFound { .. })
    ));
}

#[test]
fn game_ids_read_in_every_form() {
    for text in ["game42", "Game42", "GAME42", "42", " 42 "] {
        assert_eq!(text.parse::<GameId>().unwrap(), GameId::new(42).unwrap());
    }
    assert_eq!(GameId::new(42).unwrap().to_string(), "game42");
    for bad in [
        "",
        "game",
        "game0",
        "0",
        "-1",
        "g42",
        "game4x",
        "game 42",
        "99999999999999999999",
    ] {
        assert!(bad.parse::<GameId>().is_err(), "{bad}");
    }
}

#[test]
fn a_failed_move_write_leaves_the_game_as_it_was() {
    let (mut store, a, b) = store_with_players();
    let size = BoardSize::new(9).unwrap();
    let game = Game::new(size, Rules::default());
    let id = store
        .write(|tx| games::insert(tx, &a, &b, &game, &[], now()))
        .unwrap();
    let c3 = Move::parse("C3", size).unwrap();
    let r: Result<(), StoreError> = store.write(|tx| {
        let mut stored = games::load(tx, id)?;
        stored.game.play(c3).unwrap();
        games::record_move(tx, &stored, &entry(Color::Black, c3, 0))?;
        Err(StoreError::NotFound {
            what: "reason to fail",
            id: "test".into(),
        })
    });
    assert!(r.is_err());
    let loaded = games::load(store.conn(), id).unwrap();
    assert_eq!(loaded.game.state(), game.state());
    assert!(listing::moves(store.conn(), id).unwrap().is_empty());
    let wrong = store.write(|tx| {
        let mut stored = games::load(tx, id)?;
        stored.game.play(c3).unwrap();
        let d4 = Move::parse("D4", size).unwrap();
        games::record_move(tx, &stored, &entry(Color::Black, d4, 0))
    });
    assert!(matches!(wrong, Err(StoreError::Invalid { .. })));
}
