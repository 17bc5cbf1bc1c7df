-- The engine's analysis of a game at a move count, shared by every node: the node
-- computing it writes its progress here (`done` of `total` moves, the judged moves
-- so far in `body`), renewing `updated_at`; another node takes over an analysis
-- whose writer stopped renewing it.
CREATE TABLE analyses (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    plies       INTEGER NOT NULL,
    nodes       INTEGER NOT NULL,
    done        INTEGER NOT NULL,
    total       INTEGER NOT NULL,
    body        TEXT NOT NULL,
    node        TEXT NOT NULL,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (game_id, plies)
);
