-- 0009-hand-sums.sql: an index that holds what the standings read of every hand.  Never edit
-- once shipped.

-- The standings sum each table's hands by chair at every refresh: with this index SQLite reads
-- the sums from the index alone, in table order, not each hand's row (its notation, situation
-- and items).
CREATE INDEX hands_sums ON hands (session_id, table_number, s0, s1, s2, s3);
