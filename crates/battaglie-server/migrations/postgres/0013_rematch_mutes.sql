-- Chat mutes: an account hides an author's messages in a game's chat from
-- itself (`author` as messages show it: `army`, `indians`, or a spectator's
-- account name). A guest's mutes stay in its page.
CREATE TABLE chat_mutes (
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    author TEXT NOT NULL,
    PRIMARY KEY (user_id, game_id, author)
);
