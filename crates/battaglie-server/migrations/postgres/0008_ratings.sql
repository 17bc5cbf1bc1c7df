-- Ratings (Glicko-2, the community crate's rules). Times are milliseconds since 1970.

-- The games created rated: their end changes both players' ratings once.
-- rated_at is set, in the transaction that stores the game's result, by the
-- first node to store it (a compare-and-set on "rated_at IS NULL").
CREATE TABLE rated_games (
    game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    rated_at    BIGINT
);

-- Each account's rating, made at its first rated game's end.
CREATE TABLE ratings (
    user_id     TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    updated_at  BIGINT
);

-- One row per rated game and player (`number`: the player's first, second...
-- rated game): the rating and deviation after it, and the side played, the score and the opponent (null once their account is deleted).
CREATE TABLE rating_history (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    number      BIGINT NOT NULL,
    side        TEXT NOT NULL CHECK (side IN ('army', 'indians')),
    score       TEXT NOT NULL CHECK (score IN ('win', 'draw', 'loss')),
    opponent_id TEXT REFERENCES users (id) ON DELETE SET NULL,
    rated_at    BIGINT NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX rating_history_user ON rating_history (user_id, number);
