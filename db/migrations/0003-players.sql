-- 0003-players.sql: presence before a draw, and finals.  Never edit once shipped.

-- Checked in for the next draw (players checkin / checkout): when any player of a tournament
-- is checked in, a draw seats only those who are.
ALTER TABLE players ADD COLUMN present INTEGER NOT NULL DEFAULT 0 CHECK (present IN (0, 1));

-- A session drawn as a final of the top N (seating draw --top N); NULL for a regular one.
ALTER TABLE sessions ADD COLUMN final_top INTEGER CHECK (final_top IS NULL OR final_top >= 4);
