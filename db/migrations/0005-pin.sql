-- 0005-pin.sql: the director's lock.  Never edit once shipped.

-- The director's PIN as the system's password hashing made it (yescrypt, "$y$…", salted);
-- NULL: the tournament has no lock.  The PIN itself is never stored.
ALTER TABLE tournaments ADD COLUMN pin_hash TEXT;

-- What happened at the lock, for the audit log (each row is logged with when and who) and to
-- slow down guessing: the wrong attempts since the last accepted PIN are counted from here.
-- @action is the command the PIN was asked for ("session reopen", "hand edit", …) and
-- @subject what it acted on (a session's number, a hand's, player's or penalty's id; 0 none).
CREATE TABLE pin_log (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  event         TEXT NOT NULL CHECK (event IN ('set', 'changed', 'cleared', 'wrong',
                                               'unlocked', 'used')),
  action        TEXT NOT NULL DEFAULT '',
  subject       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pin_log_by_tournament ON pin_log (tournament_id, id);
