-- An online game's standing take-back request: the side that asked, and the
-- revision its asking made. It stands only while the game is at that revision:
-- any later change (a move, a draw offer, the end) lapses it without a write.
ALTER TABLE games ADD COLUMN takeback_offer TEXT CHECK (takeback_offer IN ('army', 'indians'));
ALTER TABLE games ADD COLUMN takeback_revision INTEGER;
