-- A game's clock (docs/community.md): the time control, each side's time left
-- when its turn began, whose time runs since when and until when, as the JSON
-- of battaglie-community's GameClock. It is written in the same transaction as
-- the move it times, so any node reads back the same clock after any restart.
-- `flag_at` is the running side's deadline in a live game (milliseconds since
-- 1970), for the nodes' flag timers; NULL when no live clock runs.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN flag_at BIGINT;

CREATE INDEX games_flag_at ON games (flag_at) WHERE flag_at IS NOT NULL;
