-- 0016: whether a player's mails show the board as a picture in their
-- HTML part (`images on|off` by mail). 1 (the default) or 0; with 0 the
-- text and the HTML `<pre>` board stay, only the picture goes.
--
-- Shipped migrations are never edited; add a new numbered file instead.

ALTER TABLE players ADD COLUMN images INTEGER NOT NULL DEFAULT 1
    CHECK (images IN (0, 1));
