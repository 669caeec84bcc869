-- 0015: a player's `address add NEW` by mail waits, like a signup, for the
-- new address to answer a confirmation. Such a row of pending_signups
-- names the player it is for (`player_id`); a signup has none. `name` keeps
-- the player's name when asked, for the mail; the player is found by id.
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE pending_signups ADD COLUMN player_id INTEGER
    REFERENCES players (id) ON DELETE CASCADE;

CREATE INDEX pending_signups_by_player ON pending_signups (player_id, created_at);
