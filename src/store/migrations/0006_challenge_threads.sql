-- 0006: a challenge's mail thread. The challenge letter is the first mail
-- about a game, before the game has a row, so the Message-ID that roots
-- the thread is kept with the challenge; the game that the challenge
-- becomes (the same id) finds it there while `games.thread_id` is unset.
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE challenges ADD COLUMN thread_id TEXT;
