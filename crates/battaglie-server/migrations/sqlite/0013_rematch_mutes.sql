-- Chat mutes: an account hides an author's messages in a game's chat from
-- itself (`author` as messages show it: `army`, `indians`, or a spectator's
-- account name). A guest's mutes stay in its page.
CREATE TABLE chat_mutes (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    author TEXT NOT NULL,
    PRIMARY KEY (user_id, game_id, author)
);

-- Rematch offers after an online game: the side that offered, and once the
-- other side accepted (one acceptance wins: `next_game` is set only while NULL),
-- the new game.
CREATE TABLE rematches (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    offered_by TEXT NOT NULL CHECK (offered_by IN ('army', 'indians')),
    next_game TEXT
);
