-- A game called off before its first move (as lichess aborts one): when, in
-- Unix seconds; null for every other game. Such a game has no result: it is
-- never rated nor counted as a win, a loss or a draw, and no clock, claim or
-- computer's turn waits on it.
ALTER TABLE games ADD COLUMN aborted_at BIGINT;
