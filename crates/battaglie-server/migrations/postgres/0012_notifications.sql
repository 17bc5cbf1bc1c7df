-- Notifications (docs/community.md): what each account asked to receive, and
-- the outbox the sender tasks work from. Times are milliseconds since 1970.
CREATE TABLE notification_prefs (
    user_id     TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email       TEXT,
    mail        BIGINT NOT NULL DEFAULT 0 CHECK (mail IN (0, 1)),
    webhook_url TEXT,
    webhook     BIGINT NOT NULL DEFAULT 0 CHECK (webhook IN (0, 1)),
    -- The body's format: by the URL ('auto'), or Discord's or Slack's for
    -- compatible services at other hosts.
    webhook_format TEXT NOT NULL DEFAULT 'auto' CHECK (webhook_format IN ('auto', 'discord', 'slack')),
    -- Which events: your turn, a direct challenge, a game's end.
    your_turn   BIGINT NOT NULL DEFAULT 1 CHECK (your_turn IN (0, 1)),
    challenges  BIGINT NOT NULL DEFAULT 1 CHECK (challenges IN (0, 1)),
    endings     BIGINT NOT NULL DEFAULT 1 CHECK (endings IN (0, 1)),
    updated_at  BIGINT NOT NULL
);

-- One row per notice and channel, written in the transaction of the event that
-- causes it. A node claims due rows (claimed_by, claimed_until) so that one node
-- sends each; a row that keeps failing ends as 'failed' with its last error,
-- never deleted.
CREATE TABLE outbox (
    id            BIGSERIAL PRIMARY KEY,
    recipient     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel       TEXT NOT NULL CHECK (channel IN ('mail', 'webhook')),
    event         TEXT NOT NULL CHECK (event IN ('your_turn', 'challenge_received', 'game_ended')),
    game_id       TEXT,
    subject       TEXT NOT NULL,
    -- The path of the page the notice points to (`/game/…`, `/lobby`).
    link          TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    -- The earliest it may go out (an end mail waits for the hour since the last mail).
    not_before    BIGINT NOT NULL,
    next_at       BIGINT NOT NULL,
    attempts      BIGINT NOT NULL DEFAULT 0,
    claimed_by    TEXT,
    claimed_until BIGINT,
    state         TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'cancelled')),
    sent_at       BIGINT,
    last_error    TEXT
);

CREATE INDEX outbox_due ON outbox (state, next_at);
CREATE INDEX outbox_mail ON outbox (recipient, game_id, channel);
