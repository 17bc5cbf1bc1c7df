-- Games and their moves. A game's state is rebuilt by replaying its moves.
-- (The same schema as the SQLite one, in PostgreSQL's types.)
CREATE TABLE games (
    id             TEXT PRIMARY KEY NOT NULL,
    scenario       TEXT NOT NULL,
    mode           TEXT NOT NULL CHECK (mode IN ('computer', 'hotseat', 'online')),
    computer_side  TEXT CHECK (computer_side IN ('army', 'indians')),
    computer_level BIGINT CHECK (computer_level BETWEEN 1 AND 8),
    army_token     TEXT,
    indians_token  TEXT,
    start          TEXT,
    draw_offer     TEXT CHECK (draw_offer IN ('army', 'indians')),
    result         TEXT CHECK (result IN ('army', 'indians', 'draw')),
    reason         TEXT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

CREATE INDEX games_open ON games (mode, result);

CREATE TABLE moves (
    game_id  TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply      BIGINT NOT NULL,
    mv       TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
