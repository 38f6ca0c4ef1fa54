-- 0010-riichi-value.sql: a Riichi win entered by its value keeps it.  Never edit once shipped.
--
-- A win entered as han and fu (hand add --han N --fu M), or as a yakuman's multiplier, is paid
-- from that value and the table's counters; a correction of an earlier hand changes the counters,
-- so the value itself is kept to pay the hand again.  NULL for a hand scored from its tiles and
-- in every other ruleset.
ALTER TABLE hands ADD COLUMN han INTEGER CHECK (han IS NULL OR han >= 1);
ALTER TABLE hands ADD COLUMN fu INTEGER CHECK (fu IS NULL OR fu >= 20);
ALTER TABLE hands ADD COLUMN yakuman INTEGER CHECK (yakuman IS NULL OR yakuman BETWEEN 1 AND 6);

-- The standings of a Riichi event read the sticks left on each table and the chombos by chair:
-- an index of only the hands that moved sticks or were a chombo keeps that read empty, and
-- free, for every other ruleset.
CREATE INDEX hands_riichi ON hands (session_id, table_number)
  WHERE sticks != 0 OR chombo IS NOT NULL;
