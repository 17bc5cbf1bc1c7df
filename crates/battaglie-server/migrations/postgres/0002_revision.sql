-- Every change of a game bumps its revision: a write that expected another
-- revision (another node changed the game first) is refused.
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
