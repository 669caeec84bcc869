-- 0010: a mail is claimed by the process that sends it, before it is
-- handed to a transport, so that processes running at the same time
-- (`poll`, `deliver`, `send`, `tick`) never send one mail twice.
-- `claimed_until` is when the claim ends: a process that died after
-- claiming leaves the mail to a later run once it has passed. A claim
-- does not move the mail in the queue (`next_attempt_at` is left alone).
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
