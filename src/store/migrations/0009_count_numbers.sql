-- 0009: every marking of a game being scored has a number, so that a
-- `done` answers one count: it goes up with each change of the dead
-- stones and on each new scoring phase. `count_mails` keeps which count a
-- mail about a game being scored showed, so that a `done` replying to that
-- mail is known to answer that count (and refused as stale when the
-- marking has changed since).
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE scoring ADD COLUMN count INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1);
-- The key of the message that made the count: a `done` in that same
-- message accepts it, whatever mail the message replies to.
ALTER TABLE scoring ADD COLUMN changed_by TEXT;

CREATE TABLE count_mails (
    -- The mail's Message-ID, without angle brackets.
    message_id TEXT PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id),
    count      INTEGER NOT NULL CHECK (count >= 1)
) WITHOUT ROWID;
