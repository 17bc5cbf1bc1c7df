-- Confirming the notification e-mail address (docs/community.md): no turn,
-- challenge or end mail goes to an address before its owner opened the link
-- mailed to it; changing the address unconfirms it. Addresses stored before
-- this migration count as unconfirmed (the account page sends the link again).
ALTER TABLE notification_prefs ADD COLUMN email_confirmed BIGINT NOT NULL DEFAULT 0
    CHECK (email_confirmed IN (0, 1));
-- When the last confirmation mail was queued (at most one per ten minutes).
ALTER TABLE notification_prefs ADD COLUMN confirm_sent_at BIGINT;

-- The outbox takes the confirmation mail as an event of its own.
ALTER TABLE outbox DROP CONSTRAINT outbox_event_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_event_check
    CHECK (event IN ('your_turn', 'challenge_received', 'game_ended', 'confirm_email'));
