-- 0008: what a handled message said, so that the exactly-once key is the
-- Message-ID together with the sender and the content. `fingerprint` is
-- the SHA-256 (hex) of the sender, Subject, Date, body text and the bytes
-- after the header block: a copy of the same mail delivered again (other
-- Received or Delivered-To headers) has the same one; another mail that
-- reuses a Message-ID (another sender, or other words) has another, and is
-- handled under a key of its own, `<Message-ID> sha256:<fingerprint>`.
-- Rows recorded before this migration have none and match their sender
-- alone.
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE messages ADD COLUMN fingerprint TEXT;
