-- 0005: outbox bodies. A mail's RFC 5322 bytes move out of its `outbox` row
-- into a table of their own, lz4-compressed when that makes them smaller.
-- Inline, a 3.7 KB reply took a 4 KB page per row, and marking it sent
-- rewrote the whole row, bytes included; now the row is small and `mark_sent`
-- rewrites only it. The bytes are still final when queued: a mail sent twice
-- carries the same Message-ID both times.
--
-- Shipped migrations are never edited; add a new numbered file instead.

-- One row per outbox row: its bytes as queued (`identity`), or as an lz4
-- block with the uncompressed size prepended (4 bytes, little-endian).
CREATE TABLE outbox_bodies (
    outbox_id INTEGER PRIMARY KEY REFERENCES outbox (id),
    encoding  TEXT NOT NULL CHECK (encoding IN ('identity', 'lz4')),
    body      BLOB NOT NULL
);

-- The mail queued before this migration keeps its bytes as they are.
INSERT INTO outbox_bodies (outbox_id, encoding, body)
SELECT id, 'identity', raw FROM outbox;

-- `raw` is in no index, constraint, trigger or view, so it can be dropped.
-- The pages it took are reused by later rows (`VACUUM` gives them back).
ALTER TABLE outbox DROP COLUMN raw;
