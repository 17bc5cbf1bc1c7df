-- The lobby: challenges (open to anyone or direct to one account) and "play
-- anyone" requests. Times are milliseconds since 1970. The time control is
-- kept in its written form (`10+3`, `3d+2h`).
CREATE TABLE challenges (
    id              TEXT PRIMARY KEY NOT NULL,
    challenger      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    battle          TEXT NOT NULL,
    side            TEXT NOT NULL CHECK (side IN ('army', 'indians', 'random')),
    control         TEXT NOT NULL,
    rated           BIGINT NOT NULL CHECK (rated IN (0, 1)),
    -- NULL: open to anyone; else the only account that may accept or decline.
    addressee       TEXT REFERENCES users (id) ON DELETE CASCADE,
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('open', 'accepted', 'cancelled', 'declined')),
    -- Set once, by the one acceptance the database lets through.
    acceptor        TEXT REFERENCES users (id) ON DELETE SET NULL,
    challenger_side TEXT CHECK (challenger_side IN ('army', 'indians')),
    game_id         TEXT REFERENCES games (id) ON DELETE SET NULL,
    settled_at      BIGINT
);

CREATE INDEX challenges_open ON challenges (state, expires_at);

-- One "play anyone" request per account; paired requests keep their game
-- until the player asks again or withdraws.
CREATE TABLE seeks (
    user_id         TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    battle          TEXT NOT NULL,
    side            TEXT NOT NULL CHECK (side IN ('army', 'indians', 'random')),
    control         TEXT NOT NULL,
    rated           BIGINT NOT NULL CHECK (rated IN (0, 1)),
    since           BIGINT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('waiting', 'paired')),
    game_id         TEXT REFERENCES games (id) ON DELETE SET NULL,
    played_side     TEXT CHECK (played_side IN ('army', 'indians'))
);

CREATE INDEX seeks_waiting ON seeks (state, battle, since);
