-- The static web archive (issue 31).
--
-- `players.public`: the player's `public on|off` (NULL: never said, so
-- `[web] default_public` decides). A game is published only when both its
-- players are.
--
-- `site_pages`: every file `pbmgo site build` wrote into the site, with
-- the hash of its bytes, so a build writes only the files whose bytes
-- changed and removes the files no longer allowed. `site_builds`: each
-- build, for the next one to know what changed since.

ALTER TABLE players ADD COLUMN public INTEGER CHECK (public IS NULL OR public = 0 OR public = 1);

CREATE TABLE site_pages (
    path       TEXT PRIMARY KEY,
    hash       INTEGER NOT NULL,
    written_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE site_builds (
    id         INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    dir        TEXT NOT NULL,
    written    INTEGER NOT NULL,
    removed    INTEGER NOT NULL,
    kept       INTEGER NOT NULL
);
