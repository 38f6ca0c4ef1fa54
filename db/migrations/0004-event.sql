-- 0004-event.sql: the event's dates and venue, standings hidden before the last session, and
-- the session clock.  Never edit once shipped.

-- Where and when the event is held, as the director enters them (ISO 8601 dates, or NULL).
ALTER TABLE tournaments ADD COLUMN venue TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN starts_on TEXT;
ALTER TABLE tournaments ADD COLUMN ends_on TEXT;

-- Standings kept from the players (projector, exports to players) until the last session.
ALTER TABLE tournaments ADD COLUMN hide_standings INTEGER NOT NULL DEFAULT 0
  CHECK (hide_standings IN (0, 1));

-- The session clock, in wall time so that it survives a restart of the app: the length the
-- director set (seconds), the time already run before the current start (milliseconds), when
-- it was last started (Unix milliseconds; NULL while stopped or paused), and whether it ended.
ALTER TABLE sessions ADD COLUMN clock_length INTEGER CHECK (clock_length IS NULL OR clock_length > 0);
ALTER TABLE sessions ADD COLUMN clock_run INTEGER NOT NULL DEFAULT 0 CHECK (clock_run >= 0);
ALTER TABLE sessions ADD COLUMN clock_started INTEGER;
ALTER TABLE sessions ADD COLUMN clock_ended INTEGER NOT NULL DEFAULT 0 CHECK (clock_ended IN (0, 1));
