-- Tournaments and ladders (issue 30): a round robin, a Swiss, a McMahon or a
-- ladder, its entrants, and its rounds: each round's games (a game of
-- `games`, started by pbmgo when the round was paired) and byes.
--
-- A tournament is `open` (taking entries), `running` (paired), or
-- `finished`. `round` is the last round paired (0 before the start; a round
-- robin pairs all its rounds at the start). A pairing row is either a game
-- (`game_id` with its players) or a bye (`bye_id` with the quarter points it
-- scores); a game's result is the game's own. Pairing a round and starting
-- its games happen in one transaction, with the round's number in the key,
-- so no round is ever paired twice.
--
-- A ladder's games are its challenges' games: round 0, one board a game in
-- the order they started. Its entrants' `place` is the ladder, 1 the top.
-- A ladder challenge carries its tournament.

CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL UNIQUE COLLATE NOCASE
                 CHECK (length(name) BETWEEN 1 AND 32),
    system       TEXT NOT NULL
                 CHECK (system = 'round-robin' OR system = 'swiss'
                        OR system = 'mcmahon' OR system = 'ladder'),
    size         INTEGER NOT NULL CHECK (size BETWEEN 2 AND 25),
    time         TEXT,
    rounds       INTEGER CHECK (rounds IS NULL OR rounds >= 1),
    bar          TEXT,
    handicap     TEXT NOT NULL DEFAULT 'none' CHECK (handicap = 'none' OR handicap = 'auto'),
    max_players  INTEGER CHECK (max_players IS NULL OR max_players >= 2),
    starts       TEXT,
    bye_quarters INTEGER NOT NULL DEFAULT 4
                 CHECK (bye_quarters = 0 OR bye_quarters = 2 OR bye_quarters = 4),
    reach        INTEGER NOT NULL DEFAULT 5 CHECK (reach >= 1),
    round_days   INTEGER CHECK (round_days IS NULL OR round_days >= 1),
    rated        INTEGER NOT NULL DEFAULT 1 CHECK (rated = 0 OR rated = 1),
    status       TEXT NOT NULL DEFAULT 'open'
                 CHECK (status = 'open' OR status = 'running' OR status = 'finished'),
    round        INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0),
    round_at     TEXT,
    created_at   TEXT NOT NULL,
    started_at   TEXT,
    finished_at  TEXT
);

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_id     INTEGER NOT NULL REFERENCES players (id),
    seq           INTEGER NOT NULL,
    joined_at     TEXT NOT NULL,
    strength      INTEGER,
    place         INTEGER,
    withdrawn_at  TEXT,
    PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;
CREATE INDEX tournament_entrants_by_player ON tournament_entrants (player_id);

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL CHECK (round >= 0),
    board         INTEGER NOT NULL CHECK (board >= 1),
    game_id       INTEGER UNIQUE REFERENCES games (id),
    black_id      INTEGER REFERENCES players (id),
    white_id      INTEGER REFERENCES players (id),
    bye_id        INTEGER REFERENCES players (id),
    bye_quarters  INTEGER,
    PRIMARY KEY (tournament_id, round, board),
    CHECK ((game_id IS NULL) = (bye_id IS NOT NULL)),
    CHECK (game_id IS NULL OR (black_id IS NOT NULL AND white_id IS NOT NULL))
) WITHOUT ROWID;

ALTER TABLE challenges ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
