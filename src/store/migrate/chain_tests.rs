//! Tests of migration 22, which makes again the tables whose CHECK
//! constraints listed three or more values: the tables come out as they
//! were in all but the CHECK text, the checks refuse what they refused, and
//! a database at version 21 keeps its rows, its foreign keys and its games
//! sequence.

use rusqlite::Connection;
use rusqlite::types::Value;

use super::*;

/// The tables migration 22 makes again.
const REBUILT: [&str; 6] = [
    "players",
    "games",
    "messages",
    "outbox",
    "outbox_bodies",
    "challenges",
];

/// Every row of the statement `sql`, each as its column values.
fn rows(conn: &Connection, sql: &str) -> Vec<Vec<Value>> {
    let mut stmt = conn.prepare(sql).unwrap();
    let n = stmt.column_count();
    stmt.query_map([], |r| (0..n).map(|i| r.get::<_, Value>(i)).collect())
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The names of the schema's objects of `kind` (table, index, ...), sorted.
fn names(conn: &Connection, kind: &str) -> Vec<Vec<Value>> {
    let sql =
        format!("SELECT name, tbl_name FROM sqlite_schema WHERE type = '{kind}' ORDER BY name");
    rows(conn, &sql)
}

/// What SQLite says of table `t` apart from its CHECK text: its columns
/// (type, not null, default, key), foreign keys, indexes and their columns.
fn shape(conn: &Connection, t: &str) -> Vec<Vec<Value>> {
    let mut out = rows(conn, &format!("SELECT * FROM pragma_table_xinfo('{t}')"));
    out.extend(rows(
        conn,
        &format!("SELECT * FROM pragma_foreign_key_list('{t}')"),
    ));
    let indexes = format!(
        "SELECT name, \"unique\", origin, partial FROM pragma_index_list('{t}') ORDER BY name"
    );
    for index in rows(conn, &indexes) {
        let Value::Text(name) = &index[0] else {
            panic!("index name {index:?}")
        };
        out.push(index.clone());
        out.extend(rows(
            conn,
            &format!("SELECT * FROM pragma_index_xinfo('{name}')"),
        ));
    }
    out
}

#[test]
fn rebuilt_tables_keep_columns_keys_and_indexes() {
    let before = at_version(21);
    let after = at_version(22);
    for kind in ["table", "index", "trigger", "view"] {
        assert_eq!(names(&before, kind), names(&after, kind), "{kind}s");
    }
    for t in REBUILT {
        assert_eq!(shape(&before, t), shape(&after, t), "table {t}");
    }
}

/// The lists of values in the schema's `IN (...)`, as their item counts.
fn in_lists(sql: &str) -> Vec<usize> {
    sql.match_indices(" IN (")
        .map(|(at, _)| {
            let rest = &sql[at..];
            let end = rest.find(')').unwrap();
            rest[..end].matches(',').count() + 1
        })
        .collect()
}

#[test]
fn no_check_lists_three_values_any_more() {
    let conn = at_version(latest());
    for row in rows(
        &conn,
        "SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL",
    ) {
        let (Value::Text(name), Value::Text(sql)) = (&row[0], &row[1]) else {
            panic!("{row:?}")
        };
        assert!(
            in_lists(sql).iter().all(|&n| n <= 2),
            "{name} checks a list of three or more values: {sql}"
        );
    }
    let old = at_version(21);
    let games: String = old
        .query_row(
            "SELECT sql FROM sqlite_schema WHERE name = 'games'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(
        in_lists(&games),
        [4, 2, 2, 3, 2, 2, 2, 2, 2],
        "the test's own scan"
    );
}

/// One row in each table migration 22 makes again, and rows in the tables
/// that refer to them (two of them with ON DELETE CASCADE).
const ROWS: &str = "
INSERT INTO players (id, name, created_at, notify) VALUES
    (1, 'ann', 't0', 'digest'), (2, 'bob', 't0', 'off');
INSERT INTO addresses (address, player_id) VALUES ('ann@x', 1), ('bob@x', 2);
INSERT INTO pending_signups (address, name, code, created_at, expires_at, player_id)
    VALUES ('ann@x', 'ann', 'c1', 't0', 't1', 1);
INSERT INTO games (id, size, komi, handicap, ko_rule, allow_suicide, scoring, black_id,
    white_id, status, to_move, move_number, passes, captures_black, captures_white, board,
    start_board, start_to_move, created_at, updated_at, thread_id, clock_deadline)
    VALUES (3, 9, 6.5, 0, 'situational', 0, 'area', 1, 2, 'scoring', 'white', 1, 0, 0, 0,
    x'00', x'00', 'black', 't0', 't1', 'th', 't9');
INSERT INTO moves VALUES (3, 1, 'black', 'C3', 0, 'm1', 't1');
INSERT INTO conditionals VALUES (3, 2, 1, 'D4', 1, 't1');
INSERT INTO estimates VALUES (3, 1, 7, '', 't1');
INSERT INTO scoring (game_id, started_at) VALUES (3, 't1');
INSERT INTO messages (id, key, sender, player_id, received_at, outcome, fingerprint)
    VALUES (4, 'k', 'ann@x', 1, 't1', 'answered', 'f');
INSERT INTO outbox (id, message_id, envelope_from, recipient, kind, game_id, inbound_id,
    status, attempts, next_attempt_at, created_at, claimed_until)
    VALUES (5, 'mid', 'go@x', 'bob@x', 'move', 3, 4, 'failed', 2, 't2', 't1', 't3');
INSERT INTO outbox_bodies VALUES (5, 'pictures', x'0102');
INSERT INTO send_attempts VALUES (5, 1, 't2', 'no');
INSERT INTO lost_mail (outbox_id, player_id, what, written_at, lost_at) VALUES (5, 2, 'w', 't1', 't2');
INSERT INTO challenges (id, challenger_id, challenged_id, size, komi, handicap, free_placement,
    color, ko_rule, scoring, days_per_move, status, created_at, expires_at, thread_id)
    VALUES (8, 1, 2, 13, 0.5, 2, 1, 'nigiri', 'simple', 'territory', 3, 'withdrawn', 't1', 't4', 'th2');
-- Challenge 8 took its number from the games sequence.
UPDATE sqlite_sequence SET seq = 8 WHERE name = 'games';
";

/// Every row of every table (and the games sequence), by table.
fn everything(conn: &Connection) -> Vec<(String, Vec<Vec<Value>>)> {
    let mut tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    tables.retain(|t| t != "sqlite_sequence");
    let mut all: Vec<_> = tables
        .into_iter()
        .map(|t| {
            let data = rows(conn, &format!("SELECT * FROM \"{t}\" ORDER BY 1, 2"));
            (t, data)
        })
        .collect();
    let seq = rows(conn, "SELECT name, seq FROM sqlite_sequence ORDER BY name");
    all.push(("sqlite_sequence".to_owned(), seq));
    all
}

#[test]
fn a_database_at_version_21_keeps_its_rows() {
    let mut conn = at_version(21);
    conn.execute_batch(ROWS).unwrap();
    let before = everything(&conn);
    assert!(
        before
            .iter()
            .all(|(t, r)| !r.is_empty() || !REBUILT.contains(&t.as_str()))
    );
    migrate_to(&mut conn, 22);
    assert_eq!(everything(&conn), before);
    assert!(rows(&conn, "SELECT * FROM pragma_foreign_key_check").is_empty());
    let keys: i64 = conn.pragma_query_one(None, "foreign_keys").unwrap();
    assert_eq!(keys, 1, "foreign keys are on again");
    // The next game goes on from the sequence, past the challenge's number.
    conn.execute(
        "INSERT INTO games (size, komi, handicap, ko_rule, allow_suicide, scoring, black_id,
         white_id, status, to_move, move_number, passes, captures_black, captures_white,
         board, start_board, start_to_move, created_at, updated_at)
         SELECT size, komi, handicap, ko_rule, allow_suicide, scoring, black_id, white_id,
         'active', to_move, 0, 0, 0, 0, board, start_board, start_to_move, created_at,
         updated_at FROM games WHERE id = 3",
        [],
    )
    .unwrap();
    assert_eq!(conn.last_insert_rowid(), 9);
}

#[test]
fn a_rebuild_that_breaks_a_foreign_key_is_not_committed() {
    let mut conn = at_version(21);
    conn.execute_batch(ROWS).unwrap();
    // A row that refers to a game that is not there (keys were off).
    conn.execute_batch(
        "PRAGMA foreign_keys = OFF; INSERT INTO moves VALUES (77, 1, 'black', 'C3', 0, 'm', 't');
         PRAGMA foreign_keys = ON;",
    )
    .unwrap();
    assert!(migrate(&mut conn).is_err());
    assert_eq!(version(&conn).unwrap(), 21, "rolled back");
    let keys: i64 = conn.pragma_query_one(None, "foreign_keys").unwrap();
    assert_eq!(keys, 1, "foreign keys are on again");
}

/// Each column whose list became an OR chain, with every value it allows.
const CHAINED: &[(&str, &str, &[&str])] = &[
    ("players", "notify", &["each", "digest", "off"]),
    (
        "games",
        "ko_rule",
        &["list", "simple", "positional", "situational"],
    ),
    ("games", "status", &["active", "scoring", "finished"]),
    (
        "messages",
        "outcome",
        &["applied", "rejected", "answered", "ignored"],
    ),
    ("outbox", "status", &["pending", "sent", "failed"]),
    (
        "outbox_bodies",
        "encoding",
        &["identity", "lz4", "pictures"],
    ),
    ("challenges", "color", &["black", "white", "nigiri"]),
    (
        "challenges",
        "ko_rule",
        &["list", "simple", "positional", "situational"],
    ),
    (
        "challenges",
        "status",
        &["open", "accepted", "declined", "withdrawn", "expired"],
    ),
];

#[test]
fn the_chains_allow_what_the_lists_allowed_and_nothing_else() {
    for version in [21, 22] {
        let conn = at_version(version);
        conn.execute_batch(ROWS).unwrap();
        for (table, column, allowed) in CHAINED {
            let set = format!("UPDATE {table} SET {column} = ?1");
            for value in *allowed {
                assert!(
                    conn.execute(&set, [value]).unwrap() >= 1,
                    "{table}.{column}"
                );
            }
            for bad in ["", "Black", "active ", "none"] {
                let err = conn.execute(&set, [bad]).unwrap_err().to_string();
                assert!(
                    err.contains("CHECK constraint failed"),
                    "{table}.{column} = {bad:?} at version {version}: {err}"
                );
            }
            let null = conn.execute(&set, [Value::Null]).unwrap_err().to_string();
            assert!(null.contains("NOT NULL"), "{table}.{column}: {null}");
        }
    }
}
