-- 0002-hands.sql: hand ids are never reused, and a false win's penalties say where it was
-- declared.  Never edit once shipped: add 0003-….sql instead.
--
-- Hand ids: a deleted hand's id must not come back for another hand (the audit log and the
-- referees' slips name hands by id), so the table is rebuilt with AUTOINCREMENT, keeping every
-- id.  The store runs its migrations before it turns foreign keys on, so dropping the old
-- table leaves penalties.hand_id as it is.
--
-- hands.situation moves from the command-line form ("--last-tile --flowers 2") to the stable
-- form of sp_situation_to_string ("last-tile flowers=2"): the store converts the rows in C
-- right after this file, in the same transaction.

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
  UNIQUE (session_id, table_number, number),
  CHECK ((draw = 1) = (winner IS NULL)),
  CHECK (s0 + s1 + s2 + s3 = 0)
);
INSERT INTO hands_new (id, session_id, table_number, number, winner, discarder, draw, notation,
                       situation, items, total, s0, s1, s2, s3, entered_by, entered_at)
  SELECT id, session_id, table_number, number, winner, discarder, draw, notation, situation,
         items, total, s0, s1, s2, s3, entered_by, entered_at
  FROM hands ORDER BY id;
DROP TABLE hands;
ALTER TABLE hands_new RENAME TO hands;

-- A false win is no hand: its penalties name the table and the number of the hand it came
-- before, so that the hand list shows it in its place.  NULL for other penalties.
ALTER TABLE penalties ADD COLUMN table_number INTEGER;
ALTER TABLE penalties ADD COLUMN hand_number INTEGER;
