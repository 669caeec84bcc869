//! [`Harness`]: the pipeline in-process. A temporary home with a real
//! SQLite file (opened by `Store::open`: WAL, migrations), the real
//! templates, the pipeline's settings made from the home's `pbmgo.toml` as
//! the CLI makes them, a pinned clock, and a memory transport.
//!
//! It drives the library through `pbmgo::testkit` (the in-process entry
//! points: open a home as the CLI does, process one mail, tick, send the
//! outbox) and reads the records with the public `store` API or plain SQL.
//!
//! [`Harness::process`] hands one raw mail to the pipeline in a
//! transaction of its own and returns its [`Disposition`] with the mails it
//! queued, read back from the outbox through the store API and parsed. As
//! a [`Home`], a poll processes the mails dropped since the last one (in
//! order, each at the poll's time) and sends what is due through the
//! memory transport, as `pbmgo poll` sends through its transport.
//!
//! What stays with the binary: the Maildir and the files (`inbox/cur`,
//! quarantine), the runner's threads and batches, `deliver`, the commands'
//! output, and `game verify`, which [`Home::verify`] runs with the real
//! binary on this home's database.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::sync::Mutex;

use chrono::{DateTime, Utc};
use pbmgo::clock::{Side, System};
use pbmgo::go::{BoardSize, Color, Game, KoRule, Move, Phase, Position, Rules};
use pbmgo::mailbox::transport::{Envelope, Transport, TransportError};
use pbmgo::store::{GameId, MoveEntry, PlayerRef, games, outbox, players};
pub use pbmgo::testkit::Disposition;
use pbmgo::testkit::{Counts as Tally, Server};
use rusqlite::{Connection, OptionalExtension};
use serde_json::{Value, json};
use tempfile::TempDir;

use super::home::{Home, Numbering};
use super::pbmgo_home::{Counts, NOW, OutMail, SERVER};

/// The secret reply tokens are made with in token mode (the CLI draws one
/// at random and keeps it in the home's `secret` file).
const SECRET: &[u8; 32] = b"pbmgo harness: not a real secret";

/// The pipeline in-process on a temporary home; see the module header.
pub struct Harness {
    dir: TempDir,
    /// The database file.
    database: PathBuf,
    server: RefCell<Server>,
    transport: MemoryTransport,
    /// Mails dropped since the last poll, with their names.
    inbox: RefCell<Vec<(String, Vec<u8>)>>,
    /// Mails dropped so far (names them in order).
    dropped: Cell<u32>,
    numbering: Numbering,
}

/// What one mail came to.
pub struct Processed {
    /// How the pipeline disposed of it.
    pub disposition: Disposition,
    /// The mails it queued, in order.
    pub queued: Vec<OutMail>,
    /// The argon2 checks or hashes made inside its write transaction
    /// (none when the check before it foresaw them).
    pub argon2_in_transaction: u32,
}

impl Harness {
    /// A home with the server at [`SERVER`] and default limits.
    pub fn new() -> Harness {
        Harness::with_config("")
    }

    /// A home whose config is `[server]` plus `extra` (other sections), as
    /// `PbmgoHome::with_config` writes it.
    pub fn with_config(extra: &str) -> Harness {
        Harness::from_config(&format!(
            "[server]\naddress = \"{SERVER}\"\nname = \"pbmgo\"\nsignup = \"open\"\n\n{extra}\n"
        ))
    }

    /// A home whose `pbmgo.toml` is `text`.
    pub fn from_config(text: &str) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("home");
        std::fs::create_dir(&root).unwrap();
        std::fs::write(root.join("pbmgo.toml"), text).unwrap();
        let server = Server::open(&root, SECRET, [0; 16]).unwrap_or_else(|e| panic!("{e:#}"));
        Harness {
            database: root.join("pbmgo.sqlite3"),
            dir,
            server: RefCell::new(server),
            transport: MemoryTransport::default(),
            inbox: RefCell::new(Vec::new()),
            dropped: Cell::new(0),
            numbering: Numbering::default(),
        }
    }

    /// The home folder.
    pub fn path(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    /// Hands `raw` to the pipeline at NOW; see [`Harness::process_at`].
    pub fn process(&self, raw: &[u8]) -> Processed {
        self.process_at(raw, NOW)
    }

    /// Hands `raw` to the pipeline at `now` in a transaction of its own,
    /// its mail rendered and stored at once; returns the disposition and
    /// the mails it queued. A pipeline error fails the test.
    pub fn process_at(&self, raw: &[u8], now: &str) -> Processed {
        let n = self.dropped.get() + 1;
        self.dropped.set(n);
        self.run(raw, &name(n), at(now))
    }

    /// Hands `raws` to the pipeline at `now` as one batch of `poll` does
    /// (every password check made before one transaction for them all);
    /// returns their dispositions and the argon2 checks or hashes made in
    /// all. Nothing is sent.
    pub fn process_batch_at(&self, raws: &[Vec<u8>], now: &str) -> (Vec<Disposition>, u32) {
        let mails: Vec<(String, Vec<u8>)> = raws
            .iter()
            .map(|raw| {
                let n = self.dropped.get() + 1;
                self.dropped.set(n);
                (name(n), raw.clone())
            })
            .collect();
        self.server
            .borrow_mut()
            .process_batch(&mails, at(now))
            .unwrap_or_else(|e| panic!("batch: {e:#}"))
    }

    /// The mails the memory transport has sent so far.
    pub fn transport(&self) -> &MemoryTransport {
        &self.transport
    }

    /// Sends what is due at `now` through the memory transport; returns how many were sent.
    pub fn send_at(&self, now: &str) -> u32 {
        self.server
            .borrow_mut()
            .send_due(&self.transport, at(now))
            .unwrap_or_else(|e| panic!("send: {e:#}"))
    }

    /// The players' names, in order.
    pub fn players(&self) -> Vec<String> {
        let db = self.db();
        let mut stmt = db
            .prepare("SELECT name FROM players ORDER BY name")
            .unwrap();
        let names = stmt.query_map([], |r| r.get(0)).unwrap();
        names.collect::<Result<_, _>>().unwrap()
    }

    fn run(&self, raw: &[u8], source: &str, now: DateTime<Utc>) -> Processed {
        let before = last_outbox_id(&self.db());
        let (disposition, late) = self
            .server
            .borrow_mut()
            .process_counting(raw, source, now)
            .unwrap_or_else(|e| panic!("{source}: {e:#}"));
        Processed {
            disposition,
            queued: queued_after(&self.db(), before),
            argon2_in_transaction: late,
        }
    }

    fn game(&self, game: &str) -> GameId {
        game.parse()
            .unwrap_or_else(|_| panic!("not a game id: {game:?}"))
    }

    fn insert(&self, players: [&str; 2], game: &Game, moves: &[MoveEntry]) -> String {
        let [black, white] = players.map(|p| player_ref(&self.db(), p));
        let id = self
            .server
            .borrow_mut()
            .store()
            .write(|tx| games::insert(tx, &black, &white, game, moves, at(NOW)))
            .unwrap();
        self.numbering.created(&id.to_string())
    }
}

impl Home for Harness {
    type Polled = Counts;

    fn player(&self, name: &str, address: &str) {
        self.server
            .borrow_mut()
            .store()
            .write(|tx| players::add(tx, name, &[address.to_string()], at(NOW)))
            .unwrap();
    }

    /// As `game new --no-mail` with the default rules: on the clock.
    fn game_new(&self, black: &str, white: &str, size: u32) -> String {
        let size = BoardSize::new(size).unwrap();
        let [black, white] = [black, white].map(|p| player_ref(&self.db(), p));
        let game = Game::new(size, Rules::default());
        let id = self
            .server
            .borrow_mut()
            .new_game([&black, &white], &game, None, false, at(NOW))
            .unwrap();
        self.numbering.created(&id.to_string())
    }

    /// As `game import` of the record of `moves` (komi 7.5) with the
    /// `--ko` flag, if given, the only one read.
    fn import(&self, size: u32, moves: &[String], players: [&str; 2], flags: &[&str]) -> String {
        let ko = match flags {
            [] => KoRule::List,
            ["--ko", rule] => rule.parse().unwrap(),
            other => panic!("flags the harness does not read: {other:?}"),
        };
        let size = BoardSize::new(size).unwrap();
        let mut game = Game::new(
            size,
            Rules {
                ko,
                ..Rules::default()
            },
        );
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let mv = Move::parse(text, size).unwrap();
            if game.phase() == Phase::Scoring {
                game.resume().unwrap();
            }
            let done = game
                .play_as(color, mv)
                .unwrap_or_else(|e| panic!("move {} ({text}): {e}", i + 1));
            played.push(MoveEntry {
                color,
                mv,
                captures: done.captures,
                source: "import".into(),
                played_at: at(NOW),
            });
        }
        self.insert(players, &game, &played)
    }

    fn numbering(&self) -> &Numbering {
        &self.numbering
    }

    fn drop_mail(&self, raw: &[u8]) -> String {
        let n = self.dropped.get() + 1;
        self.dropped.set(n);
        self.inbox.borrow_mut().push((name(n), raw.to_vec()));
        name(n)
    }

    /// Processes the dropped mail at `now`, then sends; the counts are
    /// those `pbmgo poll` prints.
    fn poll_at(&self, now: &str) -> Counts {
        let mut tally = Tally::default();
        for (name, raw) in self.inbox.take() {
            tally.add(&self.run(&raw, &name, at(now)).disposition);
        }
        Counts {
            processed: tally.processed,
            applied: tally.applied,
            rejected: tally.rejected,
            answered: tally.answered,
            ignored: tally.ignored,
            quarantined: tally.quarantined,
            sent: self.send_at(now),
        }
    }

    fn tick_at(&self, now: &str) -> String {
        let s = self
            .server
            .borrow_mut()
            .tick(at(now))
            .unwrap_or_else(|e| panic!("tick: {e:#}"));
        let sent = self.send_at(now);
        format!(
            "reminders {}, warnings {}, timeouts {}, deadlines {}, digests {}, sent {sent}\n",
            s.reminders, s.warnings, s.timeouts, s.deadlines, s.digests
        )
    }

    /// The game from the store (`games::load`) and the rule columns of its
    /// row, in the pinned shape of `game show --json`.
    fn show(&self, game: &str) -> Value {
        let id = self.game(game);
        let db = self.db();
        let stored = games::load(&db, id).unwrap();
        let g = &stored.game;
        let rows = |p: &Position| p.rows();
        let mut v = rule_columns(&db, id);
        let more = json!({
            "black": stored.black.name,
            "white": stored.white.name,
            "to_move": g.to_move().name(),
            "move_number": g.move_number(),
            "captures": {
                "black": g.prisoners(Color::Black),
                "white": g.prisoners(Color::White),
            },
            "last_move": g.last_move().map(|(_, m)| m.to_string()),
            "board": rows(&g.position()),
            "ko_list": g.ko_list().entries().iter().map(|e| rows(&e.position)).collect::<Vec<_>>(),
            "result": g.result().map(|r| r.to_string()),
            "clock": clock_json(&db, id, match g.to_move() {
                Color::Black => &stored.black.name,
                Color::White => &stored.white.name,
            }),
        });
        v.as_object_mut()
            .unwrap()
            .extend(more.as_object().unwrap().clone());
        v
    }

    /// The moves table, as `game moves --json` lists it.
    fn moves(&self, game: &str) -> Vec<Value> {
        let db = self.db();
        let mut stmt = db
            .prepare(
                "SELECT number, color, point, captures, source, played_at
                 FROM moves WHERE game_id = ?1 ORDER BY number",
            )
            .unwrap();
        let rows = stmt
            .query_map([self.game(game).get()], |r| {
                Ok(json!({
                    "number": r.get::<_, u32>(0)?,
                    "color": r.get::<_, String>(1)?,
                    "point": r.get::<_, String>(2)?,
                    "captures": r.get::<_, u32>(3)?,
                    "source": r.get::<_, String>(4)?,
                    "played_at": r.get::<_, String>(5)?,
                }))
            })
            .unwrap();
        rows.collect::<Result<_, _>>().unwrap()
    }

    fn outbox_rows(&self) -> Vec<Value> {
        oldest_first(outbox_json(&self.db()))
    }

    /// The messages table, as `message list --json` lists it.
    fn messages(&self) -> Vec<Value> {
        let db = self.db();
        let mut stmt = db
            .prepare(
                "SELECT id, key, sender, subject, received_at, outcome, reasons, detail, source
                 FROM messages ORDER BY id",
            )
            .unwrap();
        let rows = stmt
            .query_map([], |r| {
                let reasons: String = r.get(6)?;
                Ok(json!({
                    "id": r.get::<_, i64>(0)?,
                    "key": r.get::<_, String>(1)?,
                    "sender": r.get::<_, Option<String>>(2)?,
                    "subject": r.get::<_, String>(3)?,
                    "received_at": r.get::<_, String>(4)?,
                    "outcome": outcome(&r.get::<_, String>(5)?),
                    "reasons": reasons.split_whitespace().collect::<Vec<_>>(),
                    "detail": r.get::<_, String>(7)?,
                    "source": r.get::<_, String>(8)?,
                }))
            })
            .unwrap();
        rows.collect::<Result<_, _>>().unwrap()
    }

    fn sent(&self) -> Vec<OutMail> {
        queued_after(&self.db(), 0)
    }

    fn db(&self) -> Connection {
        Connection::open(&self.database).unwrap()
    }

    fn verify(&self, game: Option<&str>) -> String {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_pbmgo"));
        c.arg("--home").arg(self.path()).args(["game", "verify"]);
        c.args(game).env("PBMGO_NOW", NOW).env_remove("PBMGO_HOME");
        let out = c.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "game verify {game:?}: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    }
}

/// One mail kept by [`MemoryTransport`].
#[derive(Debug, Clone)]
pub struct SentMail {
    /// The envelope it was sent with.
    pub envelope: Envelope,
    /// The bytes sent.
    pub raw: Vec<u8>,
}

/// A transport that keeps what it is given, in order.
#[derive(Debug, Default)]
pub struct MemoryTransport {
    sent: Mutex<Vec<SentMail>>,
}

impl MemoryTransport {
    /// Every mail sent so far, in order.
    pub fn sent(&self) -> Vec<SentMail> {
        self.sent.lock().unwrap().clone()
    }
}

impl Transport for MemoryTransport {
    fn send(&self, envelope: &Envelope, raw: &[u8], _id: &str) -> Result<(), TransportError> {
        self.sent.lock().unwrap().push(SentMail {
            envelope: envelope.clone(),
            raw: raw.to_vec(),
        });
        Ok(())
    }
}

/// The player `name` as the store refers to players (names are kept in lower case).
fn player_ref(db: &Connection, name: &str) -> PlayerRef {
    let name = name.to_ascii_lowercase();
    let id = db
        .query_row("SELECT id FROM players WHERE name = ?1", [&name], |r| {
            r.get(0)
        })
        .optional()
        .unwrap()
        .unwrap_or_else(|| panic!("no player {name}"));
    PlayerRef { id, name }
}

/// The first keys of `game show --json`, up to `status`, from the game's row.
/// The `clock` object of `game show --json` at NOW, from the game's row:
/// it runs while the game is being played and has a deadline. Each
/// player's clock is their row in `game_clocks` (the start of the system
/// without one), the running one less the wall-clock time since the turn
/// began: the harness knows no weekends, nights or vacations.
fn clock_json(db: &Connection, id: GameId, to_move: &str) -> Value {
    let (days, deadline, started, status): (i64, Option<String>, Option<String>, String) = db
        .query_row(
            "SELECT days_per_move, clock_deadline, turn_started_at, status FROM games WHERE id = ?1",
            [id.get()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    let deadline = deadline.filter(|_| status == "active");
    let now: DateTime<Utc> = NOW.parse().unwrap();
    let left = deadline
        .as_deref()
        .map(|d| (d.parse::<DateTime<Utc>>().unwrap() - now).num_seconds());
    let terms = time_terms(db, id, days);
    let mover: String = db
        .query_row("SELECT to_move FROM games WHERE id = ?1", [id.get()], |r| {
            r.get(0)
        })
        .unwrap();
    let elapsed = started
        .as_deref()
        .map(|t| (now - t.parse::<DateTime<Utc>>().unwrap()).num_seconds());
    // The seconds since the turn began and the deadline, for the clock
    // that runs.
    let running = |color: &str| {
        let runs = color == mover && deadline.is_some();
        elapsed.filter(|_| runs).map(|e| (e, deadline.clone()))
    };
    let mut clock = json!({
        "days_per_move": days,
        "running": deadline.is_some(),
        "to_move": deadline.as_ref().map(|_| to_move),
        "deadline": deadline,
        "turn_started": started,
        "seconds_left": left,
    });
    let more = json!({
        "system": terms.0.name(),
        "spec": terms.0.to_string(),
        "weekends_off": terms.1,
        "night_hours": terms.2,
        "black": side_json(db, id, "black", &terms.0, running("black")),
        "white": side_json(db, id, "white", &terms.0, running("white")),
    });
    clock
        .as_object_mut()
        .unwrap()
        .extend(more.as_object().unwrap().clone());
    clock
}

/// A game's time system, weekends off and night hours (a game made before
/// time systems plays per move with its days).
fn time_terms(db: &Connection, id: GameId, days: i64) -> (System, bool, u32) {
    let (spec, weekends_off, night): (Option<String>, bool, u32) = db
        .query_row(
            "SELECT time_spec, weekends_off, night_hours FROM games WHERE id = ?1",
            [id.get()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert!(
        !weekends_off && night == 0,
        "the harness knows no weekends or nights"
    );
    let spec = spec.unwrap_or_else(|| format!("per-move {days}d"));
    (System::parse(&spec).unwrap(), weekends_off, night)
}

/// One player's clock in `game show --json`; `running`: the seconds since
/// their turn began and the game's deadline, while their clock runs.
fn side_json(
    db: &Connection,
    id: GameId,
    color: &str,
    system: &System,
    running: Option<(i64, Option<String>)>,
) -> Value {
    let rest = db
        .query_row(
            "SELECT main_seconds, periods, period_seconds, stones, overtime
             FROM game_clocks WHERE game_id = ?1 AND color = ?2",
            rusqlite::params![id.get(), color],
            |r| {
                Ok(Side {
                    main: r.get(0)?,
                    periods: r.get(1)?,
                    period: r.get(2)?,
                    stones: r.get(3)?,
                    overtime: r.get(4)?,
                })
            },
        )
        .optional()
        .unwrap()
        .unwrap_or_else(|| Side::start(system));
    // A clock that ran out reads zero.
    let out = Side {
        main: 0,
        periods: 0,
        period: 0,
        overtime: true,
        ..rest
    };
    let side = match &running {
        Some((elapsed, _)) => rest.at(system, *elapsed).unwrap_or(out),
        None => rest,
    };
    let byoyomi = matches!(system, System::Byoyomi { .. });
    let canadian = matches!(system, System::Canadian { .. });
    json!({
        "main_seconds": system.has_clock().then_some(side.main),
        "periods": byoyomi.then_some(side.periods),
        "period_seconds": (byoyomi || canadian).then_some(side.period),
        "stones": canadian.then_some(side.stones),
        "runs_out": running.and_then(|(_, deadline)| deadline),
    })
}

fn rule_columns(db: &Connection, id: GameId) -> Value {
    db.query_row(
        "SELECT size, komi, handicap, ko_rule, allow_suicide, scoring, status, rated
         FROM games WHERE id = ?1",
        [id.get()],
        |r| {
            let status: String = r.get(6)?;
            Ok(json!({
                "id": id.to_string(),
                "size": r.get::<_, u32>(0)?,
                "komi": r.get::<_, f64>(1)?,
                "handicap": r.get::<_, u32>(2)?,
                "ko_rule": r.get::<_, String>(3)?,
                "allow_suicide": r.get::<_, bool>(4)?,
                "scoring": r.get::<_, String>(5)?,
                "status": status,
                "rated": r.get::<_, bool>(7)?,
            }))
        },
    )
    .unwrap()
}

/// An outcome column as `message list --json` writes it (anything unknown is `ignored`).
fn outcome(text: &str) -> &str {
    match text {
        "applied" | "rejected" | "answered" => text,
        _ => "ignored",
    }
}

/// The name of the `n`th mail, as `PbmgoHome` names its files.
fn name(n: u32) -> String {
    format!("{n:06}.pipeline.test")
}

/// `2026-11-22T12:00:00Z` as a time.
fn at(now: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(now)
        .unwrap_or_else(|e| panic!("{now}: {e}"))
        .with_timezone(&Utc)
}

fn last_outbox_id(db: &Connection) -> i64 {
    db.query_row("SELECT coalesce(max(id), 0) FROM outbox", [], |r| r.get(0))
        .unwrap()
}

/// The outbox rows, newest first, as `outbox list --json` gives them.
/// The outbox as `outbox list --json` lists it (each row with its decoded Subject).
fn outbox_json(db: &Connection) -> Value {
    let mut rows = serde_json::to_value(outbox::list(db, None, u32::MAX).unwrap()).unwrap();
    for row in rows.as_array_mut().unwrap() {
        let id = outbox::id_of(row["id"].as_i64().unwrap()).unwrap();
        let raw = outbox::raw(db, id).unwrap();
        let subject = mail_parser::MessageParser::default()
            .parse_headers(&raw[..])
            .and_then(|m| m.subject().map(str::to_string))
            .unwrap_or_default();
        row["subject"] = Value::String(subject);
    }
    rows
}

/// The mails queued after the outbox row `after`, oldest first, parsed.
fn queued_after(db: &Connection, after: i64) -> Vec<OutMail> {
    let mut mails = Vec::new();
    for row in oldest_first(outbox_json(db)) {
        let id = row["id"].as_i64().unwrap();
        if id > after {
            let raw = outbox::raw(db, outbox::id_of(id).unwrap()).unwrap();
            mails.push(OutMail::parse(raw, row));
        }
    }
    mails
}

fn oldest_first(v: Value) -> Vec<Value> {
    match v {
        Value::Array(mut items) => {
            items.reverse();
            items
        }
        other => panic!("not an array: {other}"),
    }
}
