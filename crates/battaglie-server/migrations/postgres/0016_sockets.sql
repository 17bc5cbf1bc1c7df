-- The WebSockets open on each game, one row each, so that every node agrees on
-- who is connected (presence, the live absence claim, the spectator count).
-- `seen_at` is in game time (the server's clock, faked in tests): when the
-- socket opened, was last renewed, or closed. `beat_at` is wall-clock time of
-- the last renewal by its node: a node that dies stops renewing, and its
-- sockets stop counting after a while, whatever the game time says.
-- A closed socket's row stays a while: its `closed_at` says since when its
-- seat has been gone.
CREATE TABLE sockets (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat TEXT NOT NULL CHECK (seat IN ('army', 'indians', 'both', 'spectator')),
    node TEXT NOT NULL,
    seen_at BIGINT NOT NULL,
    beat_at BIGINT NOT NULL,
    closed_at BIGINT
);
CREATE INDEX sockets_by_game ON sockets (game_id);
CREATE INDEX sockets_by_node ON sockets (node, closed_at);
