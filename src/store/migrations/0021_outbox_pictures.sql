-- 0021: outbox pictures. A game mail's board picture (its base64 lines, as
-- the mail carries them) is stored once per distinct picture, keyed by its
-- Content-ID, which names the game and what the picture shows: the mover's
-- reply and the opponent's letter show the same board. Their bodies keep
-- the rest of the mail (lz4) and where each picture goes: encoding
-- `pictures`. Compressing the base64 of every picture inside every body
-- had been a tenth of `poll`.
--
-- Mail queued before this migration keeps its `identity` or `lz4` body and
-- is sent as it was. Shipped migrations are never edited; add a new file.

CREATE TABLE outbox_pictures (
    id   INTEGER PRIMARY KEY,
    key  TEXT NOT NULL UNIQUE,
    data BLOB NOT NULL
);

-- SQLite cannot widen a CHECK in place: the table is made again with the
-- new encoding allowed, and the bodies copied over as they are.
CREATE TABLE outbox_bodies_new (
    outbox_id INTEGER PRIMARY KEY REFERENCES outbox (id),
    encoding  TEXT NOT NULL CHECK (encoding IN ('identity', 'lz4', 'pictures')),
    body      BLOB NOT NULL
);
INSERT INTO outbox_bodies_new (outbox_id, encoding, body)
SELECT outbox_id, encoding, body FROM outbox_bodies;
DROP TABLE outbox_bodies;
ALTER TABLE outbox_bodies_new RENAME TO outbox_bodies;
