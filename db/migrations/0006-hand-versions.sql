-- 0006-hand-versions.sql: every hand carries a version, so that a correction made against a hand
-- that has changed since it was read is refused.  Never edit once shipped.
--
-- @version starts at 1 and grows by one with every change to the row (a correction, a
-- rescoring after an earlier hand changed, a renumbering after a deletion).  @changed_by and
-- @changed_at say who made the last change and when (UTC, ISO 8601), for the refusal of a stale
-- correction ("hand 5 was corrected by Mei Lin at 14:02"); NULL while the hand is as entered.
ALTER TABLE hands ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE hands ADD COLUMN changed_by TEXT;
ALTER TABLE hands ADD COLUMN changed_at TEXT;
