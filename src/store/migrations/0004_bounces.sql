-- 0004: bounces. Every permanent delivery failure a delivery status
-- notification reports for an address pbmgo wrote to. An address with
-- `bounce_limit` bounces not yet cleared gets no more mail, and its player
-- shows as `bouncing`; a mail from the player clears them (`cleared_at`).
--
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE bounces (
    id          INTEGER PRIMARY KEY,
    -- The address the mail was lost at (normalized), as pbmgo wrote to it.
    address     TEXT NOT NULL,
    -- The outbox row the report names through its VERP envelope, if any.
    outbox_id   INTEGER REFERENCES outbox (id),
    -- The exactly-once key of the delivery report (its Message-ID).
    report_key  TEXT NOT NULL,
    -- The DSN's Status (e.g. 5.1.1) and Diagnostic-Code.
    status      TEXT NOT NULL DEFAULT '',
    diagnostic  TEXT NOT NULL DEFAULT '',
    received_at TEXT NOT NULL,
    cleared_at  TEXT,
    UNIQUE (report_key, address)
);

CREATE INDEX bounces_by_address ON bounces (address, cleared_at);

-- A bounce names its outbox row by the row's VERP envelope sender.
CREATE INDEX outbox_by_envelope ON outbox (envelope_from);
