-- 0011-riichi-winners.sql: a Riichi hand won by two or three players on one discard.  Never edit
-- once shipped.
--
-- A double (or triple) ron keeps its first winner in turn order after the discarder (who takes
-- the sticks) in the hand's own columns, as any win, and the others in @also_won: a JSON array
-- of objects {"winner": chair, "notation", "situation", "items", "total", "han", "fu",
-- "yakuman"} in turn order, absent members for what was not given.  The settlement columns
-- hold the whole hand's payments.  NULL for every other hand.
ALTER TABLE hands ADD COLUMN also_won TEXT CHECK (also_won IS NULL OR json_valid (also_won));
