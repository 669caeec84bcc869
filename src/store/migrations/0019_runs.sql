-- 0019: the runs of the cron jobs `poll` and `tick`, for `pbmgo status`
-- and the metrics file: when each started and finished, whether it ended
-- well, its counts (a JSON object) and, when it failed, why. Only the
-- latest runs of each kind are kept (store/runs.rs prunes the rest).
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('poll', 'tick')),
    started_at  TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    outcome     TEXT NOT NULL CHECK (outcome IN ('ok', 'error')),
    counts      TEXT NOT NULL DEFAULT '{}',
    error       TEXT
);

CREATE INDEX runs_by_kind ON runs (kind, id);
