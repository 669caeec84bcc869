-- 0012: signups waiting for their address to confirm (`[server] signup =
-- "confirm"`). A stranger's `signup NAME` makes a row and a confirmation
-- mail whose Reply-To carries `code`; a reply from the same address to
-- that address makes the player and sets `confirmed_at`. Rows past
-- `expires_at` confirm nothing. `created_at` counts against the daily cap.
--
-- Shipped migrations are never edited; add a new numbered file instead.

CREATE TABLE pending_signups (
    id           INTEGER PRIMARY KEY,
    address      TEXT NOT NULL,
    name         TEXT NOT NULL,
    code         TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    confirmed_at TEXT
);

CREATE INDEX pending_signups_by_address ON pending_signups (address, created_at);
CREATE INDEX pending_signups_by_time ON pending_signups (created_at);
