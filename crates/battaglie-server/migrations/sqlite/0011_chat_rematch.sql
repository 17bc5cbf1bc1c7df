-- Chat of online games: the players' room (the two seats write, everyone reads)
-- and the spectators' room (signed-in spectators write; the players read it only
-- once the game is over). `sender` is who the rate limit counts: a seat's word
-- or `user:` and an account id.
CREATE TABLE chat_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    room TEXT NOT NULL CHECK (room IN ('players', 'spectators')),
    sender TEXT NOT NULL,
    author TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX chat_messages_game ON chat_messages (game_id, room, id);
CREATE INDEX chat_messages_sender ON chat_messages (game_id, sender, created_at);
