-- 0008-riichi.sql: the 13-tile game with 寶牌 (Riichi) in the store.  Never edit once shipped:
-- add 0009-….sql instead.
--
-- The store runs its migrations before it turns foreign keys on, so the tables rebuilt here
-- keep every row that refers to them, ids included.

-- Rulesets: the names are checked by the store against the rules core's registry, not listed
-- again here, so that a ruleset is added in one place.
CREATE TABLE tournaments_new (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL UNIQUE,
  ruleset        TEXT NOT NULL CHECK (length (ruleset) > 0),
  profile        TEXT NOT NULL,
  options        TEXT NOT NULL DEFAULT '',
  n_sessions     INTEGER NOT NULL CHECK (n_sessions >= 1),
  seating        TEXT NOT NULL CHECK (seating IN ('balanced', 'random', 'swiss')),
  ranking        TEXT NOT NULL CHECK (ranking IN ('r98', 'ema', 'score')),
  base           INTEGER NOT NULL DEFAULT 0,
  per_tai        INTEGER NOT NULL DEFAULT 0,
  plan_seed      INTEGER,
  created        TEXT NOT NULL,
  venue          TEXT NOT NULL DEFAULT '',
  starts_on      TEXT,
  ends_on        TEXT,
  hide_standings INTEGER NOT NULL DEFAULT 0 CHECK (hide_standings IN (0, 1)),
  pin_hash       TEXT
);
INSERT INTO tournaments_new (id, name, ruleset, profile, options, n_sessions, seating, ranking,
                             base, per_tai, plan_seed, created, venue, starts_on, ends_on,
                             hide_standings, pin_hash)
  SELECT id, name, ruleset, profile, options, n_sessions, seating, ranking, base, per_tai,
         plan_seed, created, venue, starts_on, ends_on, hide_standings, pin_hash
  FROM tournaments ORDER BY id;
DROP TABLE tournaments;
ALTER TABLE tournaments_new RENAME TO tournaments;

-- Hands: a Riichi hand moves riichi sticks to or from the table, so its points are zero-sum
-- with the sticks (1,000 each); it says who declared riichi, who was tenpai at a draw, and a
-- chombo (the hand dealt again) is a hand with no winner that is no draw.  Seats are chairs,
-- as winner and discarder: bit c for chair c.
CREATE TABLE hands_new (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  session_id   INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  table_number INTEGER NOT NULL,
  number       INTEGER NOT NULL CHECK (number >= 1),
  winner       INTEGER CHECK (winner BETWEEN 0 AND 3),
  discarder    INTEGER CHECK (discarder BETWEEN 0 AND 3),
  draw         INTEGER NOT NULL DEFAULT 0 CHECK (draw IN (0, 1)),
  notation     TEXT,
  situation    TEXT,
  items        TEXT,
  total        INTEGER NOT NULL DEFAULT 0,
  s0           INTEGER NOT NULL DEFAULT 0,
  s1           INTEGER NOT NULL DEFAULT 0,
  s2           INTEGER NOT NULL DEFAULT 0,
  s3           INTEGER NOT NULL DEFAULT 0,
  entered_by   TEXT NOT NULL,
  entered_at   TEXT NOT NULL,
  version      INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  changed_by   TEXT,
  changed_at   TEXT,
  riichi       INTEGER NOT NULL DEFAULT 0 CHECK (riichi BETWEEN 0 AND 15),
  tenpai       INTEGER NOT NULL DEFAULT 0 CHECK (tenpai BETWEEN 0 AND 15),
  chombo       INTEGER CHECK (chombo BETWEEN 0 AND 3),
  sticks       INTEGER NOT NULL DEFAULT 0,
  UNIQUE (session_id, table_number, number),
  CHECK ((draw = 1 OR chombo IS NOT NULL) = (winner IS NULL)),
  CHECK (draw = 0 OR chombo IS NULL),
  CHECK (s0 + s1 + s2 + s3 + 1000 * sticks = 0)
);
INSERT INTO hands_new (id, session_id, table_number, number, winner, discarder, draw, notation,
                       situation, items, total, s0, s1, s2, s3, entered_by, entered_at, version,
                       changed_by, changed_at)
  SELECT id, session_id, table_number, number, winner, discarder, draw, notation, situation,
         items, total, s0, s1, s2, s3, entered_by, entered_at, version, changed_by, changed_at
  FROM hands ORDER BY id;
-- A deleted hand's id never comes back: the new table goes on from the old one's counter
-- (the copy gave it a counter at the largest id still there, or none when no hand is left).
UPDATE sqlite_sequence
  SET seq = max (seq, coalesce ((SELECT seq FROM sqlite_sequence WHERE name = 'hands'), 0))
  WHERE name = 'hands_new';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'hands_new', seq FROM sqlite_sequence WHERE name = 'hands'
  AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'hands_new');
DROP TABLE hands;
ALTER TABLE hands_new RENAME TO hands;
