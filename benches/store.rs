//! Loading a game costs the same whether the database holds one game or a
//! million (issue #3).
//!
//! Two databases are built through the store's own API, so every table has
//! the rows the server writes: *big*, 1,000,000 finished 9x9 games (a few
//! moves each, resigned; one in eight ends on a ko capture, so it keeps a
//! ko position row) among 100 active 19x19 games of 150 moves, spread evenly
//! through the id range; and *empty*, the same two players with one active
//! game of the same 150 moves. Both are cached in `target/bench-store/`
//! (the big one takes a few minutes to build, once).
//!
//! Measured on one active game in each database: `load` (one read
//! transaction loading the game) and `load+play+commit` (one write
//! transaction: load, judge and play move 151, save, commit with
//! `synchronous=FULL`). The move is undone after each iteration, outside
//! the measurement, so every iteration does the same work. At the end the
//! medians of both figures on both databases and their ratios are printed.
//!
//! Run: `cargo bench --bench store`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use criterion::Criterion;
use pbmgo::go::replay::{Event, Record};
use pbmgo::go::sgf::parse_sgf;
use pbmgo::go::{BoardSize, Color, Game, Move, Rules};
use pbmgo::store::{DEFAULT_BUSY_TIMEOUT, GameId, MoveEntry, PlayerRef, Store, games, players};

const FINISHED: usize = 1_000_000;
const ACTIVE: usize = 100;
/// Moves already played in each active game; move `ACTIVE_MOVES + 1` is measured.
const ACTIVE_MOVES: usize = 150;
const PLAYERS: usize = 1000;
const CHUNK: usize = 50_000;

fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap()
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-store")
}

/// The corpus game the active games are taken from.
fn corpus_moves() -> Vec<(Color, Move)> {
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/sgf-corpus/computer-go-dataset/alphago/0001.sgf");
    let sgf = parse_sgf(&std::fs::read(file).expect("the shared corpus is beside the crate"));
    let record = Record::from_sgf(&sgf.expect("the record parses"));
    let moves: Vec<_> = record
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Play(c, m) => Some((*c, *m)),
            Event::Setup { .. } => None,
        })
        .collect();
    assert!(moves.len() > ACTIVE_MOVES);
    moves
}

/// An active game and its move log; plus the move to measure.
struct Active {
    game: Game,
    log: Vec<MoveEntry>,
    next: (Color, Move),
}

fn entry(color: Color, mv: Move, captures: u32, at: DateTime<Utc>) -> MoveEntry {
    MoveEntry {
        color,
        mv,
        captures,
        source: format!("<{}.{}@mail.example.org>", at.timestamp(), captures),
        played_at: at,
    }
}

fn active() -> Active {
    let moves = corpus_moves();
    let mut game = Game::new(BoardSize::new(19).unwrap(), Rules::default());
    let mut log = Vec::new();
    for (i, &(c, m)) in moves.iter().take(ACTIVE_MOVES).enumerate() {
        let p = game.play_checked(c, m).unwrap();
        log.push(entry(
            c,
            m,
            p.captures,
            t0() + chrono::Duration::hours(i as i64),
        ));
    }
    Active {
        game,
        log,
        next: moves[ACTIVE_MOVES],
    }
}

/// Eight small finished 9x9 games; the last one ends on a ko capture.
fn finished_templates() -> Vec<(Game, Vec<MoveEntry>)> {
    let size = BoardSize::new(9).unwrap();
    let ko = ["D6", "E6", "C5", "F5", "D4", "E4", "E5", "D5"];
    (0..8)
        .map(|k| {
            let points: Vec<String> = match k {
                7 => ko.iter().map(|s| s.to_string()).collect(),
                _ => (0..2 + k)
                    .map(|i| format!("{}{}", ["A", "C", "E", "G", "J"][i % 5], 1 + (i + k) % 9))
                    .collect(),
            };
            let mut game = Game::new(size, Rules::default());
            let mut log = Vec::new();
            for p in points {
                let mv = Move::parse(&p, size).unwrap();
                let c = game.to_move();
                let played = game.play_checked(c, mv).unwrap();
                log.push(entry(c, mv, played.captures, t0()));
            }
            game.resign(game.to_move()).unwrap();
            (game, log)
        })
        .collect()
}

fn add_players(store: &mut Store, n: usize) -> Vec<PlayerRef> {
    store
        .write(|tx| {
            (0..n)
                .map(|i| {
                    let addr = format!("player{i}@example.org");
                    players::add(tx, &format!("player{i}"), &[addr], t0()).map(|p| p.as_ref())
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .unwrap()
}

/// Builds the big database at `path`; returns the id of the active game to measure.
fn build_big(path: &Path) -> GameId {
    let start = Instant::now();
    let mut store = Store::open(path, DEFAULT_BUSY_TIMEOUT).unwrap();
    let people = add_players(&mut store, PLAYERS);
    let templates = finished_templates();
    let act = active();
    let every = FINISHED / ACTIVE;
    let mut measured = None;
    for chunk in 0..FINISHED / CHUNK {
        store
            .write(|tx| {
                for i in chunk * CHUNK..(chunk + 1) * CHUNK {
                    let (game, log) = &templates[i % templates.len()];
                    // 6i + 1 is odd, so black and white are never the same player.
                    let (b, w) = (&people[i % PLAYERS], &people[(i * 7 + 1) % PLAYERS]);
                    let at = t0() + chrono::Duration::seconds(i as i64);
                    games::insert(tx, b, w, game, log, at)?;
                    if i % every == every / 2 {
                        let id =
                            games::insert(tx, &people[0], &people[1], &act.game, &act.log, at)?;
                        if i / every == ACTIVE / 2 {
                            measured = Some(id);
                        }
                    }
                }
                Ok::<_, pbmgo::store::StoreError>(())
            })
            .unwrap();
        eprint!("\rbuilding the big database: {} games", (chunk + 1) * CHUNK);
    }
    store
        .conn()
        .execute_batch("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;")
        .unwrap();
    let size = std::fs::metadata(path).map_or(0, |m| m.len()) >> 20;
    eprintln!(
        "\nbuilt {FINISHED} finished + {ACTIVE} active games in {:.1} s ({size} MiB)",
        start.elapsed().as_secs_f64()
    );
    measured.unwrap()
}

/// Builds the database with one active game; returns its id.
fn build_empty(path: &Path) -> GameId {
    let mut store = Store::open(path, DEFAULT_BUSY_TIMEOUT).unwrap();
    let people = add_players(&mut store, 2);
    let act = active();
    store
        .write(|tx| games::insert(tx, &people[0], &people[1], &act.game, &act.log, t0()))
        .unwrap()
}

/// Opens the cached database `name`, building it first if needed; returns
/// the store and the id of the game to measure.
fn prepare(name: &str, build: fn(&Path) -> GameId) -> (Store, GameId) {
    std::fs::create_dir_all(dir()).unwrap();
    let path = dir().join(format!("{name}.sqlite3"));
    let marker = dir().join(format!("{name}.id"));
    let id = match std::fs::read_to_string(&marker)
        .ok()
        .and_then(|s| s.trim().parse().ok())
    {
        Some(id) if path.exists() => id,
        _ => {
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", path.display()));
            }
            let id = build(&path);
            std::fs::write(&marker, id.to_string()).unwrap();
            id
        }
    };
    let store = Store::open(&path, DEFAULT_BUSY_TIMEOUT).unwrap();
    (store, id)
}

fn load(store: &mut Store, id: GameId) {
    let g = store.read(|tx| games::load(tx, id)).unwrap();
    assert_eq!(g.game.move_number() as usize, ACTIVE_MOVES);
}

fn play(store: &mut Store, id: GameId, (color, mv): (Color, Move)) {
    store
        .write(|tx| {
            let mut g = games::load(tx, id)?;
            let p = g.game.play_checked(color, mv).unwrap();
            games::record_move(tx, &g, &entry(color, mv, p.captures, t0()))
        })
        .unwrap();
}

/// Takes the measured move back: the move and hash rows, and the state.
fn undo(store: &mut Store, id: GameId, before: &Game) {
    store
        .write(|tx| {
            let n = ACTIVE_MOVES as i64 + 1;
            tx.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND number = ?2",
                (id.get(), n),
            )?;
            tx.execute(
                "DELETE FROM position_hashes WHERE game_id = ?1 AND idx = ?2",
                (id.get(), n),
            )?;
            games::update_state(tx, id, before, t0())
        })
        .unwrap();
}

/// One database under test.
struct Db {
    name: &'static str,
    store: Store,
    id: GameId,
    before: Game,
}

impl Db {
    fn open(name: &'static str, build: fn(&Path) -> GameId) -> Db {
        let (mut store, id) = prepare(name, build);
        let before = store.read(|tx| games::load(tx, id)).unwrap().game;
        Db {
            name,
            store,
            id,
            before,
        }
    }

    /// Times `iters` load+play+commit rounds, undoing each outside the clock.
    fn play_rounds(&mut self, iters: u64, next: (Color, Move)) -> Duration {
        let mut total = Duration::ZERO;
        for _ in 0..iters {
            let t = Instant::now();
            play(&mut self.store, self.id, next);
            total += t.elapsed();
            undo(&mut self.store, self.id, &self.before);
        }
        total
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

/// Returns the medians of `samples` single loads and single load+play+commit rounds.
fn medians(db: &mut Db, next: (Color, Move), samples: usize) -> (Duration, Duration) {
    let loads = (0..samples)
        .map(|_| {
            let t = Instant::now();
            load(&mut db.store, db.id);
            t.elapsed()
        })
        .collect();
    let plays = (0..samples).map(|_| db.play_rounds(1, next)).collect();
    (median(loads), median(plays))
}

fn main() {
    let next = active().next;
    let mut dbs = [Db::open("empty", build_empty), Db::open("big", build_big)];
    let mut c = Criterion::default()
        .sample_size(50)
        .measurement_time(Duration::from_secs(8))
        .configure_from_args();
    for db in &mut dbs {
        c.bench_function(&format!("load/{}", db.name), |b| {
            b.iter(|| load(&mut db.store, db.id))
        });
        c.bench_function(&format!("load+play+commit/{}", db.name), |b| {
            b.iter_custom(|iters| db.play_rounds(iters, next))
        });
    }
    c.final_summary();
    let [empty, big] = &mut dbs;
    let (el, ep) = medians(empty, next, 500);
    let (bl, bp) = medians(big, next, 500);
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "median load:             empty {:8.1} us, 1M games {:8.1} us, ratio {:.2}",
        us(el),
        us(bl),
        us(bl) / us(el)
    );
    println!(
        "median load+play+commit: empty {:8.1} us, 1M games {:8.1} us, ratio {:.2}",
        us(ep),
        us(bp),
        us(bp) / us(ep)
    );
}
