-- 0020: the server's proposed count of a finished game (`estimate GAME`),
-- computed once and kept, since a finished game's position never changes.
-- `dead` holds the stones proposed dead as written back (`A4 B5`, empty
-- for none); the row is for the position with `moves` moves played whose
-- Zobrist hash is `position` (as a signed 64-bit integer), so a position
-- that differs is never answered from it. Rows go with their game.
--
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE estimates (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    moves       INTEGER NOT NULL,
    position    INTEGER NOT NULL,
    dead        TEXT NOT NULL,
    computed_at TEXT NOT NULL,
    PRIMARY KEY (game_id, moves, position)
);
