-- Confirming the notification e-mail address (docs/community.md): no turn,
-- challenge or end mail goes to an address before its owner opened the link
-- mailed to it; changing the address unconfirms it. Addresses stored before
-- this migration count as unconfirmed (the account page sends the link again).
ALTER TABLE notification_prefs ADD COLUMN email_confirmed INTEGER NOT NULL DEFAULT 0
    CHECK (email_confirmed IN (0, 1));
-- When the last confirmation mail was queued (at most one per ten minutes).
ALTER TABLE notification_prefs ADD COLUMN confirm_sent_at INTEGER;

-- The outbox takes the confirmation mail as an event of its own. SQLite
-- cannot change a CHECK constraint in place: the table is made again, with
-- its rows and ids.
CREATE TABLE outbox_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    channel       TEXT NOT NULL CHECK (channel IN ('mail', 'webhook')),
    event         TEXT NOT NULL CHECK (event IN ('your_turn', 'challenge_received', 'game_ended', 'confirm_email')),
    game_id       TEXT,
    subject       TEXT NOT NULL,
    link          TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    not_before    INTEGER NOT NULL,
    next_at       INTEGER NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    claimed_by    TEXT,
    claimed_until INTEGER,
    state         TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'cancelled')),
    sent_at       INTEGER,
    last_error    TEXT
);
INSERT INTO outbox_new (id, recipient, channel, event, game_id, subject, link, created_at,
    not_before, next_at, attempts, claimed_by, claimed_until, state, sent_at, last_error)
SELECT id, recipient, channel, event, game_id, subject, link, created_at,
    not_before, next_at, attempts, claimed_by, claimed_until, state, sent_at, last_error
FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (state, next_at);
CREATE INDEX outbox_mail ON outbox (recipient, game_id, channel);
