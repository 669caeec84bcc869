-- Time systems (issue 28). A game's system in its pinned text (NULL for a
-- game made before: per move, `days_per_move`), whether its players'
-- weekends are off and how long their nights are; each player's clock in a
-- game at rest between their moves; each player's time zone (NULL: the
-- server's); and a challenge's time terms, which its game takes.

ALTER TABLE games ADD COLUMN time_spec TEXT;
ALTER TABLE games ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0
    CHECK (weekends_off IN (0, 1));
ALTER TABLE games ADD COLUMN night_hours INTEGER NOT NULL DEFAULT 0
    CHECK (night_hours BETWEEN 0 AND 16);

CREATE TABLE game_clocks (
    game_id        INTEGER NOT NULL REFERENCES games (id),
    color          TEXT NOT NULL CHECK (color IN ('black', 'white')),
    main_seconds   INTEGER NOT NULL,
    periods        INTEGER NOT NULL CHECK (periods >= 0),
    period_seconds INTEGER NOT NULL,
    stones         INTEGER NOT NULL CHECK (stones >= 0),
    overtime       INTEGER NOT NULL CHECK (overtime IN (0, 1)),
    PRIMARY KEY (game_id, color)
) WITHOUT ROWID;

ALTER TABLE players ADD COLUMN timezone TEXT;

ALTER TABLE challenges ADD COLUMN time_spec TEXT;
ALTER TABLE challenges ADD COLUMN weekends_off INTEGER NOT NULL DEFAULT 0
    CHECK (weekends_off IN (0, 1));
ALTER TABLE challenges ADD COLUMN night_hours INTEGER NOT NULL DEFAULT 0
    CHECK (night_hours BETWEEN 0 AND 16);

-- What the mover's clock held after each move, for the SGF's BL/WL and
-- OB/OW: the seconds left (main time, else the byo-yomi period or the
-- Canadian block) and, in overtime, the byo-yomi periods or Canadian
-- stones left. NULL for a move made before time systems.
ALTER TABLE moves ADD COLUMN time_left INTEGER;
ALTER TABLE moves ADD COLUMN overtime_left INTEGER;
