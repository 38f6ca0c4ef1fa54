-- 0001-initial.sql: the first schema of the tournament store.  Never edit once shipped:
-- add 0002-….sql instead.

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO meta (key, value) VALUES ('application', 'sparrow');

CREATE TABLE tournaments (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  ruleset    TEXT NOT NULL CHECK (ruleset IN ('mcr', 'taiwan', 'guangdong')),
  profile    TEXT NOT NULL,
  options    TEXT NOT NULL DEFAULT '',
  n_sessions INTEGER NOT NULL CHECK (n_sessions >= 1),
  seating    TEXT NOT NULL CHECK (seating IN ('balanced', 'random', 'swiss')),
  ranking    TEXT NOT NULL CHECK (ranking IN ('r98', 'ema', 'score')),
  base       INTEGER NOT NULL DEFAULT 0,
  per_tai    INTEGER NOT NULL DEFAULT 0,
  plan_seed  INTEGER,
  created    TEXT NOT NULL
);

CREATE TABLE players (
  id             INTEGER PRIMARY KEY,
  tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  name           TEXT NOT NULL CHECK (length (name) > 0),
  club           TEXT,
  country        TEXT,
  team           TEXT,
  federation_id  TEXT,
  status         TEXT NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'withdrawn', 'substitute')),
  substitute_for INTEGER REFERENCES players (id),
  UNIQUE (tournament_id, name)
);

-- The balanced schedule, computed once for all sessions at the first draw: plan_number is the
-- player's number (1..N) in the plan.
CREATE TABLE plan_players (
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  plan_number   INTEGER NOT NULL,
  player_id     INTEGER NOT NULL REFERENCES players (id),
  PRIMARY KEY (tournament_id, plan_number)
);
CREATE TABLE plan_seats (
  tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  session_number INTEGER NOT NULL,
  table_number   INTEGER NOT NULL,
  chair          INTEGER NOT NULL CHECK (chair BETWEEN 0 AND 3),
  plan_number    INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, session_number, table_number, chair)
);

CREATE TABLE sessions (
  id            INTEGER PRIMARY KEY,
  tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  number        INTEGER NOT NULL CHECK (number >= 1),
  status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  seed          INTEGER,
  time_up       INTEGER NOT NULL DEFAULT 0,
  UNIQUE (tournament_id, number)
);

CREATE TABLE seats (
  session_id   INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  table_number INTEGER NOT NULL CHECK (table_number >= 1),
  chair        INTEGER NOT NULL CHECK (chair BETWEEN 0 AND 3),
  player_id    INTEGER NOT NULL REFERENCES players (id),
  PRIMARY KEY (session_id, table_number, chair),
  UNIQUE (session_id, player_id)
);

CREATE TABLE hands (
  id           INTEGER PRIMARY KEY,
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
  UNIQUE (session_id, table_number, number),
  CHECK ((draw = 1) = (winner IS NULL)),
  CHECK (s0 + s1 + s2 + s3 = 0)
);

CREATE TABLE penalties (
  id         INTEGER PRIMARY KEY,
  session_id INTEGER NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  player_id  INTEGER NOT NULL REFERENCES players (id),
  hand_id    INTEGER REFERENCES hands (id) ON DELETE SET NULL,
  points     INTEGER NOT NULL,
  reason     TEXT NOT NULL
);
CREATE INDEX penalties_by_session ON penalties (session_id);

-- Every change, by whom: filled by triggers the store installs on each connection.
CREATE TABLE audit (
  id         INTEGER PRIMARY KEY,
  at         TEXT NOT NULL DEFAULT (strftime ('%Y-%m-%dT%H:%M:%fZ', 'now')),
  who        TEXT NOT NULL,
  target     TEXT NOT NULL,
  row_id     INTEGER,
  action     TEXT NOT NULL CHECK (action IN ('insert', 'update', 'delete')),
  old_values TEXT,
  new_values TEXT
);
