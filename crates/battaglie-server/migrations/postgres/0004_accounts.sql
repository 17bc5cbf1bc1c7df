-- Accounts (optional: games are still played by seat token alone).
-- A deleted account keeps its row (deleted = 1) with its name, key and hash
-- cleared: the name is free again and nothing links it to its games.
-- Times are milliseconds since 1970.
CREATE TABLE users (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT,
    name_key    TEXT UNIQUE,
    hash        TEXT,
    created_at  BIGINT NOT NULL,
    deleted     BIGINT NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1))
);

-- Sessions, by the SHA-256 of the cookie's token (the token itself is never stored).
CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY NOT NULL,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    last_seen   BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);

-- Which account holds a seat: a seat has at most one owner.
CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side        TEXT NOT NULL CHECK (side IN ('army', 'indians', 'both')),
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    linked_at   BIGINT NOT NULL,
    PRIMARY KEY (game_id, side)
);

CREATE INDEX seats_user ON seats (user_id);

-- Failed logins and registrations counted per name key or address
-- ('name:…', 'addr:…', 'register:…'), shared by every node.
CREATE TABLE throttles (
    key         TEXT PRIMARY KEY NOT NULL,
    attempts    BIGINT NOT NULL,
    last_at     BIGINT
);

-- The server's secret for signed values (CSRF tokens): made once, the same on every node.
CREATE TABLE secrets (
    name        TEXT PRIMARY KEY NOT NULL,
    value       TEXT NOT NULL
);
