-- 0022: CHECK constraints of three or more allowed values written as OR
-- chains. SQLite checks `col IN ('a', 'b', 'c')` by building a temporary
-- B-tree of the list every time the row is written (about 12 k instructions
-- each, some ten a mail in `poll`: games, messages, outbox, outbox_bodies);
-- `(col = 'a' OR col = 'b' OR col = 'c')` allows the same values with plain
-- comparisons. Lists of two values are already compiled as comparisons and
-- stay as they were.
--
-- SQLite cannot change a CHECK in place, so each table with such a list is
-- made again (https://sqlite.org/lang_altertable.html#otheralter): the same
-- columns in the same order, types, defaults, keys and foreign keys, its rows
-- copied over, the old table dropped, the new one renamed, its indexes made
-- again. store/migrate.rs runs this migration with foreign keys off (so that
-- dropping a parent table neither fails nor cascades) and runs
-- `PRAGMA foreign_key_check` before it commits. The games table keeps its
-- AUTOINCREMENT sequence (challenges take their ids from it). No table here
-- has a trigger or a view on it.
--
-- Shipped migrations are never edited; add a new numbered file instead.

-- players: notify.
CREATE TABLE players_new (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL UNIQUE,
    created_at     TEXT NOT NULL,
    notify         TEXT NOT NULL DEFAULT 'each'
                   CHECK (notify = 'each' OR notify = 'digest' OR notify = 'off'),
    password_hash  TEXT,
    vacation_until TEXT,
    disabled       INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
    images         INTEGER NOT NULL DEFAULT 1 CHECK (images IN (0, 1)),
    confirm        INTEGER NOT NULL DEFAULT 1 CHECK (confirm IN (0, 1))
);
INSERT INTO players_new (id, name, created_at, notify, password_hash, vacation_until,
                         disabled, images, confirm)
SELECT id, name, created_at, notify, password_hash, vacation_until,
       disabled, images, confirm
FROM players;
DROP TABLE players;
ALTER TABLE players_new RENAME TO players;

-- games: ko_rule and status.
CREATE TABLE games_new (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    size              INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
    komi              REAL NOT NULL,
    handicap          INTEGER NOT NULL CHECK (handicap >= 0),
    ko_rule           TEXT NOT NULL
                      CHECK (ko_rule = 'list' OR ko_rule = 'simple'
                             OR ko_rule = 'positional' OR ko_rule = 'situational'),
    allow_suicide     INTEGER NOT NULL CHECK (allow_suicide IN (0, 1)),
    scoring           TEXT NOT NULL CHECK (scoring IN ('area', 'territory')),
    black_id          INTEGER NOT NULL REFERENCES players (id),
    white_id          INTEGER NOT NULL REFERENCES players (id),
    status            TEXT NOT NULL
                      CHECK (status = 'active' OR status = 'scoring' OR status = 'finished'),
    to_move           TEXT NOT NULL CHECK (to_move IN ('black', 'white')),
    move_number       INTEGER NOT NULL CHECK (move_number >= 0),
    passes            INTEGER NOT NULL CHECK (passes >= 0),
    captures_black    INTEGER NOT NULL CHECK (captures_black >= 0),
    captures_white    INTEGER NOT NULL CHECK (captures_white >= 0),
    board             BLOB NOT NULL,
    start_board       BLOB NOT NULL,
    start_to_move     TEXT NOT NULL CHECK (start_to_move IN ('black', 'white')),
    last_color        TEXT CHECK (last_color IN ('black', 'white')),
    last_move         TEXT,
    ko_point          TEXT,
    ko_color          TEXT CHECK (ko_color IN ('black', 'white')),
    result            TEXT,
    created_at        TEXT NOT NULL,
    updated_at        TEXT NOT NULL,
    thread_id         TEXT,
    days_per_move     INTEGER NOT NULL DEFAULT 7,
    turn_started_at   TEXT,
    clock_deadline    TEXT,
    handicap_to_place INTEGER NOT NULL DEFAULT 0,
    undo_color        TEXT CHECK (undo_color IN ('black', 'white')),
    undo_move         INTEGER,
    finished_at       TEXT
);
INSERT INTO games_new (id, size, komi, handicap, ko_rule, allow_suicide, scoring,
                       black_id, white_id, status, to_move, move_number, passes,
                       captures_black, captures_white, board, start_board,
                       start_to_move, last_color, last_move, ko_point, ko_color,
                       result, created_at, updated_at, thread_id, days_per_move,
                       turn_started_at, clock_deadline, handicap_to_place,
                       undo_color, undo_move, finished_at)
SELECT id, size, komi, handicap, ko_rule, allow_suicide, scoring,
       black_id, white_id, status, to_move, move_number, passes,
       captures_black, captures_white, board, start_board,
       start_to_move, last_color, last_move, ko_point, ko_color,
       result, created_at, updated_at, thread_id, days_per_move,
       turn_started_at, clock_deadline, handicap_to_place,
       undo_color, undo_move, finished_at
FROM games;
-- The sequence goes on from where it was, not from the highest id left
-- (challenges reserve numbers from it).
DELETE FROM sqlite_sequence WHERE name = 'games_new';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'games_new', seq FROM sqlite_sequence WHERE name = 'games';
DROP TABLE games;
ALTER TABLE games_new RENAME TO games;
CREATE INDEX games_by_status ON games (status, id);
CREATE INDEX games_by_black ON games (black_id, id);
CREATE INDEX games_by_white ON games (white_id, id);
CREATE INDEX games_by_deadline ON games (status, clock_deadline);

-- messages: outcome.
CREATE TABLE messages_new (
    id          INTEGER PRIMARY KEY,
    key         TEXT NOT NULL UNIQUE,
    sender      TEXT,
    player_id   INTEGER REFERENCES players (id),
    subject     TEXT NOT NULL DEFAULT '',
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL
                CHECK (outcome = 'applied' OR outcome = 'rejected'
                       OR outcome = 'answered' OR outcome = 'ignored'),
    reasons     TEXT NOT NULL DEFAULT '',
    detail      TEXT NOT NULL DEFAULT '',
    source      TEXT NOT NULL DEFAULT '',
    fingerprint TEXT
);
INSERT INTO messages_new (id, key, sender, player_id, subject, received_at, outcome,
                          reasons, detail, source, fingerprint)
SELECT id, key, sender, player_id, subject, received_at, outcome,
       reasons, detail, source, fingerprint
FROM messages;
DROP TABLE messages;
ALTER TABLE messages_new RENAME TO messages;
CREATE INDEX messages_by_sender ON messages (sender, received_at);

-- outbox: status.
CREATE TABLE outbox_new (
    id              INTEGER PRIMARY KEY,
    message_id      TEXT NOT NULL UNIQUE,
    envelope_from   TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    kind            TEXT NOT NULL,
    game_id         INTEGER REFERENCES games (id),
    inbound_id      INTEGER REFERENCES messages (id),
    status          TEXT NOT NULL
                    CHECK (status = 'pending' OR status = 'sent' OR status = 'failed'),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error      TEXT,
    next_attempt_at TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    sent_at         TEXT,
    claimed_until   TEXT
);
INSERT INTO outbox_new (id, message_id, envelope_from, recipient, kind, game_id,
                        inbound_id, status, attempts, last_error, next_attempt_at,
                        created_at, sent_at, claimed_until)
SELECT id, message_id, envelope_from, recipient, kind, game_id,
       inbound_id, status, attempts, last_error, next_attempt_at,
       created_at, sent_at, claimed_until
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (status, next_attempt_at, id);
CREATE INDEX outbox_by_recipient ON outbox (recipient, created_at);
CREATE INDEX outbox_by_envelope ON outbox (envelope_from);

-- outbox_bodies: encoding.
CREATE TABLE outbox_bodies_new (
    outbox_id INTEGER PRIMARY KEY REFERENCES outbox (id),
    encoding  TEXT NOT NULL
              CHECK (encoding = 'identity' OR encoding = 'lz4' OR encoding = 'pictures'),
    body      BLOB NOT NULL
);
INSERT INTO outbox_bodies_new (outbox_id, encoding, body)
SELECT outbox_id, encoding, body FROM outbox_bodies;
DROP TABLE outbox_bodies;
ALTER TABLE outbox_bodies_new RENAME TO outbox_bodies;

-- challenges: color, ko_rule and status.
CREATE TABLE challenges_new (
    id             INTEGER PRIMARY KEY,
    challenger_id  INTEGER NOT NULL REFERENCES players (id),
    challenged_id  INTEGER NOT NULL REFERENCES players (id),
    size           INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
    komi           REAL NOT NULL,
    handicap       INTEGER NOT NULL CHECK (handicap >= 0),
    free_placement INTEGER NOT NULL CHECK (free_placement IN (0, 1)),
    color          TEXT NOT NULL
                   CHECK (color = 'black' OR color = 'white' OR color = 'nigiri'),
    ko_rule        TEXT NOT NULL
                   CHECK (ko_rule = 'list' OR ko_rule = 'simple'
                          OR ko_rule = 'positional' OR ko_rule = 'situational'),
    scoring        TEXT NOT NULL CHECK (scoring IN ('area', 'territory')),
    days_per_move  INTEGER NOT NULL CHECK (days_per_move >= 1),
    status         TEXT NOT NULL
                   CHECK (status = 'open' OR status = 'accepted' OR status = 'declined'
                          OR status = 'withdrawn' OR status = 'expired'),
    created_at     TEXT NOT NULL,
    expires_at     TEXT NOT NULL,
    closed_at      TEXT,
    thread_id      TEXT
);
INSERT INTO challenges_new (id, challenger_id, challenged_id, size, komi, handicap,
                            free_placement, color, ko_rule, scoring, days_per_move,
                            status, created_at, expires_at, closed_at, thread_id)
SELECT id, challenger_id, challenged_id, size, komi, handicap,
       free_placement, color, ko_rule, scoring, days_per_move,
       status, created_at, expires_at, closed_at, thread_id
FROM challenges;
DROP TABLE challenges;
ALTER TABLE challenges_new RENAME TO challenges;
CREATE INDEX challenges_by_status ON challenges (status, expires_at);
CREATE INDEX challenges_by_challenged ON challenges (challenged_id, status);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, status);
