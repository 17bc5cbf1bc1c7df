-- Who computes the computer's move: the node that holds the claim, until it
-- expires (renewed while the node thinks). When a node dies its claim runs out,
-- and another node takes the turn over.
CREATE TABLE computer_turns (
    game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    node        TEXT NOT NULL,
    expires_at  INTEGER NOT NULL
);

CREATE INDEX computer_turns_expiry ON computer_turns (expires_at);
