-- 0014: conditional moves (`if GAME P1 Q1 [P2 Q2 ...]`). Each row is one
-- sequence a player set in a game: `moves` holds the moves as written
-- back (`C3 D4 pass E5`), the opponent's and the answers alternating,
-- starting with the opponent's. The rows of one (game, player) form a tree
-- of alternatives. `base` is the number of moves played when the rows were
-- set or last advanced: rows whose base is not the game's move count are
-- stale and never fire. Rows are cleared on undo and at the end of a game.
--
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE conditionals (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    line       INTEGER NOT NULL,
    moves      TEXT NOT NULL,
    base       INTEGER NOT NULL,
    set_at     TEXT NOT NULL,
    PRIMARY KEY (game_id, player_id, line)
);
