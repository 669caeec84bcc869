-- 0018: mail that finally failed (given up on, or refused for good), kept
-- per player until a later mail to that player says it could not be
-- delivered. `what` is the mail's news as the player would have read it
-- (a game mail's first line, else its Subject); `told_in` is the
-- Message-ID of the mail that carries the note once it is queued. A row
-- whose telling mail was sent is deleted; one whose telling mail failed
-- too is told again. `outbox retry` deletes the rows of the mail it puts
-- back.
--
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE lost_mail (
    outbox_id  INTEGER PRIMARY KEY REFERENCES outbox (id),
    player_id  INTEGER NOT NULL REFERENCES players (id),
    what       TEXT NOT NULL,
    written_at TEXT NOT NULL,
    lost_at    TEXT NOT NULL,
    told_in    TEXT
);

CREATE INDEX lost_mail_by_player ON lost_mail (player_id, outbox_id);
CREATE INDEX lost_mail_by_telling ON lost_mail (told_in);
