-- 0011: a player the admin disabled (`pbmgo player disable NAME`): their
-- mail is answered only with one short reply saying so, and nothing else
-- is mailed to them, until `pbmgo player enable NAME`. 0 or 1.
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE players ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0
    CHECK (disabled IN (0, 1));
