-- Handicap games in tournaments (issue 30): with `--handicap auto` the
-- weaker player takes Black by rank, so those colours are not the
-- pairing's to balance. `tournament_pairings.handicap` marks such a game;
-- Swiss and McMahon pairing leaves it out of each player's count of
-- Blacks and Whites. Games paired before this migration are marked when
-- they were played with handicap stones.

ALTER TABLE tournament_pairings ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0
    CHECK (handicap = 0 OR handicap = 1);

UPDATE tournament_pairings SET handicap = 1
 WHERE game_id IN (SELECT id FROM games WHERE handicap > 0);
