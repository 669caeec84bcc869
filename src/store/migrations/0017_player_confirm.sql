-- 0017: whether a player's mails whose commands were all applied are
-- answered (`confirm on|off` by mail). 1 (the default) or 0; with 0 such a
-- mail draws no reply, while a refusal is always answered and the
-- opponent still gets their notice.
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE players ADD COLUMN confirm INTEGER NOT NULL DEFAULT 1
    CHECK (confirm IN (0, 1));
