-- 0006: the players' words in a game, for the game record. The lines of a
-- mail that are not commands, sent with a move (kept at that move), with
-- `say` or alone in a game's thread (kept at the move the game stood at).
-- The SGF writes them as `C[]` at those moves. A move taken back hands its
-- words to the move before it.
--
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE game_comments (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    -- How many moves had been played with it (0: before the first move).
    after_move INTEGER NOT NULL CHECK (after_move >= 0),
    color      TEXT NOT NULL CHECK (color IN ('black', 'white')),
    text       TEXT NOT NULL,
    -- The message key it came with.
    source     TEXT NOT NULL,
    at         TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
