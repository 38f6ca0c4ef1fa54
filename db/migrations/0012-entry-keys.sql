-- 0012-entry-keys.sql: a hand's entry key, the idempotency key of the station that entered it.
-- A station sends a hand again when it cannot know whether the first sending was saved (the
-- connection dropped during the commit, an outbox sent once more); the store finds the hand by
-- its key instead of entering it twice.  Never edit once shipped.

ALTER TABLE hands ADD COLUMN entry_key TEXT CHECK (entry_key IS NULL OR length (entry_key) > 0);
CREATE UNIQUE INDEX hands_by_entry_key ON hands (entry_key) WHERE entry_key IS NOT NULL;
