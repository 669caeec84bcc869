-- Colours in Swiss and McMahon tournaments (issue 30).
--
-- `tournaments.colours`: which comes first when they conflict, every
-- player's colours within one (`within-one`, the default) or pairing
-- within score groups (`groups-first`).
--
-- Handicap games: with `--handicap auto` the
-- weaker player takes Black by rank, so those colours are not the
-- pairing's to balance. `tournament_pairings.handicap` marks such a game;
-- Swiss and McMahon pairing leaves it out of each player's count of
-- Blacks and Whites. Games paired before this migration are marked when
-- they were played with handicap stones.

ALTER TABLE tournament_pairings ADD COLUMN handicap INTEGER NOT NULL DEFAULT 0
    CHECK (handicap = 0 OR handicap = 1);

UPDATE tournament_pairings SET handicap = 1
 WHERE game_id IN (SELECT id FROM games WHERE handicap > 0);

ALTER TABLE tournaments ADD COLUMN colours TEXT NOT NULL DEFAULT 'within-one'
    CHECK (colours = 'within-one' OR colours = 'groups-first');
