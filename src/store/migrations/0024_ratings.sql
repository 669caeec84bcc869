-- Ranks and ratings on the EGF scale (issue 29): 2100 is 1 dan, 100 points
-- a rank, 30 kyu (-900) the floor.
--
-- Each player has the rating they started from (a rank declared at signup,
-- else the server's default rank, 20k = 100 until the admin sets another),
-- whether they declared it, their rating now and how many rated games made
-- it. A game and a challenge say whether they are rated.
--
-- `rating_events` is the order of everything that moved a rating: a game
-- finishing (each time it finishes) and a rank set by its player before
-- their first rated game or by the admin (with a reason). Replaying it from
-- the starting ratings gives the ratings now: `pbmgo ratings recompute`
-- does, and so does this migration, once its rows are in (the Elo of the
-- old standings was never stored; the finished games are its history).
-- `rating_changes` keeps what each rated game did to each player.

ALTER TABLE players ADD COLUMN start_rating REAL NOT NULL DEFAULT 100.0;
ALTER TABLE players ADD COLUMN declared INTEGER NOT NULL DEFAULT 0
    CHECK (declared = 0 OR declared = 1);
ALTER TABLE players ADD COLUMN rating REAL NOT NULL DEFAULT 100.0;
ALTER TABLE players ADD COLUMN rated_games INTEGER NOT NULL DEFAULT 0
    CHECK (rated_games >= 0);
ALTER TABLE players ADD COLUMN ranked INTEGER NOT NULL DEFAULT 0
    CHECK (ranked = 0 OR ranked = 1);

ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1
    CHECK (rated = 0 OR rated = 1);
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1
    CHECK (rated = 0 OR rated = 1);
ALTER TABLE pending_signups ADD COLUMN rank TEXT;

CREATE TABLE rating_events (
    seq       INTEGER PRIMARY KEY AUTOINCREMENT,
    at        TEXT NOT NULL,
    game_id   INTEGER REFERENCES games (id),
    player_id INTEGER REFERENCES players (id),
    rating    REAL,
    set_by    TEXT CHECK (set_by IS NULL OR set_by = 'player' OR set_by = 'admin'),
    reason    TEXT,
    CHECK ((game_id IS NULL) <> (player_id IS NULL)),
    CHECK (player_id IS NULL OR (rating IS NOT NULL AND set_by IS NOT NULL))
);
CREATE INDEX rating_events_by_game ON rating_events (game_id) WHERE game_id IS NOT NULL;

CREATE TABLE rating_changes (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    player_id INTEGER NOT NULL REFERENCES players (id),
    before    REAL NOT NULL,
    after     REAL NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;

INSERT INTO rating_events (at, game_id)
SELECT coalesce(finished_at, updated_at), id FROM games
WHERE status = 'finished'
ORDER BY coalesce(finished_at, updated_at), id;
