-- The position a game stands at after its last move (the rules' 64-bit hash of
-- the placement and the side to move; none before the first move, whose
-- position every game of the scenario shares), so that an analysis on the
-- server refuses a game passing through a position a game in play stands at.
ALTER TABLE games ADD COLUMN position_key BIGINT;
CREATE INDEX games_live_position ON games (position_key)
    WHERE result IS NULL AND position_key IS NOT NULL;
