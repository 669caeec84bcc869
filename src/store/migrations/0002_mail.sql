-- 0002: the mail side: every inbound message handled (for exactly-once
-- processing and `pbmgo message list`), the outbox with its send attempts,
-- mail held in quarantine, and each game's mail thread.
--
-- Shipped migrations are never edited; add a new numbered file instead.

-- One row per inbound message handled. `key` is the Message-ID, or
-- `sha256:<hex>` of the raw bytes for a mail without one: a key seen before
-- is never applied again.
CREATE TABLE messages (
    id          INTEGER PRIMARY KEY,
    key         TEXT NOT NULL UNIQUE,
    sender      TEXT,
    player_id   INTEGER REFERENCES players (id),
    subject     TEXT NOT NULL DEFAULT '',
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL
                CHECK (outcome IN ('applied', 'rejected', 'answered', 'ignored')),
    reasons     TEXT NOT NULL DEFAULT '',
    detail      TEXT NOT NULL DEFAULT '',
    source      TEXT NOT NULL DEFAULT ''
);

CREATE INDEX messages_by_sender ON messages (sender, received_at);

-- Mail waiting to be sent, sent, or given up on. The raw bytes are final:
-- sending twice sends the same Message-ID.
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    message_id      TEXT NOT NULL UNIQUE,
    envelope_from   TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    kind            TEXT NOT NULL,
    game_id         INTEGER REFERENCES games (id),
    inbound_id      INTEGER REFERENCES messages (id),
    raw             BLOB NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error      TEXT,
    next_attempt_at TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    sent_at         TEXT
);

CREATE INDEX outbox_due ON outbox (status, next_attempt_at, id);
CREATE INDEX outbox_by_recipient ON outbox (recipient, created_at);

-- Every attempt to send an outbox row, successful or not.
CREATE TABLE send_attempts (
    outbox_id INTEGER NOT NULL REFERENCES outbox (id),
    attempt   INTEGER NOT NULL CHECK (attempt >= 1),
    at        TEXT NOT NULL,
    error     TEXT,
    PRIMARY KEY (outbox_id, attempt)
) WITHOUT ROWID;

-- Mail that could not be handled, with the error; the file sits in the
-- quarantine Maildir under `file`. `released_at` is set when a retry
-- handled it.
CREATE TABLE quarantine (
    id          INTEGER PRIMARY KEY,
    file        TEXT NOT NULL UNIQUE,
    sender      TEXT,
    error       TEXT NOT NULL,
    held_at     TEXT NOT NULL,
    released_at TEXT
);

-- The Message-ID of a game's first mail: later mail about the game threads under it.
ALTER TABLE games ADD COLUMN thread_id TEXT;
