-- 0003: a whole game by mail: challenges, free handicap placement, the
-- scoring phase, clocks and vacations, undo requests, player settings, and
-- the notices `tick` must send only once.
--
-- Shipped migrations are never edited; add a new numbered file instead.

-- A challenge's id is the number its game gets when it is accepted, so
-- `accept game12` starts game12. The id is taken from the games table's
-- AUTOINCREMENT sequence (sqlite_sequence) when the challenge is made, so no
-- game created meanwhile can take it.
CREATE TABLE challenges (
    id             INTEGER PRIMARY KEY,
    challenger_id  INTEGER NOT NULL REFERENCES players (id),
    challenged_id  INTEGER NOT NULL REFERENCES players (id),
    size           INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
    komi           REAL NOT NULL,
    handicap       INTEGER NOT NULL CHECK (handicap >= 0),
    free_placement INTEGER NOT NULL CHECK (free_placement IN (0, 1)),
    color          TEXT NOT NULL CHECK (color IN ('black', 'white', 'nigiri')),
    ko_rule        TEXT NOT NULL
                   CHECK (ko_rule IN ('list', 'simple', 'positional', 'situational')),
    scoring        TEXT NOT NULL CHECK (scoring IN ('area', 'territory')),
    days_per_move  INTEGER NOT NULL CHECK (days_per_move >= 1),
    status         TEXT NOT NULL
                   CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
    created_at     TEXT NOT NULL,
    expires_at     TEXT NOT NULL,
    closed_at      TEXT
);

CREATE INDEX challenges_by_status ON challenges (status, expires_at);
CREATE INDEX challenges_by_challenged ON challenges (challenged_id, status);
CREATE INDEX challenges_by_challenger ON challenges (challenger_id, status);

-- Clocks: days per move, and when the side to move runs out of time (NULL:
-- no clock, e.g. a game made before clocks existed or while stones are
-- being placed). The deadline already includes any vacation.
ALTER TABLE games ADD COLUMN days_per_move INTEGER NOT NULL DEFAULT 7;
ALTER TABLE games ADD COLUMN turn_started_at TEXT;
ALTER TABLE games ADD COLUMN clock_deadline TEXT;
-- Free handicap stones Black has still to place with `place`.
ALTER TABLE games ADD COLUMN handicap_to_place INTEGER NOT NULL DEFAULT 0;
-- Who asked to take back their last move, and at which move number.
ALTER TABLE games ADD COLUMN undo_color TEXT CHECK (undo_color IN ('black', 'white'));
ALTER TABLE games ADD COLUMN undo_move INTEGER;
ALTER TABLE games ADD COLUMN finished_at TEXT;

CREATE INDEX games_by_deadline ON games (status, clock_deadline);

-- The scoring phase of a game: the stones marked dead (every stone of each
-- dead string, as points like `C3 D4`), who has accepted the marking, and
-- the deadline after which the marking stands as accepted.
CREATE TABLE scoring (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    dead        TEXT NOT NULL DEFAULT '',
    black_done  INTEGER NOT NULL DEFAULT 0 CHECK (black_done IN (0, 1)),
    white_done  INTEGER NOT NULL DEFAULT 0 CHECK (white_done IN (0, 1)),
    deadline    TEXT,
    second_pass TEXT CHECK (second_pass IN ('black', 'white')),
    started_at  TEXT NOT NULL
);

-- Player settings.
ALTER TABLE players ADD COLUMN notify TEXT NOT NULL DEFAULT 'each'
    CHECK (notify IN ('each', 'digest', 'off'));
ALTER TABLE players ADD COLUMN password_hash TEXT;
ALTER TABLE players ADD COLUMN vacation_until TEXT;

-- Every vacation taken, for the yearly allowance.
CREATE TABLE vacations (
    player_id INTEGER NOT NULL REFERENCES players (id),
    starts_at TEXT NOT NULL,
    ends_at   TEXT NOT NULL,
    PRIMARY KEY (player_id, starts_at)
) WITHOUT ROWID;

-- A notice that must go out once: a reminder, a timeout warning, a scoring
-- deadline warning, a daily digest, a "your opponent's mail bounces" note.
-- `game_id` is 0 for a notice about no one game; `key` says which instance
-- (a move number, a deadline, a date).
CREATE TABLE notices (
    game_id   INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    key       TEXT NOT NULL,
    sent_at   TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id, kind, key)
) WITHOUT ROWID;

-- What ends or reopens a game without a move, kept with the move list (the
-- authoritative record) so `pbmgo game verify` can rebuild it: a
-- resignation (`resign black`), a result set by agreement, by the scoring
-- deadline, on time or by the admin (`result W+3.5`), and a return to play
-- (`resume`). `after_move` is how many moves had been played; `source` is
-- a message key, `cli` or `tick`, as for moves.
CREATE TABLE game_events (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    after_move INTEGER NOT NULL CHECK (after_move >= 0),
    event      TEXT NOT NULL,
    source     TEXT NOT NULL,
    at         TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
