-- 0001: players, their addresses, games, the authoritative move list, the
-- ko position list and the position hashes.
--
-- Shipped migrations are never edited; add a new numbered file instead.
-- Every table that belongs to one game is clustered on (game_id, ...) so
-- that loading a game reads only that game's rows, however many games the
-- database holds.

CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);

-- Normalized addresses; a player may have several, kept in the order added.
CREATE TABLE addresses (
    id        INTEGER PRIMARY KEY,
    address   TEXT NOT NULL UNIQUE,
    player_id INTEGER NOT NULL REFERENCES players (id)
);

CREATE INDEX addresses_by_player ON addresses (player_id, id);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    size           INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
    komi           REAL NOT NULL,
    handicap       INTEGER NOT NULL CHECK (handicap >= 0),
    ko_rule        TEXT NOT NULL
                   CHECK (ko_rule IN ('list', 'simple', 'positional', 'situational')),
    allow_suicide  INTEGER NOT NULL CHECK (allow_suicide IN (0, 1)),
    scoring        TEXT NOT NULL CHECK (scoring IN ('area', 'territory')),
    black_id       INTEGER NOT NULL REFERENCES players (id),
    white_id       INTEGER NOT NULL REFERENCES players (id),
    status         TEXT NOT NULL CHECK (status IN ('active', 'scoring', 'finished')),
    to_move        TEXT NOT NULL CHECK (to_move IN ('black', 'white')),
    move_number    INTEGER NOT NULL CHECK (move_number >= 0),
    passes         INTEGER NOT NULL CHECK (passes >= 0),
    captures_black INTEGER NOT NULL CHECK (captures_black >= 0),
    captures_white INTEGER NOT NULL CHECK (captures_white >= 0),
    board          BLOB NOT NULL,
    start_board    BLOB NOT NULL,
    start_to_move  TEXT NOT NULL CHECK (start_to_move IN ('black', 'white')),
    last_color     TEXT CHECK (last_color IN ('black', 'white')),
    last_move      TEXT,
    ko_point       TEXT,
    ko_color       TEXT CHECK (ko_color IN ('black', 'white')),
    result         TEXT,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
);

CREATE INDEX games_by_status ON games (status, id);
CREATE INDEX games_by_black ON games (black_id, id);
CREATE INDEX games_by_white ON games (white_id, id);

-- The move list is authoritative: everything else can be rebuilt from it.
CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    number    INTEGER NOT NULL CHECK (number >= 1),
    color     TEXT NOT NULL CHECK (color IN ('black', 'white')),
    point     TEXT NOT NULL,
    captures  INTEGER NOT NULL CHECK (captures >= 0),
    source    TEXT NOT NULL,
    played_at TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;

-- Scott's ko position list: one row per board, oldest first. Usually empty.
CREATE TABLE ko_positions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL CHECK (seq >= 0),
    hash    INTEGER NOT NULL,
    board   BLOB NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The board hash of every position since the start (index 0 = the start),
-- for superko and the repetition backstop. Stored bit for bit as i64.
CREATE TABLE position_hashes (
    game_id INTEGER NOT NULL REFERENCES games (id),
    idx     INTEGER NOT NULL CHECK (idx >= 0),
    hash    INTEGER NOT NULL,
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;
