-- 0013-two-key.sql: two-key entry, a tournament's choice: a hand entered at one referee
-- station counts in the standings once a second station (or the director) confirms it.
-- Never edit once shipped.
--
-- @two_key: 1 when the tournament asks for the second key; 0 (as before) every hand counts as
-- entered.
ALTER TABLE tournaments ADD COLUMN two_key INTEGER NOT NULL DEFAULT 0 CHECK (two_key IN (0, 1));

-- Who confirmed which version of the hand, and when (UTC, ISO 8601); all three NULL while the
-- hand awaits confirmation.  A confirmation names the hand's current version: the database
-- refuses one of a version the hand has left, and a correction (a new version) clears it, so
-- that a hand has at most one confirmed version, its current one.
ALTER TABLE hands ADD COLUMN confirmed_by TEXT CHECK (confirmed_by IS NULL OR length (confirmed_by) > 0);
ALTER TABLE hands ADD COLUMN confirmed_at TEXT;
ALTER TABLE hands ADD COLUMN confirmed_version INTEGER
  CHECK ((confirmed_version IS NULL) = (confirmed_by IS NULL)
         AND (confirmed_version IS NULL) = (confirmed_at IS NULL)
         AND (confirmed_version IS NULL OR confirmed_version = version));
