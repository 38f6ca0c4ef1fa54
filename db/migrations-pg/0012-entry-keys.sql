-- 0012-entry-keys.sql: a hand's entry key (as db/migrations/0012-entry-keys.sql), unique on the
-- server, so that a hand a station sends twice is stored once.  Never edit once shipped.

ALTER TABLE hands ADD COLUMN entry_key text CHECK (entry_key IS NULL OR length (entry_key) > 0);
CREATE UNIQUE INDEX hands_by_entry_key ON hands (entry_key) WHERE entry_key IS NOT NULL;
