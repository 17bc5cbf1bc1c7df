-- Each node's heartbeat, renewed every second: `wall_at` is wall-clock time
-- (milliseconds), what says whether the node is alive; `game_at` is the game
-- time of the same beat (the server's clock, faked in tests). When a node
-- finds that no node beat for a while, the site was down: the game time since
-- the last beat is given back to every running clock, so that no game is lost
-- on time because no server was there to take its moves. A node stopping
-- cleanly sets its `wall_at` to 0.
CREATE TABLE node_beats (
    node TEXT PRIMARY KEY,
    wall_at BIGINT NOT NULL,
    game_at BIGINT NOT NULL
);
